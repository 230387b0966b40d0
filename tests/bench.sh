#!/bin/sh
# tests/bench.sh - `make bench`: alphasim's speed beside qemu-alpha's on
# integer-, memory-, FP- and branch-heavy programs (testprogs/bench/),
# each built as a static (.lnx) and a dynamic (.dyn) Linux program, against
# the fast paths' targets (docs/performance.md, "Fast paths").
#
# For each program: alphasim's guest MIPS in four modes, each the run's
# instructions (--stats: the program's, the kernel's and, profiled,
# dcpid's) over its wall time --
#   off      --timing=off, the functional core alone
#   on       the timing model
#   truth    the timing model and --truth
#   profile  --profile: timing, truth and DCPI (the driver, dcpid)
# (off and profile, the modes the targets use, the best of three runs)
# -- then qemu-alpha's wall time on the same binary (best of three) and
# its MIPS (its instructions counted by tests/qemu_icount.so in another
# run), and how many times longer alphasim took than qemu in the
# functional core and with --profile, and --profile's time over the
# functional core's.  Last, those against the targets
# (tests/bench_targets.awk: the functional core within 3x qemu's time and
# --profile within 12x on the geometric mean, no program over 25x,
# --profile within 3x the functional core's time) and, where valgrind is
# installed, host instructions per guest instruction (callgrind:
# int.bare, and int.lnx with --profile).  Wall-clock figures on a shared
# machine are noisy: run it twice.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top_builddir=${top_builddir:-.}
sim=${ALPHASIM:-$top_builddir/sim/alphasim}
sim=$(cd "$(dirname "$sim")" && pwd)/$(basename "$sim")   # we cd below
qemu=${QEMU_ALPHA:-qemu-alpha}
sysroot=${ALPHA_SYSROOT:-/usr/alpha-linux-gnu}
plugin=$(cd "$top_builddir/tests" && pwd)/qemu_icount.so
bench=$(cd "$top_builddir/testprogs/bench" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OLDPWD0=$(pwd)
cd "$tmp" || exit 1

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
num() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d$2)" "$1"; }
# best N CMD...: CMD run N times (its output dropped, a --profile run's
# database made anew each time), the shortest wall time in seconds;
# fails at the first run that fails.  Single runs on this 2-core
# machine move by up to a fifth, qemu's short ones by half.
best() {
	_n=$1 _b=""
	shift
	for _ in $(seq "$_n"); do
		rm -rf db db.truth
		_t0=$(now)
		"$@" >/dev/null || return 1
		_t1=$(now)
		_b=$(calc "($_t1 - $_t0${_b:+ < $_b ? $_t1 - $_t0 : $_b})")
	done
	echo "$_b"
}

modes="off on truth profile"
printf '%-12s %11s' program insns
for m in $modes; do printf ' %8s' "$m"; done
printf ' %11s %8s %8s %8s %8s %8s\n' "qemu insns" "qemu/s" qemuMIPS "off/qemu" "prof/qemu" \
	"prof/off"
: >"$tmp/ratios"
for w in int mem fp branchy; do
	for v in lnx dyn; do
		prog=$bench/$w.$v
		line="" first=""
		for m in $modes; do
			case $m in
			off) opt="--timing=off" ;;
			on) opt="--timing=on" ;;
			truth) opt="--truth t.truth" ;;
			profile) opt="--profile=db" ;;
			esac
			# the two columns the targets use: the best of three,
			# as qemu's below
			reps=1
			case $m in off | profile) reps=3 ;; esac
			# shellcheck disable=SC2086
			s=$(best "$reps" "$sim" -q $opt --stats s.json "$prog" 2>err </dev/null) || {
				echo "bench: $w.$v failed on alphasim $opt: $(tail -n 3 err)" >&2
				exit 1
			}
			n=$(num s.json "['total']['instructions']")
			first=${first:-$n}
			eval "t_$m=$s"
			line="$line $(printf ' %8.1f' "$(calc "$n / $s / 1000000")")"
		done
		# qemu's runs are short (0.05-0.4 s): its best of three
		q=$(best 3 "$qemu" -L "$sysroot" "$prog" </dev/null)
		"$qemu" -L "$sysroot" -plugin "$plugin,out=$tmp/qn" "$prog" >/dev/null </dev/null
		qn=$(cat "$tmp/qn")
		# shellcheck disable=SC2154
		roff=$(calc "$t_off / $q") rprof=$(calc "$t_profile / $q")
		echo "$roff $rprof" >>"$tmp/ratios"
		printf '%-12s %11s%s %11s %8.3f %8.1f %8.1f %8.1f %8.1f\n' "$w.$v" "$first" "$line" \
			"$qn" "$q" "$(calc "$qn / $q / 1000000")" "$roff" "$rprof" \
			"$(calc "$t_profile / $t_off")"
	done
done
awk -v set=bench -f "$here/bench_targets.awk" "$tmp/ratios"

# Host instructions per guest instruction (callgrind), the first 20 M
# instructions of int.bare in three modes and of int.lnx profiled (its
# start-up, minios's boot and dcpid's, included): where alphasim's time
# goes, without the noise of a shared machine.
if command -v valgrind >/dev/null 2>&1; then
	for m in off on truth profile; do
		prog=$bench/int.bare
		case $m in
		off) opt="--timing=off" ;;
		on) opt="--timing=on" ;;
		truth) opt="--truth t.truth" ;;
		profile) opt="--profile=db" prog=$bench/int.lnx ;;
		esac
		rm -rf db db.truth
		# shellcheck disable=SC2086
		valgrind --tool=callgrind --callgrind-out-file=cg.out "$sim" -q --max-insns 20000000 \
			$opt --stats s.json "$prog" >/dev/null 2>cg.err
		h=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' cg.err)
		n=$(num s.json "['total']['instructions']")
		[ -n "$h" ] && printf 'callgrind, %-9s %-8s %6.1f host instructions per guest instruction\n' \
			"$(basename "$prog"),"  "$m:" "$(calc "$h / $n")"
	done
fi

# DCPI's overhead in its steady state (1 and 4 CPUs)
(cd "$OLDPWD0" && sh "$here/bench_dcpi.sh") || exit 1
# Real programs from Debian's sources on realistic workloads
(cd "$OLDPWD0" && sh "$here/realprogs_bench.sh") || exit 1

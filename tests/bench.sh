#!/bin/sh
# tests/bench.sh - `make bench`: guest instructions per second of alphasim
# on integer-, memory-, FP- and branch-heavy programs, beside qemu-alpha
# running the same source built for Linux.
#
# For each workload: the guest instruction count (alphasim's --stats),
# alphasim's host time and MIPS with the timing model on (when the build
# has it) and off, qemu-alpha's host time on the Linux build, and the
# ratio of the two times.  qemu's MIPS uses alphasim's instruction count:
# the two builds differ only in start-up code (a few thousand
# instructions).  Wall-clock figures on a shared machine are noisy: run it
# twice; see docs/performance.md.
set -u
top_builddir=${top_builddir:-.}
sim=${ALPHASIM:-$top_builddir/sim/alphasim}
qemu=${QEMU_ALPHA:-qemu-alpha}
plugin=$top_builddir/tests/qemu_icount.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
num() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d$2)" "$1"; }

modes="off"
"$sim" --help | grep -q -- '--timing' && modes="on off"

printf '%-9s %12s' workload insns
for m in $modes; do printf ' %9s %8s' "t($m)/s" "MIPS($m)"; done
printf ' %12s %9s %8s %8s\n' "qemu insns" "qemu/s" "qemuMIPS" "sim/qemu"
for w in int mem fp branchy; do
	prog=$top_builddir/testprogs/bench/$w
	line=""
	first=""
	for m in $modes; do
		opt=""
		[ "$m" = on ] && opt="--timing=on"
		[ "$m" = off ] && [ "$modes" != off ] && opt="--timing=off"
		"$sim" -q $opt --stats "$tmp/$m.json" "$prog.bare" >/dev/null || {
			echo "bench: $w failed on alphasim" >&2; exit 1; }
		n=$(num "$tmp/$m.json" "['total']['instructions']")
		s=$(num "$tmp/$m.json" "['total']['host_seconds']")
		[ -z "$first" ] && first=$n
		line="$line $(printf ' %9.3f %8.1f' "$s" "$(calc "$n / $s / 1000000")")"
		simsec=$s
	done
	t0=$(now); "$qemu" "$prog.lnx" >/dev/null; t1=$(now)
	q=$(calc "$t1 - $t0")
	"$qemu" -plugin "$plugin,out=$tmp/qn" "$prog.lnx" >/dev/null
	qn=$(cat "$tmp/qn")
	printf '%-9s %12s%s %12s %9.3f %8.1f %8.2f\n' "$w" "$first" "$line" "$qn" "$q" \
		"$(calc "$qn / $q / 1000000")" "$(calc "$simsec / $q")"
done

# DCPI's overhead in its steady state (1 and 4 CPUs)
sh "$(dirname "$0")/bench_dcpi.sh" || exit 1
# Real programs from Debian's sources on realistic workloads
sh "$(dirname "$0")/realprogs_bench.sh" || exit 1

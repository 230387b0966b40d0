# tests/realprogs_lib.sh - sourced by tests/realprogs_*.sh: real programs
# built from Debian's sources (testprogs/real/build.sh) run on alphasim
# and compared with qemu-alpha (docs/testing.md, "Real programs").
#
# A test script names its package (rp_package), then runs cases
# (rp_case NAME FUNCTION INPUT...).  A case is a shell function run in an
# empty directory holding copies of the INPUT files (mode 644, mtime
# $RP_TIME); it runs the package's programs with rp_run PROG ARGS... as
# often as it likes, with host commands between them (rp_check for
# answers known in advance).  Each case runs under qemu-alpha, static
# (PROG.lnx) and dynamic (PROG.dyn), the references; and on alphasim in
# the configurations of $RP_CONFIGS (below): the static build on 1 CPU
# and the dynamic one on 4 CPUs, plain and profiled by DCPI (--profile),
# or with RP_FULL=1 each build on 1 and 4 CPUs and profiled.  Every
# alphasim run must match its reference:
#   - standard output, byte for byte;
#   - standard error, less minios's "minios: pid N: ..." reports of a
#     process killed by a signal (a shell's job, not the program's);
#   - every rp_run's exit status;
#   - the directory afterwards: each file's name, type, mode, size,
#     content, and whether its mtime is still $RP_TIME (a copied input,
#     or an output given its input's time) or new;
#   - profiled: every sample conserved, at most 2% of them in the unknown
#     profile (placed in no image), and outside the kernel each image's
#     share of the samples that of the true cycles (the run's truth
#     file), within sampling error (tests/realprogs_profile.py).
# The references must pass their own rp_checks.
set -u
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
top_builddir=${top_builddir:-.}
ALPHASIM=${ALPHASIM:-$(cd "$top_builddir" && pwd)/sim/alphasim}
QEMU_ALPHA=${QEMU_ALPHA:-qemu-alpha}
ALPHA_SYSROOT=${ALPHA_SYSROOT:-/usr/alpha-linux-gnu}
. "$top_srcdir/tests/lib.sh"
long_simulation "real programs"
# RP_KEEP=1: keep the cases' directories and outputs, for a look by hand
[ -n "${RP_KEEP:-}" ] && trap 'echo "kept $tmp"' EXIT

RP_TIME=1000000000              # 2001-09-09 01:46:40 UTC: the inputs' mtime
# The configurations, VARIANT:CPUS (p: profiled).  By default the static
# build on 1 CPU and the dynamic one on 4, each plain and profiled: every
# variant, CPU count and mode once, in two thirds of the time of all six
# (the suite runs twice, the second time under sanitizers, and must stay
# short).  RP_FULL=1: static and dynamic each on 1 and 4 CPUs and
# profiled.
if [ -n "${RP_FULL:-}" ]; then
	RP_CONFIGS="lnx:1 lnx:4 lnx:p1 dyn:1 dyn:4 dyn:p4"
else
	RP_CONFIGS="lnx:1 lnx:p1 dyn:4 dyn:p4"
fi
RP_MAX_INSNS=4000000000         # a runaway guest is stopped
RP_TIME_LIMIT=300

if [ -z "$QEMU_ALPHA" ] || ! command -v "$QEMU_ALPHA" >/dev/null; then
	echo "SKIP: no qemu-alpha to compare with"
	exit 77
fi

# rp_package PACKAGE: build (or find in the cache) PACKAGE's programs;
# sets RP (the build's directory), RP_SRC (its source tree).  Skips the
# test when the sources cannot be fetched.
rp_package() {
	RP=$(sh "$top_srcdir/testprogs/real/build.sh" "$1")
	st=$?
	if [ $st = 77 ]; then
		echo "$RP"
		exit 77
	fi
	[ $st = 0 ] || { echo "FAIL: $1: the build failed"; exit 1; }
	RP_SRC=$RP/src
	echo "$1: Debian $(cat "$RP/VERSION"), $RP"
}

# rp_run PROG ARGS...: one run of the package's program PROG in the
# current configuration (below), in the current directory.  Standard
# input and output are the caller's; returns the program's status.
rp_run() {
	rp_prog=$1
	shift
	"$rp_base.d/.rp-bin/$rp_prog" "$@"
}

# rp_wrappers: for each program of the package, the script rp_run runs:
# $rp_base.d/.rp-bin/PROG, which a program's own test script can run
# too.  It runs PROG in this configuration with an empty environment but
# HOME and LC_ALL, numbers the run (the step), and appends the step's
# exit status to $rp_base.rc.  alphasim's root is the case's directory
# (the guest's working directory is where the step runs); a step's
# --stats file is $rp_base.STEP.json, a profiled step's database
# .rp-dbSTEP in the case's directory.
rp_wrappers() {
	mkdir "$rp_base.d/.rp-bin"
	echo 0 >"$rp_base.step"
	for b in "$RP/bin/"*.$rp_variant; do
		p=${b##*/}
		p=${p%.*}
		if [ "$rp_cpus" = qemu ]; then
			tool="'$QEMU_ALPHA'"
			[ "$rp_variant" = dyn ] && tool="$tool -L '$ALPHA_SYSROOT'"
		else
			tool="'$ALPHASIM' -q --cpus ${rp_cpus#p} --max-insns $RP_MAX_INSNS"
			tool="$tool --root '$rp_base.d' --sysroot '$ALPHA_SYSROOT' --stats \"$rp_base.\$n.json\""
			case $rp_cpus in p*) tool="$tool --profile=\"$rp_base.d/.rp-db\$n\"" ;; esac
		fi
		cat >"$rp_base.d/.rp-bin/$p" <<WRAPPER
#!/bin/sh
n=\$((\$(cat '$rp_base.step') + 1))
echo \$n >'$rp_base.step'
timeout $RP_TIME_LIMIT env -i HOME=/nonexistent LC_ALL=C $tool '$b' "\$@"
st=\$?
echo "step \$n $p: exit \$st" >>'$rp_base.rc'
exit \$st
WRAPPER
		chmod +x "$rp_base.d/.rp-bin/$p"
	done
}

# rp_check WHAT COMMAND...: a host-side check of an answer known in
# advance; prints "check WHAT: ok" or "check WHAT: FAILED".
rp_check() {
	rp_what=$1
	shift
	if "$@" >/dev/null 2>&1; then
		echo "check $rp_what: ok"
	else
		echo "check $rp_what: FAILED"
	fi
}

# The directory's files: name, type and mode (ls -l's), size and the
# start of the content's SHA-256 (regular files), and whether the mtime
# is still $RP_TIME.
rp_manifest() {
	(cd "$1" && find . -mindepth 1 -name '.rp-*' -prune -o -print | LC_ALL=C sort |
	while IFS= read -r f; do
		set -- $(stat -c '%A %s %Y' "$f")
		t=new
		[ "$3" = $RP_TIME ] && t=kept
		case $1 in
		-*) echo "$f $1 size=$2 mtime=$t $(sha256sum <"$f" | cut -c1-16)" ;;
		*) echo "$f $1 mtime=$t" ;;
		esac
	done)
}

# one case configuration: rp_variant (lnx, dyn) and rp_cpus (qemu, 1,
# 4, p1, p4) name it; $tmp/NAME.VARIANT.CPUS.{out,err,rc,files}.
rp_one() {
	rp_base=$tmp/$rp_name.$rp_variant.$rp_cpus
	mkdir "$rp_base.d"
	rp_wrappers
	for f in $rp_inputs; do
		cp "$f" "$rp_base.d/" && chmod 644 "$rp_base.d/${f##*/}" &&
			touch -d @$RP_TIME "$rp_base.d/${f##*/}"
	done
	: >"$rp_base.rc"
	(cd "$rp_base.d" && umask 022 && $rp_func) </dev/null >"$rp_base.out" 2>"$rp_base.err"
	rp_manifest "$rp_base.d" >"$rp_base.files"
}

# rp_compare: the alphasim configuration against its reference; prints
# the case line.
rp_compare() {
	s=$tmp/$rp_name.$rp_variant.$rp_cpus
	q=$tmp/$rp_name.$rp_variant.qemu
	why=""
	grep -v '^minios: pid [0-9]*: ' "$s.err" >"$s.err2"
	cmp -s "$s.rc" "$q.rc" ||
		why="$why $(diff "$q.rc" "$s.rc" | sed -n 's/^> //p' | head -n 1) (want $(diff "$q.rc" "$s.rc" | sed -n 's/^< //p' | head -n 1));"
	cmp -s "$s.out" "$q.out" ||
		why="$why stdout differs at line $(diff "$q.out" "$s.out" | sed -n '1s/[^0-9].*//p');"
	cmp -s "$s.err2" "$q.err" ||
		why="$why stderr differs: $(diff "$q.err" "$s.err2" | grep '^[<>]' | head -n 1);"
	cmp -s "$s.files" "$q.files" ||
		why="$why files differ: $(diff "$q.files" "$s.files" | grep '^[<>]' | head -n 2 | tr '\n' ' ');"
	case $rp_cpus in p*)
		# every step checked (tests/realprogs_profile.py); the first three
		# problems shown
		prof=$(while read -r _ n _; do
			python3 "$top_srcdir/tests/realprogs_profile.py" "$s.$n.json" \
				"$s.d/.rp-db$n" "$top_builddir" "$n" || printf ' step %s: no profile;' "$n"
		done <"$s.rc")
		if [ -n "$prof" ]; then
			k=$(echo "$prof" | tr -cd ';' | wc -c)
			why="$why$(echo "$prof" | cut -d';' -f1-3 | sed 's/;*$//');"
			[ "$k" -gt 3 ] && why="$why and $((k - 3)) more;"
		fi
	esac
	if [ -z "$why" ]; then
		printf '%-12s %s cpus=%s PASS\n' "$rp_name" $rp_variant $rp_cpus
	else
		printf '%-12s %s cpus=%s FAIL:%s\n' "$rp_name" $rp_variant $rp_cpus "$why"
		sed -n '1,3s/^/    stderr: /p' "$s.err"
		fails=$((fails + 1))
	fi
}

# rp_case [--configs LIST] [--qemu-sed SCRIPT] NAME FUNCTION [INPUT...]:
# run the case in the configurations of $RP_CONFIGS, or in those of LIST
# (VARIANT:CPUS words, e.g. "lnx:1 dyn:p4").  SCRIPT, a sed script, is
# applied to the references' standard output first: for an answer where
# qemu-alpha departs from the architecture and alphasim does not (the
# caller says why).
rp_case() {
	rp_configs=$RP_CONFIGS
	rp_sed=""
	while :; do
		case $1 in
		--configs) rp_configs=$2 ;;
		--qemu-sed) rp_sed=$2 ;;
		*) break ;;
		esac
		shift 2
	done
	rp_name=$1 rp_func=$2
	shift 2
	rp_inputs="$*"
	for rp_variant in lnx dyn; do
		case " $rp_configs" in *" $rp_variant:"*) ;; *) continue ;; esac
		rp_cpus=qemu
		rp_one
		q=$tmp/$rp_name.$rp_variant.qemu
		if grep -q '^check .*: FAILED' "$q.out"; then
			fail "$rp_name $rp_variant: qemu-alpha's run fails its checks:"
			grep '^check .*: FAILED' "$q.out"
		fi
		if [ -n "$rp_sed" ]; then
			sed "$rp_sed" "$q.out" >"$q.sed" && mv "$q.sed" "$q.out"
		fi
		for rp_cpus in 1 4 p1 p4; do
			case " $rp_configs " in *" $rp_variant:$rp_cpus "*) ;; *) continue ;; esac
			rp_one
			rp_compare
		done
	done
}

#!/bin/sh
# tests/same_output.sh [--keep DIR] [--jobs N] BASE_REV [PATTERN...]
# tests/same_output.sh [--keep DIR] [--jobs N] --param KEY=VALUE [PATTERN...]
#
# Does the simulator built in this tree behave exactly as BASE_REV's?
# For a change that must not change behaviour (a refactoring, a speed-up):
# builds BASE_REV's alphasim from `git archive` in a scratch directory,
# runs both simulators on the same guest programs and compares, byte for
# byte, everything a run writes:
#   - the --stats file, less its host-time fields (host_*, *mips*);
#   - the --truth file (plain runs), or with --profile the database, its
#     truth file (DB.truth) and the --skid-trace CSV;
#   - standard output, standard error and the exit status.
# With --param, the other side is this tree's own simulator run with
# `-c KEY=VALUE`: for a parameter that must change nothing but the host
# time (memo=0, tests/same_memo.sh); nothing is built but this tree.
# Cases (names to select with PATTERNs, shell globs):
#   timing/NAME        testprogs/timing/NAME.bare, the microbenchmarks
#   bench/NAME         testprogs/bench/NAME.bare, the `make bench` programs
#   bench/NAME.lnx.p1  testprogs/bench/NAME.lnx profiled on 1 CPU, as
#                      `make bench` runs it (mem's DTB misses: PALcode)
#   demo, demo.prof    testprogs/demo.bare; demo.lnx profiled
#   corpus/NAME.V.C    testprogs/corpus/NAME.V (V lnx or dyn) on C = 1 or
#                      4 CPUs; NAME.lnx.p1 and NAME.dyn.p4 profiled, as
#                      tests/corpus.sh runs them
# Both simulators run the guest programs, minios and dcpid built in this
# tree (copied to DIR/guest), each case in the same empty directory with
# the environment and arguments of tests/corpus.sh, so only the
# simulators differ.  The guest sees the host's file times and inode
# numbers through hostfs (fstat), which differ between two runs (files
# the run creates, dcpid's database) and change the guest's path through
# minios's data-dependent division: both sides run with a preloaded fstat
# that reports fixed times and inode numbers made from the path, without
# which two runs of one simulator already differ.
#
# Run it from a configured build directory (it runs `make` there for the
# programs it needs).  --keep DIR keeps the base build and its outputs in
# DIR and reuses them while BASE_REV and the guest programs are the same.
# Prints one line per case that differs and a summary; exit status 0 when
# every case is identical, 1 when one differs or a run wrote nothing,
# 2 on a usage or build error.
set -u
usage() { echo "usage: $0 [--keep DIR] [--jobs N] BASE_REV|--param KEY=VALUE [PATTERN...]" >&2; exit 2; }
keep="" jobs=2 param=""
while [ $# -gt 0 ]; do
	case $1 in
	--keep) [ $# -ge 2 ] || usage; keep=$2; shift 2 ;;
	--jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--param) [ $# -ge 2 ] || usage; param=$2; shift 2 ;;
	--one) break ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || [ -n "$param" ] || usage

# ---- one case (internal: xargs runs "$0 --one SIM DIR CASE OUT [-c KV]") --
if [ "${1:-}" = --one ]; then
	sim=$2 W=$3 name=$4 out=$5
	shift 5
	extra="$*"
	line=$(awk -v n="$name" '$1 == n' "$W/cases")
	[ -n "$line" ] || exit 1
	set -- $line
	shift
	kind=$1 prog=$2
	run=$W/run/$(echo "$name" | tr / _)
	rm -rf "$run"
	mkdir -p "$run"
	g=$W/guest
	case $kind in
	bare) opts="--stats s.json --truth t.truth" ;;
	plain) opts="--cpus $3 --stats s.json --truth t.truth" ;;
	prof) opts="--cpus $3 --stats s.json --skid-trace skid.csv --profile=db" ;;
	esac
	# the corpus programs' arguments (tests/corpus.sh); none for bare ones
	set -- one "two three"
	[ "$kind" = bare ] && set --
	# shellcheck disable=SC2086
	(cd "$run" && exec env -i CORPUS_A=1 CORPUS_B="two words" LD_PRELOAD="$W/fixstat.so" \
		ALPHASIM_MINIOS="$g/minios.elf" ALPHASIM_DCPID="$g/dcpid.lnx" \
		"$sim" -q --max-insns 2000000000 --sysroot "${ALPHA_SYSROOT:-/usr/alpha-linux-gnu}" \
		$extra $opts "$g/$prog" "$@" </dev/null >out 2>err)
	echo $? >"$run/rc"
	# the host's time is not behaviour
	if [ -f "$run/s.json" ]; then
		sed -E 's/"(host_[a-z_]*|[a-z_]*mips[a-z_]*)": *[-+.0-9eE]+/"\1": X/Ig' "$run/s.json" >"$run/s.norm" &&
			mv "$run/s.norm" "$run/s.json"
	fi
	mkdir -p "$(dirname "$out/$name")"
	rm -rf "${out:?}/$name"
	mv "$run" "$out/$name"
	exit 0
fi

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=$(pwd)
[ -f "$top_builddir/Makefile" ] || { echo "same_output: run it from a configured build directory" >&2; exit 2; }
if [ -n "$param" ]; then
	case $param in *=*) ;; *) usage ;; esac
	base_rev="-c $param"
else
	base_rev=$1
	shift
	rev=$(git -C "$top_srcdir" rev-parse --verify -q "$base_rev^{commit}") ||
		{ echo "same_output: $base_rev: not a revision of $top_srcdir" >&2; exit 2; }
fi
if [ -n "$keep" ]; then
	mkdir -p "$keep" || exit 2
	W=$(cd "$keep" && pwd)
else
	W=$(mktemp -d)
	trap 'rm -rf "$W"' EXIT
fi
log=$W/log
: >"$log"

# ---- the programs, built here and copied where both sides run them -----
progs="minios/minios.elf daemon/dcpid.lnx testprogs/demo.bare testprogs/demo.lnx"
for f in "$top_srcdir"/testprogs/timing/*.S; do
	progs="$progs testprogs/timing/$(basename "$f" .S).bare"
done
for n in int mem fp branchy; do progs="$progs testprogs/bench/$n.bare testprogs/bench/$n.lnx"; done
corpus=$(cd "$top_srcdir/testprogs/corpus" && ls *.c | sed 's/\.c$//')
for n in $corpus; do progs="$progs testprogs/corpus/$n.lnx testprogs/corpus/$n.dyn"; done
echo "same_output: building this tree's simulator and guest programs"
make -j"$jobs" sim/alphasim $progs >>"$log" 2>&1 ||
	{ echo "same_output: make failed here (see $log)" >&2; tail -20 "$log" >&2; exit 2; }
rm -rf "$W/guest.new"
mkdir -p "$W/guest.new"
for p in $progs; do cp "$top_builddir/$p" "$W/guest.new/$(basename "$p")"; done
if [ -d "$W/guest" ] && (cd "$W/guest.new" && sha256sum -- *) | cmp -s - "$W/guest.sum"; then
	rm -rf "$W/guest.new"
else
	rm -rf "$W/guest" "$W/out/base"
	mv "$W/guest.new" "$W/guest"
	(cd "$W/guest" && sha256sum -- *) >"$W/guest.sum"
fi

# fixed file times and inode numbers for the guest (see the top)
cat >"$W/fixstat.c" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int fstat(int fd, struct stat *st)
{
	static int (*real)(int, struct stat *);
	if (!real)
		real = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
	int r = real(fd, st);
	if (r == 0) {
		char link[64], path[4096];
		snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
		ssize_t n = readlink(link, path, sizeof path);
		unsigned long h = 5381;
		for (ssize_t i = 0; i < n; i++)
			h = h * 33 + (unsigned char)path[i];
		st->st_ino = h;
		st->st_atim = st->st_mtim = st->st_ctim = (struct timespec){ 1000000000, 0 };
	}
	return r;
}
EOF
${CC:-cc} -shared -fPIC -O2 -o "$W/fixstat.so" "$W/fixstat.c" -ldl >>"$log" 2>&1 ||
	{ echo "same_output: cannot build the fstat shim (see $log)" >&2; exit 2; }

# ---- the base revision's simulator -------------------------------------
if [ -n "$param" ]; then
	:                                  # this tree's, with -c $param
elif [ "$(cat "$W/base.rev" 2>/dev/null)" != "$rev" ] || [ ! -x "$W/base/sim/alphasim" ]; then
	echo "same_output: building $base_rev ($rev)"
	rm -rf "$W/base" "$W/base.rev" "$W/out/base"
	mkdir -p "$W/base"
	git -C "$top_srcdir" archive "$rev" | tar -x -C "$W/base" &&
	(cd "$W/base" && autoreconf -fi && ./configure -q && make -j"$jobs" sim/alphasim) >>"$log" 2>&1 ||
		{ echo "same_output: building $base_rev failed (see $log)" >&2; tail -20 "$log" >&2; exit 2; }
	echo "$rev" >"$W/base.rev"
fi

# ---- the cases: NAME KIND PROGRAM [CPUS] -------------------------------
{
	for f in "$top_srcdir"/testprogs/timing/*.S; do
		n=$(basename "$f" .S)
		echo "timing/$n bare $n.bare"
	done
	for n in int mem fp branchy; do
		echo "bench/$n bare $n.bare"
		echo "bench/$n.lnx.p1 prof $n.lnx 1"
	done
	echo "demo bare demo.bare"
	echo "demo.prof prof demo.lnx 1"
	for n in $corpus; do
		for v in lnx dyn; do
			echo "corpus/$n.$v.1 plain $n.$v 1"
			echo "corpus/$n.$v.4 plain $n.$v 4"
		done
		echo "corpus/$n.lnx.p1 prof $n.lnx 1"
		echo "corpus/$n.dyn.p4 prof $n.dyn 4"
	done
} >"$W/cases.all"
if [ $# -gt 0 ]; then
	: >"$W/cases"
	while read -r name rest; do
		for p in "$@"; do
			# shellcheck disable=SC2254
			case $name in $p) echo "$name $rest" >>"$W/cases"; break ;; esac
		done
	done <"$W/cases.all"
else
	cp "$W/cases.all" "$W/cases"
fi
[ -s "$W/cases" ] || { echo "same_output: no case matches $*" >&2; exit 2; }
ncases=$(wc -l <"$W/cases")

# run SIM OUTDIR [-c KEY=VALUE]: every selected case not yet in OUTDIR
run_side() {
	mkdir -p "$2"
	cut -d' ' -f1 "$W/cases" | while read -r name; do
		[ -f "$2/$name/rc" ] || echo "$name"
	done | xargs -r -P "$jobs" -I{} sh "$0" --one "$1" "$W" {} "$2" ${3:+"$3" "$4"}
}
if [ -n "$param" ]; then
	echo "same_output: $ncases cases on this tree's simulator with $base_rev"
	rm -rf "$W/out/base"
	run_side "$top_builddir/sim/alphasim" "$W/out/base" -c "$param"
else
	echo "same_output: $ncases cases on $base_rev's simulator"
	run_side "$W/base/sim/alphasim" "$W/out/base"
fi
echo "same_output: $ncases cases on this tree's simulator"
rm -rf "$W/out/head"
run_side "$top_builddir/sim/alphasim" "$W/out/head"

# ---- compare -------------------------------------------------------------
bad=0
while read -r name kind rest; do
	b=$W/out/base/$name w=$W/out/head/$name
	why=""
	for f in s.json $( [ "$kind" = prof ] && echo skid.csv db.truth || echo t.truth ); do
		[ -s "$b/$f" ] && [ -s "$w/$f" ] || why="$why no $f;"
	done
	[ "$kind" = prof ] && { [ -d "$b/db" ] && [ -d "$w/db" ] || why="$why no database;"; }
	d=$(diff -rq "$b" "$w" 2>&1 | sed -e "s|$W/out/[a-z]*/$name/||g" -e 's/^Files \([^ ]*\) and .* differ$/\1/')
	[ -n "$d" ] && why="$why differs: $(echo $d)"
	if [ -n "$why" ]; then
		echo "$name:$why"
		bad=$((bad + 1))
	fi
done <"$W/cases"
if [ $bad -eq 0 ]; then
	echo "same_output: $ncases of $ncases cases identical to $base_rev"
	exit 0
fi
echo "same_output: $bad of $ncases cases differ from $base_rev"
exit 1

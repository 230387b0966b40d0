#!/bin/sh
# tests/phases.sh - how a test's checks fare at other phases of the
# guest (docs/testing.md, "Floors and phases").  `make phases
# PHASE_TESTS="tests/antools.sh tests/lab_3.sh" PHASES=48` runs each test
# PHASES times, the guest's environment padded by 0, 8, 16, ... bytes
# (GUEST_PAD, passed on by guest_env and the labs' sim): the pad moves
# the guest's stack, and with it every sample, as a different checkout
# path, PATH or kernel layout would.  It prints, per test, how many runs
# failed and each failing check, and for every "NAME = X (min|max Y)"
# figure its lowest, median and highest value beside its floor: a floor
# belongs below the lowest, with a margin.  Each run's output stays in
# ./phases/TEST.PAD.log.
#
# Run by make (tests/local.mk sets the tests' environment and
# $TEST_SHELL, the shell the harness runs them with); the runs go in
# parallel, $PHASE_JOBS at a time (default: the host's processors).
set -u
: "${PHASES:=24}"
jobs=${PHASE_JOBS:-$(nproc 2>/dev/null || echo 2)}
[ $# -gt 0 ] || { echo "usage: make phases PHASE_TESTS='tests/NAME.sh ...' [PHASES=N]" >&2; exit 2; }
logs=$PWD/phases
rm -rf "$logs" && mkdir -p "$logs" || exit 1
export logs
for t in "$@"; do
	[ -f "$top_srcdir/$t" ] || { echo "phases: no test $top_srcdir/$t" >&2; exit 2; }
	k=0
	while [ $k -lt "$PHASES" ]; do
		echo "$t $((k * 8))"
		k=$((k + 1))
	done
done | xargs -P "$jobs" -n 2 sh -c '
	log=$logs/$(basename "$1" .sh).$2.log
	GUEST_PAD=$(printf "%$2s" "" | tr " " p) ${TEST_SHELL:-sh} "$top_srcdir/$1" >"$log" 2>&1
	echo $? >"$log.rc"' sh
for t in "$@"; do
	n=$(basename "$t" .sh)
	python3 - "$logs" "$n" <<'PY'
import collections, glob, re, statistics, sys
logs, name = sys.argv[1:]
runs = sorted(glob.glob(f"{logs}/{name}.*[0-9].log"), key=lambda p: int(p.split(".")[-2]))
bad, figures = collections.Counter(), collections.defaultdict(list)
failed = []
for log in runs:
    if open(log + ".rc").read().strip() != "0":
        failed.append(log.rsplit("/", 1)[1])
    for line in open(log):
        if line.startswith("FAIL: "):
            bad[re.sub(r"[-0-9.]+", "#", line[6:].strip())] += 1
        m = re.match(r"(?:ok|FAIL): (.*?) = ([-0-9.]+),? \(?(?:want )?(min|max) ([-0-9.]+)", line)
        if m:
            figures[(m[1], m[3], m[4])].append(float(m[2]))
print(f"{name}: {len(failed)} of {len(runs)} runs failed", *failed)
for what, n in bad.most_common():
    print(f"  {n:3d} x FAIL: {what}")
for (what, kind, floor), xs in sorted(figures.items()):
    print(f"  {what:44s} {kind} {floor:>6s}: lowest {min(xs):.3f}  median {statistics.median(xs):.3f}  highest {max(xs):.3f}")
PY
done

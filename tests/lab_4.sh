#!/bin/sh
# tests/lab_4.sh - labs/4-sources at a small size: what its README says
# the student will see (labs/4-sources/README.md, "What to look for"):
# DMISS sampled at its own overflows puts the misses where the truth
# has them; read at CYCLES overflows or at the clock, most go elsewhere;
# the clock-driven profile has no sample in the clock interrupt's path.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/lab_lib.sh"
"$top_srcdir/labs/4-sources/run" -o "$tmp/out" -s 150 >"$tmp/table" 2>"$tmp/err"
expect_eq "lab 4 runs" "$?" 0
cat "$tmp/table" "$tmp/err"
python3 - "$tmp/out" <<'PY' || fails=$((fails + 1))
import csv, sys
out = sys.argv[1]
S = {r["procedure"]: r for r in csv.DictReader(open(out + "/sources.csv"))}
K = {r["source"]: r for r in csv.DictReader(open(out + "/clock.csv"))}
bad = 0
def check(ok, what):
    global bad
    print(("ok" if ok else "FAIL") + ": " + what)
    bad += not ok
b = lambda col: float(S["burst"][col])
check(b("truth") > 0.95, f"the truth: {b('truth')} of the program's misses in burst()")
check(b("overflow") > 0.85, f"DMISS overflows: {b('overflow')} in burst()")
check(b("cycles") < 0.7, f"read at CYCLES overflows: {b('cycles')} in burst()")
check(b("clock") < 0.3, f"read at the clock: {b('clock')} in burst()")
check(int(K["clock"]["kernel_samples"]) > 0 and K["clock"]["in_clock_handler"] == "0",
      f"the clock's profile: {K['clock']['kernel_samples']} in minios, none in the clock interrupt's path")
sys.exit(1 if bad else 0)
PY
png_ok "$tmp/out/sources.png"
finish

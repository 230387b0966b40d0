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
labpy "$tmp/out" <<'PY' || fails=$((fails + 1))
import csv, sys
from labcheck import check, bound, done
out = sys.argv[1]
S = {r["procedure"]: r for r in csv.DictReader(open(out + "/sources.csv"))}
K = {r["source"]: r for r in csv.DictReader(open(out + "/clock.csv"))}
b = lambda col: float(S["burst"][col])
# (the DMISS samples are few, about 40: their share moves with the phase)
bound("the truth: the share of the program's misses in burst()", b("truth"), "min", 0.95)
bound("DMISS overflows: the share in burst()", b("overflow"), "min", 0.75)     # [0.84]
bound("read at CYCLES overflows: the share in burst()", b("cycles"), "max", 0.7)
bound("read at the clock: the share in burst()", b("clock"), "max", 0.3)
check(int(K["clock"]["kernel_samples"]) > 0 and K["clock"]["in_clock_handler"] == "0",
      f"the clock's profile: {K['clock']['kernel_samples']} in minios, none in the clock interrupt's path")
done()
PY
png_ok "$tmp/out/sources.png"
finish

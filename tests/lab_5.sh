#!/bin/sh
# tests/lab_5.sh - labs/5-estimate at a small size: what its README says
# the student will see (labs/5-estimate/README.md, "What to look for"):
# the error of dcpicalc's CPI with the true frequencies falls as
# 1/sqrt(samples); the frequency estimates' error falls too; dcpicalc's confidence levels order the errors.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/lab_lib.sh"
"$top_srcdir/labs/5-estimate/run" -o "$tmp/out" -s 135000 >"$tmp/table" 2>"$tmp/err"
expect_eq "lab 5 runs" "$?" 0
cat "$tmp/table" "$tmp/err"
labpy "$tmp/out" <<'PY' || fails=$((fails + 1))
import csv, sys
from labcheck import check, bound, done
out = sys.argv[1]
E = sorted(csv.DictReader(open(out + "/error.csv")), key=lambda r: int(r["samples"]))
C = {r["conf"]: float(r["freq_error"]) for r in csv.DictReader(open(out + "/confidence.csv"))}
tf = lambda r: float(r["cpi_error_true_freq"])
few, many = E[:2], E[-2:]
check(len(E) == 8 and int(many[0]["samples"]) > 20 * int(few[-1]["samples"]),
      f"8 runs, from {few[0]['samples']} to {many[-1]['samples']} samples")
a, b = sum(map(tf, few)) / 2, sum(map(tf, many)) / 2
print(f"CPI with --true-freq: error {a:.3f} with the fewest samples, {b:.3f} with the most")
# (each bound: the worst of 48 phases in brackets, `make phases`)
bound("CPI with --true-freq: the error with the most samples over the fewest's", b / a, "max", 0.4)  # [0.32]
worst = max(max(tf(r) / float(r["fit"]), float(r["fit"]) / tf(r)) for r in E)
bound("the farthest run's error from c/sqrt(n), as a factor", worst, "max", 2)  # [1.83]
fa = sum(float(r["freq_error"]) for r in few) / 2
fb = sum(float(r["freq_error"]) for r in many) / 2
print(f"frequency estimates: error {fa:.3f} with the fewest samples, {fb:.3f} with the most")
bound("frequency estimates: the error with the most samples", fb, "max", 0.16)  # [0.129]
bound("frequency estimates: the error with the most samples over the fewest's", fb / fa, "max", 0.55)  # [0.42]
# medium's few instructions make its error vary: once it came under high's,
# once a little over low's (0.499 against 0.484, 1 of 16 phases)
check(C["high"] < C["low"] and C["medium"] < 1.1 * C["low"],
      f"confidence: high and medium under low: high {C['high']}, medium {C['medium']}, low {C['low']}")
bound("confidence: the high's error over the low's", C["high"] / C["low"], "max", 0.2)  # [0.103]
done()
PY
png_ok "$tmp/out/estimate-error.png"
finish

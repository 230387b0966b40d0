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
python3 - "$tmp/out" <<'PY' || fails=$((fails + 1))
import csv, sys
out = sys.argv[1]
E = sorted(csv.DictReader(open(out + "/error.csv")), key=lambda r: int(r["samples"]))
C = {r["conf"]: float(r["freq_error"]) for r in csv.DictReader(open(out + "/confidence.csv"))}
bad = 0
def check(ok, what):
    global bad
    print(("ok" if ok else "FAIL") + ": " + what)
    bad += not ok
tf = lambda r: float(r["cpi_error_true_freq"])
few, many = E[:2], E[-2:]
check(len(E) == 8 and int(many[0]["samples"]) > 20 * int(few[-1]["samples"]),
      f"8 runs, from {few[0]['samples']} to {many[-1]['samples']} samples")
a, b = sum(map(tf, few)) / 2, sum(map(tf, many)) / 2
check(b < a / 2.5, f"CPI with --true-freq: error {a:.3f} with the fewest samples, {b:.3f} with the most")
worst = max(max(tf(r) / float(r["fit"]), float(r["fit"]) / tf(r)) for r in E)
check(worst < 2, f"every run's error within a factor {worst:.2f} of c/sqrt(n)")
fa = sum(float(r["freq_error"]) for r in few) / 2
fb = sum(float(r["freq_error"]) for r in many) / 2
check(fb < fa / 2.5 and fb < 0.12,
      f"frequency estimates: error {fa:.3f} with the fewest samples, {fb:.3f} with the most")
check(C["high"] < C["medium"] < C["low"] and C["high"] < C["low"] / 5,
      f"confidence orders the errors: high {C['high']}, medium {C['medium']}, low {C['low']}")
sys.exit(1 if bad else 0)
PY
png_ok "$tmp/out/estimate-error.png"
finish

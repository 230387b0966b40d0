#!/bin/sh
# One timing microbenchmark, testprogs/timing/NAME.S (its path is $1):
# run it with --truth, check its cycles per iteration against the EXPECT
# line in its source (what the 21164 rules give), check that the truth
# names the expected cause for >= 95% of the stall cycles in its loop,
# and that the truth balances.
. "$top_srcdir/tests/lib.sh"
src=$1
name=$(basename "$src" .S)
bare="$top_builddir/testprogs/timing/$name.bare"
expect=$(sed -n 's/.*EXPECT //p' "$src")
if [ -z "$expect" ]; then fail "$name: no EXPECT line in $src"; finish; fi

"$ALPHASIM" -q --truth "$tmp/truth" "$bare" >"$tmp/out"
expect_eq "$name: exit status" "$?" 0
"$ALPHA_OBJDUMP" -t "$bare" >"$tmp/syms"
"$top_builddir/analysis/truthcsv" "$tmp/truth" >"$tmp/truth.csv"
"$top_builddir/analysis/truthcsv" --summary "$tmp/truth" >"$tmp/summary"
grep -q '^balance=ok$' "$tmp/summary" && ok "$name: truth balances" || fail "$name: truth does not balance"

python3 - "$name" "$expect" "$tmp/out" "$tmp/syms" "$tmp/truth.csv" <<'PY' || fails=$((fails + 1))
import csv, sys
name, expect, out, syms, truth = sys.argv[1:]
want = dict(kv.split("=") for kv in expect.split() if "=" in kv)
mode = expect.split()[-1]
c, cause, stall = float(want["cycles"]), want["cause"], float(want["stall"])
line = [l for l in open(out) if l.startswith("bench:")][0].split()
iters, cycles = int(line[1].split("=")[1]), int(line[2].split("=")[1])
got = cycles / iters
bad = 0
if mode == "exact":
    good = cycles == round(c * iters)
else:
    good = abs(got - c) <= 0.02 * c
print(("ok" if good else "FAIL") + f": {name}: {got:.3f} cycles per iteration, expected {c:g} ({mode})")
bad += not good
addr = {}
for l in open(syms):
    f = l.split()
    if f and f[-1] in ("bench_loop", "bench_loop_end"):
        addr[f[-1]] = int(f[0], 16)
lo, hi = addr["bench_loop"], addr["bench_loop_end"]
rows = [r for r in csv.DictReader(open(truth)) if lo <= int(r["pc"], 16) < hi]
n = sum(int(r["count"]) for r in rows if int(r["pc"], 16) == lo)
head = sum(int(r["head_cycles"]) for r in rows)
named = sum(int(r[cause]) for r in rows)
good = stall == 0 or named >= 0.95 * stall * n
print(("ok" if good else "FAIL") + f": {name}: {named / n:.2f} {cause} cycles per iteration "
      f"of {head / n:.2f} at the head, {stall:g} stall cycles expected")
bad += not good
sys.exit(1 if bad else 0)
PY
finish

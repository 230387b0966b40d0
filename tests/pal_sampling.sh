#!/bin/sh
# tests/pal_sampling.sh - the DCPI paper's statements about its samples
# (section 4.1), checked on the skid trace of a sampling run
# (testprogs/pal/pmu_sample.c) against its truth:
#  1. an interrupt nothing defers arrives exactly six cycles after the
#     counter overflows;
#  2. IMISS samples land on the instruction that missed most of the time;
#  3. CYCLES samples land on the instruction at the head: each
#     instruction of a loop gets a share of the samples within 0.03 of
#     its share of the loop's head cycles in the truth;
#  4. samples whose overflow came in PAL code (RT_PAL_SPIN) land on the
#     instruction after the CALL_PAL, those at IPL 31 on the instruction
#     after the HW_MTPR that lowers IPLR.
. "$top_srcdir/tests/lib.sh"
bare="$top_builddir/testprogs/pal/pmu_sample.bare"
"$ALPHASIM" -q --skid-trace "$tmp/skid.csv" --truth "$tmp/truth" "$bare" >"$tmp/out" 2>&1
expect_eq "pmu_sample: exit status" "$?" 0
cat "$tmp/out"
"$ALPHA_OBJDUMP" -t "$bare" >"$tmp/syms"
"$top_builddir/analysis/truthcsv" "$tmp/truth" >"$tmp/truth.csv"
python3 - "$tmp/skid.csv" "$tmp/syms" "$tmp/truth.csv" <<'PY' || fails=$((fails + 1))
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
names = ("cyc_loop", "cyc_loop_end", "pal_after", "ipl_high", "ipl_after", "rt_pal_base")
sym = {}
for l in open(sys.argv[2]):
    f = l.split()
    if f and f[-1] in names:
        sym[f[-1]] = int(f[0], 16)
pc = lambda r, k: int(r[k], 16)
bad = 0
def check(ok, what):
    global bad
    print(("ok" if ok else "FAIL") + ": " + what)
    bad += not ok

free = [r for r in rows if r["deferred_by"] == "none"]
six = sum(int(r["deliver_cycle"]) - int(r["overflow_cycle"]) == 6 for r in free)
check(len(free) > 1000 and six == len(free),
      f"{six} of {len(free)} undeferred samples arrive 6 cycles after the overflow")

im = [r for r in rows if r["event"] == "imiss"]
on = sum(r["cause_pc"] == r["delivered_pc"] for r in im)
check(len(im) > 100 and on >= 0.75 * len(im),
      f"{on} of {len(im)} IMISS samples on the instruction that missed")

lo, hi = sym["cyc_loop"], sym["cyc_loop_end"]
head = {pc(r, "pc"): int(r["head_cycles"]) for r in csv.DictReader(open(sys.argv[3]))
        if lo <= pc(r, "pc") < hi}
cyc = [r for r in free if r["event"] == "cycles" and lo <= pc(r, "delivered_pc") < hi]
total = sum(head.values())
worst = max(abs(head[a] / total - sum(pc(r, "delivered_pc") == a for r in cyc) / len(cyc))
            for a in head)
check(len(cyc) > 1000 and worst <= 0.03,
      f"{len(cyc)} CYCLES samples in the loop: shares within {worst:.3f} of the head cycles'")

spin = (sym["rt_pal_base"] & 0xffffffffff) + 0x3fc0
pal = [r for r in rows if r["deferred_by"] == "pal" and spin <= pc(r, "cause_pc") < spin + 0x40]
after = sum(pc(r, "delivered_pc") == sym["pal_after"] for r in pal)
check(len(pal) > 100 and after == len(pal),
      f"{after} of {len(pal)} samples from PAL code on the instruction after the CALL_PAL")
ipl = [r for r in rows if r["deferred_by"] == "ipl" and
       sym["ipl_high"] <= pc(r, "cause_pc") < sym["ipl_after"]]
after = sum(pc(r, "delivered_pc") == sym["ipl_after"] for r in ipl)
check(len(ipl) > 100 and after == len(ipl),
      f"{after} of {len(ipl)} samples from IPL 31 on the instruction after IPLR drops")
sys.exit(1 if bad else 0)
PY
finish

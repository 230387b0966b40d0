#!/bin/sh
# tests/lab_1.sh - labs/1-skid at a small size: what its README says the
# student will see (labs/1-skid/README.md, "What to look for").
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/lab_lib.sh"
"$top_srcdir/labs/1-skid/run" -o "$tmp/out" -s 4 >"$tmp/table" 2>"$tmp/err"
expect_eq "lab 1 runs" "$?" 0
cat "$tmp/table" "$tmp/err"
labpy "$tmp/out" <<'PY' || fails=$((fails + 1))
import csv, sys
from labcheck import check, bound, done
out = sys.argv[1]
S = {(int(r["delay"]), r["event"]): r for r in csv.DictReader(open(out + "/summary.csv"))}
share = lambda d, e: float(S[d, e]["exact_share"])
for (d, e), r in sorted(S.items()):
    check(int(r["undeferred"]) >= 50 and r["at_delay"] == r["undeferred"],
          f"delay {d} {e}: all {r['undeferred']} undeferred samples {d} cycles after the overflow")
for e in ("cycles", "imiss"):
    check(int(S[0, e]["in_program"]) >= 50 and share(0, e) == 1,
          f"delay 0: every {e} sample in the program on its cause")
bound("delay 6: the share of cycles samples on the cause", share(6, "cycles"), "max", 0.6)
bound("IMISS: the share on the cause at delay 6", share(6, "imiss"), "max", 0.5)
bound("IMISS: the share on the cause at delay 30", share(30, "imiss"), "max", 0.05)
# the instruction distance most samples have, per delay
mode = {}
for r in csv.DictReader(open(out + "/insns.csv")):
    k = (int(r["delay"]), r["event"])
    if float(r["share"]) > mode.get(k, (0, 0))[1]:
        mode[k] = (int(r["insns"]), float(r["share"]))
check(all(share(d, e) == 0 for d in (0, 6, 30) for e in ("dmiss", "brmiss")),
      "no DMISS or BRMISS sample lands on its cause, at any delay")
check(mode[6, "dmiss"][0] == mode[30, "dmiss"][0] > mode[0, "dmiss"][0] and
      mode[6, "dmiss"][1] > 0.9 and mode[30, "dmiss"][1] > 0.9,
      f"DMISS: delays 6 and 30 land on the same instruction, +{mode[6, 'dmiss'][0]} "
      f"({mode[6, 'dmiss'][1]}, {mode[30, 'dmiss'][1]}); delay 0 on +{mode[0, 'dmiss'][0]}")
check(mode[6, "imiss"][0] > 0, f"IMISS at delay 6: most samples +{mode[6, 'imiss'][0]}")
done()
PY
for p in skid-insns skid-cycles; do png_ok "$tmp/out/$p.png"; done
finish

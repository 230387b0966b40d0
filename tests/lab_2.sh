#!/bin/sh
# tests/lab_2.sh - labs/2-blind at a small size: what its README says
# the student will see (labs/2-blind/README.md, "What to look for"):
# most CYCLES overflows of a system-call loop wait for PAL mode or a
# high IPL; those samples pile up on the instruction after the CALL_PAL
# swpipl that lowers the IPL, and those of the PALcode's DTB fills on
# the load that missed, far beyond their cycles; the counter interrupt's
# handler has cycles and no samples.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/lab_lib.sh"
"$top_srcdir/labs/2-blind/run" -o "$tmp/out" -s 3000 >"$tmp/table" 2>"$tmp/err"
expect_eq "lab 2 runs" "$?" 0
cat "$tmp/table" "$tmp/err"
"$ALPHA_OBJDUMP" -d "$tmp/out/blind.lnx" >"$tmp/prog.dis"
"$ALPHA_OBJDUMP" -d "$top_builddir/minios/minios.elf" >"$tmp/kern.dis"
labpy "$tmp/out" "$tmp/prog.dis" "$tmp/kern.dis" <<'PY' || fails=$((fails + 1))
import csv, sys
from labcheck import check, bound, done
out = sys.argv[1]
dis = {}
for f in sys.argv[2:]:
    for l in open(f):
        p = l.split("\t")
        if len(p) >= 3 and p[0].strip().endswith(":"):
            dis[int(p[0].strip()[:-1], 16)] = p[2].strip()
B = {r["deferred_by"]: float(r["share"]) for r in csv.DictReader(open(out + "/blind.csv"))}
L = list(csv.DictReader(open(out + "/landing.csv")))
W = {r["window"]: r for r in csv.DictReader(open(out + "/windows.csv"))}
bound("the share of the overflows that wait", B.get("pal", 0) + B.get("ipl", 0), "min", 0.35)
bound("... for PAL mode", B.get("pal", 0), "min", 0.1)
bound("... for a high IPL", B.get("ipl", 0), "min", 0.15)
before = lambda r, k=4: dis.get(int(r["pc"], 16) - k, "?")
top = L[0]
check(top["where"].startswith("ipl_lower+") and before(top).startswith("call_pal") and
      float(top["sample_share"]) > 0.25 and float(top["sample_share"]) > 20 * float(top["cycle_share"]),
      f"most samples on {top['where']}, after '{before(top)}': {top['sample_share']} of the "
      f"samples, {top['cycle_share']} of the cycles")
w = [r for r in L if r["where"].startswith("walk+")]
check(w and before(w[0], 0).startswith("ldq") and w[0]["from_"].startswith("PALcode") and
      float(w[0]["sample_share"]) > 5 * float(w[0]["cycle_share"]),
      "walk's load, the DTB fill's samples: " +
      (f"{w[0]['where']} ({before(w[0], 0)}), {w[0]['sample_share']} of the samples, "
       f"{w[0]['cycle_share']} of the cycles, from {w[0]['from_']}" if w else "none"))
h = W["handler"]
check(float(h["samples_share"]) == 0 and float(h["cycles_share"]) > 0.02,
      f"the counter interrupt's handler: {h['cycles_share']} of the cycles, no samples")
done()
PY
png_ok "$tmp/out/blind.png"
finish

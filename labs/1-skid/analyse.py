#!/usr/bin/env python3
"""Lab 1's numbers from its skid traces (docs/pmu.md, "The skid trace").

usage: analyse.py OUTDIR    reads OUTDIR/skid-D-*.csv, writes
  summary.csv  per delay and event: overflows, delivered undeferred, of
               those in the program's own code, how many landed on the
               cause (delivered_pc == cause_pc), and the share
  cycles.csv   per delay and event: deliver_cycle - overflow_cycle, and
               how many samples had it (every delivered row)
  insns.csv    per delay and event: (delivered_pc - cause_pc) / 4 for the
               undeferred samples in the program's code, -8..40
and prints the summary as a table.
"""
import collections, csv, glob, os, re, sys

out = sys.argv[1]
USER_TOP = 1 << 40          # user addresses are below, minios's in kseg
EVENTS = ("cycles", "imiss", "dmiss", "brmiss", "dtbmiss")

rows = collections.defaultdict(list)         # (delay, event) -> rows
for f in sorted(glob.glob(os.path.join(out, "skid-*-*.csv"))):
    delay = int(re.match(r"skid-(\d+)-", os.path.basename(f)).group(1))
    for r in csv.DictReader(open(f)):
        rows[delay, r["event"]].append(r)

def user(r):
    return int(r["cause_pc"], 16) < USER_TOP and int(r["delivered_pc"], 16) < USER_TOP

summary, cyc, ins = [], [], []
for (delay, ev) in sorted(rows, key=lambda k: (k[0], EVENTS.index(k[1]) if k[1] in EVENTS else 99)):
    rs = rows[delay, ev]
    got = [r for r in rs if r["deliver_cycle"]]
    free = [r for r in got if r["deferred_by"] == "none"]
    mine = [r for r in free if user(r)]
    exact = sum(r["cause_pc"] == r["delivered_pc"] for r in mine)
    at_delay = sum(int(r["deliver_cycle"]) - int(r["overflow_cycle"]) == delay for r in free)
    summary.append(dict(delay=delay, event=ev, overflows=len(rs), delivered=len(got),
                        undeferred=len(free), at_delay=at_delay, in_program=len(mine),
                        exact=exact, exact_share="%.3f" % (exact / len(mine) if mine else 0)))
    for d, n in sorted(collections.Counter(int(r["deliver_cycle"]) - int(r["overflow_cycle"])
                                           for r in got).items()):
        cyc.append(dict(delay=delay, event=ev, cycles=d, samples=n))
    dist = collections.Counter((int(r["delivered_pc"], 16) - int(r["cause_pc"], 16)) // 4
                               for r in mine)
    for d in range(-8, 41):
        ins.append(dict(delay=delay, event=ev, insns=d,
                        share="%.4f" % (dist[d] / len(mine) if mine else 0)))

def write(name, table):
    with open(os.path.join(out, name), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(table[0]))
        w.writeheader()
        w.writerows(table)

if not summary:
    sys.exit("analyse.py: no skid traces in " + out)
write("summary.csv", summary)
write("cycles.csv", cyc)
write("insns.csv", ins)
# one file per (delay, event) for gnuplot
os.makedirs(os.path.join(out, "plot"), exist_ok=True)
for name, table, x, y in (("cycles", cyc, "cycles", "samples"), ("insns", ins, "insns", "share")):
    for s in summary:
        with open(os.path.join(out, "plot", "%s-%d-%s.dat" % (name, s["delay"], s["event"])), "w") as f:
            for r in table:
                if (r["delay"], r["event"]) == (s["delay"], s["event"]):
                    f.write("%s %s\n" % (r[x], r[y]))

print("%5s %-8s %9s %9s %10s %9s %9s %7s" % ("delay", "event", "overflows", "undeferred",
      "at +delay", "in prog", "on cause", "share"))
for s in summary:
    print("%5d %-8s %9d %9d %10d %9d %9d %7s" % (s["delay"], s["event"], s["overflows"],
          s["undeferred"], s["at_delay"], s["in_program"], s["exact"], s["exact_share"]))

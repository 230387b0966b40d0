#!/usr/bin/env python3
"""Lab 4's numbers: where each way of sampling puts the D-cache misses.

usage: analyse.py OUTDIR PROGRAM MINIOS SOURCE...
    OUTDIR/prof-SOURCE.csv (dcpiprof --csv of PROGRAM's image: the
    procedures), OUTDIR/kern-SOURCE.csv (the same of minios.elf) and
    OUTDIR/truth.csv (truthcsv of the first run's truth).  Writes
    OUTDIR/sources.csv: per procedure of PROGRAM, the truth's share of
    its D-cache misses and each source's share of its DMISS samples
    (counts, for a source that reads the counter); OUTDIR/clock.csv: per
    source, the DMISS samples in minios's clock interrupt path; prints
    both.
"""
import collections, csv, os, subprocess, sys

out, program, minios, *sources = sys.argv[1:]
NM = os.environ.get("ALPHA_NM", "alpha-linux-gnu-nm")

def procs(path):
    syms = sorted((int(f[0], 16), f[2]) for f in
                  (l.split() for l in subprocess.run([NM, "-n", path], capture_output=True,
                                                     text=True, check=True).stdout.splitlines())
                  if len(f) == 3 and f[1] in "tT")
    return syms

# the truth: D-cache misses (ev_dmiss) per procedure of the program
syms = procs(program)
image = "/" + os.path.basename(program)
truth = collections.Counter()
for r in csv.DictReader(open(os.path.join(out, "truth.csv"))):
    if r["image"] != image:
        continue
    pc = int(r["pc"], 16)
    name = "(no symbol)"
    for a, n in syms:
        if a <= pc:
            name = n
    truth[name] += int(r["ev_dmiss"])
ttot = sum(truth.values())
share = {"truth": {k: v / ttot for k, v in truth.items()}}
samples = {}
for s in sources:
    rows = [r for r in csv.DictReader(open(os.path.join(out, "prof-%s.csv" % s)))
            if r["procedure"] != "total"]
    n = sum(float(r["dmiss"]) for r in rows)
    samples[s] = n
    share[s] = {r["procedure"]: float(r["dmiss"]) / n for r in rows} if n else {}
names = sorted(set().union(*share.values()), key=lambda k: -share["truth"].get(k, 0))
names = [k for k in names if any(share[c].get(k, 0) >= 0.005 for c in share)]
cols = ["truth"] + sources
with open(os.path.join(out, "sources.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["procedure"] + cols)
    for k in names:
        w.writerow([k] + ["%.4f" % share[c].get(k, 0) for c in cols])
with open(os.path.join(out, "sources.dat"), "w") as f:
    for k in names:
        f.write(k + " " + " ".join("%.4f" % share[c].get(k, 0) for c in cols) + "\n")

# the clock interrupt's own path in minios: entInt, trap_interrupt, the
# scheduler's tick, the driver's clock read
CLOCK = ("entInt", "trap_interrupt", "sched_clock", "pcount_clock_interrupt", "pcount_clock")
clock = []
for s in sources:
    rows = list(csv.DictReader(open(os.path.join(out, "kern-%s.csv" % s))))
    k = {r["procedure"]: float(r["dmiss"]) for r in rows if r["procedure"] != "total"}
    clock.append(dict(source=s, kernel_samples="%d" % sum(k.values()),
                      in_clock_handler="%d" % sum(k.get(c, 0) for c in CLOCK),
                      top=max(k, key=k.get) if k else ""))
with open(os.path.join(out, "clock.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(clock[0]))
    w.writeheader()
    w.writerows(clock)

print("share of the program's D-cache misses, per procedure (truth: %d misses)" % ttot)
print("%-18s" % "procedure" + "".join("%16s" % c for c in cols))
for k in names:
    print("%-18s" % k + "".join("%16.3f" % share[c].get(k, 0) for c in cols))
print("%-18s" % "DMISS in program" + "%16d" % ttot + "".join("%16d" % samples[s] for s in sources))
print("\nin minios: DMISS samples, those in the clock interrupt's path, the top procedure")
for c in clock:
    print("  %-10s %8s %8s  %s" % (c["source"], c["kernel_samples"], c["in_clock_handler"], c["top"]))

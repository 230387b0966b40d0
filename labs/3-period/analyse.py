#!/usr/bin/env python3
"""Lab 3's numbers.

usage: analyse.py gap SKID.csv LOOP PERIOD
    the period that makes the sampling interval a multiple of LOOP:
    the most common interval between consecutive overflows of a run
    with the fixed PERIOD is PERIOD + D (D: the cycles the counter does
    not count, from the overflow to the handler's reload); prints
    PERIOD - (that interval mod LOOP) and the interval.
usage: analyse.py profile OUTDIR SPREAD...
    reads OUTDIR/list-SPREAD.csv (dcpilist --csv of the loop's procedures
    with --truth) and writes OUTDIR/error.csv (per spread: the samples in
    the loop and the error, half the sum over instructions of |sample
    share - truth's cycle share|: 0 right, 1 all wrong) and
    OUTDIR/profile.csv (per instruction: the truth's share and each
    spread's), and prints them.
"""
import collections, csv, os, sys

def gap(skid, loop, period):
    ov = [int(r["overflow_cycle"]) for r in csv.DictReader(open(skid)) if r["event"] == "cycles"]
    g = collections.Counter(b - a for a, b in zip(ov, ov[1:])).most_common(1)[0][0]
    print(period - g % loop, g)

def profile(out, spreads):
    truth, shares, err = {}, {}, []
    for sp in spreads:
        rows = list(csv.DictReader(open(os.path.join(out, "list-%s.csv" % sp))))
        n = sum(int(r["cycles"]) for r in rows)
        # the truth's cycles of an instruction: its count times its CPI
        t = {r["offset"]: int(r["true_freq"]) * float(r["true_cpi"])
             if int(r["true_freq"]) else 0.0 for r in rows}
        tt = sum(t.values())
        if not n or not tt:
            sys.exit("analyse.py: no samples or no truth in list-%s.csv" % sp)
        shares[sp] = {r["offset"]: int(r["cycles"]) / n for r in rows}
        for r in rows:
            truth.setdefault(r["offset"], (t[r["offset"]] / tt, r["procedure"], r["instruction"]))
        e = sum(abs(shares[sp][o] - t[o] / tt) for o in t) / 2
        err.append(dict(spread=sp, samples=n, error="%.4f" % e))
    with open(os.path.join(out, "error.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["spread", "samples", "error"])
        w.writeheader()
        w.writerows(err)
    # the instructions with cycles or samples, in address order
    offs = sorted((o for o in truth if truth[o][0] or any(shares[s].get(o) for s in spreads)),
                  key=lambda o: int(o, 16))
    with open(os.path.join(out, "profile.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["offset", "procedure", "instruction", "truth"] + ["spread_" + s for s in spreads])
        for o in offs:
            w.writerow([o, truth[o][1], truth[o][2], "%.4f" % truth[o][0]] +
                       ["%.4f" % shares[s].get(o, 0) for s in spreads])
    with open(os.path.join(out, "profile.dat"), "w") as f:
        for i, o in enumerate(offs):
            f.write("%d %s %.4f %s\n" % (i, o, truth[o][0],
                                         " ".join("%.4f" % shares[s].get(o, 0) for s in spreads)))
    print("%-8s %8s %7s" % ("spread", "samples", "error"))
    for e in err:
        print("%-8s %8d %7s" % (e["spread"], e["samples"], e["error"]))

if sys.argv[1] == "gap":
    gap(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
else:
    profile(sys.argv[2], sys.argv[3:])

#!/usr/bin/env python3
"""analysis/accuracy/pmtable.py OUT - `make accuracy-pm`'s table and plot
data (docs/precise.md, "The experiment"), from the runs pm.sh left in
OUT/runs: per workload, seed and method (dcpi: CYCLES+IMISS+DMISS;
intr and buffer: instruction sampling's two delivery modes)

- samples: CYCLES samples (dcpi) or records (pm) in the program's image;
- freq<=10%: dcpiaccuracy's share of those samples at instructions whose
  estimated executions are within 10% of the truth's;
- t<=10%, t<=2x: the same, within 10% and within a factor of two, but
  weighted by the truth's cycles of each instruction of the image (an
  instruction without samples counts as wrong), so that every method is
  weighed the same way;
- CPI<=10%: dcpiaccuracy's share of samples whose CPI is within 10%;
- recall: the true dynamic stall cycles whose dominant cause was found;
- cost: guest cycles the method added to the run, against the baseline
  run (CYCLES at 63488 only), and per record (sample) delivered.

Also OUT/results.csv (every figure, one row per run and method) and
OUT/plots/pm.dat for pmplots.gp.  Exit status 1 when a run failed.
"""
import csv
import json
import math
import os
import sys

OUT = sys.argv[1]
RUNS = os.path.join(OUT, "runs")
METHODS = [("dcpi", "CYCLES+IMISS+DMISS"), ("intr", "pm:intr"), ("buffer", "pm:buffer")]
COLS = [("samples", "samples", False), ("records", "run recs", False),
        ("freq10", "freq<=10%", True), ("t10", "t<=10%", True), ("t2x", "t<=2x", True),
        ("cpi10", "CPI<=10%", True), ("recall", "recall", True),
        ("cost", "cost cyc", False), ("cost_pct", "cost %", False),
        ("per_rec", "cyc/rec", False), ("drv_rec", "drv/rec", False),
        ("dcpid_rec", "dcpid/rec", False)]


def acc(path):
    with open(path) as f:
        return {(r["metric"], r["subset"]): float(r["value"]) for r in csv.DictReader(f)}


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return math.nan


def true_weighted(path, col):
    """Shares of the image's true cycles at instructions whose estimated
    executions, dcpicalc's column col (freq: the counters' estimate,
    pm_freq: the records'), are within 10% and within 2x."""
    w = w10 = w2 = 0.0
    with open(path) as f:
        for r in csv.DictReader(f):
            tc, th = num(r["true_count"]), num(r["true_head"])
            if not tc > 0 or not th > 0:
                continue
            est = num(r.get(col))
            if math.isnan(est):
                est = 0
            w += th
            if abs(est / tc - 1) <= 0.10:
                w10 += th
            if tc / 2 <= est <= 2 * tc:
                w2 += th
    return (w10 / w, w2 / w) if w else (math.nan, math.nan)


def method_figs(d, m, base):
    r = os.path.join(d, m)
    a = acc(os.path.join(r, "dcpiaccuracy.csv"))
    with open(os.path.join(r, "stats.json")) as f:
        st = json.load(f)
    dc = st["dcpi"]
    f = {}
    if m == "dcpi":
        f["samples"] = a.get(("freq_samples", "all"), math.nan)
        f["records"] = dc["samples_delivered"]
        f["freq10"] = a.get(("freq_within_10", "all"), math.nan)
        f["cpi10"] = a.get(("cpi_within_10", "all"), math.nan)
        f["recall"] = a.get(("culprit_recall", "all"), math.nan)
        f["t10"], f["t2x"] = true_weighted(os.path.join(r, "dcpicalc.csv"), "freq")
    else:
        pm = [c["pm"] for c in st["cpus"] if "pm" in c]
        tagged = sum(p["tagged"] for p in pm)
        sel = sum(p["tagged"] + p["collisions"] + p["dropped_stopped"] for p in pm)
        f["samples"] = a.get(("pm_records", "all"), math.nan)
        f["records"] = sum(p["recorded"] for p in pm)
        f["freq10"] = a.get(("pm_freq_within_10", "all"), math.nan)
        f["cpi10"] = a.get(("pm_cpi_within_10", "all"), math.nan)
        f["recall"] = a.get(("pm_culprit_recall", "all"), math.nan)
        f["t10"], f["t2x"] = true_weighted(os.path.join(r, "dcpicalc.csv"), "pm_freq")
        f["collisions"] = sel - tagged
    rec = f["records"] or math.nan
    f["total"], f["daemon"], f["driver"] = dc["total_cycles"], dc["daemon_cycles"], dc["driver_cycles"]
    f["cost"] = f["total"] - f["daemon"] - (base["total_cycles"] - base["daemon_cycles"])
    f["cost_pct"] = 100 * f["cost"] / (base["total_cycles"] - base["daemon_cycles"])
    f["per_rec"] = f["cost"] / rec
    f["drv_rec"] = (f["driver"] - base["driver_cycles"]) / rec
    f["dcpid_rec"] = (f["daemon"] - base["daemon_cycles"]) / rec
    return f


def fmt(v, pct):
    if isinstance(v, float) and math.isnan(v):
        return "-"
    if pct:
        return f"{100 * v:.0f}"
    if isinstance(v, float) and abs(v) < 100:
        return f"{v:.1f}"
    return f"{v:.0f}"


def main():
    rows, failures, results = [], [], []
    for run in sorted(os.listdir(RUNS)):
        d = os.path.join(RUNS, run)
        with open(os.path.join(d, "run")) as f:
            name, _, period, seed = [next(f).strip() for _ in range(4)]
        if os.path.exists(os.path.join(d, "FAILED")):
            with open(os.path.join(d, "FAILED")) as f:
                failures.append((name, seed, f.read().strip()))
            continue
        if not os.path.exists(os.path.join(d, "OK")):
            failures.append((name, seed, "the run did not finish"))
            continue
        with open(os.path.join(d, "q")) as f:
            q = int(f.read())
        with open(os.path.join(d, "base", "stats.json")) as f:
            base = json.load(f)["dcpi"]
        for m, _ in METHODS:
            try:
                fig = method_figs(d, m, base)
            except (OSError, KeyError, ValueError) as e:
                failures.append((name, seed, f"{m}: {e}"))
                continue
            fig.update(workload=name, seed=int(seed), method=m, period=int(period), q=q,
                       base=base["total_cycles"])
            results.append(fig)
    order = []
    with open(os.path.join(OUT, "jobs")) as f:
        for line in f:
            n = line.split('"')[3]
            if n not in order:
                order.append(n)
    results.sort(key=lambda r: (order.index(r["workload"]), r["seed"],
                                [m for m, _ in METHODS].index(r["method"])))
    head = ["workload", "seed", "method", "period"] + [c[1] for c in COLS]
    for r in results:
        per = r["period"] if r["method"] == "dcpi" else r["q"]
        rows.append([r["workload"], r["seed"], dict(METHODS)[r["method"]], per] +
                    [fmt(r[c], p) for c, _, p in COLS])
    means = {}
    for m, title in METHODS:
        rs = [r for r in results if r["method"] == m]
        if not rs:
            continue
        means[m] = {c: sum(r[c] for r in rs if not math.isnan(r[c])) /
                    max(1, sum(1 for r in rs if not math.isnan(r[c]))) for c, _, _ in COLS}
        rows.append(["(mean)", "", title, ""] + [fmt(means[m][c], p) for c, _, p in COLS])
    width = [max(len(str(x[i])) for x in rows + [head]) for i in range(len(head))]
    line = lambda cells: "  ".join(str(c).ljust(width[i]) if i < 3 else str(c).rjust(width[i])
                                   for i, c in enumerate(cells))
    print("Counters (DCPI) against instruction sampling at matched rates (percent; "
          "make accuracy-pm)")
    print(line(head))
    prev = None
    for r in rows:
        if prev is not None and r[0] != prev:
            print()
        prev = r[0]
        print(line(r))
    print()
    print("period: CYCLES's (IMISS and DMISS at 1/8 of it), or the pm period Q (fetched")
    print("user instructions) that gives the image as many records as CYCLES samples;")
    print("samples: CYCLES samples or records in the image; run recs: samples or records")
    print("delivered in the whole run; freq<=10%, CPI<=10%: share of those samples at")
    print("instructions within 10% of the truth (dcpiaccuracy); t<=10%, t<=2x: share of the")
    print("image's true cycles at instructions whose estimated executions are within 10%,")
    print("within 2x; recall: true dynamic stall cycles whose dominant cause was found;")
    print("cost: guest cycles outside dcpid added to the run against CYCLES at 63488 alone")
    print("(the truth's, as --overhead): in cycles, percent, and per sample or record")
    print("delivered; drv/rec: of that, the kernel handler's (the rest: PALcode and the")
    print("caches' disturbance); dcpid/rec: the daemon's added cycles per record, apart")
    print("because they depend on when it wakes more than on the method.  Buffer mode's record")
    print("stores are not timed (docs/precise.md, \"Buffer writes are not timed\"): on SPE")
    print("they take memory bandwidth, so its cost here is a lower bound.")
    if "intr" in means and "buffer" in means and means["intr"]["per_rec"] > 0:
        i, b = means["intr"]["per_rec"], means["buffer"]["per_rec"]
        print(f"\nbuffering saves {i - b:.0f} guest cycles per record "
              f"({100 * (1 - b / i):.0f}% of the interrupt's {i:.0f}), mean over the workloads")

    cols = ["workload", "seed", "method", "period", "q", "base", "total", "driver", "daemon"] + \
        [c for c, _, _ in COLS]
    with open(os.path.join(OUT, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for r in results:
            w.writerow([f"{r[c]:.6g}" if isinstance(r[c], float) else r[c] for c in cols])
    os.makedirs(os.path.join(OUT, "plots"), exist_ok=True)
    with open(os.path.join(OUT, "plots", "pm.dat"), "w") as f:
        f.write("# method; mean freq<=10% t<=10% t<=2x CPI<=10% recall (percent); "
                "cycles per record; the handler's of them\n")
        for m, title in METHODS:
            if m in means:
                f.write(f'"{title}"' + "".join(f" {100 * means[m][c]:.2f}" for c in
                                                ("freq10", "t10", "t2x", "cpi10", "recall")) +
                        f" {means[m]['per_rec']:.1f} {means[m]['drv_rec']:.1f}\n")
    if failures:
        print(f"\nFAILED: {len(failures)} run(s):")
        for name, seed, why in failures:
            print(f"  {name} seed {seed}: {why}")
    return 1 if failures or not results else 0


if __name__ == "__main__":
    sys.exit(main())

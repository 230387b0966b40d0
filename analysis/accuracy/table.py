#!/usr/bin/env python3
"""analysis/accuracy/table.py OUT - `make accuracy`'s table and plot data
(docs/accuracy.md), from the runs run.sh left in OUT/runs:

- the table, one row per workload x period x estimator, each figure the
  range over the seeds (dcpiaccuracy's figures of the program's image),
  and per period and estimator each figure's mean over all the runs;
  then the issue's targets checked on the rows with 10,000 or more
  samples, and every run that failed, with its reason;
- OUT/results.csv, one row per run and estimator, every figure;
- OUT/plots/: the data gnuplot draws (plots.gp) and vars.gp naming it.

Exit status 1 when a run failed or a run left no figures, else 0.
"""
import csv
import math
import os
import sys

OUT = sys.argv[1]
RUNS = os.path.join(OUT, "runs")
PLOTS = os.path.join(OUT, "plots")
ESTS = os.environ.get("ACCURACY_ESTIMATORS", "dcpi wls imiss imiss+h").split()
REF_PERIOD = 16384          # the scatter's and the breakdowns' period, if run
TARGET_SAMPLES = 10000      # the accuracy targets hold from this many

# (column, title, metric, subset, as percent); "medium_or_better" is
# pooled here from the high and medium rows (freq_samples, cpi_samples)
COLUMNS = [
    ("samples", "samples", "samples", "all", False),
    ("freq10", "freq<=10%", "freq_within_10", "all", True),
    ("freq25", "freq<=25%", "freq_within_25", "all", True),
    ("cover", "cover", "freq_coverage", "medium_or_better", True),
    ("cpi10", "CPI<=10%", "cpi_within_10", "all", True),
    ("recall", "recall", "culprit_recall", "all", True),
    ("prec", "prec", "culprit_precision", "all", True),
    ("wcg", "whatcg pp", "whatcg_error_pp", "max", False),
]
EXTRA = [  # in results.csv only
    ("freq10_med", "freq_within_10", "medium_or_better"),
    ("cpi10_med", "cpi_within_10", "medium_or_better"),
    ("count_ratio", "count_ratio", "all"),
    ("freq10_sampling", "freq_within_10", "all"),   # its expected value
]


def read_acc(path):
    """dcpiaccuracy --csv: {(metric, subset): (value, expected)}."""
    figs = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            exp = float(r["expected"]) if r["expected"] else math.nan
            figs[(r["metric"], r["subset"])] = (float(r["value"]), exp)
    for what in ("freq", "cpi"):  # pool high and medium
        w = [figs.get((what + "_samples", lv), (0, 0))[0] for lv in ("high", "medium")]
        for k in ("within_5", "within_10", "within_25"):
            v = [figs.get((f"{what}_{k}", lv), (0, 0))[0] for lv in ("high", "medium")]
            pooled = (w[0] * v[0] + w[1] * v[1]) / sum(w) if sum(w) else math.nan
            figs[(f"{what}_{k}", "medium_or_better")] = (pooled, math.nan)
    return figs


def num(s):
    try:
        return float(s)
    except ValueError:
        return math.nan


def runs():
    """Every run directory: (name, period, seed, dir, failure or None)."""
    out = []
    for d in sorted(os.listdir(RUNS)):
        p = os.path.join(RUNS, d)
        try:
            with open(os.path.join(p, "run")) as f:
                name, prog, period, seed = [next(f).strip() for _ in range(4)]
        except (OSError, StopIteration):
            out.append((d, 0, 0, p, "the run did not start"))
            continue
        why = None
        if os.path.exists(os.path.join(p, "FAILED")):
            with open(os.path.join(p, "FAILED")) as f:
                why = f.read().strip() or "failed"
        elif not os.path.exists(os.path.join(p, "OK")):
            why = "the run did not finish"
        out.append((name, int(period), int(seed), p, why))
    return out


def fmt(vals, pct):
    """The range over the seeds: '62' or '58-71' (percent), '8.3-9.0'."""
    vals = [v for v in vals if not math.isnan(v)]
    if not vals:
        return "-"
    lo, hi = min(vals), max(vals)
    if pct:
        lo, hi = round(100 * lo), round(100 * hi)
        return f"{lo}" if lo == hi else f"{lo}-{hi}"
    if max(abs(lo), abs(hi)) >= 100:
        lo, hi = round(lo), round(hi)
        return f"{lo}" if lo == hi else f"{lo}-{hi}"
    return f"{lo:.1f}" if f"{lo:.1f}" == f"{hi:.1f}" else f"{lo:.1f}-{hi:.1f}"


def period_name(p):
    return f"{p // 1024}K" if p % 1024 == 0 else str(p)


def main():
    os.makedirs(PLOTS, exist_ok=True)
    allruns = runs()
    ran = {r[1] for r in allruns if not r[4]}
    ref = REF_PERIOD if REF_PERIOD in ran or not ran else min(ran)
    order = []                       # workloads in the order they were listed
    with open(os.path.join(OUT, "jobs")) as f:
        for line in f:
            n = line.split('"')[3]
            if n not in order:
                order.append(n)
    failures = [(r[0], r[1], r[2], r[4]) for r in allruns if r[4]]
    rows = {}                        # (name, period, est) -> [figs per seed]
    results = []
    cdf = {}                         # (est, period) -> [(err, weight)]
    scatter = {e: [] for e in ESTS}
    breakdown = {}                   # name -> {est: rows}
    for name, period, seed, d, why in allruns:
        if why:
            continue
        for est in ESTS:
            try:
                figs = read_acc(os.path.join(d, f"dcpiaccuracy.{est}.csv"))
            except (OSError, KeyError, ValueError) as e:
                failures.append((name, period, seed, f"dcpiaccuracy.{est}.csv: {e}"))
                continue
            rows.setdefault((name, period, est), []).append(figs)
            res = {"workload": name, "period": period, "seed": seed, "estimator": est}
            for col, _, m, s, _ in COLUMNS:
                res[col] = figs.get((m, s), (math.nan,))[0]
            for col, m, s in EXTRA:
                v = figs.get((m, s), (math.nan, math.nan))
                res[col] = v[1] if col.endswith("_sampling") else v[0]
            results.append(res)
            # per instruction, for the plots
            pts, tot = [], 0.0
            with open(os.path.join(d, f"dcpicalc.{est}.csv")) as f:
                for r in csv.DictReader(f):
                    w = num(r["samples_cycles"])
                    tc, fq = num(r["true_count"]), num(r["freq"])
                    if not w > 0 or not tc > 0 or math.isnan(fq):
                        continue
                    pts.append((abs(fq / tc - 1), w))
                    tot += w
                    cpi, tcpi = num(r["cpi"]), num(r["true_cpi"])
                    if period == ref and cpi > 0 and tcpi > 0:
                        scatter[est].append((tcpi, cpi, w))
            # every run weighs the same in the CDF: its samples' shares
            # (not the truth's counts: their error is none)
            if est != "true":
                cdf.setdefault((est, period), []).extend((e, w / tot) for e, w in pts if tot)
            if period == ref and seed == min(r[2] for r in allruns if r[0] == name):
                with open(os.path.join(d, f"dcpiwhatcg.{est}.csv")) as f:
                    breakdown.setdefault(name, {})[est] = [
                        r for r in csv.DictReader(f) if r["category"] != "subtotal" and r["group"] in ("dynamic", "static",
                                                                        "execution")]

    # ---- the table ---------------------------------------------------------
    head = ["workload", "period", "estimator"] + [c[1] for c in COLUMNS]
    table = []
    for name in order:
        for period in sorted({k[1] for k in rows if k[0] == name}):
            for est in ESTS:
                seeds = rows.get((name, period, est))
                if not seeds:
                    continue
                cells = [name, period_name(period), est if est != "true" else "true-freq"]
                for _, _, m, s, pct in COLUMNS:
                    cells.append(fmt([f.get((m, s), (math.nan,))[0] for f in seeds], pct))
                table.append(cells)
    # the suite: each figure's mean over every run (each weighing the same)
    for period in sorted({k[1] for k in rows}):
        for est in ESTS:
            runs_ = [f for k, v in rows.items() if k[1] == period and k[2] == est for f in v]
            if not runs_:
                continue
            cells = ["(mean)", period_name(period), est if est != "true" else "true-freq"]
            for _, _, m, s_, pct in COLUMNS:
                vals = [f.get((m, s_), (math.nan,))[0] for f in runs_]
                vals = [v for v in vals if not math.isnan(v)]
                cells.append(fmt([sum(vals) / len(vals)], pct) if vals else "-")
            table.append(cells)
    width = [max(len(str(r[i])) for r in table + [head]) for i in range(len(head))]
    line = lambda cells: "  ".join(
        (str(c).ljust(width[i]) if i < 3 else str(c).rjust(width[i])) for i, c in enumerate(cells))
    print("Estimates against the truth (dcpiaccuracy on each program's image; percent of its")
    print("CYCLES samples; a range is the lowest and highest over the seeds)")
    print(line(head))
    prev = None
    for r in table:
        if prev and r[0] != prev:
            print()
        prev = r[0]
        print(line(r))
    print()
    print("freq<=N%, CPI<=N%: samples at instructions whose estimated executions (CPI) are")
    print("within N% of the truth; cover: samples at medium confidence or better; recall:")
    print("true dynamic stall cycles whose cause was listed; prec: listed culprits that")
    print("had true stall cycles; whatcg pp: the largest dcpiwhatcg category error in")
    print("percentage points; samples: CYCLES samples in the image.  (mean): each figure's")
    print("mean over every workload and seed at that period")

    # ---- the accuracy targets (docs/accuracy.md) -------------------------
    print()
    print(f"The accuracy targets, on runs with {TARGET_SAMPLES} or more samples "
          "(at medium confidence or better:")
    print("freq within 10% for 90% of the samples, CPI within 10% for 85%; recall 90%; every")
    print("category within 3 points): runs meeting each")
    targets = [("freq10_med", 0.90, ">="), ("cpi10_med", 0.85, ">="),
               ("recall", 0.90, ">="), ("wcg", 3.0, "<=")]
    for est in ESTS:
        big = [r for r in results if r["estimator"] == est and r["samples"] >= TARGET_SAMPLES]
        if not big:
            print(f"  {est:9s} no run has {TARGET_SAMPLES} samples")
            continue
        parts = []
        for col, x, op in targets:
            n = sum(1 for r in big if (r[col] >= x if op == ">=" else r[col] <= x))
            parts.append(f"{col} {n}/{len(big)}")
        print(f"  {est:9s} " + ", ".join(parts) +
              "  (" + ", ".join(sorted({f"{r['workload']}@{period_name(r['period'])}"
                                        for r in big})) + ")")

    # ---- results.csv -------------------------------------------------------
    cols = ["workload", "period", "seed", "estimator"] + [c[0] for c in COLUMNS] + \
        [c[0] for c in EXTRA]
    with open(os.path.join(OUT, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for r in results:
            w.writerow([r[c] if not isinstance(r[c], float) else f"{r[c]:.6g}" for c in cols])

    # ---- plot data ---------------------------------------------------------
    grid = [10 ** (-4 + i / 25) for i in range(0, 25 * 7 + 1)]  # 1e-4 .. 1e3
    periods = sorted({k[1] for k in cdf})
    for (est, period), pts in cdf.items():
        pts.sort()
        total = sum(w for _, w in pts)
        with open(os.path.join(PLOTS, f"cdf.{est}.{period}.dat"), "w") as f:
            f.write("# |relative frequency error|  share of samples at or below it\n")
            acc, i = 0.0, 0
            for x in grid:
                while i < len(pts) and pts[i][0] <= x:
                    acc += pts[i][1]
                    i += 1
                f.write(f"{x:.6g} {acc / total if total else 0:.6g}\n")
    for est, pts in scatter.items():
        with open(os.path.join(PLOTS, f"scatter.{est}.dat"), "w") as f:
            f.write("# true CPI, estimated CPI, CYCLES samples\n")
            for t, e, w in pts:
                f.write(f"{t:.6g} {e:.6g} {w:g}\n")
    names = [n for n in order if n in breakdown]
    for name in names:
        by = breakdown[name]
        cats = next(iter(by.values()))
        with open(os.path.join(PLOTS, f"breakdown.{name}.dat"), "w") as f:
            f.write("# category; per estimator its range's middle, low, high; the truth\n")
            for i, c in enumerate(cats):
                vals = [by[e][i] for e in ESTS if e in by]
                if max(max(num(v["est_hi_pct"]), num(v["true_pct"])) for v in vals) < 0.5:
                    continue
                f.write('"%s"' % c["label"])
                for v in vals:
                    lo, hi = num(v["est_lo_pct"]), num(v["est_hi_pct"])
                    f.write(f" {(lo + hi) / 2:.4f} {lo:.4f} {hi:.4f}")
                f.write(f" {num(c['true_pct']):.4f}\n")
    with open(os.path.join(PLOTS, "vars.gp"), "w") as f:
        f.write(f'ests = "{" ".join(ESTS)}"\n')
        f.write(f'cdfests = "{" ".join(e for e in ESTS if e != "true")}"\n')
        f.write(f'periods = "{" ".join(str(p) for p in periods)}"\n')
        f.write(f'names = "{" ".join(names)}"\n')
        f.write(f'refperiod = "{period_name(ref)}"\n')

    # ---- failures ------------------------------------------------------------
    if failures:
        print()
        print(f"FAILED: {len(failures)} run(s):")
        for name, period, seed, why in failures:
            print(f"  {name} period {period} seed {seed}: {why}")
    return 1 if failures or not results else 0


if __name__ == "__main__":
    sys.exit(main())

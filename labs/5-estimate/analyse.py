#!/usr/bin/env python3
"""Lab 5's numbers.

usage: analyse.py OUTDIR RUN...
    RUN names OUTDIR/calc-RUN.csv (dcpicalc --csv --truth of the
    procedure) and OUTDIR/true-RUN.csv (the same with --true-freq).
    Writes OUTDIR/error.csv, one row per run: the procedure's CYCLES
    samples, the error of the frequency estimates, of the CPI estimates,
    and of the CPI with the truth's frequencies (each the mean relative
    error over the procedure's instructions, weighted by their share of
    the truth's cycles), and a fitted c/sqrt(samples) for the last; and
    OUTDIR/confidence.csv: per confidence level (dcpicalc's h, m, l), the
    instructions and the mean relative error of their frequency
    estimates, over every run.  Prints both.
"""
import collections, csv, math, os, sys

out, runs = sys.argv[1], sys.argv[2:]

def load(name):
    return list(csv.DictReader(open(os.path.join(out, name))))

def num(s):
    try:
        v = float(s)
    except ValueError:
        return None
    return None if math.isnan(v) else v

def weighted(rows, est, true):
    """Mean of |est - true| / true, weighted by the truth's cycles."""
    tot = err = 0.0
    for r in rows:
        e, t, w = num(r[est]), num(r[true]), num(r["true_head"])
        if e is None or not t or not w:
            continue
        tot += w
        err += w * abs(e - t) / t
    return err / tot if tot else float("nan")

table, conf = [], collections.defaultdict(list)
for run in runs:
    calc, true = load("calc-%s.csv" % run), load("true-%s.csv" % run)
    n = sum(int(r["samples_cycles"]) for r in calc)
    table.append(dict(run=run, samples=n,
                      freq_error=weighted(calc, "freq", "true_count"),
                      cpi_error=weighted(calc, "cpi", "true_cpi"),
                      cpi_error_true_freq=weighted(true, "cpi", "true_cpi")))
    for r in calc:
        f, t = num(r["freq"]), num(r["true_count"])
        if f is not None and t:
            conf[r["conf"]].append(abs(f - t) / t)
# c / sqrt(n) through the points (least squares in log space: c is the
# geometric mean of error * sqrt(n))
pts = [t for t in table if t["cpi_error_true_freq"] > 0]
c = math.exp(sum(math.log(t["cpi_error_true_freq"] * math.sqrt(t["samples"])) for t in pts) / len(pts))
for t in table:
    t["fit"] = c / math.sqrt(t["samples"])

with open(os.path.join(out, "error.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["run", "samples", "freq_error", "cpi_error", "cpi_error_true_freq", "fit"])
    for t in sorted(table, key=lambda t: t["samples"]):
        w.writerow([t["run"], t["samples"]] + ["%.4f" % t[k] for k in
                   ("freq_error", "cpi_error", "cpi_error_true_freq", "fit")])
with open(os.path.join(out, "confidence.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["conf", "instructions", "freq_error"])
    for k in sorted(conf):
        w.writerow([k, len(conf[k]), "%.4f" % (sum(conf[k]) / len(conf[k]))])

print("%-12s %8s %10s %10s %14s %8s" % ("run", "samples", "freq err", "cpi err",
                                        "cpi err (tf)", "c/sqrtn"))
for t in sorted(table, key=lambda t: t["samples"]):
    print("%-12s %8d %10.4f %10.4f %14.4f %8.4f" % (t["run"], t["samples"], t["freq_error"],
          t["cpi_error"], t["cpi_error_true_freq"], t["fit"]))
print("\nconfidence  instructions  freq err")
for k in sorted(conf):
    print("%-10s %13d %9.4f" % (k, len(conf[k]), sum(conf[k]) / len(conf[k])))

#!/usr/bin/env python3
"""tests/realprogs_profile.py STATS DB BUILDDIR STEP: where one profiled
run's samples landed, against the simulator's ground truth of the same
run (tests/realprogs_lib.sh; docs/testing.md, "Real programs").

STATS is the run's --stats file, DB its --profile database (the truth is
DB.truth), BUILDDIR the build tree (analysis/dcpiprof, analysis/truthcsv).
Prints nothing when the samples are right, else one ';'-terminated
reason per problem, each starting with " step STEP:":
  - the dcpi object's conservation (every delivered sample is in the
    database, unknown, or counted as dropped);
  - at most UNKNOWN_PCT percent of the samples unknown (placed in no
    image);
  - outside the kernel (where the program's own work is), each image's
    share of the samples within TOLERANCE plus three standard errors of
    its share of the true head cycles, for every image holding
    SHARE_MIN of either; checked when there are MIN_SAMPLES such samples
    or more (unknown samples count among them, with a true share of 0).
"""
import csv
import io
import json
import math
import subprocess
import sys

UNKNOWN_PCT = 2.0
MIN_SAMPLES = 200
SHARE_MIN = 0.05
TOLERANCE = 0.05
KERNEL = "/boot/minios.elf"


def lines(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def main():
    stats, db, builddir, step = sys.argv[1:5]
    problems = []
    d = json.load(open(stats))["dcpi"]
    if not d["conserved"]:
        problems.append("samples not conserved")
    if d["samples_unknown"] * 100 > UNKNOWN_PCT * d["samples_delivered"]:
        problems.append("%d of %d samples unknown" % (d["samples_unknown"], d["samples_delivered"]))

    samples = {}
    for r in lines([builddir + "/analysis/dcpiprof", "--db", db, "--csv"]):
        if r["image"] not in ("total", KERNEL):
            samples[r["image"]] = int(r["cycles"])
    # truthcsv's rows (a hundred thousand): head_cycles is the fourth
    # column, the image the last but one (paths hold no commas)
    truth = {}
    out = subprocess.run([builddir + "/analysis/truthcsv", db + ".truth"],
                         capture_output=True, text=True, check=True).stdout
    for row in out.splitlines()[1:]:
        img = row.rsplit(",", 2)[1]
        if img != KERNEL:
            truth[img] = truth.get(img, 0) + int(row.split(",", 4)[3])
    n, t = sum(samples.values()), sum(truth.values())
    if n >= MIN_SAMPLES and t > 0:
        for img in sorted(set(samples) | set(truth)):
            p, q = samples.get(img, 0) / n, truth.get(img, 0) / t
            if max(p, q) < SHARE_MIN:
                continue
            if abs(p - q) > TOLERANCE + 3 * math.sqrt(max(q * (1 - q), 1e-4) / n):
                problems.append("%s has %.1f%% of the %d user samples, %.1f%% of the true cycles"
                                % (img.rsplit("/", 1)[-1], 100 * p, n, 100 * q))
    sys.stdout.write("".join(" step %s: %s;" % (step, x) for x in problems))


if __name__ == "__main__":
    main()

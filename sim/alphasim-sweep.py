#!/usr/bin/env python3
"""alphasim-sweep - run the cross product of a sweep spec (docs/sweeps.md).

  alphasim-sweep [-j N] [-o DIR] SPEC                    on this machine, with GNU parallel
  alphasim-sweep --slurm [-o DIR] SPEC [-- SBATCH-OPTIONS...]   as a Slurm job array
  alphasim-sweep --collect DIR                           the table of DIR's runs again

SPEC, one directive a line ('#' starts a comment):

  program NAME PATH [ARGS...]   a Linux/Alpha program and its arguments (PATH
                                relative to the spec's directory, or absolute)
  param KEY VALUE...            a machine parameter (alphasim --print-config)
                                and the values it takes
  seed N...                     the sampling driver's seeds (alphasim --seed)
  events LIST...                event lists, each as alphasim --events takes it
  option ARG...                 more alphasim options for every run (--cpus 2)

Every combination of a program, a value of each parameter, a seed and an
event list is one run of `alphasim -q --profile`.  Each run's directory
DIR/runs/ID holds its command, output, stats (stats.json), database
(db/) and truth (db.truth), the truth's summary (truth.txt: truthcsv
--summary), and the accuracy figures of the program's image
(accuracy.csv: dcpiaccuracy --csv); DIR/runs.csv is one row per run.
A finished run is not run again: a sweep interrupted and started again
does what is left (and the runs that failed).  Exit status: 0 when every
run succeeded, 1 when some failed (the table marks them), 2 for a bad
spec or command line (before any run starts).
"""
import argparse
import csv
import itertools
import json
import os
import shlex
import shutil
import subprocess
import sys

PROG = "alphasim-sweep"
HERE = os.path.dirname(os.path.abspath(__file__))
# The figures of dcpiaccuracy --csv copied into the table: (metric, subset).
ACC_FIGURES = [("freq_within_10", "all"), ("cpi_within_10", "all"),
               ("cpi_mean_abs_error", "all"), ("culprit_recall", "all"),
               ("culprit_precision", "all"), ("whatcg_error_pp", "max"),
               ("samples", "all")]
TRUTH_KEYS = ["cycles", "instructions", "balance"]


class SpecError(Exception):
    pass


def die(msg, status=2):
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(status)


def tool(name, subdir, env):
    """A program of alphasim's: $ENV, beside this script (installed), or in
    the build tree (sim/ and analysis/ side by side), or on PATH."""
    if os.environ.get(env):
        return os.path.abspath(os.environ[env])
    for d in (HERE, os.path.join(HERE, "..", subdir)):
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return os.path.abspath(p)
    p = shutil.which(name)
    if p:
        return p
    die(f"{name} not found beside {HERE}, in ../{subdir} or on PATH (set ${env})")


# ---- the spec ---------------------------------------------------------------

def machine_params(alphasim):
    out = subprocess.run([alphasim, "--print-config"], capture_output=True, text=True)
    if out.returncode:
        die(f"{alphasim} --print-config failed: {out.stderr.strip()}")
    return {line.split("=")[0].strip() for line in out.stdout.splitlines() if "=" in line}


def read_spec(path, alphasim):
    try:
        text = open(path).read()
    except OSError as e:
        raise SpecError(f"{path}: {e.strerror}")
    base = os.path.dirname(os.path.abspath(path))
    known = machine_params(alphasim)
    spec = {"programs": [], "params": [], "seeds": [], "events": [], "options": []}
    for n, line in enumerate(text.splitlines(), 1):
        words = shlex.split(line, comments=True)
        if not words:
            continue
        where = f"{path}:{n}"
        key, args = words[0], words[1:]
        if key == "program":
            if len(args) < 2:
                raise SpecError(f"{where}: program NAME PATH [ARGS...]")
            name, prog = args[0], os.path.join(base, args[1])
            if not name.replace("_", "").replace("-", "").isalnum():
                raise SpecError(f"{where}: program name '{name}': letters, digits, - and _ only")
            if any(p["name"] == name for p in spec["programs"]):
                raise SpecError(f"{where}: program '{name}' given twice")
            if not os.path.isfile(prog):
                raise SpecError(f"{where}: program '{name}': no file {prog}")
            spec["programs"].append({"name": name, "path": prog, "args": args[2:]})
        elif key == "param":
            if len(args) < 2:
                raise SpecError(f"{where}: param KEY VALUE...")
            if args[0] not in known:
                raise SpecError(f"{where}: unknown parameter '{args[0]}' "
                                "(alphasim --print-config lists them)")
            if any(p[0] == args[0] for p in spec["params"]):
                raise SpecError(f"{where}: parameter '{args[0]}' given twice")
            spec["params"].append((args[0], args[1:]))
        elif key in ("seed", "events", "option"):
            if not args:
                raise SpecError(f"{where}: {key} needs a value")
            if key == "seed" and not all(a.isdigit() and int(a) > 0 for a in args):
                raise SpecError(f"{where}: seed: positive decimal numbers")
            spec[{"seed": "seeds", "events": "events", "option": "options"}[key]] += args
        else:
            raise SpecError(f"{where}: unknown directive '{key}' "
                            "(program, param, seed, events, option)")
    if not spec["programs"]:
        raise SpecError(f"{path}: no program")
    return spec


def plan(spec):
    """The runs, in a fixed order: programs, then each parameter's values,
    then seeds, then event lists."""
    names = [k for k, _ in spec["params"]]
    runs = []
    combos = itertools.product(spec["programs"], itertools.product(*[v for _, v in spec["params"]]),
                               spec["seeds"] or [None], spec["events"] or [None])
    for i, (prog, values, seed, events) in enumerate(combos):
        runs.append({"id": f"{i + 1:04d}-{prog['name']}", "program": prog["name"],
                     "path": prog["path"], "args": prog["args"],
                     "params": dict(zip(names, values)), "seed": seed, "events": events})
    return {"params": names, "options": spec["options"], "runs": runs}


# ---- one run ------------------------------------------------------------------

def command(p, r):
    cmd = [p["tools"]["alphasim"], "-q", "--profile=db", "--stats", "stats.json"]
    for k, v in r["params"].items():
        cmd += ["-c", f"{k}={v}"]
    if r["seed"]:
        cmd += ["--seed", r["seed"]]
    if r["events"]:
        cmd += ["--events", r["events"]]
    return cmd + p["options"] + [r["path"]] + r["args"]


def run_env():
    """The runs' environment, the same wherever they run: the guest program
    gets alphasim's, and GNU parallel's or Slurm's variables (a job's
    number) would move its stack and change its cycles."""
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
    env.update({k: v for k, v in os.environ.items() if k in ("ALPHASIM_MINIOS", "ALPHASIM_DCPID")})
    return env


def run_one(results, index):
    """Run index of the plan in DIR/runs/.ID.tmp, renamed to DIR/runs/ID
    when it ends, its status (ok or failed: why) in its status file."""
    p = load_plan(results)
    r = p["runs"][index]
    final = os.path.join(results, "runs", r["id"])
    if finished(final):
        return 0
    tmp = os.path.join(results, "runs", "." + r["id"] + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    cmd = command(p, r)
    with open(os.path.join(tmp, "cmd"), "w") as f:
        f.write(shlex.join(cmd) + "\n")
    status = "ok"

    def step(argv, out, what):
        nonlocal status
        with open(os.path.join(tmp, out), "w") as o, \
                open(os.path.join(tmp, out + ".err"), "w") as e:
            rc = subprocess.run(argv, cwd=tmp, stdout=o, stderr=e, env=run_env()).returncode
        if rc and status == "ok":
            status = f"failed: {what} exited {rc}"
        return rc

    rc = step(cmd, "out.txt", "alphasim")
    with open(os.path.join(tmp, "exit"), "w") as f:
        f.write(f"{rc}\n")
    if status == "ok":
        step([p["tools"]["truthcsv"], "--summary", "db.truth"], "truth.txt", "truthcsv")
        step([p["tools"]["dcpiaccuracy"], "-db", "db", "--truth", "db.truth", "--csv",
              os.path.basename(r["path"])], "accuracy.csv", "dcpiaccuracy")
    with open(os.path.join(tmp, "status"), "w") as f:
        f.write(status + "\n")
    shutil.rmtree(final, ignore_errors=True)
    os.rename(tmp, final)
    return 0 if status == "ok" else 1


def finished(rundir):
    try:
        return open(os.path.join(rundir, "status")).read().strip() == "ok"
    except OSError:
        return False


# ---- the table ----------------------------------------------------------------

def read_kv(path):
    try:
        return dict(line.strip().split("=", 1) for line in open(path) if "=" in line)
    except OSError:
        return {}


def row(results, p, r):
    d = os.path.join(results, "runs", r["id"])
    out = {"run": r["id"], "program": r["program"], "args": " ".join(r["args"])}
    out.update({k: r["params"][k] for k in p["params"]})
    out.update({"seed": r["seed"] or "", "events": r["events"] or ""})
    try:
        status = open(os.path.join(d, "status")).read().strip()
    except OSError:
        status = "not run"
    try:
        out["exit"] = open(os.path.join(d, "exit")).read().strip()
    except OSError:
        out["exit"] = ""
    out["status"] = status
    try:
        total = json.load(open(os.path.join(d, "stats.json")))["total"]
        out["cycles"], out["instructions"] = total["cycles"], total["instructions"]
        out["cpi"] = f"{total['cycles'] / total['instructions']:.4f}" if total["instructions"] else ""
    except (OSError, ValueError, KeyError):
        out.update({"cycles": "", "instructions": "", "cpi": ""})
    truth = read_kv(os.path.join(d, "truth.txt"))
    for k in TRUTH_KEYS:
        out["truth_" + k] = truth.get(k, "")
    acc = {}
    try:
        for f in csv.DictReader(open(os.path.join(d, "accuracy.csv"))):
            acc[(f["metric"], f["subset"])] = f["value"]
    except (OSError, KeyError):
        pass
    for m, s in ACC_FIGURES:
        out[f"acc_{m}_{s}"] = acc.get((m, s), "")
    out["dir"] = os.path.join("runs", r["id"])
    return out


def collect(results):
    """DIR/runs.csv from the runs' directories (written whole: a temporary
    file renamed); 0 when every run succeeded, else 1."""
    p = load_plan(results)
    rows = [row(results, p, r) for r in p["runs"]]
    tmp = os.path.join(results, ".runs.csv.tmp")
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    os.rename(tmp, os.path.join(results, "runs.csv"))
    bad = [x for x in rows if x["status"] != "ok"]
    print(f"{PROG}: {len(rows) - len(bad)} of {len(rows)} runs succeeded; "
          f"the table: {os.path.join(results, 'runs.csv')}", file=sys.stderr)
    for x in bad:
        print(f"{PROG}: run {x['run']}: {x['status']} (see {os.path.join(results, x['dir'])})",
              file=sys.stderr)
    return 1 if bad else 0


# ---- the sweep ----------------------------------------------------------------

def load_plan(results):
    try:
        return json.load(open(os.path.join(results, "plan.json")))
    except (OSError, ValueError) as e:
        die(f"{results}: not a sweep's results directory ({e})")


def save_plan(results, p):
    """The plan goes into DIR once; a DIR holding another sweep's plan is
    refused, so that runs of two specs never mix."""
    path = os.path.join(results, "plan.json")
    text = json.dumps(p, indent=1, sort_keys=True) + "\n"
    if os.path.exists(path):
        old = load_plan(results)
        if {k: v for k, v in old.items() if k != "tools"} != \
                {k: v for k, v in p.items() if k != "tools"}:
            die(f"{results}: holds another sweep's runs (its plan.json differs); "
                "give another -o DIR")
    os.makedirs(os.path.join(results, "runs"), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.rename(path + ".tmp", path)


def local(results, todo, jobs):
    par = shutil.which("parallel")
    if not par:
        die("GNU parallel not found (Debian's parallel package; or --slurm)")
    me = os.path.abspath(__file__)
    # -q: the command as words, not through a shell (DIR may hold spaces)
    argv = [par, "--will-cite", "-q", "-j", str(jobs), "--halt", "never",
            "--joblog", os.path.join(results, "parallel.log"),
            sys.executable, me, "--run-one", results, "{}", ":::"] + [str(i) for i in todo]
    subprocess.run(argv)
    return collect(results)


def ranges(ids):
    """Slurm's array list: "0-23", "2,16", "0-4,7-9"."""
    out, start = [], None
    for k, i in enumerate(ids):
        if start is None:
            start = i
        if k + 1 == len(ids) or ids[k + 1] != i + 1:
            out.append(f"{start}-{i}" if i > start else str(i))
            start = None
    return ",".join(out)


def slurm(results, todo, sbatch_opts):
    sb = shutil.which("sbatch")
    if not sb:
        die("sbatch not found: Slurm's client commands are needed for --slurm")
    me = os.path.abspath(__file__)
    logs = os.path.join(results, "slurm")
    os.makedirs(logs, exist_ok=True)
    script = os.path.join(results, "sweep.sbatch")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n"
                f"#SBATCH --job-name={PROG}\n"
                f"#SBATCH --output={logs}/run-%A_%a.out\n"
                f"exec {shlex.quote(sys.executable)} {shlex.quote(me)} --run-one "
                f"{shlex.quote(results)} \"$SLURM_ARRAY_TASK_ID\"\n")
    array = ranges(todo)

    def submit(argv):
        out = subprocess.run([sb, "--parsable"] + sbatch_opts + argv, capture_output=True,
                             text=True)
        if out.returncode:
            die(f"sbatch failed: {out.stderr.strip()}", 1)
        return out.stdout.strip().split(";")[0]

    job = submit([f"--array={array}", script])
    coll = submit([f"--dependency=afterany:{job}", f"--job-name={PROG}-collect",
                   f"--output={logs}/collect.out",
                   "--wrap", shlex.join([sys.executable, me, "--collect", results])])
    print(f"{PROG}: {len(todo)} runs submitted as Slurm job array {job}; job {coll} writes "
          f"the table {os.path.join(results, 'runs.csv')} when they end "
          f"(its messages: {logs}/collect.out)", file=sys.stderr)
    return 0


def main(argv):
    if argv[:1] == ["--run-one"] and len(argv) == 3:
        return run_one(os.path.abspath(argv[1]), int(argv[2]))
    if argv[:1] == ["--collect"] and len(argv) == 2:
        return collect(os.path.abspath(argv[1]))
    sbatch_opts = []
    if "--" in argv:
        k = argv.index("--")
        argv, sbatch_opts = argv[:k], argv[k + 1:]
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec", metavar="SPEC")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="runs at a time on this machine (default: the core count)")
    ap.add_argument("-o", "--output", metavar="DIR",
                    help="the results directory (default: SPEC's name with .results)")
    ap.add_argument("--slurm", action="store_true",
                    help="submit the runs as a Slurm job array (sbatch options after --)")
    a = ap.parse_args(argv)
    if a.jobs < 1:
        die(f"-j {a.jobs}: at least 1")
    if sbatch_opts and not a.slurm:
        die("options after -- are sbatch's: they need --slurm")
    tools = {"alphasim": tool("alphasim", "sim", "ALPHASIM"),
             "dcpiaccuracy": tool("dcpiaccuracy", "analysis", "DCPIACCURACY"),
             "truthcsv": tool("truthcsv", "analysis", "TRUTHCSV")}
    try:
        spec = read_spec(a.spec, tools["alphasim"])
    except SpecError as e:
        die(str(e))
    p = plan(spec)
    p["tools"] = tools
    results = os.path.abspath(a.output or os.path.splitext(a.spec)[0] + ".results")
    save_plan(results, p)
    todo = [i for i, r in enumerate(p["runs"])
            if not finished(os.path.join(results, "runs", r["id"]))]
    print(f"{PROG}: {len(p['runs'])} runs, {len(p['runs']) - len(todo)} already done, "
          f"results in {results}", file=sys.stderr)
    if not todo:
        return collect(results)
    return slurm(results, todo, sbatch_opts) if a.slurm else local(results, todo, a.jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

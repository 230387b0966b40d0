#!/usr/bin/env python3
"""alphasim-sweep - run the cross product of a sweep spec (docs/sweeps.md).

  alphasim-sweep [-j N] [-o DIR] [--wait] SPEC          on this machine, with GNU parallel
  alphasim-sweep --slurm [-o DIR] [--wait] SPEC [-- SBATCH-OPTIONS...]   as a Slurm job array
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
DIR/runs/ID holds its command, output, stats (stats.json), truth
(db.truth), the truth's summary (truth.txt: truthcsv --summary), the
accuracy figures of the program's image (accuracy.csv: dcpiaccuracy
--csv), and the guest's own tree (guest/: its root, with the database
guest/db/); DIR/runs.csv is one row per run.  A finished run is not run
again: a sweep interrupted and started again does what is left (and the
runs that failed).  One sweep at a time uses DIR: another is refused
(or, with --wait, waits).  Exit status: 0 when every run succeeded, 1
when some failed (the table marks them), 2 for a bad spec or command
line or a DIR in use (before any run starts).
"""
import argparse
import csv
import errno
import fcntl
import io
import itertools
import json
import os
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile

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


# ---- files ----------------------------------------------------------------------
# A run's guest owns its own tree and nothing else (docs/sweeps.md, "What
# a guest can reach"), but a results directory may come from an older
# sweep whose guests could reach it: what the sweep reads or writes in a
# run's directory never follows a symbolic link nor opens a FIFO or a
# device, and what it reads is bounded.

READ_LIMIT = 16 << 20   # the largest of a run's files the sweep reads (a stats file: KBs)


def open_dir(path, dirfd=None):
    """The directory path (relative to dirfd), refusing a link."""
    return os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                   dir_fd=dirfd)


def read_small(name, dirfd=None, limit=READ_LIMIT):
    """The text of regular file name (relative to dirfd): OSError for a
    link, a FIFO, a device, a directory or a file over limit bytes."""
    fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dirfd)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", name)
        data = b""
        while len(data) <= limit:
            chunk = os.read(fd, limit + 1 - len(data))
            if not chunk:
                return data.decode("utf-8", "replace")
            data += chunk
        raise OSError(errno.EFBIG, f"longer than {limit} bytes", name)
    finally:
        os.close(fd)


def create(name, dirfd):
    """A new file name in dirfd, for writing: never an existing name, so
    never through a link (O_EXCL)."""
    return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                   0o644, dir_fd=dirfd)


def write_new(name, dirfd, text):
    with os.fdopen(create(name, dirfd), "w") as f:
        f.write(text)


def replace_file(path, text):
    """path written whole: an exclusive temporary file beside it, renamed
    over it (rename replaces a link, never writes through it)."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix="." + os.path.basename(path) + ".")
    try:
        with os.fdopen(fd, "w", newline="") as f:
            f.write(text)
        os.rename(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


DEEP = 64


def remove_tree(path):
    """path and everything below it, gone, without recursion (a guest may
    have made its tree deep) and without following a link; a directory a
    guest left closed to its owner (chmod 0) is opened up first.  The
    guest has ended, so the tree no longer changes.  At most DEEP
    directories are open at once: below that depth the rest of the tree
    is moved up beside the top one and removed from there, so that no
    depth runs out of descriptors."""
    try:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            os.unlink(path)
            return
    except FileNotFoundError:
        return

    def enter(name, dirfd):
        try:
            fd = open_dir(name, dirfd)
        except PermissionError:
            os.chmod(name, 0o700, dir_fd=dirfd)   # a directory, not a link: the scan said so
            fd = open_dir(name, dirfd)
        if stat.S_IMODE(os.fstat(fd).st_mode) & 0o700 != 0o700:
            os.fchmod(fd, 0o700)
        return fd
    stack = [(enter(path, None), None, None)]
    moved = 0
    try:
        while stack:
            fd, parent, name = stack[-1]
            sub = None
            with os.scandir(fd) as it:
                for e in it:
                    if e.is_dir(follow_symlinks=False):
                        sub = e.name
                        break
                    os.unlink(e.name, dir_fd=fd)
            if sub is not None and len(stack) >= DEEP:
                moved += 1
                try:
                    os.rename(sub, f".deep-{moved}", src_dir_fd=fd, dst_dir_fd=stack[0][0])
                except OSError as e:
                    if e.errno not in (errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR):
                        raise
                continue
            if sub is not None:
                stack.append((enter(sub, fd), fd, sub))
                continue
            stack.pop()
            os.close(fd)
            if parent is not None:
                os.rmdir(name, dir_fd=parent)
    finally:
        for fd, _, _ in stack:
            os.close(fd)
    os.rmdir(path)


# ---- the lock -----------------------------------------------------------------------

LOCK = ".lock"


def lock(results, shared=False, wait=False):
    """flock(2) on DIR/.lock, held until the process ends: exclusive for a
    sweep, shared for a Slurm job's run or a --collect (docs/sweeps.md,
    "One sweep at a time").  Busy: one line and status 2, or with wait a
    line saying so, then waiting."""
    path = os.path.join(results, LOCK)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            die(f"{path}: not a regular file")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    kind = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
        return fd
    except BlockingIOError:
        if not wait:
            die(f"{results}: another alphasim-sweep is using it (its lock {LOCK} is held); "
                "try again when it ends, or give --wait or another -o DIR")
    print(f"{PROG}: {results}: waiting for another alphasim-sweep to finish with it",
          file=sys.stderr)
    fcntl.flock(fd, kind)
    return fd


def lock_run(runs, rid):
    """The run's own lock (runs/.ID.lock), exclusive, not waiting: None
    when another worker runs it (a Slurm array submitted twice)."""
    fd = os.open("." + rid + ".lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                 0o644, dir_fd=runs)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return fd
    except BlockingIOError:
        os.close(fd)
        return None


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


SPEC_LIMIT = 1 << 20    # a spec is a few lines; more is no spec (/dev/zero)


def spec_lines(path):
    """The spec's lines, as text: a regular file or a pipe, UTF-8, no NUL
    byte, at most SPEC_LIMIT bytes; else SpecError naming the file (and
    the line)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError as e:
        raise SpecError(f"{path}: {e.strerror}")
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise SpecError(f"{path}: a directory, not a spec")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise SpecError(f"{path}: not a regular file or a pipe")
        data = b""
        while len(data) <= SPEC_LIMIT:
            chunk = os.read(fd, SPEC_LIMIT + 1 - len(data))
            if not chunk:
                break
            data += chunk
    except OSError as e:
        raise SpecError(f"{path}: {e.strerror}")
    finally:
        os.close(fd)
    if len(data) > SPEC_LIMIT:
        raise SpecError(f"{path}: longer than {SPEC_LIMIT} bytes: not a spec")
    lines = data.split(b"\n")
    for n, raw in enumerate(lines, 1):
        if b"\0" in raw:
            raise SpecError(f"{path}:{n}: a NUL byte: not a text file")
        try:
            yield n, raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SpecError(f"{path}:{n}: not UTF-8 text (byte 0x{raw[e.start]:02x} "
                            f"at column {e.start + 1})")


def read_spec(path, alphasim):
    base = os.path.dirname(os.path.abspath(path))
    lines = list(spec_lines(path))
    known = machine_params(alphasim)
    spec = {"programs": [], "params": [], "seeds": [], "events": [], "options": []}
    for n, line in lines:
        where = f"{path}:{n}"
        try:
            words = shlex.split(line, comments=True)
        except ValueError as e:     # shlex: "No closing quotation", "No escaped character"
            raise SpecError(f"{where}: {str(e)[0].lower()}{str(e)[1:]}")
        if not words:
            continue
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
            if key == "seed" and not all(a.isascii() and a.isdigit() and 0 < int(a) < 1 << 64
                                         for a in args):
                raise SpecError(f"{where}: seed: decimal numbers from 1 to 2^64-1")
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

GUEST = "guest"     # a run's guest's tree, its --root and working directory


def command(p, r):
    """alphasim's command, run in the run's guest/: the guest's root is
    that directory, which holds nothing of the sweep's, and the database
    is at /db there (a fixed guest path: a run's cycles must not depend on
    where DIR is); the stats and the truth go beside guest/, out of the
    guest's reach (alphasim writes them itself, after the run)."""
    cmd = [p["tools"]["alphasim"], "-q", "--root", ".", "--profile=db",
           "--truth", "../db.truth", "--stats", "../stats.json"]
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


def run_one(results, index, locked):
    """Run index of the plan in DIR/runs/.ID.tmp, renamed to DIR/runs/ID
    when it ends, its status (ok or failed: why) in its status file.
    locked: the sweep that started this holds DIR's lock; else (a Slurm
    job) take it shared, so that no sweep starts on DIR meanwhile."""
    p = load_plan(results)
    r = p["runs"][index]
    if not locked:
        lock(results, shared=True, wait=True)
    runs = open_dir(os.path.join(results, "runs"))
    if lock_run(runs, r["id"]) is None:
        print(f"{PROG}: run {r['id']}: another worker runs it", file=sys.stderr)
        return 0
    if finished(runs, r["id"]):
        return 0
    tmpname = "." + r["id"] + ".tmp"
    tmp = os.path.join(results, "runs", tmpname)
    try:
        remove_tree(tmp)
        os.mkdir(tmpname, 0o755, dir_fd=runs)
        d = open_dir(tmpname, runs)
        os.mkdir(GUEST, 0o755, dir_fd=d)
    except OSError as e:
        die(f"{tmp}: {e.strerror}", 1)
    cmd = command(p, r)
    write_new("cmd", d, shlex.join(cmd) + "\n")
    status = "ok"

    def step(argv, out, what, cwd):
        nonlocal status
        o, e = create(out, d), create(out + ".err", d)
        try:
            rc = subprocess.run(argv, cwd=cwd, stdout=o, stderr=e, env=run_env()).returncode
        finally:
            os.close(o)
            os.close(e)
        if rc and status == "ok":
            status = f"failed: {what} exited {rc}"
        return rc

    rc = step(cmd, "out.txt", "alphasim", os.path.join(tmp, GUEST))
    write_new("exit", d, f"{rc}\n")
    if status == "ok":
        step([p["tools"]["truthcsv"], "--summary", "db.truth"], "truth.txt", "truthcsv", tmp)
        # --root /: the program is outside the guest's root, where alphasim
        # mounts it at its own host path (docs/usage.md, "Profiling"), so
        # its image is found at that path, never as a file the guest made
        step([p["tools"]["dcpiaccuracy"], "-db", os.path.join(GUEST, "db"), "--truth", "db.truth",
              "--root", "/", "--csv", os.path.basename(r["path"])],
             "accuracy.csv", "dcpiaccuracy", tmp)
    write_new("status", d, status + "\n")
    os.close(d)
    final = os.path.join(results, "runs", r["id"])
    try:
        remove_tree(final)
        os.rename(tmp, final)
    except OSError as e:
        die(f"{final}: {e.strerror}", 1)
    return 0 if status == "ok" else 1


def finished(runs, rid):
    """Run rid (in the directory runs) ended well: its status file, a
    regular file, says ok."""
    try:
        d = open_dir(rid, runs)
    except OSError:
        return False
    try:
        return read_small("status", d, 4096).strip() == "ok"
    except OSError:
        return False
    finally:
        os.close(d)


# ---- the table ----------------------------------------------------------------

def read_kv(text):
    return dict(line.strip().split("=", 1) for line in text.splitlines() if "=" in line)


def run_files(runs, rid):
    """A run's files the table takes, as text (None when missing, a link,
    not a regular file or too long)."""
    out = dict.fromkeys(("status", "exit", "stats.json", "truth.txt", "accuracy.csv"))
    try:
        d = open_dir(rid, runs)
    except OSError:
        return out
    try:
        for name in out:
            try:
                out[name] = read_small(name, d)
            except OSError:
                pass
    finally:
        os.close(d)
    return out


def row(runs, p, r):
    f = run_files(runs, r["id"])
    out = {"run": r["id"], "program": r["program"], "args": " ".join(r["args"])}
    out.update({k: r["params"][k] for k in p["params"]})
    out.update({"seed": r["seed"] or "", "events": r["events"] or ""})
    out["exit"] = (f["exit"] or "").strip()
    out["status"] = f["status"].strip() if f["status"] is not None else "not run"
    try:
        total = json.loads(f["stats.json"] or "")["total"]
        out["cycles"], out["instructions"] = total["cycles"], total["instructions"]
        out["cpi"] = f"{total['cycles'] / total['instructions']:.4f}" if total["instructions"] else ""
    except (ValueError, KeyError, TypeError):
        out.update({"cycles": "", "instructions": "", "cpi": ""})
    truth = read_kv(f["truth.txt"] or "")
    for k in TRUTH_KEYS:
        out["truth_" + k] = truth.get(k, "")
    acc = {}
    try:
        for x in csv.DictReader(io.StringIO(f["accuracy.csv"] or "")):
            acc[(x["metric"], x["subset"])] = x["value"]
    except (KeyError, csv.Error):
        pass
    for m, s in ACC_FIGURES:
        out[f"acc_{m}_{s}"] = acc.get((m, s), "")
    out["dir"] = os.path.join("runs", r["id"])
    return out


def collect(results):
    """DIR/runs.csv from the runs' directories (written whole: a temporary
    file renamed); 0 when every run succeeded, else 1."""
    p = load_plan(results)
    try:
        runs = open_dir(os.path.join(results, "runs"))
    except OSError as e:
        die(f"{os.path.join(results, 'runs')}: {e.strerror}", 1)
    rows = [row(runs, p, r) for r in p["runs"]]
    os.close(runs)
    text = io.StringIO()
    w = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    try:
        replace_file(os.path.join(results, "runs.csv"), text.getvalue())
    except OSError as e:
        die(f"{os.path.join(results, 'runs.csv')}: {e.strerror}", 1)
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
        return json.loads(read_small(os.path.join(results, "plan.json")))
    except (OSError, ValueError) as e:
        die(f"{results}: not a sweep's results directory ({e})")


def save_plan(results, p):
    """The plan goes into DIR once; a DIR holding another sweep's plan is
    refused, so that runs of two specs never mix."""
    path = os.path.join(results, "plan.json")
    text = json.dumps(p, indent=1, sort_keys=True) + "\n"
    if os.path.lexists(path):
        old = load_plan(results)
        if {k: v for k, v in old.items() if k != "tools"} != \
                {k: v for k, v in p.items() if k != "tools"}:
            die(f"{results}: holds another sweep's runs (its plan.json differs); "
                "give another -o DIR")
    try:
        os.makedirs(os.path.join(results, "runs"), exist_ok=True)
        replace_file(path, text)
    except OSError as e:
        die(f"{results}: {e.strerror}")


def local(results, todo, jobs):
    par = shutil.which("parallel")
    if not par:
        die("GNU parallel not found (Debian's parallel package; or --slurm)")
    me = os.path.abspath(__file__)
    # -q: the command as words, not through a shell (DIR may hold spaces)
    argv = [par, "--will-cite", "-q", "-j", str(jobs), "--halt", "never",
            "--joblog", os.path.join(results, "parallel.log"),
            sys.executable, me, "--run-one", "--locked", results, "{}", ":::"] + \
        [str(i) for i in todo]
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
    replace_file(script, "#!/bin/sh\n"
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
    # --run-one [--locked] DIR INDEX: one run, for GNU parallel (under the
    # sweep's lock: --locked) or a Slurm array job (taking it shared)
    if argv[:1] == ["--run-one"] and len(argv) in (3, 4) and (len(argv) == 3 or
                                                             argv[1] == "--locked"):
        return run_one(os.path.abspath(argv[-2]), int(argv[-1]), len(argv) == 4)
    if argv[:1] == ["--collect"] and len(argv) == 2:
        results = os.path.abspath(argv[1])
        load_plan(results)
        lock(results, shared=True, wait=True)
        return collect(results)
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
    ap.add_argument("--wait", action="store_true",
                    help="when another sweep is using DIR, wait for it to end (default: refuse)")
    a = ap.parse_args(argv)
    if a.jobs < 1:
        die(f"-j {a.jobs}: at least 1")
    if a.output == "":
        die("-o: an empty directory name")
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
    try:
        os.makedirs(results, exist_ok=True)
    except FileExistsError:
        die(f"{results}: not a directory")
    except OSError as e:
        die(f"{results}: {e.strerror}")
    lock(results, wait=a.wait)      # held until this process ends
    save_plan(results, p)
    runs = open_dir(os.path.join(results, "runs"))
    todo = [i for i, r in enumerate(p["runs"]) if not finished(runs, r["id"])]
    os.close(runs)
    print(f"{PROG}: {len(p['runs'])} runs, {len(p['runs']) - len(todo)} already done, "
          f"results in {results}", file=sys.stderr)
    if not todo:
        return collect(results)
    return slurm(results, todo, sbatch_opts) if a.slurm else local(results, todo, a.jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

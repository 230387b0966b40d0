#!/usr/bin/env python3
"""tests/profile_where.py - where a profiled run's samples landed, checked
against the image files' symbol tables and the ground truth
(tests/profile_kinds.sh).

    profile_where.py EPOCH TRUTH.csv IMAGE:FILE:FUNC[,FUNC...]...

EPOCH is the run's epoch directory; TRUTH.csv what analysis/truthcsv
prints for the run's truth file.  For each IMAGE (a guest path, as the
profiles' headers and the truth name it), FILE is its ELF file on the
host and the FUNCs its hot loops, each a function of its own.  Checks,
one line each ("ok: ..." or "FAIL: ..."):

  - the image's CYCLES profile exists and its hottest offset lies in one
    of the FUNCs (their file offsets: the symbol's address through the
    PT_LOAD segment holding it, from objdump, not from alphasim's code);
  - each FUNC has samples, and its share of the image's samples is
    within 8 points of its share of the image's head cycles in the truth
    (the two joined by image and file offset);
  - no truth record of user code lacks an image (every PC of every
    process maps to the file it came from).

Environment: PROFDUMP (tests/profdump), ALPHA_OBJDUMP.  Exit status:
the number of failed checks (at most 100).
"""
import glob
import os
import subprocess
import sys

KSEG = 0xfffffc0000000000
fails = 0


def check(cond, what):
    global fails
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        fails += 1


def objdump(flag, path):
    return subprocess.run([os.environ["ALPHA_OBJDUMP"], flag, path], check=True,
                          capture_output=True, text=True).stdout.splitlines()


def func_offsets(path, names):
    """{name: (lo, hi)} file offsets of the functions of ELF file path."""
    segs = []
    lines = objdump("-p", path)
    for i, l in enumerate(lines):
        f = l.split()
        if f[:2] == ["LOAD", "off"]:
            size = int(lines[i + 1].split()[1], 16)
            segs.append((int(f[2], 16), int(f[4], 16), size))
    out = {}
    for l in objdump("-t", path):
        f = l.split()
        if len(f) >= 6 and f[-1] in names and "F" in f[1:3]:
            addr, size = int(f[0], 16), int(f[-3] if f[-2].startswith("0x") else f[-2], 16)
            for off, vaddr, filesz in segs:
                if vaddr <= addr < vaddr + filesz:
                    out[f[-1]] = (addr - vaddr + off, addr - vaddr + off + size)
    return out


def profile(epoch, image):
    """{offset: count} of image's cycles profile in the epoch, or None."""
    for path in glob.glob(os.path.join(epoch, "*.cycles.prof")):
        with open(path, "rb") as f:
            if f.readline() and f.readline().decode(errors="replace").strip() == "image " + image:
                break
    else:
        return None
    counts = {}
    for l in subprocess.run([os.environ["PROFDUMP"], path], check=True,
                            capture_output=True, text=True).stdout.splitlines():
        pid, off, n = l.split()
        counts[int(off, 16)] = counts.get(int(off, 16), 0) + int(n)
    return counts


def truth(path):
    """({image: {offset: head cycles}}, user records with no image)."""
    cycles, orphans = {}, 0
    with open(path) as f:
        head = f.readline().strip().split(",")
        ci, ii, oi, si, pi = (head.index(k) for k in ("head_cycles", "image", "offset",
                                                       "space", "pc"))
        for l in f:
            r = l.rstrip("\n").split(",")
            if not r[ii]:
                orphans += r[si] != "pal" and int(r[pi], 16) < KSEG
                continue
            img = cycles.setdefault(r[ii], {})
            img[int(r[oi], 16)] = img.get(int(r[oi], 16), 0) + int(r[ci])
    return cycles, orphans


def share(counts, lo, hi):
    total = sum(counts.values())
    return sum(n for o, n in counts.items() if lo <= o < hi) / total if total else 0.0


def main():
    epoch, truth_csv = sys.argv[1], sys.argv[2]
    tcycles, orphans = truth(truth_csv)
    check(orphans == 0, "truth: every user record has an image (%d without)" % orphans)
    for arg in sys.argv[3:]:
        image, path, funcs = arg.split(":")
        names = funcs.split(",")
        ranges = func_offsets(path, names)
        if len(ranges) != len(names):
            check(False, "%s: no symbol for %s in %s" % (image, set(names) - set(ranges), path))
            continue
        counts = profile(epoch, image)
        if not counts:
            check(False, "%s: no cycles samples" % image)
            continue
        hot = max(counts, key=lambda o: (counts[o], -o))
        inside = [n for n, (lo, hi) in ranges.items() if lo <= hot < hi]
        check(bool(inside), "%s: hottest offset 0x%x (%d samples) in %s" % (
            image, hot, counts[hot], inside[0] if inside else "none of " + funcs))
        t = tcycles.get(image, {})
        for name, (lo, hi) in sorted(ranges.items()):
            s, c = share(counts, lo, hi), share(t, lo, hi)
            check(s > 0 and abs(s - c) < 0.08,
                  "%s: %s [0x%x, 0x%x): %.1f%% of the samples, %.1f%% of the truth's cycles"
                  % (image, name, lo, hi, 100 * s, 100 * c))
    sys.exit(min(fails, 100))


main()

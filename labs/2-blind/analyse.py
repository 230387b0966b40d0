#!/usr/bin/env python3
"""Lab 2's numbers: where the samples the counters could not take land.

usage: analyse.py OUTDIR PROGRAM MINIOS
    OUTDIR/skid.csv (the skid trace) and OUTDIR/truth.csv (truthcsv of
    the run's truth); PROGRAM and MINIOS the ELF files, for symbols.
Writes OUTDIR/blind.csv (the overflows by why delivery waited, and
their shares), OUTDIR/landing.csv (the instructions most deferred
samples landed on, with the truth's share of the cycles there and where
those overflows came from), OUTDIR/window-NAME.dat (per instruction of
each window: the share of all samples and of all cycles; window-ipl.dat
per function of the code run at IPL 7), and prints
the tables.
"""
import bisect, collections, csv, os, subprocess, sys

out, program, minios = sys.argv[1:4]
NM = os.environ.get("ALPHA_NM", "alpha-linux-gnu-nm")
KSEG = 0xfffffc0000000000

def symbols(path):
    syms = []
    for line in subprocess.run([NM, "-n", path], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "tTwW":
            syms.append((int(f[0], 16), f[2]))
    return syms

PROG, KERN = symbols(program), symbols(minios)
KADDR = [a for a, _ in KERN]
PADDR = [a for a, _ in PROG]
sym = dict((n, a) for a, n in PROG + KERN)

def key(pc):
    """minios's PCs (kseg, or physical in PAL code) by physical address;
    the program's as they are."""
    return pc - KSEG if pc >= KSEG else pc

def name(pc):
    if pc < 0x100000:                   # physical: PAL code (PAL_BASE 0x10000)
        return "PALcode+0x%x" % (pc - 0x10000)
    table, addrs, pcv = (KERN, KADDR, pc) if pc >= KSEG else (PROG, PADDR, pc)
    i = bisect.bisect_right(addrs, pcv) - 1
    return "%s+0x%x" % (table[i][1], pcv - table[i][0]) if i >= 0 else hex(pc)

rows = [r for r in csv.DictReader(open(os.path.join(out, "skid.csv"))) if r["event"] == "cycles"]
truth = collections.Counter()
total_cycles = 0
prog_image = "/" + os.path.basename(program)
for r in csv.DictReader(open(os.path.join(out, "truth.csv"))):
    c = int(r["head_cycles"])
    total_cycles += c
    if r["image"] == prog_image or r["image"].endswith("minios.elf"):
        truth[key(int(r["pc"], 16))] += c

# 1. why delivery waited
why = collections.Counter(r["deferred_by"] for r in rows)
n = len(rows)
blind = [dict(deferred_by=k, overflows=why[k], share="%.4f" % (why[k] / n))
         for k in ("none", "pal", "ipl", "lost", "cleared") if why[k]]
from_pal = sum(int(r["cause_pc"], 16) < 0x100000 for r in rows)
# 2. where the deferred samples land
got = collections.Counter(key(int(r["delivered_pc"], 16)) for r in rows if r["delivered_pc"])
late = [r for r in rows if r["deferred_by"] in ("pal", "ipl")]
land = collections.Counter(int(r["delivered_pc"], 16) for r in late)
landing = []
for pc, k in land.most_common(6):
    src = collections.Counter(name(int(r["cause_pc"], 16)).split("+")[0]
                              for r in late if int(r["delivered_pc"], 16) == pc)
    landing.append(dict(pc=hex(pc), where=name(pc), deferred_samples=k,
                        sample_share="%.4f" % (got[key(pc)] / n),
                        cycle_share="%.4f" % (truth[key(pc)] / total_cycles),
                        from_=", ".join("%s %d" % kv for kv in src.most_common(3))))

def write(fname, table):
    with open(os.path.join(out, fname), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(table[0]))
        w.writeheader()
        w.writerows(table)

write("blind.csv", blind)
write("landing.csv", landing)

# 3. per-instruction windows: the program's loop, the spin lock's IPL
# code, the counter interrupt's handler
windows = {
    "syscall": (sym["main"], sym["main"] + 0x80),
    "walk": (sym["walk"], sym["walk"] + 0x40),
    "handler": (sym["__dcpi_intr_start"], sym["__dcpi_intr_end"]),
}
summary = []
for wname, (lo, hi) in windows.items():
    with open(os.path.join(out, "window-%s.dat" % wname), "w") as f:
        ws = wc = 0
        for pc in range(lo, hi, 4):
            s, c = got[key(pc)] / n, truth[key(pc)] / total_cycles
            ws, wc = ws + s, wc + c
            if s or c:
                f.write("%s %.5f %.5f\n" % (name(pc), s, c))
    summary.append(dict(window=wname, samples_share="%.4f" % ws, cycles_share="%.4f" % wc))
# the code at IPL 7, by function: those whose overflows waited for the
# IPL most, and the function where those samples landed
fn = lambda k: name(k + KSEG if 0x16000 <= k < 0x100000 else k).split("+")[0]
fsamples, fcycles = collections.Counter(), collections.Counter()
for k, c in got.items():
    fsamples[fn(k)] += c / n
for k, c in truth.items():
    fcycles[fn(k)] += c / total_cycles
ipl_from = collections.Counter(name(int(r["cause_pc"], 16)).split("+")[0]
                               for r in late if r["deferred_by"] == "ipl")
ipl_to = collections.Counter(name(int(r["delivered_pc"], 16)).split("+")[0]
                             for r in late if r["deferred_by"] == "ipl")
funcs = [f for f, _ in ipl_to.most_common(1)] + \
    [f for f, _ in ipl_from.most_common(8) if f != "PALcode"][:7]
with open(os.path.join(out, "window-ipl.dat"), "w") as f:
    for name_ in funcs:
        f.write("%s %.5f %.5f\n" % (name_, fsamples[name_], fcycles[name_]))
summary.append(dict(window="ipl", samples_share="%.4f" % sum(fsamples[f] for f in funcs),
                    cycles_share="%.4f" % sum(fcycles[f] for f in funcs)))
write("windows.csv", summary)

print("overflows of CYCLES: %d; why delivery waited:" % n)
for b in blind:
    print("  %-8s %7d  %s" % (b["deferred_by"], b["overflows"], b["share"]))
print("cycles no sample can see: %.1f%% (overflows in PAL code itself: %.1f%%)"
      % (100 * (why["pal"] + why["ipl"]) / n, 100 * from_pal / n))
print("\nwhere the deferred samples land (share of all samples there, of all cycles there):")
for l in landing:
    print("  %-24s %6d  samples %s  cycles %s   from: %s" % (l["where"], l["deferred_samples"],
          l["sample_share"], l["cycle_share"], l["from_"]))
print("\nwindow      samples  cycles")
for s in summary:
    print("  %-9s %7s %7s" % (s["window"], s["samples_share"], s["cycles_share"]))

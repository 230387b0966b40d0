#!/usr/bin/env python3
"""tests/view_png.py - read alphasim's view picture (--view-png) with
nothing but the PNG specification and zlib, and check that its pixels
show what its "alphasim-view" text chunk says (docs/view.md):

  - each CPU's issue strip: in every column as many slot cells filled
    (the strip's green) as the text gives for that cycle, the cells of
    unwatched cycles in their own grey;
  - the overflow marks: a red tick exactly in the columns listed;
  - the procedure bars: each as wide as the text says, the widths in
    proportion to the samples.

  view_png.py text FILE     print the text chunk
  view_png.py check FILE    check the pixels against it; one line per
                            mismatch, status 1 if any
  view_png.py loop FILE CSV LO HI
                            check CPU 0's strip against the truth (CSV:
                            truthcsv's) of a loop at [LO, HI) that ran
                            the whole strip: the loop body's instructions
                            (those that ran every iteration) in address
                            order, each a head of round(head
                            cycles / count) cycles (0: issued with the
                            one before), give its cycles' issue counts
                            over and over; the strip (but its newest
                            cycle, which may not be over) must be a run
                            of them
"""
import struct
import sys
import zlib

SLOT = (0x40, 0xD0, 0x40)
EMPTY = (0x30, 0x30, 0x38)
UNSEEN = (0x1C, 0x1C, 0x20)
OVER = (0xFF, 0x40, 0x40)
BAR = (0x50, 0x80, 0xFF)


def read_png(path):
    """(width, height, rows of RGB tuples, {text key: value})."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, text = 8, b"", {}
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if (depth, ctype, interlace) != (8, 2, 0):
                sys.exit(f"{path}: not 8-bit RGB without interlace")
        elif kind == b"IDAT":
            idat += body
        elif kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            text[key.decode()] = value.decode()
    raw = zlib.decompress(idat)
    stride, rows, prev = 3 * w, [], bytearray(3 * w)
    for y in range(h):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = prev[i]
            c = prev[i - 3] if i >= 3 else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[3 * x:3 * x + 3]) for x in range(w)])
        prev = line
    return w, h, rows, text


def fields(line):
    return dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)


def check(path):
    _, _, px, text = read_png(path)
    bad = []
    for line in text["alphasim-view"].splitlines():
        if line.startswith("strip "):
            f = fields(line)
            x0, y0 = int(f["x"]), int(f["y"])
            pitch, slot_h = int(f["pitch"]), int(f["slot_h"])
            for k, v in enumerate(f["values"].split(",")):
                cells = [px[y0 + (3 - s) * slot_h + 1][x0 + k * pitch] for s in range(4)]
                if v == "-":
                    if any(c != UNSEEN for c in cells):
                        bad.append(f"cpu{f['cpu']} column {k}: unwatched, drawn {cells}")
                    continue
                filled = sum(c == SLOT for c in cells)
                if filled != min(int(v), 4) or any(c not in (SLOT, EMPTY) for c in cells):
                    bad.append(f"cpu{f['cpu']} column {k}: {v} issued, {filled} cells filled")
        elif line.startswith("marks "):
            f = fields(line)
            x0 = 56  # the strip's x (checked against its line above)
            y = int(f["y"]) + 1
            want = {int(c) for c in f["overflow"].split(",") if c}
            got = {k for k in range(256) if px[y][x0 + k * 3] == OVER}
            if got != want:
                bad.append(f"cpu{f['cpu']} overflow marks in columns {sorted(got)}, "
                           f"text says {sorted(want)}")
        elif line.startswith("proc "):
            f = fields(line)
            x, y, w = int(f["x"]), int(f["y"]), int(f["w"])
            drawn = 0
            while px[y + 5][x + drawn] == BAR:
                drawn += 1
            if drawn != w:
                bad.append(f"procedure {f['name']}: bar {drawn} pixels, text says {w}")
    for b in bad:
        print(b)
    return 1 if bad else 0


def loop(path, csv, lo, hi):
    text = read_png(path)[3]["alphasim-view"]
    strip = fields(next(l for l in text.splitlines() if l.startswith("strip cpu=0 ")))
    got = strip["values"].split(",")[:-1]
    heads = []
    with open(csv) as f:
        cols = f.readline().strip().split(",")
        for line in f:
            r = dict(zip(cols, line.strip().split(",")))
            pc = int(r["pc"], 16)
            if lo <= pc < hi and int(r["count"]):
                heads.append((pc, int(r["count"]), int(r["head_cycles"])))
    # the body: what ran every iteration, not a fall-through at the exit
    most = max((n for _, n, _ in heads), default=0)
    pattern = []
    for _, n, head in sorted(h for h in heads if 2 * h[1] >= most):
        h = round(head / n)
        if h == 0 and pattern:
            pattern[-1] += 1
        else:
            pattern += [0] * (h - 1) + [1] if h else [1]
    period = [str(n) for n in pattern]
    print(f"the truth's issue pattern of the loop: {','.join(period)}")
    if "-" in got or not period:
        print("the strip has unwatched cycles, or the loop no instructions")
        return 1
    for shift in range(len(period)):
        if all(got[k] == period[(k + shift) % len(period)] for k in range(len(got))):
            return 0
    print(f"the strip ({','.join(got[:24])}...) is not a run of it")
    return 1


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "loop":
        return loop(sys.argv[2], sys.argv[3], int(sys.argv[4], 16), int(sys.argv[5], 16))
    if len(sys.argv) != 3 or sys.argv[1] not in ("text", "check"):
        sys.exit(__doc__)
    if sys.argv[1] == "text":
        print(read_png(sys.argv[2])[3]["alphasim-view"], end="")
        return 0
    return check(sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())

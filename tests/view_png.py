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
  view_png.py fit FILE      check that every line of text fits where it
                            is drawn: within its panel and the picture's
                            right margin (no pixel drawn there), drawn
                            to the width the text says, and each
                            overflow listed with its own whole row (or
                            one cut at its panel's edge with a mark
                            there: printed as "cut: ROW")
  view_png.py colours FILE [MIN]
                            check the cycle breakdown's legend: each
                            cause's swatch in its colour, every two
                            causes' colours at least MIN (default 15)
                            apart in CIEDE2000 and from the background,
                            every cause its own glyph, shown in its row
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
import math
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


BG = (0x10, 0x10, 0x14)
MARGIN = 8
LINE = 16


def texts(text):
    """The "text" lines: (fields, the characters shown)."""
    out = []
    for line in text.splitlines():
        if line.startswith("text "):
            head, _, shown = line.partition(" s=")
            f = {k: int(v) for k, v in fields(head).items()}
            out.append((f, shown))
    return out


def fit(path):
    w, h, px, text = read_png(path)
    bad, lines = [], text["alphasim-view"].splitlines()
    drawn = texts(text["alphasim-view"])
    if not drawn:
        bad.append("no text lines: what was drawn where is not said")
    # nothing in the right margin, on any row
    for y in range(h):
        xs = [x for x in range(w - MARGIN, w) if px[y][x] != BG]
        if xs:
            bad.append(f"row {y}: drawn in the right margin at x={xs[0]}")
            break
    for f, shown in drawn:
        x, y, tw, mx = f["x"], f["y"], f["w"], f["max"]
        if tw > mx or x + mx > w - MARGIN:
            bad.append(f"'{shown}': {tw} pixels at x={x}, room for {mx}, picture {w}")
            continue
        band = px[y:min(y + LINE - 1, h)]
        right = max((x1 for row in band for x1 in range(x, min(x + mx, w))
                     if row[x1] != BG), default=-1)
        if right > x + tw or right < x + tw - 8:
            bad.append(f"'{shown}': drawn to x={right}, its text ends at {x + tw}")
    # each overflow listed: the text line after it is its row
    for i, line in enumerate(lines):
        if not line.startswith("overflow "):
            continue
        f = fields(line)
        proc = line.partition(" proc=")[2]
        row = lines[i + 1] if i + 1 < len(lines) else ""
        if not row.startswith("text "):
            bad.append(f"overflow at cycle {f['cycle']}: no row drawn")
            continue
        rf, shown = texts(row)[0]
        head = [f"cpu{f['cpu']}", f["event"], f["cause_pc"]]
        if f["fate"] == "delivered":
            head += ["->", f["delivered_pc"], "+" + str(int(f["deliver"]) - int(f["cycle"]))]
            tail = proc.split()
        else:
            head, tail = head + [f["fate"]], []
        got = shown.split()
        if got[len(head):len(head) + 1] in (["pal"], ["ipl"]):
            del got[len(head)]
        whole = head + tail
        if not rf["cut"] and got != whole:
            bad.append(f"overflow at cycle {f['cycle']}: row '{shown}', not '{' '.join(whole)}'")
        elif rf["cut"] and (got[:len(head)] != head or len(got) > len(whole) or
                            got[:-1] != whole[:len(got) - 1] or
                            not whole[len(got) - 1].startswith(got[-1]) or
                            rf["w"] < rf["max"] - 16):
            bad.append(f"overflow at cycle {f['cycle']}: row '{shown}' cut short of "
                       f"'{' '.join(whole)}' or of its room")
        elif rf["cut"]:
            print(f"cut: {shown}")
    for b in bad:
        print(b)
    return 1 if bad else 0


def lab(rgb):
    """sRGB (D65) to CIELAB."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(lin, rgb)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
           0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def de2000(c1, c2):
    """CIEDE2000 (Sharma, Wu and Dalal, Color Research and Application
    30(1), 2005, equations 1-22) between two CIELAB colours."""
    (l1, a1, b1), (l2, a2, b2) = c1, c2
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    k1, k2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = (math.degrees(math.atan2(b, a)) % 360 for a, b in ((a1, b1), (a2, b2)))
    dh = 0 if k1 * k2 == 0 else h2 - h1 - 360 if h2 - h1 > 180 else \
        h2 - h1 + 360 if h2 - h1 < -180 else h2 - h1
    big_dh = 2 * math.sqrt(k1 * k2) * math.sin(math.radians(dh / 2))
    lm, km = (l1 + l2) / 2, (k1 + k2) / 2
    hm = h1 + h2 if k1 * k2 == 0 else (h1 + h2) / 2 if abs(h1 - h2) <= 180 else \
        (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    rt = -2 * math.sqrt(km ** 7 / (km ** 7 + 25 ** 7)) * \
        math.sin(math.radians(60 * math.exp(-((hm - 275) / 25) ** 2)))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc, sh = 1 + 0.045 * km, 1 + 0.015 * km * t
    dl, dc, dh = (l2 - l1) / sl, (k2 - k1) / sc, big_dh / sh
    return math.sqrt(dl ** 2 + dc ** 2 + dh ** 2 + rt * dc * dh)


def colours(path, least):
    _, _, px, text = read_png(path)
    bad, causes = [], []
    lines = text["alphasim-view"].splitlines()
    # Sharma et al.'s table 1, pair 1: the formula as they give it
    if abs(de2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) - 2.0425) > 1e-4:
        bad.append("CIEDE2000 does not give Sharma et al.'s first pair")
    for i, line in enumerate(lines):
        if not line.startswith("cause "):
            continue
        name, f = line.split()[1], fields(line)
        if "rgb" not in f or "glyph" not in f:
            bad.append(f"cause {name}: no colour or glyph given")
            continue
        rgb = tuple(int(f["rgb"][k:k + 2], 16) for k in (0, 2, 4))
        x, y = int(f["x"]), int(f["y"])
        if px[y + 5][x + 5] != rgb:
            bad.append(f"cause {name}: swatch {px[y + 5][x + 5]}, text says {rgb}")
        row = texts(lines[i + 1])[0][1] if i + 1 < len(lines) else ""
        if row.split()[:2] != [f["glyph"], name]:
            bad.append(f"cause {name}: legend row '{row}' is not its glyph and name")
        causes.append((name, rgb, f["glyph"]))
    if len(causes) < 2:
        bad.append(f"{len(causes)} causes in the legend")
    for n, (a, ca, ga) in enumerate(causes):
        d = de2000(lab(ca), lab(BG))
        if d < least:
            bad.append(f"{a}: {d:.1f} from the background")
        for b, cb, gb in causes[n + 1:]:
            d = de2000(lab(ca), lab(cb))
            if d < least:
                bad.append(f"{a} and {b}: colours {d:.1f} apart (at least {least})")
            if ga == gb:
                bad.append(f"{a} and {b}: the same glyph {ga}")
    if not bad:
        print(f"{len(causes)} causes, colours at least "
              f"{min(de2000(lab(a[1]), lab(b[1])) for n, a in enumerate(causes) for b in causes[n + 1:]):.1f} apart")
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
    if sys.argv[1:2] == ["colours"] and len(sys.argv) in (3, 4):
        return colours(sys.argv[2], float(sys.argv[3]) if len(sys.argv) == 4 else 15)
    if len(sys.argv) == 3 and sys.argv[1] == "fit":
        return fit(sys.argv[2])
    if len(sys.argv) != 3 or sys.argv[1] not in ("text", "check"):
        sys.exit(__doc__)
    if sys.argv[1] == "text":
        print(read_png(sys.argv[2])[3]["alphasim-view"], end="")
        return 0
    return check(sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())

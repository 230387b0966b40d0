#!/bin/sh
# tests/export.sh - dcpiexport (docs/tools.md, "dcpiexport"): a profile
# database in pprof's profile.proto, decoded here by protoc with the
# message definitions of pprof's proto/profile.proto written below (the
# ones the check needs), then checked against dcpiprof on the same
# database:
#   - the default workload (static; the kernel's samples too) and a
#     program built as a user builds it (tests/libc_sort.c, dynamic:
#     most of its samples in libc.so.6.1), with two events;
#   - per image and function, every event's samples as dcpiprof counts
#     them; every sample one value per sample type, every location in
#     its mapping; the file well-formed for protoc --decode_raw too;
#   - the estimates: each instruction's freq and the truth's executions
#     as dcpilist lists them, the CPI label beside;
#   - source lines (the workload and minios are built with -g): every
#     sampled location's lines, innermost inlined frame first, the
#     functions and file:lines alpha-linux-gnu-addr2line -a -i -f gives
#     (the procedure by its symbol, as dcpiprof names it); every function
#     there with its file and start line; a program without -g (and
#     libc) one line a location, line 0, as before;
#   - one image, one epoch; the same bytes twice; bad input: one line,
#     a non-zero status, no file written.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
S=$(cd "$top_srcdir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
if ! command -v protoc > /dev/null; then
	echo "SKIP: no protoc (Debian's protobuf-compiler: ./quickstart installs it)"
	exit 77
fi

cat > profile.proto <<'EOF'
// The messages of pprof's proto/profile.proto this test reads, with
// their field numbers.
syntax = "proto3";
package perftools.profiles;
message Profile {
  repeated ValueType sample_type = 1;
  repeated Sample sample = 2;
  repeated Mapping mapping = 3;
  repeated Location location = 4;
  repeated Function function = 5;
  repeated string string_table = 6;
  ValueType period_type = 11;
  int64 period = 12;
  repeated int64 comment = 13;
  int64 default_sample_type = 14;
}
message ValueType { int64 type = 1; int64 unit = 2; }
message Sample {
  repeated uint64 location_id = 1;
  repeated int64 value = 2;
  repeated Label label = 3;
}
message Label { int64 key = 1; int64 str = 2; int64 num = 3; int64 num_unit = 4; }
message Mapping {
  uint64 id = 1; uint64 memory_start = 2; uint64 memory_limit = 3; uint64 file_offset = 4;
  int64 filename = 5; int64 build_id = 6; bool has_functions = 7; bool has_filenames = 8;
  bool has_line_numbers = 9; bool has_inline_frames = 10;
}
message Location { uint64 id = 1; uint64 mapping_id = 2; uint64 address = 3; repeated Line line = 4; }
message Line { uint64 function_id = 1; int64 line = 2; }
message Function { uint64 id = 1; int64 name = 2; int64 system_name = 3; int64 filename = 4; int64 start_line = 5; }
EOF

# decode FILE.pb.gz: FILE.txt, protoc's text of the Profile message
decode() {
	gzip -dc "$1.pb.gz" > "$1.pb" || { fail "$1: not gzip"; return 1; }
	protoc --decode_raw < "$1.pb" > /dev/null 2> "$1.raw.err" ||
		{ fail "$1: protoc --decode_raw: $(head -1 "$1.raw.err")"; return 1; }
	protoc --decode=perftools.profiles.Profile profile.proto < "$1.pb" > "$1.txt" 2> "$1.err" ||
		{ fail "$1: protoc --decode: $(head -1 "$1.err")"; return 1; }
	ok "$1: protoc decodes it"
}

# The decoded profile, summed: sums.py FILE.txt MODE ARGS prints
#   check                    the structure's faults, one a line
#   funcs                    IMAGE,FUNCTION,EVENT,N for every nonzero sum
#   insns IMAGE              ADDRESS,FREQ,TRUE_FREQ,CPI per instruction
#   lines IMAGE              ADDRESS FUNC@FILE:LINE;... per sampled location
#                            (IMAGE a path, or a base name)
#                            (file base names), then "bad: ..." where a
#                            function with a line has no file, or no
#                            function a start line
#   types                    TYPE/UNIT ...
cat > sums.py <<'PY'
import ast, sys
def parse(path):
    top = {}
    stack = [top]
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        if line.endswith("{"):
            m = {}
            stack[-1].setdefault(line[:-1].strip(), []).append(m)
            stack.append(m)
        elif line == "}":
            stack.pop()
        else:
            k, v = line.split(":", 1)
            v = v.strip()
            if v.startswith('"'):
                v = ast.literal_eval("b" + v).decode()
            elif v in ("true", "false"):
                v = v == "true"
            else:
                v = int(v)
            stack[-1].setdefault(k, []).append(v)
    return top
def one(m, k, d=0):
    return m.get(k, [d])[0]
p = parse(sys.argv[1])
st = p["string_table"]
types = [(st[one(t, "type")], st[one(t, "unit")]) for t in p.get("sample_type", [])]
maps = {one(m, "id"): m for m in p.get("mapping", [])}
funcs = {one(f, "id"): st[one(f, "name")] for f in p.get("function", [])}
fmeta = {one(f, "id"): (st[one(f, "filename")], one(f, "start_line")) for f in p.get("function", [])}
locs = {one(l, "id"): l for l in p.get("location", [])}
mode = sys.argv[2]
if mode == "types":
    print(" ".join("%s/%s" % t for t in types))
elif mode == "check":
    if st[0] != "":
        print("string_table[0] is not empty")
    for s in p.get("sample", []):
        if len(s.get("value", [])) != len(types):
            print("a sample of %d values, %d types" % (len(s.get("value", [])), len(types)))
            break
        if len(s.get("location_id", [])) != 1:
            print("a sample %d locations deep" % len(s.get("location_id", [])))
            break
    for l in locs.values():
        m = maps.get(one(l, "mapping_id"))
        if m is None:
            print("location %d: no mapping" % one(l, "id"))
            break
        if not one(m, "memory_start") <= one(l, "address") < one(m, "memory_limit"):
            print("location %d: address 0x%x outside its mapping" % (one(l, "id"), one(l, "address")))
            break
        for ln in l.get("line", []):
            if one(ln, "function_id") not in funcs:
                print("location %d: no function %d" % (one(l, "id"), one(ln, "function_id")))
elif mode == "funcs":
    sums = {}
    for s in p["sample"]:
        l = locs[s["location_id"][0]]
        img = st[one(maps[one(l, "mapping_id")], "filename")]
        # the procedure: the last line, after the inlined frames
        fn = funcs[one(l["line"][-1], "function_id")] if l.get("line") else "(no function)"
        for (t, u), v in zip(types, s["value"]):
            if u in ("samples", "records"):
                sums[(img, fn, t)] = sums.get((img, fn, t), 0) + v
    for (img, fn, t), v in sorted(sums.items()):
        if v:
            print("%s,%s,%s,%d" % (img, fn, t, v))
elif mode == "lines":
    sampled = {s["location_id"][0] for s in p["sample"] if s["value"][0]}
    used, withline = set(), set()
    for i in sorted(sampled):
        l = locs[i]
        name = st[one(maps[one(l, "mapping_id")], "filename")]
        if name != sys.argv[3] and ("/" in sys.argv[3] or name.rsplit("/", 1)[-1] != sys.argv[3]):
            continue
        fr = []
        for ln in l.get("line", []):
            f = one(ln, "function_id")
            used.add(f)
            if one(ln, "line"):
                withline.add(f)
            fr.append("%s@%s:%d" % (funcs[f], fmeta[f][0].rsplit("/", 1)[-1], one(ln, "line")))
        print("0x%x %s" % (one(l, "address"), ";".join(fr)))
    # a function with a line has its file; with its DWARF, where it starts
    for f in sorted(used & withline):
        if not fmeta[f][0]:
            print("bad: %s: a line, no file" % funcs[f])
    if withline and not any(fmeta[f][1] > 0 for f in withline):
        print("bad: no function with its start line")
elif mode == "insns":
    col = {t: i for i, (t, u) in enumerate(types)}
    for s in p["sample"]:
        l = locs[s["location_id"][0]]
        if st[one(maps[one(l, "mapping_id")], "filename")] != sys.argv[3]:
            continue
        lab = {st[one(x, "key")]: st[one(x, "str")] for x in s.get("label", [])}
        v = s["value"]
        print("0x%x,%d,%d,%s" % (one(l, "address"), v[col["freq"]],
              v[col["true_freq"]] if "true_freq" in col else -1, lab.get("cpi", "-")))
PY
# dcpiprof's counts of DB in the same form: IMAGE,FUNCTION,EVENT,N
prof_funcs() {
	"$A/dcpiprof" -db "$@" --csv | sed '1d;$d' | while IFS= read -r row; do
		python3 - "$row" "$1" "$A/dcpiprof" "$@" <<'PY'
import csv, io, subprocess, sys
img = next(csv.reader([sys.argv[1]]))[0]
out = subprocess.run([sys.argv[3], "-db"] + sys.argv[4:] + ["--csv", img],
                     capture_output=True, text=True, check=True).stdout
rows = list(csv.reader(io.StringIO(out)))
events = rows[0][1::2]
for r in rows[1:-1]:
    for e, n in zip(events, r[1::2]):
        if int(n):
            print("%s,%s,%s,%s" % (img, r[0], e, n))
PY
	done | sort
}
# same_counts WHAT NAME DBARGS...: NAME's functions' counts are dcpiprof's
same_counts() {
	_w=$1 _n=$2; shift 2
	python3 sums.py "$_n.txt" check > "$_n.check"
	expect_eq "$_w: structure" "$(cat "$_n.check")" ""
	python3 sums.py "$_n.txt" funcs | sort > "$_n.funcs"
	prof_funcs "$@" > "$_n.prof"
	_k=$(wc -l < "$_n.prof")
	if [ "$_k" -gt 0 ] && cmp -s "$_n.funcs" "$_n.prof"; then
		ok "$_w: every function's samples as dcpiprof counts them ($_k counts)"
	else
		fail "$_w: the counts differ from dcpiprof's (export < > dcpiprof):"
		diff "$_n.funcs" "$_n.prof" | head -10
	fi
}

# ---- the default workload ---------------------------------------------------
# the default workload at a quarter of its size, sampled as the
# default run is: a database of every kind of row, not its sample count
guest_env "$ALPHASIM" -q --profile=db "$B/testprogs/accuracy/workload.lnx" 4 > out.txt 2> err.txt
expect_eq "default workload: exit status" "$?" 0
"$A/dcpiexport" -db db --truth db.truth --output all.pb.gz > all.sum 2> all.err
expect_eq "default workload: dcpiexport exit status" "$?" 0
decode all && same_counts "default workload" all db
expect_eq "default workload: sample types" "$(python3 sums.py all.txt types)" \
	"cycles/samples imiss/samples freq/count est_cycles/cycles true_freq/count true_cycles/cycles"
grep -q "minios.elf" all.funcs && ok "default workload: the kernel's samples too" ||
	fail "default workload: no kernel samples"

# the estimates of one procedure, instruction by instruction, as dcpilist's
proc=dcache_lines
"$A/dcpilist" -db db --truth db.truth --csv workload.lnx $proc > list.csv
python3 sums.py all.txt insns "$B/testprogs/accuracy/workload.lnx" > insns.csv
python3 - list.csv insns.csv <<'PY' > est.check
import csv, sys
want = {r["pc"]: r for r in csv.DictReader(open(sys.argv[1]))}
got = {r[0]: r for r in csv.reader(open(sys.argv[2]))}
bad = []
for pc, w in want.items():
    g = got.get(pc)
    f = float(w["freq"])
    if g is None:
        bad.append(pc + ": not exported")
    elif abs(int(g[1]) - f) > max(0.5, 1e-5 * f):
        bad.append("%s: freq %s, dcpilist %s" % (pc, g[1], w["freq"]))
    elif int(g[2]) != int(w["true_freq"]):
        bad.append("%s: true_freq %s, dcpilist %s" % (pc, g[2], w["true_freq"]))
    elif ("nan" in w["cpi"]) != (g[3] == "-") or \
            (g[3] != "-" and abs(float(g[3]) - float(w["cpi"])) > 0.006):
        bad.append("%s: cpi %s, dcpilist %s" % (pc, g[3], w["cpi"]))
print("\n".join(bad[:5]) if bad else "%d" % len(want))
PY
n=$(cat est.check)
[ "$n" -gt 0 ] 2> /dev/null && ok "$proc: $n instructions' freq, true_freq and cpi as dcpilist's" ||
	fail "$proc: the estimates differ from dcpilist's: $n"

# source lines: every sampled location of the workload and of minios
# against alpha-linux-gnu-addr2line -a -i -f (-a: each address before
# its frames): the functions and lines.  The procedure's name is its
# symbol's, which may be a clone of the DWARF's function (NAME.part.N:
# gcc's).  The files against llvm-addr2line where it is installed: GNU
# addr2line 2.40 names the compilation unit's file for a line of a
# header in DWARF 5 (the workload's kernels.h lines as workload.c's),
# where the line table, readelf --debug-dump=decodedline and
# llvm-addr2line name the header.
tools=${ALPHA_OBJDUMP%objdump}
for im in "$B/testprogs/accuracy/workload.lnx=$B/testprogs/accuracy/workload.lnx" \
          "/boot/minios.elf=$B/minios/minios.elf"; do
	name=${im%%=*} file=${im#*=} base=$(basename "$name")
	python3 sums.py all.txt lines "$name" > $base.lines
	grep '^bad: ' $base.lines | head -3 > $base.bad
	expect_eq "$base: every function with a line has its file, start lines" "$(cat $base.bad)" ""
	grep -v '^bad: ' $base.lines | cut -d' ' -f1 > $base.addrs
	xargs "${tools}addr2line" -a -i -f -e "$file" < $base.addrs > $base.a2l
	: > $base.l2l
	if command -v llvm-addr2line > /dev/null; then
		xargs llvm-addr2line -a -i -f -e "$file" < $base.addrs > $base.l2l
	fi
	python3 - $base.lines $base.a2l $base.l2l <<'PY' > $base.check
import sys
def frames(path):
    out, a, rows, i = {}, None, open(path).read().split("\n"), 0
    while i < len(rows):
        r = rows[i]
        if r.startswith("0x"):
            a = "0x%x" % int(r, 16)
            out[a] = []
            i += 1
        elif r:
            fl = rows[i + 1].split(" (discriminator")[0].rsplit(":", 1)
            out[a].append((r, fl[0].rsplit("/", 1)[-1], fl[1]))
            i += 2
        else:
            i += 1
    return out
got = {}
for l in open(sys.argv[1]).read().split("\n"):
    if l and not l.startswith("bad:"):
        a, g = l.split(" ", 1)
        got[a] = [(x.split("@")[0],) + tuple(x.split("@", 1)[1].rsplit(":", 1)) for x in g.split(";")]
gnu, llvm = frames(sys.argv[2]), frames(sys.argv[3])
bad, inl, files = [], 0, 0
for a, fr in got.items():
    w, v = gnu.get(a, []), llvm.get(a)
    if w and (w[0][1] == "??" or w[0][2] == "?"):
        # no line there (no DWARF, or code without it such as crtbegin's
        # frame_dummy, where addr2line names the object from the symbol
        # table): line 0
        ok = len(fr) == 1 and fr[0][2] == "0"
    else:
        ok = len(fr) == len(w) and all(
            (gf == wf or (k == len(w) - 1 and gf.startswith(wf + "."))) and gl == wl
            for k, ((gf, _, gl), (wf, _, wl)) in enumerate(zip(fr, w)))
        if ok and v is not None:
            # the file of each line: its function's (profile.proto's Line
            # has none of its own), the call site's for a caller's frame
            ok = len(v) == len(fr) and all(
                gfile == vfile for (_, gfile, _), (_, vfile, _) in zip(fr, v))
            files += ok
    if not ok:
        bad.append("%s: %s, addr2line %s, llvm-addr2line %s" % (a, fr, w, v))
    inl += len(fr) > 1
print("\n".join(bad[:3]) if bad else "%d %d %d" % (len(got), inl, files))
PY
	set -- $(cat $base.check)
	[ $# -eq 3 ] && [ "$1" -gt 0 ] 2>/dev/null &&
		ok "$base: $1 sampled locations' functions and lines as addr2line -i gives them ($2 with inlined frames; files of $3 as llvm-addr2line's)" ||
		fail "$base: lines differ from addr2line's: $(head -3 $base.check)"
done
[ "$(cut -d' ' -f2 minios.elf.lines | grep -c ';')" -gt 0 ] &&
	ok "minios.elf: inlined frames exported" || fail "minios.elf: no location with an inlined frame"

"$A/dcpiexport" -db db --truth db.truth --output again.pb.gz > /dev/null 2>&1
cmp -s all.pb.gz again.pb.gz && ok "default workload: the same bytes twice" ||
	fail "default workload: the export differs from run to run"

# ---- a user's dynamic program: samples in libc ----------------------------
"$ALPHA_CC" -O2 -o libc_sort "$S/tests/libc_sort.c" || { fail "$ALPHA_CC libc_sort.c"; finish; }
guest_env "$ALPHASIM" -q --profile=dyn --events cycles:4096,imiss:1024 ./libc_sort 40 \
	> out2.txt 2> err2.txt
expect_eq "libc_sort: exit status" "$?" 0
"$A/dcpiexport" -db dyn --output dyn.pb.gz > dyn.sum 2> dyn.err
expect_eq "libc_sort: dcpiexport exit status" "$?" 0
decode dyn && same_counts "libc_sort" dyn dyn
grep -q "^/lib/libc.so.6.1,strcmp,cycles," dyn.funcs && ok "libc_sort: strcmp's samples in libc" ||
	fail "libc_sort: no samples of strcmp in libc"
grep -q ",imiss," dyn.funcs && ok "libc_sort: the second event too" || fail "libc_sort: no imiss"
# without -g (the program, libc): one line a location, line 0, as before
python3 sums.py dyn.txt lines libc_sort > nodebug.lines
python3 sums.py dyn.txt lines libc.so.6.1 >> nodebug.lines
[ -s nodebug.lines ] && ! grep -v '^0x[0-9a-f]* [^;]*@:0$' nodebug.lines | grep -q . &&
	ok "libc_sort (no -g): one line a location, line 0" ||
	fail "libc_sort (no -g): $(grep -v '^0x[0-9a-f]* [^;]*@:0$' nodebug.lines | head -2)"

# one image; one epoch (a second run into the database)
"$A/dcpiexport" -db dyn --output libc.pb.gz libc.so.6.1 > /dev/null 2>&1
expect_eq "libc_sort: one image: exit status" "$?" 0
decode libc && python3 sums.py libc.txt funcs | sort > libc.funcs
expect_eq "libc_sort: one image: its counts alone" "$(cat libc.funcs)" \
	"$(grep '^/lib/libc.so.6.1,' dyn.funcs)"
guest_env "$ALPHASIM" -q --profile=dyn --events cycles:4096 ./libc_sort 10 > /dev/null 2>&1
"$A/dcpiexport" -db dyn --epoch 2 --output e2.pb.gz > /dev/null 2>&1
expect_eq "libc_sort: --epoch 2: exit status" "$?" 0
decode e2 && same_counts "libc_sort: --epoch 2" e2 dyn --epoch 2

# ---- bad input: one line, a status, no file --------------------------------
bad() { # WHAT STATUS ARGS...
	_w=$1 _s=$2; shift 2
	rm -f bad.pb.gz
	"$A/dcpiexport" "$@" > bad.out 2> bad.err
	_st=$?
	expect_eq "$_w: exit status" "$_st" "$_s"
	[ "$(wc -l < bad.err)" -ge 1 ] && grep -q "dcpiexport: " bad.err &&
		ok "$_w: $(head -1 bad.err)" || fail "$_w: no message: $(cat bad.err)"
	[ ! -e bad.pb.gz ] && ok "$_w: no file written" || fail "$_w: a file was written"
}
bad "no --output" 2 -db dyn
bad "an unknown image" 1 -db dyn --output bad.pb.gz nosuch.so
bad "no database" 1 -db nodb --output bad.pb.gz
bad "--csv" 2 -db dyn --csv --output bad.pb.gz
bad "an output in no directory" 1 -db dyn --output nodir/bad.pb.gz
finish

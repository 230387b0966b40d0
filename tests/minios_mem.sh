#!/bin/sh
# tests/minios_mem.sh - minios's memory and program loading
# (docs/minios.md "Program loading", "Image-load hooks").
#
# 1. Programs built dynamic (.dyn: ld.so and libc from the cross sysroot,
#    seen at /lib in the guest; .pie: position-independent) and the
#    memory tests of testprogs/minios_mem built both ways run on alphasim and on
#    qemu-alpha -L SYSROOT, each in an empty working directory, with the
#    same arguments and environment: same standard output, same exit
#    status.
# 2. The image-load hooks reach the simulator: the simctl image hints of
#    a dynamic hello (--stats) name the kernel, the program, ld.so and
#    libc, each with its content's FNV-1a hash computed here; the truth
#    file's image table has them too, and every instruction the run
#    executed lies in one of them (truthcsv's image column).
. "$top_srcdir/tests/lib.sh"
build=$(cd "$top_builddir" && pwd)
sysroot=${ALPHA_SYSROOT:-/usr/alpha-linux-gnu}
need_qemu

# run NAME PROG TOOL...: PROG in $tmp/NAME, output in $tmp/NAME.out, .err
run() {
	name=$1 prog=$2
	shift 2
	mkdir "$tmp/$name"
	(cd "$tmp/$name" && env -i MINIOS_A=1 MINIOS_B="two words" "$@" "$prog" \
		one "two three" </dev/null >"$tmp/$name.out" 2>"$tmp/$name.err")
}

for t in linux/hello.dyn linux/args.dyn linux/args.pie linux/stdio.dyn \
	linux/strmath.dyn linux/fileio.dyn minios_mem/mmapfile.lnx minios_mem/mmapfile.dyn \
	minios_mem/mprotect_segv.lnx minios_mem/mprotect_segv.dyn \
	minios_mem/cow.lnx minios_mem/cow.dyn; do
	p=$(echo "$t" | tr / .)
	run "sim.$p" "$build/testprogs/$t" "$ALPHASIM" -q --sysroot "$sysroot"
	s=$?
	run "qemu.$p" "$build/testprogs/$t" "$QEMU_ALPHA" -L "$sysroot"
	q=$?
	expect_eq "$t: exit status (qemu-alpha's: $q)" "$s" "$q"
	same_file "$t" "$tmp/sim.$p.out" "$tmp/qemu.$p.out" "qemu-alpha's"
	cat "$tmp/sim.$p.err"
done

# The image hints of one dynamic run.
prog=$build/testprogs/linux/hello.dyn
mkdir "$tmp/img"
(cd "$tmp/img" && "$ALPHASIM" -q --sysroot "$sysroot" --stats "$tmp/stats.json" \
	--truth "$tmp/truth" "$prog" >/dev/null 2>"$tmp/img.err")
expect_eq "hello.dyn with --stats and --truth: exit status" "$?" 0
"$build/analysis/truthcsv" --images "$tmp/truth" >"$tmp/images.csv"
"$build/analysis/truthcsv" "$tmp/truth" >"$tmp/truth.csv"
python3 - "$tmp/stats.json" "$build/minios/minios.elf" "$prog" "$sysroot" \
	"$tmp/images.csv" "$tmp/truth.csv" >"$tmp/img.out" <<'EOF'
import csv, json, os, sys
stats, kernel, prog, sysroot, images, truth = sys.argv[1:]
def fnv(path):
    h = 0xcbf29ce484222325
    for b in open(path, "rb").read():
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return h
def check(what, cond):
    print(("ok: " if cond else "FAIL: ") + "image hints: " + what)
imgs = [h for h in json.load(open(stats))["hints"] if h["kind"] == "image"]
by_path = {}
for h in imgs:
    by_path.setdefault(h["path"], h)
want = [("/boot/minios.elf", kernel), (os.path.realpath(prog), prog),
        ("/lib/ld-linux.so.2", sysroot + "/lib/ld-linux.so.2"),
        ("/lib/libc.so.6.1", sysroot + "/lib/libc.so.6.1")]
check("the kernel comes first", bool(imgs) and imgs[0]["path"] == want[0][0])
for guest, host in want:
    h = by_path.get(guest)
    check(guest + " recorded", h is not None)
    if h:
        check(guest + " identity is the FNV-1a hash of " + host, h["ident"] == fnv(host))
user = [by_path.get(g) for g, _ in want[1:]]
if all(user):
    check("the program is mapped at 0x120000000 from offset 0",
          user[0]["base"] == 0x120000000 and user[0]["offset"] == 0)
    check("ld.so and libc are in the mmap area",
          all(h["base"] >= 0x20000000000 and h["size"] > 0 for h in user[1:]))
    check("one process, one address space",
          len({(h["pid"], h["asn"]) for h in user}) == 1 and user[0]["pid"] == 1)
table = list(csv.DictReader(open(images)))
check("the truth file's image table is the hints' (%d images)" % len(table),
      [(r["path"], int(r["ident"], 16), int(r["base"], 16)) for r in table] ==
      [(h["path"], h["ident"], h["base"]) for h in imgs])
rows = [r for r in csv.DictReader(open(truth)) if int(r["count"])]
lost = [r for r in rows if not r["image"]]
check("every executed PC lies in an image (%d of %d)" % (len(rows) - len(lost), len(rows)),
      not lost)
ran = {r["image"] for r in rows}
check("code of each image ran", all(g in ran for g, _ in want))
EOF
[ $? -eq 0 ] || fail "image hints: cannot check $tmp/stats.json"
cat "$tmp/img.out"
fails=$((fails + $(grep -c '^FAIL' "$tmp/img.out")))
finish

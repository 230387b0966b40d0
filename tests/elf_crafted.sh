#!/bin/sh
# tests/elf_crafted.sh - images whose section headers claim more than
# the file holds (isa/elf.c: every section inside the file, the
# executable ones together no larger than it) are refused with one line
# naming the file, by the tools that walk an image's text, sections and
# symbols (dcpicalc, dcpilist, dcpi2dot, dcpitopstalls, dcpiprof) and by
# alphasim --disassemble.  Each is a real program's copy with one header
# patched: an executable section of 2^62 bytes (whose text walk ran about
# 2^60 times), one running past the end of the file, a symbol table of a
# terabyte, three executable sections each the whole file.  `timeout`
# only guards against the old endless walk: a tool still running after
# it fails the test.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
guard=600
src=$B/testprogs/accuracy/dcache.dyn

# patch OUT CASE: a copy of $src with CASE's headers changed
patch() {
	python3 - "$src" "$1" "$2" <<'PY'
import struct, sys
src, out, case = sys.argv[1:4]
b = bytearray(open(src, "rb").read())
shoff, = struct.unpack_from("<Q", b, 0x28)
shentsize, shnum = struct.unpack_from("<HH", b, 0x3a)
SHT_PROGBITS, SHT_SYMTAB, SHF_ALLOC, SHF_EXECINSTR = 1, 2, 2, 4
def shdr(i):
    at = shoff + i * shentsize
    _, typ, flags, _, off, size = struct.unpack_from("<IIQQQQ", b, at)
    return at, typ, flags, off, size
text = [i for i in range(shnum) if shdr(i)[2] & SHF_EXECINSTR and shdr(i)[2] & SHF_ALLOC]
progbits = [i for i in range(shnum) if shdr(i)[1] == SHT_PROGBITS]
symtab = [i for i in range(shnum) if shdr(i)[1] == SHT_SYMTAB]
assert text and symtab and len(progbits) >= 3
if case == "huge":      # the text: 2^62 bytes
    struct.pack_into("<Q", b, shdr(text[-1])[0] + 0x20, 1 << 62)
elif case == "past":    # the text runs past the end of the file
    struct.pack_into("<Q", b, shdr(text[-1])[0] + 0x20, len(b) - shdr(text[-1])[3] + 4)
elif case == "symtab":  # a symbol table of a terabyte
    struct.pack_into("<Q", b, shdr(symtab[0])[0] + 0x20, 1 << 40)
elif case == "overlap": # three executable sections, each the whole file
    for i in progbits[:3]:
        at = shdr(i)[0]
        struct.pack_into("<QQQQ", b, at + 8, SHF_ALLOC | SHF_EXECINSTR, 0, 0, len(b))
open(out, "wb").write(b)
PY
}

for c in huge past symtab overlap; do
	img=$tmp/$c.dyn
	patch "$img" $c || { fail "$c: cannot patch $src"; continue; }
	# a database whose one profile is of the crafted image (tests/mkprofdb)
	printf 'exec 1 0x1234 0x120000000 0x100000 0 %s\nevent cycles 4096 1000 1000\nsample 1 0x120000a00 cycles 5\n' \
		"$img" | "$B/tests/mkprofdb" db-$c > /dev/null || fail "$c: mkprofdb"
	refused "dcpicalc, $c" "$img" "$A/dcpicalc" -db db-$c $c.dyn main
	refused "dcpilist, $c" "$img" "$A/dcpilist" -db db-$c $c.dyn
	refused "dcpi2dot, $c" "$img" "$A/dcpi2dot" -db db-$c $c.dyn main
	refused "dcpitopstalls, $c" "$img" "$A/dcpitopstalls" -db db-$c $c.dyn
	refused "dcpiprof, $c" "$img" "$A/dcpiprof" -db db-$c $c.dyn
	refused "alphasim --disassemble, $c" "$img" "$ALPHASIM" --disassemble "$img"
done
finish

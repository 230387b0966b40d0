#!/bin/sh
# alphasim --disassemble against alpha-linux-gnu-objdump -d on the glibc
# libraries of the cross sysroot: every line must be identical once the
# "<symbol+offset>" annotations, which need not match (docs/isa.md), are
# taken out.  tests/disasm_sweep.sh covers the encodings compilers do not
# emit (PAL instructions, VAX floating point, odd qualifiers).
. "$top_srcdir/tests/lib.sh"

if ! command -v "$ALPHA_OBJDUMP" >/dev/null 2>&1; then
	echo "SKIP: no Alpha objdump ($ALPHA_OBJDUMP)"
	exit 77
fi
lib="$ALPHA_SYSROOT/lib"
for f in libc.so.6.1 ld-linux.so.2 libm.so.6.1; do
	if [ ! -f "$lib/$f" ]; then
		echo "SKIP: $lib/$f missing (ALPHA_SYSROOT=$ALPHA_SYSROOT)"
		exit 77
	fi
done

tab=$(printf '\t')
# Headers keep their address, instruction lines lose the annotation.
normalize() {
	sed -e 's/^\([0-9a-f]\{16\}\) <.*>:$/\1:/' -e 's/ <[^>]*>$//' "$1"
}

total=0
compare() {
	f=$1
	"$ALPHASIM" --disassemble "$f" >"$tmp/ours" 2>"$tmp/err" ||
		{ fail "$f: alphasim --disassemble failed: $(cat "$tmp/err")"; return; }
	"$ALPHA_OBJDUMP" -d "$f" >"$tmp/theirs" ||
		{ fail "$f: objdump failed"; return; }
	normalize "$tmp/ours" >"$tmp/ours.n"
	normalize "$tmp/theirs" >"$tmp/theirs.n"
	n=$(grep -c "^ *[0-9a-f]*:$tab" "$tmp/theirs.n")
	d=$(diff "$tmp/ours.n" "$tmp/theirs.n" | grep -c '^[<>]')
	total=$((total + n))
	if [ "$n" -gt 0 ] && [ "$d" -eq 0 ]; then
		ok "$f: $n instructions, 0 differences"
	else
		fail "$f: $n instructions, $d differing lines"
		diff "$tmp/ours.n" "$tmp/theirs.n" | head -20
	fi
}

for f in libc.so.6.1 ld-linux.so.2 libm.so.6.1; do
	compare "$lib/$f"
done
echo "$total instructions compared"
finish

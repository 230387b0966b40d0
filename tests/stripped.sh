#!/bin/sh
# tests/stripped.sh - stripped programs, as users ship them: a static one
# (testprogs/demo.lnx through alpha-linux-gnu-strip: no symbol table at
# all) and a dynamic one built the way users build (plain gcc -O2, then
# stripped: only the imports of .dynsym are left).
#   - alphasim --disassemble lists both as alpha-linux-gnu-objdump -d
#     does (annotations aside, as tests/disasm_objdump.sh compares);
#   - dcpiprof puts the samples of the stripped program under
#     "(no symbol)", and the same samples under main for the file before
#     stripping.
# Both once passed an empty symbol array to qsort (NULL, 0), which the
# suite's second pass under UBSan reports.
. "$top_srcdir/tests/lib.sh"
B=$top_builddir
tools=${ALPHA_OBJDUMP%objdump}
CC=${tools}gcc STRIP=${tools}strip NM=${tools}nm RE=${tools}readelf

cat > "$tmp/loop.c" <<'EOF'
#include <stdio.h>
int main(int argc, char **argv)
{
	long s = 0;
	for (long i = 0; i < 100000; i++)
		s += i ^ argc;
	printf("%ld %s\n", s, argv[0]);
	return 0;
}
EOF
mkdir "$tmp/root"
"$CC" -O2 "$tmp/loop.c" -o "$tmp/loop" || { fail "cannot build a program with $CC"; finish; }
"$STRIP" -o "$tmp/loop.stripped" "$tmp/loop" && "$STRIP" -o "$tmp/demo.stripped" "$B/testprogs/demo.lnx" ||
	{ fail "$STRIP failed"; finish; }
for f in loop.stripped demo.stripped; do
	[ -z "$("$NM" "$tmp/$f" 2>/dev/null)" ] && ok "$f: nm finds no symbols" || fail "$f has symbols"
done

# Headers keep their address, instruction lines lose the annotation.
normalize() { sed -e 's/^\([0-9a-f]\{16\}\) <.*>:$/\1:/' -e 's/ <[^>]*>$//' "$1"; }
for f in loop.stripped demo.stripped; do
	"$ALPHASIM" --disassemble "$tmp/$f" >"$tmp/ours" 2>"$tmp/err"
	expect_eq "--disassemble $f: exit status" "$?" 0
	[ -s "$tmp/err" ] && fail "--disassemble $f: $(cat "$tmp/err")"
	"$ALPHA_OBJDUMP" -d "$tmp/$f" >"$tmp/theirs"
	n=$(grep -c ':	[0-9a-f][0-9a-f] ' "$tmp/theirs")
	normalize "$tmp/ours" >"$tmp/ours.n"
	normalize "$tmp/theirs" >"$tmp/theirs.n"
	d=$(diff "$tmp/ours.n" "$tmp/theirs.n" | grep -c '^[<>]')
	[ "$n" -gt 100 ] && [ "$d" -eq 0 ] && ok "--disassemble $f: $n instructions as objdump" ||
		{ fail "--disassemble $f: $n instructions, $d differing lines"
		  diff "$tmp/ours.n" "$tmp/theirs.n" | head -5; }
done

# a database with 7 samples at main+8 of /loop (tests/mkprofdb)
set -- $("$RE" -lW "$tmp/loop" | awk '$1 == "LOAD" && ($7 ~ /E/ || $8 == "E") { print $2, $3, $5; exit }')
main=$("$NM" "$tmp/loop" | awk '$3 == "main" { print "0x" $1 }')
[ -n "$main" ] && [ -n "${3-}" ] || { fail "no main or text segment in $tmp/loop"; finish; }
printf 'exec 1 0xaaaa %s %s %s /loop\nevent cycles 62000 1000 1000\nsample 1 0x%x cycles 7\n' \
	"$2" "$3" "$1" $((main + 8)) | "$B/tests/mkprofdb" "$tmp/db" >/dev/null
for f in loop loop.stripped; do
	cp "$tmp/$f" "$tmp/root/loop"
	"$B/analysis/dcpiprof" -db "$tmp/db" --root "$tmp/root" --csv loop >"$tmp/out" 2>"$tmp/err"
	expect_eq "dcpiprof, $f: exit status" "$?" 0
	[ -s "$tmp/err" ] && fail "dcpiprof, $f: $(cat "$tmp/err")"
	got=$(sed -n 2p "$tmp/out")
	case $f in
	*.stripped) expect_eq "dcpiprof, $f: no symbols" "$got" "(no symbol),7,100.00" ;;
	*)          expect_eq "dcpiprof, $f: main" "$got" "main,7,100.00" ;;
	esac
done
finish

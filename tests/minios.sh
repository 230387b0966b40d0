#!/bin/sh
# tests/minios.sh - each static Linux/Alpha program of tests/minios.mk
# runs on alphasim (under minios) and on qemu-alpha with the same
# arguments and environment, each in an empty working directory of its
# own; the standard outputs and the exit statuses must be the same.
. "$top_srcdir/tests/lib.sh"
progs="hello args malloc fileio stdio strmath status unaligned fault divzero"
dir=$(cd "$top_builddir" && pwd)/testprogs/linux
if [ -z "$QEMU_ALPHA" ] || [ ! -x "$QEMU_ALPHA" ]; then
	echo "SKIP: no qemu-alpha to compare with"
	exit 77
fi
case $("$ALPHASIM" -q "$dir/hello.lnx" 2>&1) in
*"does not have yet"*) echo "SKIP: this alphasim cannot run Linux programs yet"; exit 77 ;;
esac

# run NAME TOOL...: run the program in $tmp/NAME.$p, output in $tmp/NAME.$p.out
run() {
	name=$1
	shift
	mkdir "$tmp/$name.$p"
	(cd "$tmp/$name.$p" && env -i MINIOS_A=1 MINIOS_B="two words" "$@" "$dir/$p.lnx" \
		one "two three" </dev/null >"$tmp/$name.$p.out" 2>"$tmp/$name.$p.err")
}
for p in $progs; do
	run sim "$ALPHASIM" -q
	s=$?
	run qemu "$QEMU_ALPHA"
	q=$?
	expect_eq "$p: exit status (qemu-alpha's: $q)" "$s" "$q"
	if cmp -s "$tmp/sim.$p.out" "$tmp/qemu.$p.out"; then
		ok "$p: output identical to qemu-alpha ($(wc -l <"$tmp/qemu.$p.out") lines)"
	else
		fail "$p: output differs from qemu-alpha (alphasim < > qemu-alpha):"
		diff "$tmp/sim.$p.out" "$tmp/qemu.$p.out" | head -20
	fi
	cat "$tmp/sim.$p.err"
done
finish

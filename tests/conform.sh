#!/bin/sh
# tests/conform.sh TEST.c - the ISA conformance driver.
#
# TEST.c is compiled twice (testprogs/local.mk): TEST.bare runs on
# alphasim, TEST.lnx is the same source as a static Linux/Alpha program
# run under qemu-alpha.  Both print their results; the test passes when
# the outputs are identical and both exit 0.  Where qemu-alpha departs
# from the architecture the program itself checks the architected answer
# (see docs/testing.md), so the printed text still agrees.
. "$top_srcdir/tests/lib.sh"
src=$1
base=$top_builddir/${src#$top_srcdir/}
base=${base%.c}
name=$(basename "$base")

"$ALPHASIM" -q "$base.bare" >"$tmp/sim.out" 2>"$tmp/sim.err"
expect_eq "$name: alphasim exit status" "$?" 0
"$QEMU_ALPHA" "$base.lnx" >"$tmp/qemu.out" 2>"$tmp/qemu.err"
expect_eq "$name: qemu-alpha exit status" "$?" 0
lines=$(wc -l <"$tmp/qemu.out")
if [ "$lines" -lt 1 ]; then
	fail "$name: qemu-alpha printed nothing"
else
	same_file "$name" "$tmp/sim.out" "$tmp/qemu.out" "qemu-alpha's"
fi
cat "$tmp/sim.err" "$tmp/qemu.err"
finish

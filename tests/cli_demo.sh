#!/bin/sh
# The default workload runs on alphasim, exits 0, and prints exactly what
# the same source built for Linux prints under qemu-alpha.
. "$top_srcdir/tests/lib.sh"
b="$top_builddir/testprogs/demo"
"$ALPHASIM" -q --stats "$tmp/stats.json" "$b.bare" >"$tmp/sim.out"
expect_eq "demo exit status" "$?" 0
"$QEMU_ALPHA" "$b.lnx" >"$tmp/qemu.out"
same_file "demo.bare" "$tmp/sim.out" "$tmp/qemu.out" "qemu-alpha's"
grep -q '"user_instructions"' "$tmp/stats.json" && ok "stats file written" || fail "no stats"
# The Linux build on minios: same output as under qemu-alpha, and the
# user-mode instruction count within 0.1% of qemu's (tests/qemu_icount.so).
"$ALPHASIM" -q --stats "$tmp/lnx.json" "$b.lnx" >"$tmp/lnx.out" 2>/dev/null
expect_eq "demo.lnx exit status" "$?" 0
same_file "demo.lnx on minios" "$tmp/lnx.out" "$tmp/qemu.out" "qemu-alpha's"
"$QEMU_ALPHA" -plugin "$top_builddir/tests/qemu_icount.so,out=$tmp/qn" "$b.lnx" >/dev/null
python3 -c "
import json, sys
ours = json.load(open(sys.argv[1]))['total']['user_instructions']
qemu = int(open(sys.argv[2]).read())
print('user instructions: alphasim %d, qemu-alpha %d' % (ours, qemu))
sys.exit(0 if abs(ours - qemu) <= qemu / 1000 else 1)" "$tmp/lnx.json" "$tmp/qn" &&
	ok "user instructions within 0.1% of qemu-alpha" || fail "user instruction count differs"
# The functional core alone (--timing=off), which counts instructions
# by the budget they use (chip/cpu.h): the same output, and the same
# user-mode instructions as the timed run (the program's own work does
# not depend on the clock; the kernel's, around timer ticks, does).
"$ALPHASIM" -q --timing=off --stats "$tmp/off.json" "$b.lnx" >"$tmp/off.out" 2>/dev/null
expect_eq "demo.lnx --timing=off exit status" "$?" 0
same_file "demo.lnx --timing=off" "$tmp/off.out" "$tmp/qemu.out" "qemu-alpha's"
python3 -c "
import json, sys
on, off = (json.load(open(f))['total']['user_instructions'] for f in sys.argv[1:3])
print('user instructions: timing on %d, off %d' % (on, off))
sys.exit(0 if on == off else 1)" "$tmp/lnx.json" "$tmp/off.json" &&
	ok "--timing=off counts the user instructions the timed run does" ||
	fail "--timing=off counts other user instructions"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['total']['instructions'] > 1000000" \
	"$tmp/stats.json" && ok "stats JSON parses, counts instructions" || fail "stats JSON"
finish

#!/bin/sh
# The default workload runs on alphasim, exits 0, and prints exactly what
# the same source built for Linux prints under qemu-alpha.
. "$top_srcdir/tests/lib.sh"
b="$top_builddir/testprogs/demo"
"$ALPHASIM" -q --stats "$tmp/stats.json" "$b.bare" >"$tmp/sim.out"
expect_eq "demo exit status" "$?" 0
"$QEMU_ALPHA" "$b.lnx" >"$tmp/qemu.out"
if cmp -s "$tmp/sim.out" "$tmp/qemu.out"; then ok "output matches qemu-alpha"; else
	fail "output differs from qemu-alpha"; diff "$tmp/sim.out" "$tmp/qemu.out"; fi
grep -q '"user_instructions"' "$tmp/stats.json" && ok "stats file written" || fail "no stats"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['total']['instructions'] > 1000000" \
	"$tmp/stats.json" && ok "stats JSON parses, counts instructions" || fail "stats JSON"
finish

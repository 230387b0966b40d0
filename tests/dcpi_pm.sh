#!/bin/sh
# tests/dcpi_pm.sh - instruction sampling (an alphasim extension:
# docs/precise.md) through minios's PALcode and /dev/pcount, in both
# delivery modes: the guest program testprogs/dcpi/pm_selftest checks
# conservation, an interrupt per record or per buffer, every loop
# instruction's retired records x the period against its executions,
# the records' context and the multiply's wait, and exits 0; the
# records the driver got must be the records the simulated unit kept
# (--stats).
. "$top_srcdir/tests/lib.sh"
prog="$top_builddir/testprogs/dcpi/pm_selftest.lnx"
for mode in intr buffer; do
	"$ALPHASIM" -q --stats "$tmp/stats.json" "$prog" $mode >"$tmp/out" 2>&1
	expect_eq "pm_selftest $mode: exit status" "$?" 0
	grep -E '^(FAIL|pm )' "$tmp/out"
	driver=$(sed -n 's/^pm interrupts [0-9]* records \([0-9]*\) .*/\1/p' "$tmp/out")
	[ "${driver:-0}" -gt 1000 ] && ok "$mode: $driver records" ||
		fail "$mode: too few records (${driver:-none})"
	sim=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(c["pm"]["recorded"] for c in d["cpus"] if "pm" in c))' "$tmp/stats.json")
	expect_eq "$mode: records the driver got = records the unit kept" "$driver" "$sim"
done
finish

#!/bin/sh
# tests/dcpi_guest.sh - /dev/pcount inside minios (docs/dcpi.md): the
# guest program testprogs/dcpi/pcount_selftest checks conservation, the
# loop's share of the samples and samples x period against the cycles,
# and exits 0; its count of the driver's interrupts must equal the
# simulator's own count of counter interrupts (docs/pmu.md "Statistics":
# taken at the counters' level, plus those PALcode dispatched on entry
# for another interrupt, counted as cleared), with and without the
# timing model.
. "$top_srcdir/tests/lib.sh"
prog="$top_builddir/testprogs/dcpi/pcount_selftest.lnx"
for mode in on off; do
	"$ALPHASIM" -q --timing=$mode --stats "$tmp/stats.json" "$prog" >"$tmp/out" 2>&1
	expect_eq "pcount_selftest, timing $mode: exit status" "$?" 0
	grep -E '^(FAIL|interrupts|read)' "$tmp/out"
	driver=$(sed -n 's/^interrupts //p' "$tmp/out")
	# interrupts.pmu, plus the overflows PALcode dispatched on entry for
	# another interrupt, which the PMU records as cleared (its HWINT_CLR)
	sim=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(c["interrupts"]["pmu"] for c in d["cpus"]) +
      sum(n["cleared"] for c in d["cpus"] for n in c["pmu"]["counters"]))' "$tmp/stats.json")
	expect_eq "timing $mode: driver interrupts = simulator pmu interrupts" "$driver" "$sim"
	[ "${driver:-0}" -gt 100 ] && ok "timing $mode: $driver samples" ||
		fail "timing $mode: too few samples ($driver)"
done
finish

#!/bin/sh
# The timer and IPIs as interrupts (testprogs/smp/intr.c): EV5 IPL 22
# (OSF IPL 5) masks them and 21 does not; CPUs 0 and 1 interrupt each
# other; each CPU's timer interrupts it soon after every deadline.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
for n in 2 4; do
	for t in on off; do
		run intr "$tmp/out" --cpus $n --timing=$t --stats "$tmp/s.json"
		# the PAL handler runs before the program sees the tick; with the
		# timing model, its first run and the trap records' lines, which
		# the other CPUs' records share, miss in the caches
		late=100
		[ $t = on ] && late=1000
		got=$(awk -v n=$n -v late=$late '/^cpu .* late /{ k++; if ($6 >= late) bad++ }
			END { print k == 3 * n && !bad ? "ok" : k " ticks, " bad " late" }' "$tmp/out")
		expect_eq "every tick taken within $late cycles, $n CPUs, timing $t" "$got" ok
		expect_eq "interrupts taken, $n CPUs, timing $t" \
			"$(json "$tmp/s.json" "[c['interrupts']['taken'] for c in d['cpus']][:2]")" "[24, 23]"
	done
done
finish

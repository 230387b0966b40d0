#!/bin/sh
# Interprocessor interrupts: CPU 0 and every other CPU send each other
# ROUNDS IPIs, polling the IPI device; the interrupt line follows PENDING
# (testprogs/smp/ipi.c).  The stats file counts them per CPU.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
rounds=50
for n in 1 2 4 8; do
	for t in on off; do
		run ipi "$tmp/out" --cpus $n --timing=$t --stats "$tmp/s.json"
		want="$((rounds * (n - 1) + 1)) $((rounds * (n - 1) + 1))"
		for i in $(seq 1 $((n - 1))); do want="$want $rounds $rounds"; done
		got=$(json "$tmp/s.json" "' '.join('%d %d' % (c['devices']['ipis_sent'], c['devices']['ipis_received']) for c in d['cpus'])")
		expect_eq "IPIs sent and received per CPU, $n CPUs, timing $t" "$got" "$want"
	done
done
finish

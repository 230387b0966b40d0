#!/bin/sh
# LDQ_L/STQ_C across CPUs: four CPUs increment one counter 20000 times
# each and it must end at exactly 80000, with the timing model and
# without, at the default quantum and at quanta that cut the LL/SC
# sequences at every point; a store by another CPU to the locked block
# makes STQ_C fail (testprogs/smp/llsc.c).  The stats file's totals are
# the sums of its per-CPU sections.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
for t in on off; do
	for q in 1000 7 1; do
		run llsc "$tmp/out" --cpus 4 --timing=$t -c smp_quantum=$q --stats "$tmp/s.json"
		grep -q "^llsc: 4 CPUs, counter 80000, " "$tmp/out" &&
			ok "counter exact, timing $t, quantum $q" || fail "counter, timing $t, quantum $q"
		got=$(json "$tmp/s.json" "len(d['cpus']) == 4 and
d['total']['cycles'] == sum(c['cycles'] for c in d['cpus']) and
d['total']['instructions'] == sum(c['instructions']['total'] for c in d['cpus']) and
d['total']['user_instructions'] == sum(c['instructions']['user'] for c in d['cpus']) and
all(c['instructions']['total'] > 4 * 20000 for c in d['cpus'])")
		expect_eq "stats: four CPUs, totals are sums, timing $t, quantum $q" "$got" True
	done
done
# With the timing model, the counter's block moves between the CPUs'
# caches: every CPU loses it to the others' stores.
run llsc "$tmp/out" --cpus 4 --stats "$tmp/s.json"
got=$(json "$tmp/s.json" "all(c['coherence']['invalidations'] > 100 for c in d['cpus'])")
expect_eq "stores invalidate the other CPUs' copies" "$got" True
finish

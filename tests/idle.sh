#!/bin/sh
# tests/idle.sh - an idle minios CPU waits in wtint (sched.c; platform/wait.h)
# instead of spinning.  hello and testprogs/minios/sleep run on 1 and on
# 4 CPUs, timed and not: the output is the same; the CPUs' idle cycles
# show in --stats; and the 4-CPU run retires about as many instructions
# as the 1-CPU run.  Bounds: hello ends before any clock tick, so the
# three extra CPUs retire only their start-up, under 1000 instructions
# each: at most 5% more than on one CPU (spinning, it was 12 times as
# many timed, 4 times untimed).  sleep lasts some 45 ticks, and each
# wakes an idle CPU for a few hundred instructions (the tick handler
# scans the process table for sleepers' deadlines): at most 50% more
# (spinning, 4.6 times).  Idle CPUs: hello's three extra CPUs wait for at
# least 90% of their cycles, and sleep's one CPU for at least half of its.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
bdir=$(cd "$top_builddir" && pwd)/testprogs
for t in on off; do
	for p in linux/hello minios/sleep; do
		name=${p#*/}
		for n in 1 4; do
			"$ALPHASIM" -q --cpus $n --timing=$t --stats "$tmp/$name.$n.json" \
				"$bdir/$p.lnx" >"$tmp/$name.$n.out" 2>&1
			expect_eq "$name, $n CPUs, timing $t: exit status" "$?" 0
		done
		if cmp -s "$tmp/$name.1.out" "$tmp/$name.4.out"; then
			ok "$name, timing $t: the same output on 1 and 4 CPUs"
		else
			fail "$name, timing $t: output differs on 1 and 4 CPUs"
			diff "$tmp/$name.1.out" "$tmp/$name.4.out" | head
		fi
		i1=$(json "$tmp/$name.1.json" "d['total']['instructions']")
		i4=$(json "$tmp/$name.4.json" "d['total']['instructions']")
		bound=105
		[ $name = sleep ] && bound=150
		expect_eq "$name, timing $t: 4 CPUs retire $i4 instructions, at most $bound% of 1 CPU's $i1" \
			"$([ $((i4 * 100)) -le $((i1 * bound)) ] && echo ok)" ok
	done
	expect_eq "hello, 4 CPUs, timing $t: CPUs 1-3 idle >= 90% of their cycles" \
		"$(json "$tmp/hello.4.json" "all(c['idle_cycles'] * 10 >= c['cycles'] * 9 for c in d['cpus'][1:])")" True
	expect_eq "sleep, 1 CPU, timing $t: idle >= half its cycles" \
		"$(json "$tmp/sleep.1.json" "d['cpus'][0]['idle_cycles'] * 2 >= d['cpus'][0]['cycles']")" True
done
finish

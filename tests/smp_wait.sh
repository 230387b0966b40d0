#!/bin/sh
# simctl WAIT (testprogs/smp/wait.c, platform/wait.h): a CPU waiting for an
# interrupt is woken by its timer's tick, a request already there, another
# CPU's IPI (not before it was sent), a cycle counter's overflow; it
# retires nothing meanwhile.  Here: the program's checks pass on 1 and 2
# CPUs, timed and not; its final wait, which nothing can end, stops the
# machine with status 126 and a message; --stats counts the waits as
# CPU 0's idle cycles (the program's own measure, plus the final wait's
# part of a quantum, 1000 cycles) and no idle cycle on CPU 1, which never
# waits; the truth's `idle` cause has them all and still balances.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
for n in 1 2; do
	for t in on off; do
		what="$n CPUs, timing $t"
		truth=
		[ $t = on ] && truth="--truth $tmp/t"
		"$ALPHASIM" -q --cpus $n --timing=$t --stats "$tmp/s.json" $truth \
			"$smp/wait.bare" >"$tmp/out" 2>"$tmp/err"
		expect_eq "$what: stopped, every CPU waiting (status)" "$?" 126
		expect_eq "$what: the message" "$(grep -c 'every CPU waits for an interrupt' "$tmp/err")" 1
		if grep -q "^wait: [1-9][0-9]* checks, 0 failed$" "$tmp/out"; then
			ok "$what: the program's checks"
		else
			fail "$what: the program's checks"
			cat "$tmp/out"
		fi
		waited=$(sed -n 's/^waited //p' "$tmp/out")
		# the final wait counts up to the quantum's end with 2 CPUs, up
		# to the end of a 2^20-cycle slice with one.  The program times
		# each wait from the cycle counter read before the simctl store
		# to the one after it, so its figure also holds those few
		# instructions' cycles, which are not idle: when the final wait
		# starts just before the quantum's end its idle part can be
		# smaller than their sum (a change of code layout once gave
		# 374423 idle against 374431 waited).
		slack=1000 under=64
		[ $n = 1 ] && slack=1048576
		expect_eq "$what: CPU 0's idle cycles, the waits' (${waited:-?}) - $under to + $slack" \
			"$(json "$tmp/s.json" "'ok' if -$under <= d['cpus'][0]['idle_cycles'] - $waited < $slack else d['cpus'][0]['idle_cycles']")" ok
		[ $n = 2 ] && expect_eq "$what: CPU 1 never waits" \
			"$(json "$tmp/s.json" "d['cpus'][1]['idle_cycles']")" 0
		if [ $t = on ]; then
			"$top_builddir/analysis/truthcsv" --summary "$tmp/t" >"$tmp/sum"
			expect_eq "$what: truth balances" "$(sed -n 's/^balance=//p' "$tmp/sum")" ok
			expect_eq "$what: truth idle = stats idle" "$(sed -n 's/^cause_idle=//p' "$tmp/sum")" \
				"$(json "$tmp/s.json" "d['total']['idle_cycles']")"
		fi
	done
done
finish

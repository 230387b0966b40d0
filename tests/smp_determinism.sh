#!/bin/sh
# A run repeats exactly: the same program and parameters twice give the
# same output, statistics and ground truth, on four CPUs contending for
# one counter (the number of failed STQ_Cs depends on every detail of the
# interleaving).  A different quantum interleaves differently.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
strip() { grep -v host_seconds "$1"; }
for t in on off; do
	truth=
	[ $t = on ] && truth="--truth"
	for i in 1 2; do
		run llsc "$tmp/out$i" --cpus 4 --timing=$t -c smp_quantum=53 \
			--stats "$tmp/s$i.json" ${truth:+$truth "$tmp/t$i"}
	done
	cmp -s "$tmp/out1" "$tmp/out2" && ok "same output, timing $t" || fail "outputs differ, timing $t"
	strip "$tmp/s1.json" >"$tmp/s1" && strip "$tmp/s2.json" >"$tmp/s2" &&
	cmp -s "$tmp/s1" "$tmp/s2" && ok "same statistics, timing $t" || fail "statistics differ, timing $t"
	if [ $t = on ]; then
		cmp -s "$tmp/t1" "$tmp/t2" && ok "same truth" || fail "truth files differ"
	fi
	run llsc "$tmp/out3" --cpus 4 --timing=$t -c smp_quantum=97
	f1=$(sed -n 's/.*failed STQ_C //p' "$tmp/out1")
	f3=$(sed -n 's/.*failed STQ_C //p' "$tmp/out3")
	[ -n "$f1" ] && [ "$f1" != "$f3" ] && ok "another quantum, another interleaving ($f1, $f3 failed STQ_Cs)" ||
		fail "quanta 53 and 97 gave the same interleaving ($f1, $f3)"
done
finish

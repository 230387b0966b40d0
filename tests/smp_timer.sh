#!/bin/sh
# The interval timer ticks at timer_hz in simulated time: on each of two
# CPUs, tick k+1's deadline is floor((k+1) x clock / timer_hz) cycles
# after it was enabled, so successive deadlines are floor or ceiling of
# clock / timer_hz apart, and the polling program sees each tick soon
# after its deadline (testprogs/smp/timer.c).  Its interrupt is taken at
# the deadline's exact cycle, in place of the first instruction that
# would issue then (testprogs/smp/timer_exact.c checks EXC_ADDR).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/smp_lib.sh"
# check OUT MHZ HZ LATE: deadlines and how late ticks were seen
check() {
	python3 - "$@" <<'PY'
import math, sys
out, mhz, hz, late = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
period = mhz * 10**6 / hz
ticks = [l.split() for l in open(out) if l.startswith("cpu ")]
errs = []
for cpu in ("0", "1"):
    t = [(int(x[5]), int(x[7]), int(x[9])) for x in ticks if x[1] == cpu]
    if len(t) != 4:
        errs.append("cpu %s: %d ticks" % (cpu, len(t)))
        continue
    for at, deadline, nxt in t:
        if nxt - deadline not in (math.floor(period), math.ceil(period)):
            errs.append("cpu %s: deadlines %d apart, period %.3f" % (cpu, nxt - deadline, period))
        if not 0 <= at - deadline < late:
            errs.append("cpu %s: tick seen %d cycles after its deadline" % (cpu, at - deadline))
print("; ".join(errs) if errs else "ok")
PY
}
for t in on off; do
	late=20
	[ $t = on ] && late=400
	run timer "$tmp/out" --cpus 2 --timing=$t --stats "$tmp/s.json"
	expect_eq "1024 Hz at 333 MHz, timing $t" "$(check "$tmp/out" 333 1024 $late)" ok
	expect_eq "stats count the ticks" "$(json "$tmp/s.json" "[c['devices']['timer_ticks'] for c in d['cpus']]")" "[4, 4]"
	run timer "$tmp/out" --cpus 2 --timing=$t -c timer_hz=4096 -c clock_mhz=500
	expect_eq "4096 Hz at 500 MHz, timing $t" "$(check "$tmp/out" 500 4096 $late)" ok
	grep -q "^timer: 4096 Hz$" "$tmp/out" && ok "HZ register" || fail "HZ register"
done
for t in on off; do
	run timer_exact "$tmp/out" --cpus 2 --timing=$t
done
finish

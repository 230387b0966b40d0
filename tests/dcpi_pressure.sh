#!/bin/sh
# tests/dcpi_pressure.sh - the DCPI driver under buffer pressure
# (docs/dcpi.md, "Conservation").  testprogs/dcpi/spread spreads its
# time over some 30,000 distinct instructions, so nearly every sample
# misses the hash table and evicts; with short periods the overflow
# buffers fill faster than dcpid empties them.  alphasim --profile runs
# it on 1 CPU (one thread) and on 4 (four threads), at several seeds.
# Each run must really take the eviction, switch and drop paths
# (driver_evictions, driver_switches and driver_drops all non-zero: in
# ordinary runs the first two are 0), and conserve exactly: every sample
# the simulated PMU delivered (each counter's "delivered" plus
# "cleared" in --stats, as alphasim's own check counts them) is in the
# profiles' headers or counted in driver_drops, and the driver's own account
# agrees (interrupts = samples_read + drops, and dcpid got samples_read).
# And no counter interrupt is ever taken inside the handler's code (its
# sections, __dcpi_intr_start to __dcpi_intr_end in minios.elf, against
# --skid-trace's delivered PCs): it runs at IPL 6, atomic with respect to
# its CPU's counters (section 4.2 of the paper).  Until wrperfmon kept
# the PS, the handler's IPL fell to 0 when a buffer filled, counter
# interrupts came in half-way through an eviction, and most of these
# runs lost a sample or more.
. "$top_srcdir/tests/lib.sh"
long_simulation "the driver under buffer pressure"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
SIM="$ALPHASIM -q --root /"
NM=${ALPHA_OBJDUMP%objdump}nm
PROG="$B/testprogs/dcpi/spread.lnx"
get() { sed -n "s/^$1=//p" "$2"; }
hdr_samples() {
	cat "$@" 2>/dev/null | grep -a '^samples ' | awk '{ s += $2 } END { print s + 0 }'
}

# the handler's code, as numbers
set -- $("$NM" "$B/minios/minios.elf" |
	awk '$3 == "__dcpi_intr_start" { s = $1 } $3 == "__dcpi_intr_end" { e = $1 }
	     END { print s, e }')
[ -n "$2" ] || { fail "no __dcpi_intr_start/_end in minios.elf"; finish; }
intr_start=$1 intr_end=$2

# the samples delivered (each counter's deliveries and the overflows
# PALcode found and cleared on its way in for another interrupt, which
# it dispatches too: sim/profile.c's count) and the deliveries inside
# the handler
pmu_figures() {
	python3 -c '
import csv, json, sys
d = json.load(open(sys.argv[1]))
delivered = sum(n["delivered"] + n["cleared"] for c in d["cpus"] for n in c["pmu"]["counters"])
lo, hi = int(sys.argv[3], 16), int(sys.argv[4], 16)
inside = sum(1 for r in csv.DictReader(open(sys.argv[2]))
             if r["delivered_pc"] and lo <= int(r["delivered_pc"], 16) < hi)
print(delivered, inside)' "$@"
}

# run NAME CPUS THREADS ROUNDS EVENTS SEED
run() {
	name=$1 cpus=$2 threads=$3 rounds=$4 events=$5 seed=$6
	guest_env $SIM --cpus "$cpus" --seed "$seed" --stats "sim.$name.json" \
		--skid-trace "skid.$name.csv" --profile="$tmp/db.$name" --events "$events" \
		"$PROG" "$rounds" "$threads" >"out.$name" 2>"err.$name"
	status=$?
	[ $status -eq 0 ] && ok "$name: alphasim exits 0" ||
		fail "$name: alphasim exits $status: $(tail -c 400 "err.$name")"
	# the same checksum for the same rounds, whatever the threads and seed
	eval "want=\${want_$rounds:-}"
	if [ -z "$want" ]; then
		eval "want_$rounds=\$(cat \"out.\$name\")"
		[ -s "out.$name" ] && ok "$name: a checksum ($(cat "out.$name"))" ||
			fail "$name: no output"
	else
		expect_eq "$name: the checksum of $rounds rounds" "$(cat "out.$name")" "$want"
	fi
	st="db.$name/dcpid.stats"
	[ -s "$st" ] || { fail "$name: no stats file"; return; }
	for k in interrupts samples_read drops evictions switches; do
		eval "$k=\$(get driver_$k \"$st\")"
	done
	for k in evictions switches drops; do
		eval "v=\$$k"
		[ "${v:-0}" -gt 0 ] && ok "$name: driver_$k $v" || fail "$name: driver_$k '$v', want > 0"
	done
	set -- $(pmu_figures "sim.$name.json" "skid.$name.csv" "$intr_start" "$intr_end")
	delivered=$1 inside=$2
	in_db=$(hdr_samples "db.$name"/epoch-0001/*.prof)
	expect_eq "$name: conservation: delivered $delivered = in the profiles $in_db + drops $drops" \
		"$delivered" "$((in_db + drops))"
	expect_eq "$name: the driver's interrupts = the PMU's deliveries" "$interrupts" "$delivered"
	expect_eq "$name: the driver: interrupts = samples_read + drops" "$interrupts" \
		"$((samples_read + drops))"
	expect_eq "$name: dcpid got every sample read" "$(get samples "$st")" "$samples_read"
	expect_eq "$name: counter interrupts taken inside the handler" "$inside" 0
	unknown_ok "$name" "$st"
}

for seed in 1 2 3; do
	run "1cpu-seed$seed" 1 1 60 cycles:1024,imiss:512 "$seed"
done
for seed in 1 2; do
	run "4cpu-seed$seed" 4 4 30 cycles:768,imiss:512 "$seed"
done
finish

#!/bin/sh
# tests/profile.sh - alphasim --profile (docs/usage.md "Profiling") on
# testprogs/demo.lnx with 1 and 4 CPUs: the program's exit status and
# output are those of a run without --profile; the stats file's "dcpi"
# object conserves samples exactly (delivered = in_db + unknown +
# dropped), its samples_delivered is the PMU's count of delivered
# counter interrupts plus those PALcode acknowledged while entering for
# another interrupt ("cleared"; sim/profile.c) in the same file, and the CYCLES samples times
# their mean period (from the database, through dcpiprof) come within 1%
# of the cycles the counter counted (the PMU's own count: the cycles
# outside its blind spots; docs/performance.md says what separates
# them).  dcpiprof lists the program's image first.  Then the defaults
# and the errors: no program runs the default workload; a database
# outside the guest's root and an unknown event are refused (125).
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
cp "$B/testprogs/demo.lnx" .
unset ALPHASIM_MINIOS ALPHASIM_DCPID

"$ALPHASIM" -q demo.lnx > plain.out 2>/dev/null
plain=$?

# get KEY FILE: a number of the stats file's dcpi object
get() { sed -n "s/.*\"dcpi\": {.*\"$1\": \([0-9]*\).*/\1/p" "$2"; }
# the PMU's total of a per-counter field, for every CPU and counter
pmu_sum() { grep -o "\"$1\": [0-9]*" "$2" | awk '{ n += $2 } END { print n + 0 }'; }
# the cycles the counters selecting cycles counted
cyc_counted() {
	grep -o '"event": "cycles", [^}]*' "$1" | sed 's/.*"counted": \([0-9]*\).*/\1/' |
		awk '{ n += $1 } END { print n + 0 }'
}

for n in 1 4; do
	"$ALPHASIM" -q --cpus $n --profile=db$n --stats st$n.json demo.lnx > prof$n.out 2>err$n.txt
	expect_eq "$n CPU(s): exit status as without --profile" "$?" "$plain"
	cmp -s plain.out prof$n.out && ok "$n CPU(s): same output" ||
		fail "$n CPU(s): output differs: $(diff plain.out prof$n.out | head -3)"
	grep -q '"dcpi"' st$n.json || { fail "$n: no dcpi object: $(cat err$n.txt)"; continue; }
	d=$(get samples_delivered st$n.json); i=$(get samples_in_db st$n.json)
	u=$(get samples_unknown st$n.json); x=$(get samples_dropped st$n.json)
	[ "$d" -gt 0 ] && ok "$n: samples delivered ($d)" || fail "$n: no samples"
	expect_eq "$n: conservation (in_db $i + unknown $u + dropped $x)" "$((i + u + x))" "$d"
	expect_eq "$n: samples_delivered is the PMU's count" "$d" \
		"$(( $(pmu_sum delivered st$n.json) + $(pmu_sum cleared st$n.json) ))"
	grep -q '"conserved": true' st$n.json && ok "$n: conserved" || fail "$n: not conserved"
	# samples x mean period against the counted cycles, in parts per 10000
	line=$("$B/analysis/dcpiprof" -db db$n | awk '$1 == "cycles" { print $2, $3; exit }')
	counted=$(cyc_counted st$n.json)
	err=$(echo "$line $counted" | awk '{ e = ($1 * $2 - $3) / $3; if (e < 0) e = -e; print int(e * 10000) }')
	[ "$err" -lt 100 ] && ok "$n: cycles samples x period within 1% of counted ($err/10000)" ||
		fail "$n: samples x period ($line) vs counted $counted: off by $err/10000"
	# with idle CPUs the kernel's idle loop can come first: the program
	# is the first of the other images
	first=$("$B/analysis/dcpiprof" -db db$n --csv | sed 1d | cut -d, -f1 |
		grep -v '^/boot/minios.elf$' | head -1)
	expect_eq "$n: dcpiprof lists the program first" "$first" "/demo.lnx"
	[ -f db$n.truth ] && ok "$n: truth beside the database" || fail "$n: no db$n.truth"
done

# no program: the default workload, demo.lnx
"$ALPHASIM" -q --profile=dbd > dflt.out 2>errd.txt
expect_eq "no program: exit status of the default workload" "$?" "$plain"
cmp -s plain.out dflt.out && ok "no program: demo's output" || fail "no program: $(head -3 errd.txt)"

# errors: status 125 and a message naming the problem
"$ALPHASIM" -q --profile="$tmp/../outside-db" demo.lnx > /dev/null 2>e1.txt
expect_eq "database outside the root: 125" "$?" "125"
grep -q "inside the guest's root" e1.txt && ok "outside root: clear message" || fail "e1: $(cat e1.txt)"
"$ALPHASIM" -q --profile --events cycles,bogus demo.lnx > /dev/null 2>e2.txt
expect_eq "unknown event: 125" "$?" "125"
grep -q "unknown event 'bogus'" e2.txt && ok "unknown event: clear message" || fail "e2: $(cat e2.txt)"
"$ALPHASIM" -q --events cycles demo.lnx > /dev/null 2>e3.txt
expect_eq "--events without --profile: 125" "$?" "125"
finish

#!/bin/sh
# tests/profile.sh - alphasim --profile (docs/usage.md "Profiling") on
# testprogs/demo.lnx with 1 and 4 CPUs: the program's exit status and
# output are those of a run without --profile; the stats file's "dcpi"
# object conserves samples exactly (delivered = in_db + unknown +
# dropped), its samples_delivered is the PMU's count of delivered
# counter interrupts plus those PALcode acknowledged while entering for
# another interrupt ("cleared"; sim/profile.c) in the same file, and the CYCLES samples times
# their mean period (from the database, through dcpiprof) come within 1%
# of the cycles the counter counted within sampling periods (the PMU's
# counted less discarded: the cycles outside the blind spots between an
# overflow and the handler's reload; docs/pmu.md).  dcpiprof lists the program's image first.  Then several
# processes (pipeline.lnx), a dynamically linked program, aggregation on
# a loop-heavy one, event multiplexing and -q's silence (below); the
# defaults and the errors: the default events are DCPI's, CYCLES at
# 60K-64K and IMISS at 3840-4095 (docs/dcpi.md, "Default periods"); no
# program runs the default workload, at those too; an
# unknown event is refused (125).  Databases anywhere: profile_paths.sh.
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
# the cycles the counters selecting cycles counted within sampling
# periods: counted, less what each reload after an overflow discarded
# (docs/pmu.md "Blind spots of sampling")
cyc_counted() {
	grep -o '"event": "cycles", [^}]*' "$1" |
		sed 's/.*"counted": \([0-9]*\).*"discarded": \([0-9]*\).*/\1 \2/' |
		awk '{ n += $1 - $2 } END { print n + 0 }'
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
	unknown_ok "$n CPU(s)" st$n.json
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

# periods DB EVENT: the mean periods the profiles of EVENT in DB's first
# epoch give, one a line
periods() { cat "$1"/epoch-0001/*."$2".prof 2>/dev/null | grep -a '^period ' | sed 's/^period //' | sort -u; }
# defaults DB WHAT: DCPI's default events, each at the driver's default
# period, and nothing else
defaults() {
	expect_eq "$2: CYCLES every 60K-64K (mean 63488)" "$(periods "$1" cycles)" 63488
	expect_eq "$2: IMISS every 3840-4095 (mean 3968)" "$(periods "$1" imiss)" 3968
	others=$(ls "$1"/epoch-0001/*.prof | grep -cv -e '\.cycles\.prof$' -e '\.imiss\.prof$')
	expect_eq "$2: no other event" "$others" 0
}
defaults db1 "no --events"

# ---- more programs: each must conserve samples exactly --------------------
# The samples the profiles' headers count (docs/dcpi-db.md), in files $@.
hdr() { cat "$@" 2>/dev/null | grep -a '^samples ' | awk '{ s += $2 } END { print s + 0 }'; }
# prof NAME ARGS...: alphasim --profile=db.NAME ARGS; conservation checked
prof() {
	name=$1
	shift
	"$ALPHASIM" -q --profile="db.$name" --stats "st.$name.json" "$@" > "$name.out" 2> "$name.err"
	expect_eq "$name: exit status 0" "$?" 0
	grep -q '"conserved": true' "st.$name.json" && ok "$name: conserved" ||
		fail "$name: not conserved: $(grep -o '"dcpi": {[^}]*' "st.$name.json") $(tail -2 "$name.err")"
	unknown_ok "$name" "st.$name.json"
}

# several processes: pipeline.lnx forks and execs itself (by its path,
# argv[0]) into three stages.  Every user sample is in pipeline.lnx's
# profile (dcpid's own aside), none unknown, and the kernel has some.
cp "$B/testprogs/corpus/pipeline.lnx" .
prof pipeline "$tmp/pipeline.lnx"
grep -q "^pipeline: ok" pipeline.out && ok "pipeline: its stages ran" ||
	fail "pipeline: $(cat pipeline.out)"
e=db.pipeline/epoch-0001
p=$(hdr $e/*-pipeline.lnx.*.prof) k=$(hdr $e/*-minios.elf.*.prof)
o=$(hdr $(ls $e/*.prof | grep -v -e '-pipeline\.lnx\.' -e '-minios\.elf\.' -e '-dcpid\.lnx\.'))
[ "$p" -gt 0 ] && [ "$k" -gt 0 ] && ok "pipeline: pipeline.lnx $p, kernel $k samples" ||
	fail "pipeline: pipeline.lnx $p, kernel $k samples"
expect_eq "pipeline: no sample in another image or unknown" "$o" 0

# dynamically linked: libc's samples in libc.so.6.1, the kernel's in the
# kernel image
cp "$B/testprogs/dcpi/libcwork.dyn" .
prof libc libcwork.dyn 200 0
e=db.libc/epoch-0001
l=$(hdr $e/*-libc.so.6.1.*.prof) k=$(hdr $e/*-minios.elf.*.prof) all=$(hdr $e/*.prof)
[ $((l * 10)) -ge $((all * 7)) ] && ok "libc: libc.so.6.1 has $l of $all samples" ||
	fail "libc: libc.so.6.1 has $l of $all samples"
[ "$k" -gt 0 ] && ok "libc: kernel samples in minios.elf ($k)" || fail "libc: no kernel samples"

# aggregation on a loop-heavy program: >= 20 samples per entry handed to
# dcpid (the paper's figure, section 5).  The default period would need
# ~300 M cycles (make bench does that); a period of 4096 gets there in
# one round of loops.lnx (~30 M cycles).
cp "$B/testprogs/dcpi/loops.lnx" .
prof loops --events cycles:4096 loops.lnx 1
agg=$(sed -n 's/.*"aggregation_factor": \([0-9]*\).*/\1/p' st.loops.json)
[ "${agg:-0}" -ge 20 ] && ok "loops: aggregation $agg >= 20" || fail "loops: aggregation ${agg:-none}"

# more events than counters (three), time-multiplexed: imiss, dmiss and
# brmiss share a counter (daemon/events.c), so their monitored shares
# (the headers' "monitored M E") sum to 1; cycles has a counter alone.
prof mux --events cycles,imiss,dmiss,brmiss loops.lnx 1
share() { cat db.mux/epoch-0001/*."$1".prof 2>/dev/null | grep -a '^monitored ' | head -1 |
	awk '{ print $2 / $3 }'; }
c=$(share cycles) i=$(share imiss) d=$(share dmiss) b=$(share brmiss)
expect_eq "mux: cycles monitored all the time" "$c" 1
sum=$(echo "$i $d $b" | awk '{ s = $1 + $2 + $3; print (s > 0.99 && s <= 1.0001) ? "1" : s }')
expect_eq "mux: imiss $i + dmiss $d + brmiss $b shares sum to 1" "$sum" 1

# -q: nothing but the program's output (dcpid's totals go to the stats
# file only; the kernel's "not implemented" lines aside)
grep -v '^minios: system call' err1.txt > err1.own
[ ! -s err1.own ] && ok "-q: nothing on stderr" || fail "-q: stderr: $(head -2 err1.own)"

# no program: the default workload, testprogs/accuracy/workload.lnx, at
# the default events
"$ALPHASIM" -q "$B/testprogs/accuracy/workload.lnx" > wplain.out 2>/dev/null
"$ALPHASIM" -q --profile=dbd --stats std.json > dflt.out 2>errd.txt
expect_eq "no program: exit status of the default workload" "$?" 0
unknown_ok "no program" std.json
cmp -s wplain.out dflt.out && ok "no program: the workload's output" ||
	fail "no program: $(head -3 errd.txt)"
defaults dbd "no program"

# errors: status 125 and a message naming the problem
"$ALPHASIM" -q --profile --events cycles,bogus demo.lnx > /dev/null 2>e2.txt
expect_eq "unknown event: 125" "$?" "125"
grep -q "unknown event 'bogus'" e2.txt && ok "unknown event: clear message" || fail "e2: $(cat e2.txt)"
"$ALPHASIM" -q --events cycles demo.lnx > /dev/null 2>e3.txt
expect_eq "--events without --profile: 125" "$?" "125"
finish

#!/bin/sh
# The truth balances on every test program: the head cycles of all
# instructions add up to the CPU's cycle count, each instruction's causes
# add up to its head cycles, the execution counts to the instructions
# retired, and each event total equals the structure statistic in
# --stats.  Programs that take exceptions (the trap tests, testprogs/pal)
# exercise the timed loop's exception path.
. "$top_srcdir/tests/lib.sh"
long_simulation "the truth's balance on every bare-metal program"
n=0
for prog in "$top_builddir"/testprogs/demo.bare "$top_builddir"/testprogs/isa/*.bare \
            "$top_builddir"/testprogs/pal/*.bare \
            "$top_builddir"/testprogs/timing/*.bare; do
	[ -f "$prog" ] || continue
	name=${prog#"$top_builddir"/}
	"$ALPHASIM" -q --truth "$tmp/truth" --stats "$tmp/stats.json" "$prog" >/dev/null 2>&1
	st=$?
	if [ $st -ne 0 ] && [ $st -ne 1 ]; then fail "$name: exit status $st"; continue; fi
	"$top_builddir/analysis/truthcsv" --summary "$tmp/truth" >"$tmp/summary" ||
		{ fail "$name: truthcsv"; continue; }
	if python3 - "$tmp/summary" "$tmp/stats.json" <<'PY'
import json, sys
s = dict(l.strip().split("=", 1) for l in open(sys.argv[1]))
c = json.load(open(sys.argv[2]))["cpus"][0]
want = {
    "event_imiss": c["icache"]["misses"],
    "event_dmiss": c["dcache"]["load_misses"],
    "event_smiss": c["scache"]["misses"],
    "event_bmiss": c["bcache"]["misses"],
    "event_itbmiss": c["itb"]["misses"],
    "event_dtbmiss": c["dtb"]["misses"],
    "event_bmisp": c["bpred"]["cond_mispredicts"],
    "event_jmisp": c["bpred"]["jump_mispredicts"],
    "event_replay": c["maf"]["full_replays"],
    "cycles": c["cycles"],
    "count": c["instructions"]["total"],
}
bad = [f"{k}={s[k]} but stats say {v}" for k, v in want.items() if int(s[k]) != v]
if s["balance"] != "ok":
    bad.append("head cycles, causes or counts do not add up")
for b in bad:
    print("   ", b)
sys.exit(1 if bad else 0)
PY
	then ok "$name: truth balances"; else fail "$name: truth does not balance"; fi
	n=$((n + 1))
done
[ $n -gt 10 ] && ok "$n programs checked" || fail "only $n programs found"
finish

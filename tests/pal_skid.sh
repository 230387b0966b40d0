#!/bin/sh
# tests/pal_skid.sh - where a counter interrupt lands on hand-made
# sequences (testprogs/pal/pmu_skid.c, which derives every expected index
# from the issue rules), with pmu_delay 0, 6 and 30, on the timing model
# and with --timing=off; and the skid trace rows those runs write: the
# overflow's cause, the delivered PC, deliver - overflow = the delay when
# nothing deferred it, PAL and IPL deferrals named.
. "$top_srcdir/tests/lib.sh"
bare="$top_builddir/testprogs/pal/pmu_skid.bare"
"$ALPHA_OBJDUMP" -t "$bare" >"$tmp/syms"
# timing delay: seq1 seq2 seq3 seq4 (indices; pmu_skid.c explains them),
# then the index of the instruction whose cycle or issue overflowed in
# seq1 and seq2
while read -r mode delay s1 s2 s3 s4 c1 c2; do
	run="timing $mode, delay $delay"
	"$ALPHASIM" -q --timing="$mode" -c pmu_delay="$delay" --skid-trace "$tmp/skid.csv" \
		"$bare" >"$tmp/out" 2>&1
	expect_eq "$run: exit status" "$?" 0
	got=$(sed -n 's/^seq[1-4] //p' "$tmp/out" | tr '\n' ' ')
	expect_eq "$run: landed at" "$got" "$s1 $s2 $s3 $s4 "
	python3 - "$tmp/skid.csv" "$tmp/syms" "$delay" "$s1 $s2 $s3 $s4" "$c1 $c2" <<'PY' &&
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sym = {}
for l in open(sys.argv[2]):
    f = l.split()
    if f and f[-1] in ("seq1_a", "seq2_a", "seq3_after", "seq4_after"):
        sym[f[-1]] = int(f[0], 16)
delay = int(sys.argv[3])
land = [int(x) for x in sys.argv[4].split()]
cause = [int(x) for x in sys.argv[5].split()]
bases = [sym["seq1_a"], sym["seq2_a"], sym["seq3_after"], sym["seq4_after"]]
bad = []
if len(rows) != 4:
    bad.append(f"{len(rows)} rows, want 4")
for i, r in enumerate(rows[:4]):
    want = hex(bases[i] + 4 * land[i])
    if r["delivered_pc"] != want:
        bad.append(f"seq{i + 1}: delivered_pc {r['delivered_pc']}, want {want}")
    if r["event"] != "cycles" or r["counter"] != "0":
        bad.append(f"seq{i + 1}: counter {r['counter']} event {r['event']}")
    lag = int(r["deliver_cycle"]) - int(r["overflow_cycle"])
    if i < 2:
        if r["deferred_by"] != "none" or lag != delay:
            bad.append(f"seq{i + 1}: {r['deferred_by']}, {lag} cycles, want none, {delay}")
        if r["cause_pc"] != hex(bases[i] + 4 * cause[i]):
            bad.append(f"seq{i + 1}: cause_pc {r['cause_pc']}")
    elif r["deferred_by"] != ("pal", "ipl")[i - 2] or lag < delay:
        bad.append(f"seq{i + 1}: deferred_by {r['deferred_by']}, {lag} cycles")
for b in bad:
    print("   ", b)
sys.exit(1 if bad else 0)
PY
	ok "$run: skid trace rows" || fail "$run: skid trace rows"
done <<'EOF2'
on 0 9 1 0 0 9 1
on 6 15 1 0 0 9 1
on 30 39 23 0 0 9 1
off 0 9 4 0 0 9 4
off 6 15 10 0 0 9 4
off 30 39 34 0 0 9 4
EOF2
finish

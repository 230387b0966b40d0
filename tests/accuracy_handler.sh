#!/bin/sh
# tests/accuracy_handler.sh - the sampling driver measures its own
# interrupt cost and the analysis takes each sample's hidden cycles from
# it (docs/analysis.md, "The sampling's blind spot"; docs/dcpi.md, "The
# handler's own cost").  The default workload at a sixteenth of its size,
# CYCLES every 2K cycles (about 27,000 samples in its image, so that the
# truth's figure is sharp): the epoch holds handler.cost; dcpiwhatcg's
# cycles per CYCLES interrupt (the driver's measure plus what it cannot
# see) is within 10% of the truth's, (samples x period - the image's
# cycles) / interrupts; dcpiaccuracy's executions move with the measure
# (a file saying three times the handler's cycles gives other counts),
# a database without the file is analysed as before (0, --handler-cycles
# 0's figures) with a note, and --handler-cycles still overrides; a
# damaged file is one clear error.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A=$B/analysis
cd "$tmp" || exit 1
cp "$B/testprogs/accuracy/workload.lnx" .
unset ALPHASIM_MINIOS ALPHASIM_DCPID
guest_env "$ALPHASIM" -q --profile=db --events cycles:2048 --seed 1 workload.lnx 16 \
	> out 2> err
expect_eq "exit status" "$?" 0
cost=db/epoch-0001/handler.cost
[ -f $cost ] && ok "the epoch holds the handler's cost" || fail "no $cost"
cat $cost

# the truth: the image's samples x period against its cycles (PALcode
# run for it included, as every comparison counts them)
prof=$(ls db/epoch-0001/*-workload.lnx.cycles.prof)
hdr() { awk -v k="$1" '$1 == k { print $2; exit } /^$/ { exit }' "$prof"; }
samples=$(hdr samples) period=$(hdr period)
"$A/truthcsv" db.truth | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["image"] ~ /workload\.lnx$/ { c += $h["head_cycles"]
		for (k in h) if (k ~ /^palfor_/) c += $h[k] }
	END { printf "%.0f\n", c }' > cycles
truth=$(awk -v s="${samples:-0}" -v p="${period:-0}" -v c="$(cat cycles)" \
	'BEGIN { if (s > 0) printf "%.1f", (s * p - c) / s }')
echo "truth: $samples samples x $period - $(cat cycles) cycles = ${truth:-none} a sample"

"$A/dcpiwhatcg" -db db workload.lnx > wcg 2> wcg.err
expect_eq "dcpiwhatcg: exit status" "$?" 0
line=$(grep '^handler cycles' wcg)
echo "$line"
meas=$(echo "$line" | sed -n 's/^handler cycles per interrupt: \([0-9]*\) (cycles; the driver.s measure.*/\1/p')
awk -v m="${meas:-0}" -v t="${truth:-0}" 'BEGIN { exit !(t > 100 && m > 0.9 * t && m < 1.1 * t) }' &&
	ok "measured cycles per interrupt within 10% of the truth's" ||
	fail "measured ${meas:-none}, truth ${truth:-none}"

# the estimates use it
exec_ratio() {
	"$A/dcpiaccuracy" -db db --truth db.truth "$@" workload.lnx > acc 2> acc.err ||
		fail "dcpiaccuracy $*: $(cat acc.err)"
	sed -n 's/.*executions estimated\/true \([0-9.]*\)$/\1/p' acc
}
measured=$(exec_ratio)
grep -q '^handler cycles per interrupt: [0-9]* (cycles; the driver' acc &&
	ok "dcpiaccuracy says what it took off" || fail "dcpiaccuracy: no handler line"
cp $cost saved
awk 'NR > 1 { $3 *= 3 } { print }' saved > $cost
tripled=$(exec_ratio)
echo "executions estimated/true: measured $measured, the handler's cycles tripled $tripled"
[ -n "$measured" ] && [ -n "$tripled" ] && [ "$measured" != "$tripled" ] &&
	ok "the estimates follow the measure" || fail "the same estimates: $measured, $tripled"
over=$(exec_ratio --handler-cycles 0)
rm $cost
old=$(exec_ratio)
expect_eq "a database without the measure: as --handler-cycles 0" "$old" "$over"
grep -q '^handler cycles per interrupt: 0, not measured' acc &&
	ok "and says it was not measured" || fail "no note: $(grep handler acc)"
printf 'dcpi-handler-cost 1\ncycles 12 x 3\n' > $cost
"$A/dcpiwhatcg" -db db workload.lnx > bad 2> bad.err
st=$?
[ $st -ne 0 ] && [ "$(wc -l < bad.err)" -eq 1 ] && grep -q 'handler.cost: line 2' bad.err &&
	ok "a damaged file: one line naming it" || fail "status $st: $(cat bad.err)"
finish

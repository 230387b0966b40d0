#!/bin/sh
# tests/accuracy_paltruth.sh - the truth and the estimate call PALcode's
# cycles the same thing (docs/accuracy.md, "What the truth calls what"):
# on testprogs/accuracy/dtb.dyn (a DTB miss at every load of its loop),
# profiled at a 4K period, the truth charges each fill handler's PAL
# cycles to the load PALcode returns to (truthcsv --summary: palfor_dtb
# is most of PALcode's cycles, and every PAL cycle is charged to an
# instruction or owed: balance=ok), so dcpiwhatcg's DTB category, whose
# samples land on the load, agrees with the truth's within 5 points; the
# sampling interrupts' own cycles are a category of their own on both
# sides ("sampling interrupts"), each side within 20% of the other (the
# estimate is the samples times --profiling-cycles), and none of the
# program's dynamic stall.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
cp "$B/testprogs/accuracy/dtb.dyn" .
unset ALPHASIM_MINIOS ALPHASIM_DCPID
guest_env "$ALPHASIM" -q --profile=db --events cycles:4096 --seed 1 dtb.dyn 3000 > out 2> err
expect_eq "exit status" "$?" 0

"$B/analysis/truthcsv" --summary db.truth > sum 2> sum.err
expect_eq "truthcsv: exit status" "$?" 0
expect_eq "truthcsv: balance" "$(sed -n 's/^balance=//p' sum)" ok
num() { sed -n "s/^$1=//p" sum; }
pal=$(num pal_head_cycles) dtb=$(num palfor_dtb)
echo "PALcode's cycles $pal, of them for DTB misses $dtb"
awk -v p="${pal:-0}" -v d="${dtb:-0}" 'BEGIN { exit !(p > 0 && d > p / 2) }' &&
	ok "the fill handlers' cycles are charged to the loads" ||
	fail "palfor_dtb ${dtb:-none} of PALcode's ${pal:-none} cycles"

"$B/analysis/dcpiwhatcg" --csv -db db --truth db.truth dtb.dyn > wcg.csv 2> wcg.err
expect_eq "dcpiwhatcg: exit status" "$?" 0
cat wcg.err
# category,group,label,est_lo_pct,est_hi_pct,...,true_pct,true_cycles
cat_of() { awk -F, -v c="$1" '$1 == c { print $2, $4, $5, $8 }' wcg.csv; }
set -- $(cat_of dtb) x
echo "DTB miss: estimate ${2:-}-${3:-}%, truth ${4:-}%"
awk -v lo="${2:-0}" -v hi="${3:-0}" -v t="${4:-0}" \
	'BEGIN { e = t < lo ? lo - t : t > hi ? t - hi : 0; exit !(lo > 10 && e <= 5) }' &&
	ok "DTB miss within 5 points of the truth" || fail "DTB miss: estimate ${2:-none}-${3:-none}%, truth ${4:-none}%"
set -- $(cat_of profiling) x
echo "sampling interrupts (${1:-}): estimate ${2:-}%, truth ${4:-}%"
expect_eq "the sampling interrupts' group" "${1:-none}" profiling
awk -v e="${2:-0}" -v t="${4:-0}" 'BEGIN { exit !(t > 0 && e > 0.8 * t && e < 1.2 * t) }' &&
	ok "sampling interrupts: estimate and truth within 20%" ||
	fail "sampling interrupts: estimate ${2:-none}%, truth ${4:-none}%"
finish

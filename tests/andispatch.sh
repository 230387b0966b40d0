#!/bin/sh
# tests/andispatch.sh - the analysis on interpreters built as a user builds
# them (tests/anprogs/dispatch.c: a switch and a computed goto through a
# table of label addresses; docs/analysis.md, "Jump tables"), profiled by
# alphasim: in each interpreter
#   - with the truth's counts (--true-freq, the culprit analysis alone),
#     the causes of nine in ten of the dynamic stall cycles are listed
#     (the handlers' mispredicts; none could be while their dispatch was
#     unknown and they began no block);
#   - DCPI's estimator: nine in ten of the samples at frequencies within
#     25% (sampling alone allows all; within 10% the interrupts' hidden
#     cycles, which DCPI's estimator does not take off, make the counts
#     7-8% high at this period).
# Before the dispatch tables were resolved: recall 0% and 13%, within
# 25% 52% and 16%.
. "$top_srcdir/tests/lib.sh"
long_simulation "interpreters profiled"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
prog="$B/tests/anprogs/dispatch.dyn"
guest_env "$ALPHASIM" -q --profile=db --events cycles:4096 "$prog" 300000 > out.txt 2> err.txt
expect_eq "dispatch.dyn: exit status" "$?" 0
expect_eq "dispatch.dyn: output" "$(cat out.txt)" "900000 900000"
# fig CSV METRIC: the figure (all samples) and its sampling-only expectation
fig() { awk -F, -v m="$2" '$1 == m && $2 == "all" { print $3, $4 }' "$1"; }
for proc in run_switch run_goto; do
	"$A/dcpiaccuracy" -db db --truth db.truth --true-freq --csv dispatch.dyn $proc > $proc.true.csv 2> err.$proc
	expect_eq "$proc: dcpiaccuracy --true-freq exit status" "$?" 0
	"$A/dcpiaccuracy" -db db --truth db.truth --csv dispatch.dyn $proc > $proc.dcpi.csv 2>> err.$proc
	expect_eq "$proc: dcpiaccuracy exit status" "$?" 0
	set -- $(fig $proc.true.csv culprit_recall)
	awk -v r="${1:-0}" 'BEGIN { exit !(r >= 0.9) }' &&
		ok "$proc: recall with the true counts ${1}" ||
		fail "$proc: recall with the true counts ${1:-none}, under 0.9"
	set -- $(fig $proc.dcpi.csv freq_within_25)
	awk -v f="${1:-0}" 'BEGIN { exit !(f >= 0.9) }' &&
		ok "$proc: frequency within 25% for $1 of the samples (sampling alone: $2)" ||
		fail "$proc: frequency within 25% for ${1:-none} of the samples, under 0.9"
done
finish

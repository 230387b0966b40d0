#!/bin/sh
# tests/accuracy_pm.sh - instruction sampling's estimates against the
# truth of the same run (docs/precise.md: an alphasim extension), on a
# program built as users build it (testprogs/kinds/hot.dyn: plain -O2,
# dynamic): profiled with --events cycles:4096,pm:1024:buffer:user (the
# analysis wants CYCLES samples in the procedure too), every
# instruction of its hot loop (hot_main) has a retired-record count
# within four sampling deviations of what the truth's count of its
# executions predicts (dcpiaccuracy's pm_freq_outside_4sd is 0), with
# enough records to mean it, and the estimated executions of the loop
# come within 5% of the truth's.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
cp "$B/testprogs/kinds/hot.dyn" .
unset ALPHASIM_MINIOS ALPHASIM_DCPID
"$ALPHASIM" -q --profile=db --events cycles:4096,pm:1024:buffer:user hot.dyn 300000 main \
	> out 2> err
expect_eq "exit status" "$?" 0
"$B/analysis/dcpiaccuracy" --csv -db db --truth db.truth hot.dyn hot_main > acc.csv 2> acc.err
expect_eq "dcpiaccuracy: exit status" "$?" 0
cat acc.err
fig() { awk -F, -v m="$1" '$1 == m && $2 == "all" { print $3 }' acc.csv; }
records=$(fig pm_records) insns=$(fig pm_insns) outside=$(fig pm_freq_outside_4sd)
ratio=$(fig pm_count_ratio)
echo "records $records, instructions $insns, outside 4 sd $outside, executions estimated/true $ratio"
awk -v r="${records:-0}" 'BEGIN { exit !(r >= 1000) }' && ok "$records records in hot_main" ||
	fail "too few records in hot_main (${records:-none})"
awk -v n="${insns:-0}" 'BEGIN { exit !(n >= 5) }' && ok "$insns instructions" ||
	fail "too few instructions with records (${insns:-none})"
expect_eq "instructions outside 4 sampling deviations" "$outside" 0
awk -v x="${ratio:-0}" 'BEGIN { exit !(x > 0.95 && x < 1.05) }' &&
	ok "executions estimated/true $ratio" || fail "executions estimated/true ${ratio:-none}"
finish

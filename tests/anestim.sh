#!/bin/sh
# tests/anestim.sh - the frequency estimators on two programs built as a
# user builds them (docs/analysis.md, "Issue groups" and "A third
# estimator"), profiled by alphasim at 16K with IMISS:
#   - testprogs/accuracy/chase.c, a linked-list traversal: its DTB
#     misses regroup the loop's issue pairs, and the cmpeq the schedule
#     issues alone holds a sixth of its cycle.  Every estimator within
#     25% for most of the image's samples (with single instructions as
#     the points: 0-2%, every count 3 to 6 times too low; within 10%
#     asks more than its loop's 200 cluster samples allow at every
#     phase), and no instruction with over 5% of the samples estimated
#     at frequency 0;
#   - testprogs/accuracy/straight.c, code three times the I-cache run in
#     sequence, whose misses cost almost nothing: the imiss estimator
#     within 10% for most samples and its counts within 10% of the
#     truth's (with the S-cache's latency taken off each miss: 0.2%, the
#     counts 30 times too low).
# Each figure is printed as "NAME = X (min Y)" for `make phases`.
. "$top_srcdir/tests/lib.sh"
long_simulation "estimators on chase and straight"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
# fig CSV METRIC: the figure (all samples)
fig() { awk -F, -v m="$2" '$1 == m && $2 == "all" { print $3 }' "$1"; }
# atleast WHAT VALUE MIN
atleast() {
	awk -v v="${2:-0}" -v x="$3" 'BEGIN { exit !(v != "" && v >= x) }' &&
		ok "$1 = $2 (min $3)" || fail "$1 = ${2:-none}, want min $3"
}
atmost() {
	awk -v v="${2:-0}" -v x="$3" 'BEGIN { exit !(v != "" && v <= x) }' &&
		ok "$1 = $2 (max $3)" || fail "$1 = ${2:-none}, want max $3"
}
for prog in chase:24 straight:5000; do
	name=${prog%%:*}
	guest_env "$ALPHASIM" -q --profile=$name --events cycles:16384,imiss:2048 \
		"$B/testprogs/accuracy/$name.dyn" ${prog#*:} > $name.out 2> $name.err
	expect_eq "$name.dyn: exit status" "$?" 0
done
for est in dcpi imiss wls; do
	"$A/dcpiaccuracy" -db chase --truth chase.truth --estimator $est --csv chase.dyn > chase.$est.csv
	expect_eq "chase: dcpiaccuracy --estimator $est exit status" "$?" 0
	atleast "chase $est freq_within_25" "$(fig chase.$est.csv freq_within_25)" 0.6
	"$A/dcpicalc" -db chase --truth chase.truth --estimator $est --csv chase.dyn > chase.$est.calc
	expect_eq "chase: dcpicalc --estimator $est exit status" "$?" 0
	# the share of the image's samples of the largest instruction estimated at 0
	zero=$(python3 - chase.$est.calc <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
tot = sum(float(r["samples_cycles"]) for r in rows) or 1
print(max([float(r["samples_cycles"]) / tot for r in rows if float(r["freq"] or 0) == 0] + [0]))
PY
)
	atmost "chase $est largest share at frequency 0" "$zero" 0.05
done
"$A/dcpiaccuracy" -db straight --truth straight.truth --estimator imiss --csv straight.dyn > straight.csv
expect_eq "straight: dcpiaccuracy exit status" "$?" 0
atleast "straight imiss freq_within_10" "$(fig straight.csv freq_within_10)" 0.8
r=$(fig straight.csv count_ratio)
atleast "straight imiss count_ratio" "$r" 0.9
atmost "straight imiss count_ratio" "$r" 1.1
finish

#!/bin/sh
# tests/accuracy.sh - `make accuracy`'s driver (analysis/accuracy/run.sh;
# docs/accuracy.md) at its small size on two stress kernels of its own
# workloads file (dcache, misp), and a third workload that cannot run:
#   - the failed run is reported (named, with alphasim's reason, after
#     the table) and the status is 1, while the other runs' rows are
#     there;
#   - the table's figures are dcpiaccuracy's on the run's database
#     (recomputed from the kept truth), and sane: within floors that hold
#     at every phase tried, and dcache's within tests/antools.sh's
#     per-loop floor;
#   - results.csv has a row per run and estimator;
#   - the plots are PNG files (signature) of some size with SVG beside
#     them, drawn from data that is there.
. "$top_srcdir/tests/lib.sh"
long_simulation "make accuracy's driver"
command -v gnuplot > /dev/null || { echo "SKIP: gnuplot is not installed"; exit 77; }
B=$(cd "$top_builddir" && pwd)
S=$(cd "$top_srcdir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1

# the real workloads file, and a program that is not one
echo "not a program" > notaprog
# (first, and without arguments: its line must not swallow the next)
{ echo "broken $tmp/notaprog . . ."
  cat "$S/analysis/accuracy/workloads"; } > workloads
ACCURACY_TABLE="$tmp/workloads" ACCURACY_OUT="$tmp/out dir" SMALL=1 ACCURACY_JOBS=2 \
	ACCURACY_KEEP=1 ACCURACY_WORKLOADS="dcache misp broken" \
	top_srcdir="$S" top_builddir="$B" sh "$S/analysis/accuracy/run.sh" > table.txt 2> err.txt
expect_eq "a failed run: exit status" "$?" 1
O="$tmp/out dir"
grep -q '^FAILED: 1 run(s):$' table.txt &&
grep -Eq "^  broken period 4096 seed 1: alphasim exited with 125: .*notaprog" table.txt &&
	ok "the failed run named with its reason" || fail "failure not reported: $(tail -3 table.txt)"

# ---- the rows ----------------------------------------------------------------
# row WORKLOAD ESTIMATOR: the table's row
row() { awk -v w="$1" -v e="$2" '$1 == w && $2 == "4K" && $3 == e' table.txt; }
for w in dcache misp; do
	for e in dcpi wls imiss imiss+h; do
		[ -n "$(row $w $e)" ] && ok "table: a row $w 4K $e" || fail "table: no row $w 4K $e"
	done
done
expect_eq "results.csv: a row per run and estimator" "$(($(wc -l < "$O/results.csv") - 1))" 8

# the figures are dcpiaccuracy's: recomputed on the kept database
run="$O/runs/misp.p4096.s1"
"$A/dcpiaccuracy" -db "$run/db" --truth "$run/db.truth" --estimator dcpi --csv misp.dyn > misp.csv
# same COLUMN METRIC SCALE: the table's misp dcpi row's column against
# dcpiaccuracy's figure (all samples), scaled and rounded
same() {
	want=$(awk -F, -v m="$2" -v k="$3" '$1 == m && $2 == "all" { printf "%.0f", k * $3 }' misp.csv)
	got=$(row misp dcpi | awk -v c="$1" '{ print $c }')
	[ -n "$want" ] && [ "$got" = "$want" ] && ok "table: misp's $2 is dcpiaccuracy's ($got)" ||
		fail "table: misp's $2: '$got', dcpiaccuracy '$want'"
}
same 4 samples 1
same 5 freq_within_10 100
same 6 freq_within_25 100
same 8 cpi_within_10 100

# ---- sane figures ----------------------------------------------------------------
# floor WORKLOAD ESTIMATOR COLUMN MIN|MAX VALUE: a figure of results.csv
floor() {
	v=$(awk -F, -v w="$1" -v e="$2" -v c="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == w && $4 == e { print $col[c] }' "$O/results.csv")
	awk -v v="$v" -v k="$4" -v x="$5" 'BEGIN { exit !(v != "" && (k == "min" ? v >= x : v <= x)) }' &&
		ok "$1 $2: $3 = $v ($4 $5)" || fail "$1 $2: $3 = $v, want $4 $5"
}
# Floors for one kernel, below the worst of 16 phases of the guest
# (`make phases`, docs/testing.md; the phase moves where the samples
# fall): freq<=25% 0.67-1, cover 0.995-1, recall 0.98-1, whatcg 2.0-10.5
# points.  Within 10% a one-loop kernel is all in or all out (misp's
# CPI 0.45-0.70 with DCPI's estimator; dcache's fell to 0.16 once in an
# earlier layout): those floors only catch a collapse.
for w in dcache misp; do
	floor $w dcpi samples min 2000
	for e in dcpi wls imiss imiss+h; do
		floor $w $e freq25 min 0.55
		floor $w $e cover min 0.90
		floor $w $e cpi10 min 0.10
		floor $w $e recall min 0.75
		floor $w $e wcg max 12
	done
done
# ... and tests/antools.sh's per-loop floor for dcache_lines (some
# instructions never stall)
floor dcache dcpi freq25 min 0.95

# ---- the plots ---------------------------------------------------------------------
for p in freq-cdf cpi-scatter breakdown-dcache breakdown-misp; do
	f="$O/plots/$p.png"
	sig=$(od -An -tx1 -N8 "$f" 2>/dev/null | tr -d ' \n')
	size=$(wc -c < "$f" 2>/dev/null || echo 0)
	[ "$sig" = 89504e470d0a1a0a ] && [ "$size" -gt 10000 ] &&
		ok "$p.png: a PNG of $size bytes" || fail "$p.png: signature '$sig', $size bytes"
	grep -q '<svg' "$O/plots/$p.svg" 2>/dev/null && ok "$p.svg" || fail "$p.svg: not SVG"
done
# the data drawn: the CDFs reach every sample, the scatter has points
for e in dcpi wls imiss imiss+h; do
	last=$(tail -1 "$O/plots/cdf.$e.4096.dat" | awk '{ print $2 }')
	awk -v v="$last" 'BEGIN { exit !(v > 0.999 && v < 1.001) }' &&
		ok "cdf.$e: ends at 1" || fail "cdf.$e: ends at '$last'"
	n=$(grep -vc '^#' "$O/plots/scatter.$e.dat")
	[ "$n" -ge 20 ] && ok "scatter.$e: $n points" || fail "scatter.$e: $n points"
done
finish

#!/bin/sh
# tests/antools.sh - the analysis tools end to end (docs/analysis.md, "The
# tools") on the default workload, as a user runs it: alphasim --profile
# with no program (testprogs/accuracy/workload.lnx, every stress kernel in
# its own procedure, about 11,000 CYCLES samples), then
#   - its summary: the dcpiwhatcg breakdown beside the truth, and
#     commands that work when copied;
#   - every tool in every format: the text's landmarks (dcpicalc's
#     "Best-case X/N = M CPI" header, bubbles, legend), JSON that parses,
#     CSV rows of one width, the same bytes twice;
#   - the tools agree with each other and with dcpiprof (samples per
#     procedure, cycles = samples x period, shares adding up to 100%);
#   - the estimates against the truth (dcpiaccuracy), for DCPI's
#     estimator, the least-squares one and the one using IMISS samples
#     (with and without the handler's cycles): floors measured on this run,
#     less a margin, so that a regression fails (docs/analysis.md,
#     "Accuracy");
#   - with --true-freq, each kernel's culprit named for its stall.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID

# A fixed environment for the guest: the host's variables move the
# guest's stack and with it the samples (the floors below are measured so).
env -i PATH="$PATH" LC_ALL=C "$ALPHASIM" --profile=db --stats st.json > out.txt 2> err.txt
expect_eq "default workload: exit status" "$?" 0
unknown_ok "default workload" st.json
img=workload.lnx
T="--truth db.truth"
samples=$("$A/dcpiprof" -db db --csv | awk -F, -v i="$img" '$1 ~ i { print $2 }')
[ "${samples:-0}" -ge 10000 ] && ok "default workload: $samples cycles samples" ||
	fail "default workload: only ${samples:-no} cycles samples"

# ---- the summary ----------------------------------------------------------
grep -q "where the cycles of $img went: DCPI's estimate from its .* beside the truth" err.txt &&
	ok "summary: the breakdown's title" || fail "summary: no breakdown: $(tail -5 err.txt)"
grep -Eq '^    D-cache miss +[0-9.]+% +[0-9.]+%$' err.txt &&
	ok "summary: D-cache miss, estimate beside truth" || fail "summary: no D-cache row"
cmd=$(sed -n 's/^alphasim: \(analysis\/dcpicalc .*\)   # .*/\1/p' err.txt)
[ -n "$cmd" ] && (cd "$B" && eval "$cmd" > "$tmp/fromsummary.txt" 2>&1) &&
	grep -q '^\*\*\* Best-case' fromsummary.txt && ok "summary: its dcpicalc command runs" ||
	fail "summary: '$cmd' did not run: $(head -3 fromsummary.txt)"

# ---- every tool, every format ----------------------------------------------
# tool arguments: dcpicalc and dcpilist on one procedure, the others on
# the image; each in text, CSV and JSON
run() { # NAME ARGS...: output in NAME.out, the status checked
	_n=$1; shift
	"$@" > "$_n.out" 2> "$_n.err"
	expect_eq "$_n: exit status" "$?" 0
}
for tool in dcpicalc dcpilist dcpitopstalls dcpiwhatcg dcpiaccuracy; do
	args=$img
	case $tool in dcpicalc|dcpilist) args="$img dcache_lines" ;; esac
	for fmt in text csv json; do
		opt=; [ $fmt = text ] || opt=--$fmt
		run "$tool.$fmt" "$A/$tool" -db db $T $opt $args
	done
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tool.json.out" &&
		ok "$tool: JSON parses" || fail "$tool: JSON does not parse"
	python3 - "$tool.csv.out" <<'PY' && ok "$tool: CSV rows of one width" || fail "$tool: CSV"
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
sys.exit(not (len(rows) > 1 and len({len(r) for r in rows}) == 1))
PY
	"$A/$tool" -db db $T --json $args > again.out 2>&1
	cmp -s again.out "$tool.json.out" && ok "$tool: the same bytes twice" ||
		fail "$tool: output differs from run to run"
done
# the whole database: every image, the kernel's too
for tool in dcpitopstalls dcpiwhatcg dcpiaccuracy; do
	run "$tool.all" "$A/$tool" -db db $T
done
grep -q "minios.elf" dcpitopstalls.all.out && ok "dcpitopstalls: the kernel's stalls too" ||
	fail "dcpitopstalls: the whole database: no kernel"

# dcpicalc's listing: the header, the D-cache stall drawn and named at
# the add that uses the load, the legend
grep -Eq '^\*\*\* Best-case [0-9]+/[0-9]+ = [0-9.]+ CPI$' dcpicalc.text.out &&
grep -Eq '^\*\*\* Actual +[0-9]+/[0-9]+ = [0-9.]+ CPI$' dcpicalc.text.out &&
grep -Eq '^\*\*\* Truth +[0-9]+/[0-9]+ = [0-9.]+ CPI$' dcpicalc.text.out &&
	ok "dcpicalc: Best-case, Actual, Truth" || fail "dcpicalc: header"
grep -Eq '^ +d +\([0-9.]+ cycles\)$' dcpicalc.text.out &&
grep -Eq ' addq v0,t2,v0 .* d +\| .* dmiss_s ' dcpicalc.text.out &&
	ok "dcpicalc: the stall drawn, its culprit d, the truth's dmiss_s" ||
	fail "dcpicalc: no D-cache stall at the add"
grep -q '^  d  D-cache miss' dcpicalc.text.out && ok "dcpicalc: legend" || fail "dcpicalc: legend"

# ---- the tools agree ---------------------------------------------------------
prof=$("$A/dcpiprof" -db db --csv "$img" | awk -F, '$1 == "dcache_lines" { print $2 }')
list=$(awk -F, 'NR > 1 { n += $5 } END { print n }' dcpilist.csv.out)
expect_eq "dcpilist's cycles samples of dcache_lines = dcpiprof's" "$list" "$prof"
python3 - dcpiwhatcg.json.out <<'PY' && ok "dcpiwhatcg: shares add up to 100%" || fail "dcpiwhatcg: shares"
import json, sys
w = json.load(open(sys.argv[1]))
sub = sum(v["pct"] for v in w["subtotals"].values())
tsub = sum(v["true_pct"] for v in w["subtotals"].values())
lo = sum(c["lo_pct"] for c in w["categories"] if c["group"] != "dynamic")
sys.exit(not (abs(sub - 100) < 0.01 and abs(tsub - 100) < 0.01 and
              abs(lo - w["subtotals"]["static"]["pct"] - w["subtotals"]["execution"]["pct"]) < 0.01))
PY
period=$("$A/dcpiprof" -db db | awk '$1 == "cycles" { print $3; exit }')
python3 - dcpiwhatcg.json.out "$samples" "$period" <<'PY' &&
import json, sys
w = json.load(open(sys.argv[1]))
sys.exit(abs(w["cycles"] - float(sys.argv[2]) * float(sys.argv[3])) > float(sys.argv[3]))
PY
	ok "dcpiwhatcg: its cycles are samples x period" || fail "dcpiwhatcg: cycles"
awk -F, 'NR > 2 && ($3 > prev || $2 < pcum) { bad = 1 } NR > 1 { prev = $3; pcum = $2; n++ }
	END { exit bad || n < 10 || n > 20 }' dcpitopstalls.csv.out &&
	ok "dcpitopstalls: at most 20 rows by stall cycles, cum% growing" || fail "dcpitopstalls: order"

# ---- the estimates against the truth ------------------------------------------
# floor NAME SUBSET MIN|MAX VALUE FILE: a figure of dcpiaccuracy --csv
floor() {
	v=$(awk -F, -v m="$1" -v s="$2" '$1 == m && $2 == s { print $3 }' "$5")
	awk -v v="$v" -v k="$3" -v x="$4" 'BEGIN { exit !(v != "" && (k == "min" ? v >= x : v <= x)) }' &&
		ok "$5: $1 $2 = $v ($3 $4)" || fail "$5: $1 $2 = $v, want $3 $4"
}
for est in dcpi wls imiss; do
	"$A/dcpiaccuracy" -db db $T --estimator $est --csv $img > acc.$est
done
"$A/dcpiaccuracy" -db db $T --estimator imiss --handler-cycles 300 --csv $img > acc.imiss+h
# measured on this workload (docs/analysis.md, "Accuracy") in ten runs
# whose databases sat at paths of different lengths, which moves the
# guest's timing and so where the samples fall: over the whole image
# whole procedures cross a tolerance from run to run, so those floors
# sit below the lowest run; the loops where some instructions never
# stall came within 25% in every run.  Later runs went lower (CPI within
# 10% 0.29 with DCPI's estimator here once; on other seeds freq within
# 10% 0.36 and 0.21, CPI 0.46 and 0.34, DCPI's and wls's): the floors of
# those figures are below them
floor freq_within_10 all min 0.25 acc.dcpi
floor freq_within_25 all min 0.55 acc.dcpi
floor freq_coverage medium_or_better min 0.90 acc.dcpi
floor cpi_within_10 all min 0.20 acc.dcpi
floor culprit_recall all min 0.75 acc.dcpi
floor whatcg_error_pp max max 12 acc.dcpi
floor freq_within_10 all min 0.15 acc.wls
floor freq_within_25 all min 0.60 acc.wls
floor cpi_within_10 all min 0.25 acc.wls
floor culprit_recall all min 0.70 acc.wls
floor whatcg_error_pp max max 12 acc.wls
# ours with the IMISS samples (docs/accuracy.md), measured in three
# runs (two other seeds, at 16K as here): icache_hops' counts come
# right, and with them its culprits: freq<=25% 0.72-1.0 (DCPI's
# 0.59-0.87), recall 0.986-0.999 (0.81-0.87), coverage 0.87, counts
# 1.03-1.04 of the truth (1.21-1.32), 1.01-1.02 with the handler's
# cycles taken off
floor freq_within_25 all min 0.60 acc.imiss
floor freq_coverage medium_or_better min 0.80 acc.imiss
floor culprit_recall all min 0.95 acc.imiss
floor count_ratio all max 1.10 acc.imiss
floor freq_within_25 all min 0.70 acc.imiss+h
floor count_ratio all max 1.07 acc.imiss+h
for proc in dcache_lines wbuf_lines imul_busy; do
	"$A/dcpiaccuracy" -db db $T --csv $img $proc > acc.$proc
	floor freq_within_25 all min 0.95 acc.$proc
	floor cpi_within_25 all min 0.95 acc.$proc
done

# ---- --true-freq: each kernel's culprit named ----------------------------------
# PROC CULPRIT: of the procedure's true dynamic stall cycles, those of the
# kernel's culprit are the most, and (nearly) all where the analysis
# lists it
for k in dcache_lines:dcache scache_blocks:dcache dtb_pages:dtb misp_flips:misp \
	wbuf_lines:wbuf imul_busy:imul fdiv_busy:fdiv icache_hops:icache; do
	proc=${k%%:*} c=${k#*:}
	"$A/dcpiaccuracy" -db db $T --true-freq --csv $img $proc > tf.csv
	awk -F, -v c="$c" '
		$1 == "culprit_true_cycles" && $3 > most { most = $3; top = $2 }
		$1 == "culprit_recall" && $2 == c { recall = $3 }
		END { exit !(top == c && recall >= 0.95) }' tf.csv &&
		ok "--true-freq: $proc: its stall is $c's, named there" ||
		fail "--true-freq: $proc: $(grep -E '^culprit_(true_cycles|recall)' tf.csv | tr '\n' ' ')"
done
"$A/dcpiaccuracy" -db db $T --true-freq --csv $img > tf.all
floor cpi_within_10 all min 0.60 tf.all
floor culprit_recall all min 0.95 tf.all
finish

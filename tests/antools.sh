#!/bin/sh
# tests/antools.sh - the analysis tools end to end (docs/analysis.md, "The
# tools") on the default workload, as a user runs it: alphasim --profile
# with no program (testprogs/accuracy/workload.lnx, every stress kernel in
# its own procedure, about 11,000 CYCLES samples), then
#   - its summary: the dcpiwhatcg breakdown beside the truth, a line
#     each on the workload's output, the ranges and the two totals, and
#     commands that work when copied;
#   - every tool in every format: the text's landmarks (dcpicalc's
#     "Best-case X/N = M CPI" header, bubbles, legend), JSON that parses,
#     CSV rows of one width, the same bytes twice; pc in the text as in
#     CSV; dcpitopstalls' failed estimates and their reason; dcpiwhatcg's
#     line saying what its ranges mean;
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
# guest's stack and with it the samples.
guest_env "$ALPHASIM" --profile=db --stats st.json > out.txt 2> err.txt
expect_eq "default workload: exit status" "$?" 0
unknown_ok "default workload" st.json
img=workload.lnx
T="--truth db.truth"
samples=$("$A/dcpiprof" -db db --csv | awk -F, -v i="$img" '$1 ~ i { print $2 }')
[ "${samples:-0}" -ge 10000 ] && ok "default workload: $samples cycles samples" ||
	fail "default workload: only ${samples:-no} cycles samples"

# ---- the summary ----------------------------------------------------------
grep -q "where the cycles of $img went: the estimate (estimator imiss) from its .* beside the truth" err.txt &&
	ok "summary: the breakdown's title" || fail "summary: no breakdown: $(tail -5 err.txt)"
# (an estimate is a range, LOW% - HIGH%, where the culprits are ambiguous)
grep -Eq '^    D-cache miss +[0-9.]+%( - +[0-9.]+%)? +[0-9.]+%$' err.txt &&
	ok "summary: D-cache miss, estimate beside truth" || fail "summary: no D-cache row"
# one line each says what the first screen's puzzles mean: the
# workload's checksums, the ranges, the estimate's cycles against the truth's
grep -q "^alphasim: the default workload prints a checksum .*(lines: D-cache," err.txt &&
	ok "summary: the workload's output explained" || fail "summary: no legend of lines: ... hops:"
grep -q "^alphasim: LOW% - HIGH%: stalls with several possible culprits" err.txt &&
	ok "summary: the ranges explained" || fail "summary: the ranges not explained"
grep -Eq "^alphasim: cycles: the estimate is samples x mean period, [0-9.]+% (more|less) than the truth's" err.txt &&
	ok "summary: the two totals explained" || fail "summary: the totals' difference not explained"
# the summary's breakdown is dcpiwhatcg's for the image, beside the
# truth: the same defaults (estimator, sampling interrupts' cost), the
# rows it shows (it leaves out the empty ones) word for word
"$A/dcpiwhatcg" -db db $T "$img" > wcg.txt 2>&1
sed -n '/^  Dynamic/,/^    cycles/p' err.txt | sed 's/^  //' > sum.rows
missing=$(grep -vxFf wcg.txt sum.rows | head -3)
[ -s sum.rows ] && [ -z "$missing" ] && ok "summary: its breakdown is dcpiwhatcg's" ||
	fail "summary: rows that are not dcpiwhatcg's: $missing"
cmd=$(sed -n 's/^alphasim: \([^ ]*\/dcpicalc .*\)   # .*/\1/p' err.txt)
[ -n "$cmd" ] && (eval "$cmd" > "$tmp/fromsummary.txt" 2>&1) &&
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
# an estimate that fails (a frequency estimated 0 for an instruction with
# samples, as some of the kernel's PAL-heavy ones get) is empty in CSV,
# null in JSON, "-" in the text, and each row says why in its reason
# (docs/tools.md, "dcpitopstalls"); no "nan" anywhere.  How many rows
# fail moves with the guest's phase (1 to 8 seen), so none is demanded:
# the columns and their agreement are.
for fmt in text csv json; do
	opt=; [ $fmt = text ] || opt=--$fmt
	run "dcpitopstalls.why.$fmt" "$A/dcpitopstalls" -db db $T $opt -n 100000
done
python3 - dcpitopstalls.why.csv.out dcpitopstalls.why.json.out dcpitopstalls.why.text.out <<'PY' &&
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
js = json.load(open(sys.argv[2]))["rows"]
text = [l for l in open(sys.argv[3]) if l.startswith(" ")][1:]
why = [r for r in rows if r["reason"]]
ok = (len(rows) == len(js) == len(text) and
      all((r["avg"] == "") == (r["reason"] == "frequency estimated 0: no stall per execution")
          for r in rows) and
      all((j["avg"] is None) == (j["reason"] is not None) for j in js) and
      all(r["reason"] == (j["reason"] or "") for r, j in zip(rows, js)) and
      all((r["reason"] != "") == t.rstrip().endswith("  " + r["reason"])
          for r, t in zip(rows, text)) and
      "nan" not in open(sys.argv[1]).read())
print(len(why), "of", len(rows), "rows with a reason")
sys.exit(not ok)
PY
	ok "dcpitopstalls: a failed estimate empty, null, '-', and why" ||
	fail "dcpitopstalls: a failed estimate: nan, or no reason"

# pc is one column in every format: 0x and the link address, the text's
# as CSV's (docs/json.md; docs/analysis.md, "The tools")
python3 - <<'PY' && ok "pc: the text's column is CSV's, 0x and all" || fail "pc: text and CSV differ"
import csv, re, sys
def text_pcs(name, col):
    out = []
    for l in open(name):
        f = l.split()
        if len(f) > col and re.fullmatch(r"(0x)?[0-9a-f]{9,16}", f[col]):
            out.append(f[col])
    return out
bad = []
for tool, col in (("dcpicalc", 0), ("dcpilist", 0), ("dcpitopstalls", 7)):
    want = [r["pc"] for r in csv.DictReader(open(tool + ".csv.out"))]
    got = text_pcs(tool + ".text.out", col)
    if not want or got != want:
        bad.append("%s: text %s, CSV %s" % (tool, got[:2], want[:2]))
print("\n".join(bad))
sys.exit(bool(bad))
PY
# dcpiwhatcg's text says what its ranges mean, in one line after the
# table, where it has one (docs/tools.md, "Reading dcpiwhatcg's table")
if grep -Eq '^  .*[0-9.]+% - +[0-9.]+%' dcpiwhatcg.text.out; then
	[ "$(grep -c '^LOW% - HIGH%: stalls with several possible culprits; at least those where this is the only one, at most all where it is listed$' dcpiwhatcg.text.out)" -eq 1 ] &&
		ok "dcpiwhatcg: its ranges explained" || fail "dcpiwhatcg: ranges, no line saying what they mean"
else
	fail "dcpiwhatcg: no range in the default workload's table"
fi
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
# every group but the dynamic one is exact: its categories add up to it
lo = sum(c["lo_pct"] for c in w["categories"] if c["group"] != "dynamic")
exact = sum(v["pct"] for g, v in w["subtotals"].items() if g != "dynamic")
sys.exit(not (abs(sub - 100) < 0.01 and abs(tsub - 100) < 0.01 and abs(lo - exact) < 0.01 and
              set(w["subtotals"]) == {"dynamic", "static", "execution", "profiling"}))
PY
period=$("$A/dcpiprof" -db db | awk '$1 == "cycles" { print $3; exit }')
# with nothing taken off for the handler's hidden cycles (by default the
# driver's measure is: docs/analysis.md, "The sampling's blind spot")
run dcpiwhatcg.h0 "$A/dcpiwhatcg" -db db $T --json --handler-cycles 0 $img
python3 - dcpiwhatcg.h0.out "$samples" "$period" <<'PY' &&
import json, sys
w = json.load(open(sys.argv[1]))
sys.exit(abs(w["cycles"] - float(sys.argv[2]) * float(sys.argv[3])) > float(sys.argv[3]))
PY
	ok "dcpiwhatcg --handler-cycles 0: its cycles are samples x period" || fail "dcpiwhatcg: cycles"
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
# Where the samples fall moves with the guest's phase: the checkout's
# path (the workload is named by it), the environment, the kernel's
# layout.  Over the whole image whole procedures cross a tolerance from
# one phase to the next, so each floor sits below the lowest of 96 runs
# at other phases (`make phases`, docs/testing.md: 48 with the guest's
# PATH and 48 with its environment padded), with a margin; the median
# run is far above (DCPI's estimator: freq within 10% 0.56, within 25%
# 0.83, CPI within 10% 0.46; the dcpiwhatcg error 8.5 points).  The
# figures in the comments are those runs' at 16K, on the workload a
# quarter of today's; at DCPI's default events (8 phases) every floor
# below held with more room (lowest: dcpi within 10% 0.44, wls 0.35,
# imiss 0.57; within 25% 0.56, 0.60, 0.69; CPI within 10% 0.36, 0.37,
# 0.38; recall 0.86, 0.83, 0.985; highest dcpiwhatcg error 8.5, 12.5,
# 1.8 points).
floor freq_within_10 all min 0.20 acc.dcpi         # lowest 0.29
floor freq_within_25 all min 0.45 acc.dcpi         # 0.56
floor freq_coverage medium_or_better min 0.75 acc.dcpi  # 0.83
floor cpi_within_10 all min 0.15 acc.dcpi          # 0.24
floor culprit_recall all min 0.75 acc.dcpi         # 0.81
floor whatcg_error_pp max max 15 acc.dcpi          # highest 11.9
floor freq_within_10 all min 0.15 acc.wls          # 0.29
floor freq_within_25 all min 0.50 acc.wls          # 0.61
floor cpi_within_10 all min 0.15 acc.wls           # 0.23
floor culprit_recall all min 0.70 acc.wls          # 0.80
floor whatcg_error_pp max max 15 acc.wls           # highest 12.3
# ours with the IMISS samples (docs/accuracy.md): icache_hops' counts
# come right, and with them its culprits (median run: freq within 25%
# 0.95, recall 0.995, counts 0.98 of the truth, 0.96 with the handler's
# cycles taken off)
floor freq_within_25 all min 0.50 acc.imiss        # 0.56 (one of 16 phases after
                                                   # this stop's kernel changes; median 0.95)
floor freq_coverage medium_or_better min 0.65 acc.imiss  # 0.71
floor culprit_recall all min 0.95 acc.imiss
floor count_ratio all max 1.10 acc.imiss
# the default estimator's own (8 phases at DCPI's default events)
floor freq_within_10 all min 0.45 acc.imiss        # lowest 0.57
floor cpi_within_10 all min 0.25 acc.imiss         # 0.38
floor whatcg_error_pp max max 5 acc.imiss          # highest 1.8
floor freq_within_25 all min 0.60 acc.imiss+h      # 0.69
floor count_ratio all max 1.07 acc.imiss+h
# the default estimator is imiss (docs/analysis.md, "The tools"); on a
# database without IMISS samples it is dcpi, and the text says so
"$A/dcpiaccuracy" -db db $T --csv $img > acc.default
cmp -s acc.default acc.imiss && ok "default estimator: imiss" ||
	fail "default estimator: not imiss: $(diff acc.default acc.imiss | head -3)"
grep -q "^estimator imiss;" dcpiaccuracy.text.out && ok "default estimator: dcpiaccuracy names imiss" ||
	fail "default estimator: $(sed -n 2p dcpiaccuracy.text.out)"
cp -r db dbc && rm -f dbc/epoch-*/*.imiss.prof
"$A/dcpiaccuracy" -db dbc $T --csv $img > acc.cyc
"$A/dcpiaccuracy" -db dbc $T --estimator dcpi --csv $img > acc.cyc.dcpi
cmp -s acc.cyc acc.cyc.dcpi && ok "no IMISS samples: the default is dcpi" ||
	fail "no IMISS samples: not dcpi: $(diff acc.cyc acc.cyc.dcpi | head -3)"
for tool in dcpiaccuracy dcpiwhatcg; do
	"$A/$tool" -db dbc $T $img > fallback.out 2>&1
	grep -q "estimator dcpi: no IMISS samples for imiss" fallback.out &&
		ok "no IMISS samples: $tool says dcpi, and why" ||
		fail "no IMISS samples: $tool: $(head -2 fallback.out)"
done
"$A/dcpiaccuracy" -db dbc $T --json $img | grep -q '"estimator": "dcpi"' &&
	ok "no IMISS samples: JSON names dcpi" || fail "no IMISS samples: JSON"

# the loops where some instructions never stall: frequency within 25%
# always, CPI within 25% in all three loops but one at most.  A loop's
# count rests on its few unstalled points, and imul_busy has one, the
# bne, with about 100 samples at DCPI's period: at one checkout path it
# drew 103 where 126 were due (2 sampling deviations), the count came
# out 18.6% low and the CPI 26% high (cpi_within_25 0.10).
cpi_low=0
for proc in dcache_lines wbuf_lines imul_busy; do
	"$A/dcpiaccuracy" -db db $T --csv $img $proc > acc.$proc
	floor freq_within_25 all min 0.95 acc.$proc
	v=$(awk -F, '$1 == "cpi_within_25" && $2 == "all" { print $3 }' acc.$proc)
	if awk -v v="$v" 'BEGIN { exit !(v != "" && v >= 0.85) }'; then
		ok "acc.$proc: cpi_within_25 all = $v (min 0.85)"
	else
		cpi_low=$((cpi_low + 1))
		echo "acc.$proc: cpi_within_25 all = $v, under 0.85"
	fi
done
[ $cpi_low -le 1 ] && ok "CPI within 25% in the unstalled loops: $cpi_low of 3 under 0.85" ||
	fail "CPI within 25% in the unstalled loops: $cpi_low of 3 under 0.85"

# ---- --true-freq: each kernel's culprit named ----------------------------------
# PROC CULPRIT: of the procedure's true dynamic stall cycles, those of the
# kernel's culprit are the most, and the analysis lists it where they
# are: all (recall 0.95 or more) in all kernels but one at most, two
# thirds in that one.  A stall's size still comes from the samples, so
# at some phases one of misp_flips' three mispredicting branches had too
# few to show a stall (2 runs of 48: recall 0.667).
low=0
for k in dcache_lines:dcache scache_blocks:dcache dtb_pages:dtb misp_flips:misp \
	wbuf_lines:wbuf imul_busy:imul fdiv_busy:fdiv icache_hops:icache; do
	proc=${k%%:*} c=${k#*:}
	"$A/dcpiaccuracy" -db db $T --true-freq --csv $img $proc > tf.csv
	recall=$(awk -F, -v c="$c" '
		$1 == "culprit_true_cycles" && $3 > most { most = $3; top = $2 }
		$1 == "culprit_recall" && $2 == c { recall = $3 }
		END { print (top == c ? recall : -1) }' tf.csv)
	if awk -v r="$recall" 'BEGIN { exit !(r >= 0.95) }'; then
		ok "--true-freq: $proc: its stall is $c's, named there (recall $recall)"
	elif awk -v r="$recall" 'BEGIN { exit !(r >= 0.66) }' && [ $low -eq 0 ]; then
		low=1
		ok "--true-freq: $proc: its stall is $c's, named at most places (recall $recall)"
	else
		fail "--true-freq: $proc: $(grep -E '^culprit_(true_cycles|recall)' tf.csv | tr '\n' ' ')"
	fi
done
"$A/dcpiaccuracy" -db db $T --true-freq --csv $img > tf.all
floor cpi_within_10 all min 0.60 tf.all
floor culprit_recall all min 0.95 tf.all
finish

#!/bin/sh
# tests/tools.sh - dcpicat, dcpidiff, dcpistats and dcpi2dot (docs/
# tools.md) on the default workload's database, as a user runs them:
#   - each in every format: the text's landmarks, JSON that parses, CSV
#     rows of one width, the same bytes twice;
#   - dcpicat's entries add up to its header's samples and to dcpiprof's;
#   - dcpidiff of a database with itself: every z 0, no difference; of
#     two runs of a small program with different D-cache sizes: the
#     stall loop's share differs beyond noise (also as two epochs of one
#     database); of two seeds: no difference beyond noise;
#   - dcpistats of the database twice: deviations 0; of three seeds:
#     each procedure's deviation near what sampling alone gives;
#   - dcpi2dot: the stall loop's block red and named with its culprit d,
#     rendered by Graphviz's dot to SVG and PNG.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID

"$ALPHASIM" -q --profile=db > /dev/null 2>&1
expect_eq "default workload: exit status" "$?" 0
img=workload.lnx
prof=$(ls db/epoch-0001/*-$img.cycles.prof)

run() { # NAME ARGS...: output in NAME.out, the status checked
	_n=$1; shift
	"$@" > "$_n.out" 2> "$_n.err"
	expect_eq "$_n: exit status" "$?" 0
}
# formats NAME ARGS...: text, CSV and JSON; JSON parses, CSV rows of one
# width, the same bytes twice
formats() {
	_f=$1; shift
	run "$_f.text" "$@"
	run "$_f.csv" "$@" --csv
	run "$_f.json" "$@" --json
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$_f.json.out" &&
		ok "$_f: JSON parses" || fail "$_f: JSON does not parse"
	python3 - "$_f.csv.out" <<'PY' && ok "$_f: CSV rows of one width" || fail "$_f: CSV"
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
sys.exit(not (len(rows) > 1 and len({len(r) for r in rows}) == 1))
PY
	"$@" --json > again.out 2>&1
	cmp -s again.out "$_f.json.out" && ok "$_f: the same bytes twice" ||
		fail "$_f: output differs from run to run"
}

# ---- dcpicat ------------------------------------------------------------------
formats dcpicat "$A/dcpicat" "$prof"
head -1 dcpicat.text.out | grep -qx 'dcpi-profile 1' &&
grep -qx 'image .*/testprogs/accuracy/workload.lnx' dcpicat.text.out &&
grep -qx 'event cycles' dcpicat.text.out &&
	ok "dcpicat: the header" || fail "dcpicat: header: $(head -3 dcpicat.text.out)"
hdr=$(sed -n 's/^samples //p' dcpicat.text.out)
sum=$(awk '/^0x[0-9a-f]+ [0-9]+$/ { n += $2 } END { print n }' dcpicat.text.out)
entries=$(grep -cE '^0x[0-9a-f]+ [0-9]+$' dcpicat.text.out)
expect_eq "dcpicat: the counts add up to the header's samples" "$sum" "$hdr"
expect_eq "dcpicat: one line per entry" "$entries" "$(sed -n 's/^entries //p' dcpicat.text.out)"
dprof=$("$A/dcpiprof" -db db --csv | awk -F, -v i="$img" '$1 ~ i { print $2 }')
expect_eq "dcpicat: its samples are dcpiprof's" "$sum" "$dprof"
csvsum=$(awk -F, 'NR > 1 { n += $3 } END { print n }' dcpicat.csv.out)
expect_eq "dcpicat --csv: the same counts" "$csvsum" "$sum"

# ---- dcpidiff -------------------------------------------------------------------
# the same database twice: nothing differs
formats diffself "$A/dcpidiff" -db db -db db "$img"
grep -q '^no difference is larger than sampling noise' diffself.text.out &&
	ok "dcpidiff: a database against itself: no difference" ||
	fail "dcpidiff: itself: $(tail -1 diffself.text.out)"
awk -F, 'NR > 1 && ($7 != 0 || $9 != "") { bad = 1 } END { exit bad || NR < 10 }' \
	diffself.csv.out && ok "dcpidiff: itself: every z 0" || fail "dcpidiff: itself: z"
grep -q '^dcache_lines ' diffself.text.out && ok "dcpidiff: by procedure" ||
	fail "dcpidiff: no dcache_lines row"
run diffimg "$A/dcpidiff" -db db -db db
grep -q "^/.*/testprogs/accuracy/$img " diffimg.out && ok "dcpidiff: by image" ||
	fail "dcpidiff: by image"
run diffinsn "$A/dcpidiff" -db db -db db "$img" dcache_lines
grep -Eq '^0x[0-9a-f]+ .* addq v0,t2,v0$' diffinsn.out && ok "dcpidiff: by instruction" ||
	fail "dcpidiff: by instruction: $(head -6 diffinsn.out)"

# a small program: two seeds, and a D-cache four times as large (the
# loop's 64 KB then fit: its stall goes, its share falls)
dc="$B/testprogs/accuracy/dcache.dyn"
for s in 1 2 3; do
	"$ALPHASIM" -q --profile=s$s --seed $s --events cycles:2048 "$dc" 100 > /dev/null
done
"$ALPHASIM" -q --profile=big -c dcache_kb=64 --events cycles:2048 "$dc" 100 > /dev/null
run diffseed "$A/dcpidiff" -db s1 -db s2 dcache.dyn
grep -q '^no difference is larger than sampling noise' diffseed.out &&
	ok "dcpidiff: two seeds: no difference beyond noise" ||
	fail "dcpidiff: two seeds: $(tail -1 diffseed.out)"
run diffbig "$A/dcpidiff" -db s1 -db big --csv dcache.dyn
awk -F, '$1 == "dcache_lines" && $6 < -5 && $9 == "*" { found = 1 } END { exit !found }' \
	diffbig.out && ok "dcpidiff: a larger D-cache: dcache_lines's share falls beyond noise" ||
	fail "dcpidiff: larger D-cache: $(grep dcache_lines diffbig.out)"
# the same as two epochs of one database
cp -r s1 ep
"$ALPHASIM" -q --profile=ep -c dcache_kb=64 --events cycles:2048 "$dc" 100 > /dev/null
run diffep "$A/dcpidiff" -db ep --epoch 1 --epoch 2 --csv dcache.dyn
awk -F, '$1 == "dcache_lines" && $6 < -5 && $9 == "*" { found = 1 } END { exit !found }' \
	diffep.out && ok "dcpidiff: two epochs: the same difference" ||
	fail "dcpidiff: --epoch 1 --epoch 2: $(grep dcache_lines diffep.out)"

# ---- dcpistats ------------------------------------------------------------------
formats statself "$A/dcpistats" -db db -db db "$img"
awk -F, 'NR > 1 && ($5 != 0 || $6 != $7 || ($9 != "" && $10 != 0)) { bad = 1 } END { exit bad || NR < 10 }' \
	statself.csv.out && ok "dcpistats: a database twice: deviations 0, min = max" ||
	fail "dcpistats: twice: $(sed -n 2p statself.csv.out)"
grep -Eq '^dcache_lines +/.*/testprogs/accuracy/workload.lnx +2 ' statself.text.out &&
	ok "dcpistats: text rows" || fail "dcpistats: text: $(sed -n 4,5p statself.text.out)"
run stats3 "$A/dcpistats" -db s1 -db s2 -db s3 --csv dcache.dyn
python3 - stats3.out <<'PY' && ok "dcpistats: three seeds: deviations near sampling's" ||
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if float(r["samples_mean"]) >= 100]
good = rows and all(r["runs"] == "3" and
                    float(r["samples_min"]) <= float(r["samples_mean"]) <= float(r["samples_max"])
                    and 0 < float(r["samples_sd"]) < 4 * float(r["poisson_sd"]) for r in rows)
sys.exit(not good)
PY
	fail "dcpistats: three seeds: $(head -3 stats3.out)"
"$ALPHASIM" -q --profile=s1 --seed 4 --events cycles:2048 "$dc" 100 > /dev/null
run statep "$A/dcpistats" -db s1 --json dcache.dyn
python3 -c 'import json, sys; sys.exit(len(json.load(open(sys.argv[1]))["runs"]) != 2)' statep.out &&
	ok "dcpistats: one database's epochs are the runs" || fail "dcpistats: epochs"

# ---- dcpi2dot -------------------------------------------------------------------
formats dot "$A/dcpi2dot" -db db "$img" dcache_lines
grep -q '^digraph "dcache_lines" {$' dot.text.out &&
grep -Eq '^  B[0-9]+ \[label=".*stall d: .*fillcolor="0.000 0.900 1.000"' dot.text.out &&
grep -q -- '-> X[0-9]* ' dot.text.out &&
	ok "dcpi2dot: the loop's block, reddest, stalled by d" || fail "dcpi2dot: $(grep stall dot.text.out)"
awk -F, '$10 == "d" { d = 1 } END { exit !d }' dot.csv.out && ok "dcpi2dot --csv: culprit d" ||
	fail "dcpi2dot --csv: no block with culprit d"
if command -v dot > /dev/null; then
	dot -Tsvg dot.text.out > /dev/null && ok "dcpi2dot: Graphviz reads it" ||
		fail "dcpi2dot: dot refuses the graph"
	run svg "$A/dcpi2dot" -db db --svg "out dir.svg" "$img" dcache_lines
	grep -q '<svg' "out dir.svg" && grep -q 'stall d' "out dir.svg" &&
		ok "dcpi2dot --svg: an SVG with the stall" || fail "dcpi2dot --svg"
	run png "$A/dcpi2dot" -db db --png g.png "$img" dcache_lines
	head -c 4 g.png | od -c | grep -q 'P   N   G' && ok "dcpi2dot --png: a PNG" ||
		fail "dcpi2dot --png"
	[ ! -s svg.out ] && ok "dcpi2dot --svg: nothing on standard output" ||
		fail "dcpi2dot --svg wrote to standard output"
else
	echo "SKIP: no dot (Debian's graphviz): --svg and --png not tested"
fi
finish

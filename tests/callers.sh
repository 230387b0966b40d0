#!/bin/sh
# tests/callers.sh - dcpicallers (docs/tools.md, "dcpicallers"): a
# program built as a user builds it (alpha-linux-gnu-gcc -O2, dynamic)
# whose noinline work is called from two sites and libc's strcmp from
# two, each site a different number of times the program counts and
# prints; profiled with alphasim --profile, then
#   - the call sites found are exactly the program's: work's BSRs in
#     objdump -d, and the JSRs whose GOT slot (gp = the GOT + 0x8000, the
#     Alpha ELF ABI's) carries strcmp's dynamic relocation (readelf -r);
#   - the truth's call counts are the program's own;
#   - each estimate of the weighted least-squares estimator (docs/
#     analysis.md) is within 30% of the truth (the DCPI paper's
#     frequency estimates fall mostly within 20%, section 6.4; a site
#     is a block's estimate); DCPI's heuristic's are printed, not
#     judged: on this run it gives the hottest call block 0 executions;
#     the samples shared out add up to the callee's;
#   - --csv and --json say the same; a procedure not in the image is one
#     line naming it;
#   - dcpi2dot --callgraph's edge limit: -n N, --edges N, 40 by default.
. "$top_srcdir/tests/lib.sh"
long_simulation "a profiled run"
B=$(cd "$top_builddir" && pwd)
A=$B/analysis
tools=${ALPHA_OBJDUMP%objdump}
CC=${tools}gcc NM=${tools}nm READELF=${tools}readelf
cd "$tmp" || exit 1
cat > calls.c <<'EOF2'
#include <stdio.h>
#include <string.h>

static unsigned long nw1, nw2, ns1, ns2;

__attribute__((noinline)) static unsigned work(unsigned x)
{
	unsigned h = x;
	for (int i = 0; i < 8; i++)
		h = h * 33 + i;
	return h;
}

static const char *w[] = { "alpha", "beta", "gamma", "delta" };

int main(int argc, char **argv)
{
	unsigned s = 0;
	int eq = 0;
	(void)argv;
	for (int r = 0; r < 150000; r++) {
		s += work(r);
		nw1++;
		if (r % 3 == 0) {
			s += work(r + argc);
			nw2++;
		}
		eq += !strcmp(w[r & 3], w[(r >> 1) & 3]);
		ns1++;
		if (r % 5 == 0) {
			eq += strcmp(w[r & 3], "gamma") == 0;
			ns2++;
		}
	}
	printf("%u %d\nwork %lu %lu\nstrcmp %lu %lu\n", s, eq, nw1, nw2, ns1, ns2);
	return 0;
}
EOF2
"$CC" -O2 calls.c -o calls || { fail "cannot build a program with $CC"; finish; }
# a shorter sampling period than the default, for enough samples in the
# blocks of the rarer calls
(guest_env "$ALPHASIM" -q --profile=db --events cycles:4096 ./calls >out 2>err)
expect_eq "profiled run: status" "$?" 0

# the program's call sites, from objdump and readelf
"$ALPHA_OBJDUMP" -d calls | sed -n '/<main>:/,/^$/p' >main.s
awk '$6 == "bsr" && $0 ~ /<work(\+0x[0-9a-f]+)?>$/ { sub(":", "", $1); print "0x" $1 }' main.s |
	sort >work.want
got=$("$NM" calls | awk '$3 == "_GLOBAL_OFFSET_TABLE_" { print $1 }')
slot=$("$READELF" -rW calls | awk '$5 ~ /^strcmp(@|$)/ { print $1 }')
[ -n "$got" ] && [ -n "$slot" ] || { fail "no GOT or no strcmp relocation in calls"; finish; }
# each JSR's slot: the latest "ldq t12,D(gp)" before it
awk -v got=$((0x$got)) '
$6 == "ldq" && $7 ~ /^t12,-?[0-9]+\(gp\)$/ { d = $7; sub(/^t12,/, "", d); sub(/\(gp\)$/, "", d); slot = got + 32768 + d }
$6 == "jsr" { sub(":", "", $1); printf "0x%s %.0f\n", $1, slot }' main.s >jsr.slots
awk -v s=$((0x$slot)) '$2 == s { print $1 }' jsr.slots | sort >strcmp.want
expect_eq "the program: 2 BSRs to work, 2 JSRs to strcmp" "$(wc -l <work.want) $(wc -l <strcmp.want)" "2 2"

# callers CALLEE_IMAGE CALLEE: dcpicallers --csv --truth into CALLEE.csv
callers() {
	"$A/dcpicallers" -db db --truth db.truth --estimator wls --csv "$1" "$2" >"$2.csv" 2>"$2.err"
	expect_eq "dcpicallers $1 $2: status" "$?" 0
	"$A/dcpicallers" -db db --truth db.truth "$1" "$2" | sed -n '/^caller /,/^$/p' >"$2.dcpi"
	echo "DCPI's heuristic:"
	cat "$2.dcpi"
}
callers calls work
callers libc.so.6.1 strcmp
for f in work strcmp; do
	# the sites in main (strcmp's other callers are libc's own, without samples)
	python3 -c '
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["image"] == "/calls": print(r["pc"])' $f.csv | sort >$f.got
	cmp -s $f.got $f.want && ok "$f: the call sites found are objdump's ($(paste -sd' ' $f.want))" ||
		{ fail "$f: call sites differ from objdump's (ours < > objdump)"; diff $f.got $f.want; }
done

# the truth's counts are the program's; the estimates near them
set -- $(sed -n 's/^work //p' out) $(sed -n 's/^strcmp //p' out)
expect_eq "the program's counts" "$*" "150000 50000 150000 30000"
for f in work strcmp; do
	case $f in work) want="$1 $2" ;; *) want="$3 $4" ;; esac
	python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["image"] == "/calls"]
print(" ".join(sorted((str(int(r["true_calls"])) for r in rows), key=int, reverse=True)))' $f.csv >$f.truth
	expect_eq "$f: the truth's call counts = the program's" "$(cat $f.truth)" "$want"
	python3 -c '
import csv, sys
bad = 0
for r in csv.DictReader(open(sys.argv[1])):
    if r["image"] != "/calls":
        continue
    est, true = float(r["calls"]), float(r["true_calls"])
    err = abs(est - true) / true
    print("%s %s: estimated %.0f, true %.0f (%+.1f%%)" % (sys.argv[1], r["pc"], est, true, 100 * (est - true) / true))
    bad += err > 0.30
sys.exit(bad)' $f.csv && ok "$f: every estimate within 30% of the truth" ||
		fail "$f: an estimate is more than 30% off the truth"
done

# the samples shared out add up to the callee's; JSON says what CSV does
"$A/dcpicallers" -db db --truth db.truth --estimator wls --json libc.so.6.1 strcmp >strcmp.json
python3 -c '
import csv, json, sys
d = json.load(open("strcmp.json"))
rows = list(csv.DictReader(open("strcmp.csv")))
assert d["procedure"] == "strcmp" and d["image"].endswith("/libc.so.6.1")
assert [s["pc"] for s in d["sites"]] == [r["pc"] for r in rows]
shared = sum(s["samples"] for s in d["sites"] if s["samples"] is not None)
assert abs(shared - d["samples"]) < 1e-6 * max(1, d["samples"]), (shared, d["samples"])
assert d["true_calls"] == sum(int(r["true_calls"]) for r in rows)' &&
	ok "--json: the rows of --csv, the callee's samples shared out whole" ||
	fail "--json disagrees with --csv or the shares do not add up"
"$A/dcpicallers" -db db --estimator wls --all --csv libc.so.6.1 strcmp >all.csv
[ "$(wc -l <all.csv)" -gt "$(wc -l <strcmp.csv)" ] &&
	ok "--all: the call sites in procedures without samples too" || fail "--all lists no more"

# dcpi2dot --callgraph --truth: main's edges to work and to strcmp
# carry the program's counts (each the sum of its two sites), and dot
# reads the graph
"$A/dcpi2dot" -db db --truth db.truth --estimator wls --callgraph calls >cg.dot 2>cg.err
expect_eq "dcpi2dot --callgraph: status" "$?" 0
python3 -c '
import re, sys
nodes, edges = {}, {}
for l in open("cg.dot"):
    m = re.match(r"\s*(N\d+) \[label=\"([^\\\"]*)", l)
    if m: nodes[m.group(1)] = m.group(2)
    m = re.match(r"\s*(N\d+) -> (N\d+) \[.*true_calls=(\d+)", l)
    if m: edges[(nodes[m.group(1)], nodes[m.group(2)])] = int(m.group(3))
print(edges.get(("main", "work")), edges.get(("main", "strcmp")))' >cg.truth
expect_eq "--callgraph --truth: main -> work, main -> strcmp = the program's" \
	"$(cat cg.truth)" "$(($1 + $2)) $(($3 + $4))"
dot -Tsvg cg.dot >cg.svg 2>cg.doterr && [ -s cg.svg ] && [ ! -s cg.doterr ] &&
	ok "dot reads the call graph" || fail "dot rejects the call graph: $(cat cg.doterr)"
"$A/dcpi2dot" -db db --truth db.truth --callgraph --csv calls >cg.csv
python3 -c '
import csv
r = [r for r in csv.DictReader(open("cg.csv")) if r["caller"] == "main" and r["callee"] == "work"]
print(r[0]["true_calls"], r[0]["sites"])' >cg.csvout
expect_eq "--callgraph --csv: main -> work" "$(cat cg.csvout)" "$(($1 + $2)) 2"
# the edge limit (docs/tools.md, "dcpi2dot"): -n N or --edges N draws
# the N edges with the most calls and the procedures they join, the
# graph's label saying how many were left out; by default 40 drawn, and
# --csv and --json list every edge (JSON's edges_total their number)
"$A/dcpi2dot" -db db --callgraph --csv >cgall.csv
"$A/dcpi2dot" -db db --callgraph --json >cgall.json
m=$(($(wc -l <cgall.csv) - 1))
"$A/dcpi2dot" -db db --callgraph >cgall.dot
"$A/dcpi2dot" -db db --callgraph -n 2 >cg2.dot
"$A/dcpi2dot" -db db --callgraph --edges 2 >cg2e.dot
"$A/dcpi2dot" -db db --callgraph --csv -n 2 >cg2.csv
python3 - "$m" <<'PY' && ok "--callgraph: -n 2 and --edges 2 draw the 2 heaviest of $m edges, and say so; 40 by default" ||
import csv, json, re, sys
m = int(sys.argv[1])
def graph(path):
    nodes, edges, label = {}, [], ""
    for l in open(path):
        g = re.match(r"\s*(N\d+) \[label=\"([^\\\"]*)", l)
        if g: nodes[g.group(1)] = g.group(2)
        g = re.match(r"\s*(N\d+) -> (N\d+) \[.*calls=(\d+)", l)
        if g: edges.append((g.group(1), g.group(2)))
        g = re.match(r'\s*label="call graph of (.*)";', l)
        if g: label = g.group(1)
    return nodes, edges, label
rows = list(csv.DictReader(open("cgall.csv")))
heavy = [(r["caller"], r["callee"]) for r in rows[:2]]
n2, e2, l2 = graph("cg2.dot")
na, ea, la = graph("cgall.dot")
ok = (m > 2 and [(n2[a], n2[b]) for a, b in e2] == heavy and
      set(n2) == {x for e in e2 for x in e} and
      "2 of %d edges drawn, those with the most calls; %d left out" % (m, m - 2) in l2 and
      open("cg2.dot").read() == open("cg2e.dot").read() and
      len(list(csv.DictReader(open("cg2.csv")))) == 2 and
      json.load(open("cgall.json"))["edges_total"] == m == len(json.load(open("cgall.json"))["edges"]) and
      len(ea) == min(m, 40) and (("%d left out" % (m - 40)) in la) == (m > 40))
print(m, len(e2), len(ea), l2)
sys.exit(not ok)
PY
	fail "--callgraph: the edge limit: $(cat cg2.dot | head -5)"
"$A/dcpi2dot" -db db -n 2 calls main >bad.out 2>bad.err
[ $? -eq 2 ] && [ ! -s bad.out ] && grep -q -- "-n is for --callgraph" bad.err &&
	ok "-n without --callgraph: said" || fail "-n without --callgraph: $(cat bad.err)"
"$A/dcpi2dot" -db db --callgraph calls main >bad.out 2>bad.err
[ $? -ne 0 ] && [ ! -s bad.out ] && grep -q "no PROC" bad.err &&
	ok "--callgraph with a PROC: said" || fail "--callgraph with a PROC: $(cat bad.err)"

# bad input: one line naming it
"$A/dcpicallers" -db db calls nosuchproc >bad.out 2>bad.err
st=$?
[ $st -ne 0 ] && [ ! -s bad.out ] && [ "$(wc -l <bad.err)" -eq 1 ] && grep -q "no procedure 'nosuchproc'" bad.err &&
	ok "an unknown procedure: one line, status $st" || fail "an unknown procedure: $(cat bad.err)"
"$A/dcpicallers" -db db calls >bad.out 2>bad.err
[ $? -ne 0 ] && grep -q "PROC" bad.err && ok "PROC missing: said" || fail "PROC missing: $(cat bad.err)"
finish

#!/bin/sh
# tests/srclines.sh - source lines from DWARF (docs/tools.md, "Source
# lines"): a word counter built as a user builds it (alpha-linux-gnu-gcc
# -O2 -g, dynamic), whose hash and add GCC inlines into main, profiled
# with alphasim --profile; then
#   - every sampled instruction's file:line (dcpilist --both --csv) is
#     alpha-linux-gnu-addr2line's, and its inline chain (frames) is
#     addr2line -i -f's;
#   - dcpilist --source's per-line samples are the instructions' summed
#     by line, and the hottest line is the hash loop's;
#   - dcpiprof --lines shows hash as itself, inlined into add and main,
#     its samples adding up to the image's;
#   - dcpicalc and dcpitopstalls have a source column (text, CSV, JSON);
#   - the same program without its DWARF (strip --strip-debug: the same
#     code and addresses) gives what it gave before: dcpilist, dcpiprof,
#     and dcpicalc and dcpitopstalls without their source columns; and
#     --source, --both and --lines say in one line that it has no line
#     table;
#   - a source file moved away: a note saying where it was looked for;
#     --source-root finds it.
. "$top_srcdir/tests/lib.sh"
long_simulation "a profiled run"
B=$(cd "$top_builddir" && pwd)
A=$B/analysis
tools=${ALPHA_OBJDUMP%objdump}
CC=${tools}gcc ADDR2LINE=${tools}addr2line STRIP=${tools}strip NM=${tools}nm
cd "$tmp" || exit 1
mkdir src root
cat > src/wc.c <<'EOF'
#include <stdio.h>
#include <string.h>

#define NB 256
struct ent { const char *w; unsigned n; struct ent *next; };
static struct ent pool[4096], *tab[NB];
static unsigned npool;

static inline unsigned hash(const char *s)
{
	unsigned h = 5381;
	while (*s)                                      /* hot */
		h = h * 33 + (unsigned char)*s++;       /* hot */
	return h % NB;
}

static inline void add(const char *w)
{
	unsigned h = hash(w);
	for (struct ent *e = tab[h]; e; e = e->next)
		if (!strcmp(e->w, w)) {
			e->n++;
			return;
		}
	struct ent *e = &pool[npool++ % 4096];
	e->w = w;
	e->n = 1;
	e->next = tab[h];
	tab[h] = e;
}

static const char *words[] = { "internationalization", "beta", "gamma", "delta",
	"epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu" };

int main(void)
{
	for (int r = 0; r < 600000; r++)
		add(words[r % 12]);
	unsigned total = 0;
	for (int i = 0; i < NB; i++)
		for (struct ent *e = tab[i]; e; e = e->next)
			total += e->n;
	printf("%u\n", total);
	return 0;
}
EOF
(cd src && "$CC" -O2 -g wc.c -o ../root/wc) || { fail "cannot build a program with $CC"; finish; }
cp root/wc wc.debug
"$STRIP" --strip-debug -o wc.nodebug root/wc || { fail "$STRIP --strip-debug failed"; finish; }
[ -z "$("$NM" root/wc | grep -w -e hash -e add)" ] &&
	"$ADDR2LINE" -i -f -e root/wc $("$NM" root/wc | awk '$3 == "main" { print $1 }') >/dev/null &&
	ok "gcc inlined hash and add (no symbols of theirs)" ||
	fail "hash or add not inlined: the test's premise"
(cd root && guest_env "$ALPHASIM" -q --profile=../db ./wc >../out 2>../err)
expect_eq "profiled run: status" "$?" 0
expect_eq "profiled run: output" "$(cat out)" 600000

# every sampled instruction against addr2line: pc, file:line, frames
"$A/dcpilist" -db db --root root --both --csv wc main >both.csv
expect_eq "dcpilist --both --csv: status" "$?" 0
expect_eq "dcpilist --both --csv: last columns" "$(head -1 both.csv | awk -F, '{ print $(NF-2) "," $(NF-1) "," $NF }')" \
	src_file,src_line,frames
# the sampled instructions (CSV read as CSV: the instruction has commas)
python3 -c '
import csv, sys
for r in csv.DictReader(open("both.csv")):
    if float(r["cycles"]) > 0:
        print(r["pc"], r["src_file"] + ":" + r["src_line"], r["frames"])' >ours
n=$(wc -l <ours)
[ "$n" -ge 10 ] && ok "$n instructions of main have samples" || fail "only $n sampled instructions"
: >theirs
while read -r pc rest; do
	loc=$("$ADDR2LINE" -e root/wc "$pc")
	fr=$("$ADDR2LINE" -i -f -e root/wc "$pc" | paste -d' ' - - | paste -sd';' -)
	echo "$pc $loc $fr" >>theirs
done <ours
# GCC's discriminators (DWARF 4, "Line Number Information") tell apart
# the blocks of one line, which a source line view has no use for
sed -i 's/ (discriminator [0-9]*)//g' theirs
cmp -s ours theirs && ok "each sampled instruction's file:line and frames = addr2line -i -f's" ||
	{ fail "file:line or frames differ from addr2line's (ours < > addr2line)"; diff ours theirs | head; }
grep -q ' hash [^;]*wc\.c:[0-9]*;add [^;]*wc\.c:[0-9]*;main ' ours &&
	ok "hash seen inlined into add into main" || fail "no frame of hash inlined into add"

# --source: per-line samples = the instructions' summed by line
"$A/dcpilist" -db db --root root --source --csv wc main >source.csv
expect_eq "dcpilist --source --csv: status" "$?" 0
python3 -c '
import csv
for r in csv.DictReader(open("source.csv")):
    print(r["src_file"] + ":" + r["src_line"], r["cycles"])' | sort >bylines
python3 -c '
import csv, collections
n = collections.Counter()
for r in csv.DictReader(open("both.csv")):
    if r["src_file"]:
        n[r["src_file"] + ":" + r["src_line"]] += int(r["cycles"])
for k, v in n.items():
    print(k, v)' | sort >byinsns
cmp -s bylines byinsns && ok "--source's lines: the instructions' samples summed by line ($(wc -l <bylines) lines)" ||
	{ fail "--source's samples differ from the instructions' by line"; diff bylines byinsns | head; }
hot=$(python3 -c '
import csv
r = max(csv.DictReader(open("source.csv")), key=lambda r: int(r["cycles"]))
print(r["src_line"])')
sed -n "${hot}p" src/wc.c | grep -q '/\* hot \*/' &&
	ok "the hottest line ($hot) is the hash loop's" ||
	fail "the hottest line is $hot: $(sed -n "${hot}p" src/wc.c)"
"$A/dcpilist" -db db --root root --source wc main >source.txt
grep -q "^ *$hot .*/\\* hot \\*/\$" source.txt && ok "--source's text has the hot line with its source" ||
	fail "--source's text: no line $hot with its source"
"$A/dcpilist" -db db --root root --source --json wc main | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["view"] == "source"
assert all(l["src_line"] > 0 for p in d["procedures"] for l in p["lines"])' &&
	ok "--source --json parses" || fail "--source --json"
"$A/dcpilist" -db db --root root --both wc main >both.txt
grep -q '^ *-- hash (inlined into add at wc\.c:[0-9]*, into main at wc\.c:[0-9]*)$' both.txt &&
	grep -q '^ *wc\.c:13  .*/\* hot \*/$' both.txt &&
	ok "--both: the inlined hash named, its source lines above the instructions" ||
	fail "--both: no inlined hash or source line"

# dcpiprof --lines
"$A/dcpiprof" -db db --root root --csv --lines wc >lines.csv
expect_eq "dcpiprof --lines: status" "$?" 0
grep -q '^"wc\.c:1[23] hash (inlined into add at wc\.c:[0-9]*, into main at wc\.c:[0-9]*)",' lines.csv &&
	ok "dcpiprof --lines: hash as itself, inlined" || fail "dcpiprof --lines: no inlined hash row"
expect_eq "dcpiprof --lines: total = dcpiprof's" "$(grep '^total,' lines.csv)" \
	"$("$A/dcpiprof" -db db --root root --csv wc | grep '^total,')"

# dcpicalc and dcpitopstalls: a source column
"$A/dcpicalc" -db db --root root wc main >calc.txt
grep -q ' culprit  source$' calc.txt && grep -Eq ' wc\.c:1[23] *$' calc.txt &&
	ok "dcpicalc: source column" || fail "dcpicalc: no source column"
"$A/dcpicalc" -db db --root root --csv wc main >calc.csv
"$A/dcpicalc" -db db --root root --json wc main | grep -q '"src_file": "/[^"]*/wc\.c", "src_line": 1[23]' &&
	ok "dcpicalc --json: src_file, src_line" || fail "dcpicalc --json: no source"
for f in text csv json; do
	case $f in text) o= ;; *) o=--$f ;; esac
	"$A/dcpitopstalls" -db db --root root $o -n 1000 wc >top.$f
done
grep -Eq ' source( +reason)? *$' top.text && grep -q 'wc\.c:[0-9]' top.text &&
	head -1 top.csv | grep -q ',src_file,src_line,reason$' && grep -q '"src_line": [0-9]' top.json &&
	ok "dcpitopstalls: source column in text, CSV and JSON" || fail "dcpitopstalls: no source column"

# without the DWARF: what it was before
cp wc.nodebug root/wc
"$A/dcpicalc" -db db --root root --csv wc main >calc.nodebug.csv
"$A/dcpitopstalls" -db db --root root --csv -n 1000 wc >top.nodebug.csv
"$A/dcpilist" -db db --root root wc main >list.nodebug.txt
"$A/dcpiprof" -db db --root root wc >prof.nodebug.txt
python3 -c '
import csv, sys
a = list(csv.reader(open("calc.csv")))
b = list(csv.reader(open("calc.nodebug.csv")))
assert a[0][-3:] == ["src_file", "src_line", "frames"]
sys.exit([r[:-3] for r in a] != b)' && ok "dcpicalc --csv without DWARF: the same rows, no source columns" ||
	fail "dcpicalc --csv without DWARF differs beyond the source columns"
head -1 top.nodebug.csv | grep -q src_ && fail "dcpitopstalls without DWARF: source columns" ||
	ok "dcpitopstalls without DWARF: no source columns"
python3 -c '
import csv, sys
rows = list(csv.reader(open("top.csv")))
keep = [i for i, k in enumerate(rows[0]) if not k.startswith("src_")]
csv.writer(sys.stdout, lineterminator="\n").writerows([[r[i] for i in keep] for r in rows])' >top.cut
cmp -s top.cut top.nodebug.csv && ok "dcpitopstalls --csv without DWARF: the same rows" ||
	fail "dcpitopstalls --csv without DWARF differs beyond the source columns"
cp wc.debug root/wc
"$A/dcpilist" -db db --root root wc main >list.txt
"$A/dcpiprof" -db db --root root wc >prof.txt
cmp -s list.txt list.nodebug.txt && cmp -s prof.txt prof.nodebug.txt &&
	ok "dcpilist and dcpiprof: the same with and without DWARF" ||
	fail "dcpilist or dcpiprof changed by the DWARF"
cp wc.nodebug root/wc
for cmd in "dcpilist --source wc" "dcpilist --both wc" "dcpiprof --lines wc"; do
	"$A/${cmd%% *}" -db db --root root ${cmd#* } >out 2>err
	st=$?
	[ $st -eq 1 ] && [ ! -s out ] && [ "$(wc -l <err)" -eq 1 ] &&
		grep -q '/wc: .*has no DWARF line table (build it with -g)$' err &&
		ok "$cmd without DWARF: $(cat err)" ||
		fail "$cmd without DWARF: status $st, $(head -2 err)"
done

# the source moved: a note, then --source-root
cp wc.debug root/wc
mv src moved
"$A/dcpilist" -db db --root root --source wc main >moved.txt
grep -q '^  wc\.c: source not found at /.*/src/wc\.c (--source-root DIR looks under DIR)$' moved.txt &&
	ok "source moved: the note says where it looked" || fail "source moved: no note"
"$A/dcpilist" -db db --root root --source --source-root moved wc main >root.txt
grep -q "^  wc\\.c (moved/wc\\.c)\$" root.txt && grep -q '/\* hot \*/$' root.txt &&
	ok "--source-root: found under it" || fail "--source-root: not found"
finish

#!/bin/sh
# tests/json_schema.sh - every tool's --json output against its written
# schema (docs/json.md, docs/schema/TOOL.json), checked by
# tests/jsonschema.py (the standard library only): the default workload
# profiled with its truth, and a dynamic program of a user's with
# instruction sampling's records (the pm_* members), each tool on the
# whole database, an image and a procedure as it takes them, with and
# without --truth.  The source-line views (docs/tools.md, "Source
# lines": dcpilist --source and --both, dcpiprof --lines, dcpicalc's
# source columns) on the default workload, which is built with -g, and
# on a user's program built with -O2 -g, with instruction sampling's
# records: an image whole (procedures and instructions without a line)
# and one procedure, with and without --truth, and with its source file
# moved away.  Every tool of analysis/antools.def, dcpiprof and dcpicat
# has a schema; and the checker itself must refuse a document missing a
# member, one of a wrong type, a view's member in another view, and a
# schema with a keyword it does not check.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
S=$(cd "$top_srcdir" && pwd)
A="$B/analysis"
V="$S/tests/jsonschema.py"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID

for t in dcpiprof dcpicat $(sed -n 's/^AN_TOOL(\([a-z0-9]*\),.*/\1/p' "$S/analysis/antools.def"); do
	[ -f "$S/docs/schema/$t.json" ] || fail "$t: no docs/schema/$t.json"
done

# the default workload at a quarter of its size, sampled as the
# default run is: a database of every kind of row, not its sample count
guest_env "$ALPHASIM" -q --profile=db "$B/testprogs/accuracy/workload.lnx" 4 > out.txt 2> err.txt
expect_eq "default workload: exit status" "$?" 0
"$ALPHA_CC" -O2 -o libc_sort "$S/tests/libc_sort.c" || { fail "$ALPHA_CC libc_sort.c"; finish; }
guest_env "$ALPHASIM" -q --profile=pm --events cycles:4096,pm ./libc_sort 10 > out2.txt 2> err2.txt
expect_eq "libc_sort with records: exit status" "$?" 0

n=0
# valid NAME TOOL ARGS...: TOOL's output of ARGS (--json added) is valid
valid() {
	_n=$1 _t=$2; shift 2
	n=$((n + 1))
	if ! "$A/$_t" "$@" --json > "$n.json" 2> "$n.err"; then
		fail "$_n: $_t $*: status $?: $(head -1 "$n.err")"
		return
	fi
	python3 "$V" "$S/docs/schema/$_t.json" "$n.json" > "$n.check" 2>&1 &&
		ok "$_n: $_t's JSON as docs/schema/$_t.json says" ||
		fail "$_n: $_t $*: $(head -3 "$n.check")"
}
img=workload.lnx proc=dcache_lines T="--truth db.truth"
for db in db pm; do
	[ $db = pm ] && img=libc_sort proc=main T="--truth pm.truth"
	valid "$db" dcpiprof -db $db
	valid "$db: an image" dcpiprof -db $db $img
	valid "$db: one epoch, the top 2" dcpiprof -db $db --epoch 1 -n 2 $img
	for tool in dcpicalc dcpilist; do
		valid "$db" $tool -db $db $img $proc
		valid "$db: truth" $tool -db $db $T $img $proc
	done
	for tool in dcpitopstalls dcpiwhatcg; do
		valid "$db" $tool -db $db
		valid "$db: an image, truth" $tool -db $db $T $img
		valid "$db: a procedure, truth" $tool -db $db $T $img $proc
	done
	valid "$db" dcpiaccuracy -db $db $T $img
	valid "$db: a procedure" dcpiaccuracy -db $db $T $img $proc
	valid "$db: images" dcpidiff -db $db -db $db
	valid "$db: procedures" dcpidiff -db $db -db $db $img
	valid "$db: instructions" dcpidiff -db $db -db $db $img $proc
	valid "$db: two runs" dcpistats -db $db -db $db
	valid "$db" dcpi2dot -db $db $img $proc
	valid "$db: --callgraph, truth" dcpi2dot -db $db $T --callgraph
	valid "$db" dcpicallers -db $db $img $proc
	valid "$db: truth, --all" dcpicallers -db $db $T --all $img $proc
	valid "$db" dcpiexport -db $db --output $db.pb.gz
	valid "$db: truth" dcpiexport -db $db $T --output $db.pb.gz
	valid "$db" dcpicat "$(ls $db/epoch-0001/*.cycles.prof | head -1)"
done

# the source-line views
mkdir gsrc && cp "$S/tests/libc_sort.c" gsrc/ &&
	(cd gsrc && "$ALPHA_CC" -O2 -g -o ../libc_sort_g libc_sort.c) ||
	{ fail "$ALPHA_CC -O2 -g libc_sort.c"; finish; }
guest_env "$ALPHASIM" -q --profile=g --events cycles:4096,pm ./libc_sort_g 10 > out3.txt 2> err3.txt
expect_eq "libc_sort -g with records: exit status" "$?" 0
img=workload.lnx proc=dcache_lines
for db in db g; do
	[ $db = g ] && img=libc_sort_g proc=main
	T="--truth $db.truth"
	for v in source both; do
		valid "$db: --$v" dcpilist -db $db --$v $img $proc
		valid "$db: --$v, truth" dcpilist -db $db $T --$v $img $proc
		valid "$db: --$v, an image" dcpilist -db $db --$v $img
	done
	valid "$db: source columns, an image" dcpicalc -db $db $img
	valid "$db: --lines" dcpiprof -db $db --lines $img
done
mv gsrc gsrc.away
valid "g: --source, the source file not found" dcpilist -db g --source libc_sort_g main
mv gsrc.away gsrc

# the checker refuses what the schema does not allow
"$A/dcpiprof" -db db --json > good.json
python3 - good.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
a = dict(d); del a["rows"]; json.dump(a, open("norows.json", "w"))
b = dict(d); b["rows"] = [dict(d["rows"][0], samples="many")]; json.dump(b, open("badtype.json", "w"))
c = dict(d); c["extra"] = 1; json.dump(c, open("extra.json", "w"))
PY
for bad in norows badtype extra; do
	python3 "$V" "$S/docs/schema/dcpiprof.json" $bad.json > $bad.out 2>&1
	st=$?
	expect_eq "checker: $bad refused ($(head -1 $bad.out))" "$st" 1
done
# each view's members only in that view
for v in list source both; do
	o=--$v
	[ $v = list ] && o=
	"$A/dcpilist" -db g $o --json libc_sort_g main > $v.json
done
python3 - <<'PY'
import json
def doc(v):
    return json.load(open(v + ".json"))
a = doc("both"); del a["procedures"][0]["insns"][0]["src_line"]; json.dump(a, open("both-noline.json", "w"))
b = doc("list"); b["view"] = "both"; json.dump(b, open("list-asboth.json", "w"))
c = doc("source"); del c["view"]; json.dump(c, open("source-noview.json", "w"))
d = doc("source"); d["procedures"][0]["insns"] = doc("list")["procedures"][0]["insns"]
json.dump(d, open("source-insns.json", "w"))
e = doc("list"); e["procedures"][0]["insns"][0]["src_file"] = None; json.dump(e, open("list-src.json", "w"))
PY
for bad in both-noline list-asboth source-noview source-insns list-src; do
	python3 "$V" "$S/docs/schema/dcpilist.json" $bad.json > $bad.out 2>&1
	st=$?
	expect_eq "checker: dcpilist $bad refused ($(head -1 $bad.out))" "$st" 1
done
echo '{"type": "object", "maxProperties": 1}' > unchecked.json
python3 "$V" unchecked.json good.json > unchecked.out 2>&1
expect_eq "checker: a keyword it does not check is a bad schema" "$?" 2
finish

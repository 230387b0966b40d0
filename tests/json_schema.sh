#!/bin/sh
# tests/json_schema.sh - every tool's --json output against its written
# schema (docs/json.md, docs/schema/TOOL.json), checked by
# tests/jsonschema.py (the standard library only): the default workload
# profiled with its truth, and a dynamic program of a user's with
# instruction sampling's records (the pm_* members), each tool on the
# whole database, an image and a procedure as it takes them, with and
# without --truth.  Every tool of analysis/antools.def, dcpiprof and
# dcpicat has a schema; and the checker itself must refuse a document
# missing a member, one of a wrong type, and a schema with a keyword it
# does not check.
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

guest_env "$ALPHASIM" -q --profile=db > out.txt 2> err.txt
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
	valid "$db" dcpicallers -db $db $img $proc
	valid "$db: truth, --all" dcpicallers -db $db $T --all $img $proc
	valid "$db" dcpiexport -db $db --output $db.pb.gz
	valid "$db: truth" dcpiexport -db $db $T --output $db.pb.gz
	valid "$db" dcpicat "$(ls $db/epoch-0001/*.cycles.prof | head -1)"
done

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
echo '{"type": "object", "maxProperties": 1}' > unchecked.json
python3 "$V" unchecked.json good.json > unchecked.out 2>&1
expect_eq "checker: a keyword it does not check is a bad schema" "$?" 2
finish

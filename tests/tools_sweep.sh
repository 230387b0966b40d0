#!/bin/sh
# tests/tools_sweep.sh - alphasim-sweep on GNU parallel (docs/sweeps.md):
#   - a spec of 2 small programs x 2 D-cache sizes x 2 memory latencies x
#     3 seeds = 24 runs with -j 2: every run in the table once, its
#     parameters as the spec gives them, its stats, truth summary and
#     accuracy figures filled in; the parameters took effect (a larger
#     D-cache: fewer cycles for the D-cache kernel; a slower memory:
#     more); the seeds changed the samples and nothing else;
#   - the same command again runs nothing; an interrupted sweep (runs
#     gone, one half-written) runs only what is missing;
#   - a failing run is marked failed, the others kept, exit status 1;
#   - an unknown parameter, program or directive, or another spec into
#     the same results: one line, status 2, nothing run.
. "$top_srcdir/tests/lib.sh"
long_simulation "a sweep"
B=$(cd "$top_builddir" && pwd)
SWEEP="$B/sim/alphasim-sweep"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
if ! command -v parallel > /dev/null; then
	echo "SKIP: no GNU parallel (Debian's parallel package; ./quickstart installs it)"
	exit 77
fi
mkdir progs
cp "$B/testprogs/accuracy/dcache.dyn" "$B/testprogs/accuracy/misp.dyn" progs/

cat > exp.spec <<'EOF'
# 24 small runs: the programs' paths are relative to this file
program dcache progs/dcache.dyn 10
program misp   progs/misp.dyn 20000
param dcache_kb 8 16
param lat_mem 100 200     # cycles to memory
seed 1 2 3
events cycles:4096
EOF
"$SWEEP" -j 2 -o "my results" exp.spec > out.txt 2> err.txt
expect_eq "sweep: exit status" "$?" 0
R="my results"
grep -q "24 runs, 0 already done" err.txt && grep -q "24 of 24 runs succeeded" err.txt &&
	ok "sweep: 24 runs, all succeeded" || fail "sweep: $(cat err.txt)"
python3 - "$R/runs.csv" <<'PY' && ok "sweep: the table: the cross product, every figure" ||
import csv, itertools, sys
rows = list(csv.reader(open(sys.argv[1])))
head, body = rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]
need = ["run", "program", "dcache_kb", "lat_mem", "seed", "events", "status", "exit", "cycles",
        "instructions", "truth_cycles", "truth_balance", "acc_freq_within_10_all",
        "acc_culprit_recall_all", "acc_whatcg_error_pp_max", "dir"]
want = set(itertools.product(["dcache", "misp"], ["8", "16"], ["100", "200"], ["1", "2", "3"]))
got = [(r["program"], r["dcache_kb"], r["lat_mem"], r["seed"]) for r in body]
sys.exit(not (all(n in head for n in need) and len({len(r) for r in rows}) == 1 and
              len(got) == 24 and set(got) == want and
              all(r["status"] == "ok" and r["exit"] == "0" and r["truth_balance"] == "ok" and
                  r["cycles"] == r["truth_cycles"] and r["acc_freq_within_10_all"] != "" and
                  r["events"] == "cycles:4096" for r in body)))
PY
	fail "sweep: the table: $(head -3 "$R/runs.csv")"
for f in cmd out.txt stats.json db.truth truth.txt accuracy.csv status; do
	[ -s "$R/runs/0001-dcache/$f" ] || fail "sweep: run 0001: no $f"
done
ls "$R"/runs/0001-dcache/db/epoch-0001/*.cycles.prof > /dev/null 2>&1 &&
	ok "sweep: a run's files and database" || fail "sweep: run 0001: no database"
python3 - "$R/runs.csv" <<'PY' && ok "sweep: the parameters took effect, the seeds only moved samples" ||
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def cyc(**k):
    return [int(r["cycles"]) for r in rows if all(r[a] == v for a, v in k.items())]
d8, d16 = cyc(program="dcache", dcache_kb="8", lat_mem="100"), cyc(program="dcache", dcache_kb="16", lat_mem="100")
m1, m2 = cyc(program="misp", dcache_kb="8", lat_mem="100"), cyc(program="misp", dcache_kb="8", lat_mem="200")
# the seeds: the same program and machine, other databases (the sample
# counts in the small program's own image may tie: the loader's cycles
# dominate it)
import glob, os
top = os.path.dirname(sys.argv[1])    # the results directory: runs.csv names its runs from there
def db(r):
    return b"".join(open(f, "rb").read() for f in
                    sorted(glob.glob(os.path.join(top, r["dir"], "db", "epoch-*", "*.prof"))))
dbs = {db(r) for r in rows if r["program"] == "dcache" and r["dcache_kb"] == "8" and r["lat_mem"] == "100"}
sys.exit(not (max(d16) < min(d8) and min(m2) > max(m1) and len(dbs) == 3))
PY
	fail "sweep: parameters or seeds: $(cut -d, -f1-12 "$R/runs.csv" | head -8)"

# again: nothing to do; interrupted: only what is missing
"$SWEEP" -j 2 -o "$R" exp.spec > /dev/null 2> again.txt
expect_eq "sweep again: exit status" "$?" 0
grep -q "24 runs, 24 already done" again.txt && ok "sweep again: nothing run" ||
	fail "sweep again: $(cat again.txt)"
rm -rf "$R/runs/0003-dcache" "$R/runs/0020-misp"
rm "$R/runs/0007-dcache/status"
mkdir "$R/runs/.0003-dcache.tmp"; echo half > "$R/runs/.0003-dcache.tmp/out.txt"
cp "$R/runs.csv" before.csv
"$SWEEP" -j 2 -o "$R" exp.spec > /dev/null 2> resume.txt
expect_eq "sweep resumed: exit status" "$?" 0
grep -q "24 runs, 21 already done" resume.txt && ok "sweep resumed: the 3 missing runs only" ||
	fail "sweep resumed: $(cat resume.txt)"
[ -d "$R/runs/0003-dcache" ] && [ ! -e "$R/runs/.0003-dcache.tmp" ] &&
	ok "sweep resumed: the half-written run redone" || fail "sweep resumed: run 0003"
cmp -s before.csv "$R/runs.csv" && ok "sweep resumed: the same table (the runs repeat)" ||
	fail "sweep resumed: the table changed: $(diff before.csv "$R/runs.csv" | head -4)"

# a run that fails: the table marks it, the others stay, status 1
cat > fail.spec <<'EOF'
program dcache progs/dcache.dyn 5
events cycles:4096 cycles:1
EOF
"$SWEEP" -j 2 fail.spec > /dev/null 2> fail.txt
expect_eq "a failing run: sweep status" "$?" 1
python3 - fail.results/runs.csv <<'PY' && ok "a failing run: marked failed, the other kept" ||
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sys.exit(not (len(rows) == 2 and rows[0]["status"] == "ok" and rows[0]["cycles"] and
              rows[1]["status"].startswith("failed: alphasim exited 125")))
PY
	fail "a failing run: $(cat fail.results/runs.csv)"
grep -q "run 0002-dcache: failed" fail.txt && ok "a failing run: named" || fail "a failing run: $(cat fail.txt)"

# bad specs: one line, status 2, nothing run
badspec() { # NAME PATTERN: the spec on standard input
	cat > bad.spec
	"$SWEEP" -o badres bad.spec > out.txt 2> err.txt
	_st=$?
	if [ $_st -eq 2 ] && [ "$(wc -l < err.txt)" -eq 1 ] && grep -Eq "$2" err.txt && [ ! -e badres ]; then
		ok "$1: $(cat err.txt)"
	else
		fail "$1: status $_st: $(cat err.txt)"
	fi
}
printf 'program dcache progs/dcache.dyn 5\nparam dcache_size 8 16\n' |
	badspec "unknown parameter" "^alphasim-sweep: bad.spec:2: unknown parameter 'dcache_size'"
printf 'program dcache progs/nosuch.dyn 5\n' |
	badspec "unknown program" "^alphasim-sweep: bad.spec:1: program 'dcache': no file .*nosuch.dyn"
printf 'program dcache progs/dcache.dyn\nparams dcache_kb 8\n' |
	badspec "unknown directive" "^alphasim-sweep: bad.spec:2: unknown directive 'params'"
printf 'param dcache_kb 8\n' | badspec "no program" "^alphasim-sweep: bad.spec: no program"
printf 'program dcache progs/dcache.dyn 5\nseed 0\n' | badspec "bad seed" "bad.spec:2: seed"
"$SWEEP" -o "$R" fail.spec > /dev/null 2> other.txt
expect_eq "another spec into the same results: status" "$?" 2
grep -q "holds another sweep's runs" other.txt && ok "another spec: refused" ||
	fail "another spec: $(cat other.txt)"
finish

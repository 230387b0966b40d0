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
S=$(cd "$top_srcdir" && pwd)
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
ls "$R"/runs/0001-dcache/guest/db/epoch-0001/*.cycles.prof > /dev/null 2>&1 &&
	ok "sweep: a run's files and database" || fail "sweep: run 0001: no database"
python3 - "$R/runs.csv" <<'PY' && ok "sweep: the parameters took effect, the seeds only moved samples" ||
import csv, glob, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1])))
top = os.path.dirname(sys.argv[1])    # the results directory: runs.csv names its runs from there
def stats(r):
    return json.load(open(os.path.join(top, r["dir"], "stats.json")))
def pick(**k):
    return [r for r in rows if all(r[a] == v for a, v in k.items())]
why = []
# each run had the machine the table says (its stats echo its parameters)
for r in rows:
    p = stats(r)["params"]
    if (str(p["dcache_kb"]), str(p["lat_mem"])) != (r["dcache_kb"], r["lat_mem"]):
        why.append(f"run {r['run']}: ran with {p['dcache_kb']} KB, {p['lat_mem']} cycles")
# a larger D-cache: fewer D-cache misses, for each program and latency,
# over every seed.  A direct-mapped cache twice the size with the same
# lines holds every line the smaller one holds (timing.md, "Memory system"), so
# for the same references it never misses more; the seeds move the
# sampling interrupts and with them a few references (spread about 2%),
# far less than the larger cache saves (about 20%).  Cycles are no such
# measure: the effect on them (about 1%) is below the seeds' spread
# (about 2%) even for one seed, at some checkout paths.
def misses(r):
    return sum(c["dcache"]["load_misses"] for c in stats(r)["cpus"])
for prog in ("dcache", "misp"):
    for lat in ("100", "200"):
        m8 = [misses(r) for r in pick(program=prog, lat_mem=lat, dcache_kb="8")]
        m16 = [misses(r) for r in pick(program=prog, lat_mem=lat, dcache_kb="16")]
        if not (len(m8) == len(m16) == 3 and max(m16) < min(m8)):
            why.append(f"{prog}, lat_mem {lat}: D-cache misses at 8 KB {m8}, at 16 KB {m16}")
# a slower memory: more cycles, over every seed (the effect, about 50%,
# dwarfs the seeds')
for prog in ("dcache", "misp"):
    for kb in ("8", "16"):
        c1 = [int(r["cycles"]) for r in pick(program=prog, dcache_kb=kb, lat_mem="100")]
        c2 = [int(r["cycles"]) for r in pick(program=prog, dcache_kb=kb, lat_mem="200")]
        if not (len(c1) == len(c2) == 3 and min(c2) > max(c1)):
            why.append(f"{prog}, {kb} KB: cycles at lat_mem 100 {c1}, at 200 {c2}")
# the seeds: the same program and machine, other databases (the sample
# counts in the small program's own image may tie: the loader's cycles
# dominate it)
def db(r):
    return b"".join(open(f, "rb").read() for f in
                    sorted(glob.glob(os.path.join(top, r["dir"], "guest", "db", "epoch-*", "*.prof"))))
if len({db(r) for r in pick(program="dcache", dcache_kb="8", lat_mem="100")}) != 3:
    why.append("three seeds, not three databases")
print(*why, sep="\n")
sys.exit(bool(why))
PY
	fail "sweep: parameters or seeds"

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

# a guest that plants links where the sweep's files would be (cmd,
# exit, status, ...) to a host file outside the results: the file is
# untouched, and the run's files are the sweep's, regular files
"$ALPHA_CC" -O2 -o progs/sweep_guest "$S/tests/sweep_guest.c" ||
	{ fail "$ALPHA_CC sweep_guest.c"; finish; }
echo precious > victim
cat > plant.spec <<EOF
program plant progs/sweep_guest plant '$tmp/victim'
events cycles:4096
EOF
"$SWEEP" -j 1 plant.spec > /dev/null 2> plant.txt
expect_eq "links planted by the guest: sweep status" "$?" 0
P=plant.results/runs/0001-plant
grep -Eq '^planted [1-9][0-9]* links' "$P/out.txt" && ok "links planted: $(head -1 "$P/out.txt")" ||
	fail "links planted: the guest planted none: $(cat "$P/out.txt" "$P/out.txt.err")"
expect_eq "links planted: the host file outside the results" "$(cat victim)" precious
expect_eq "links planted: no link among the run's own files" \
	"$(find "$P" -path "$P/guest" -prune -o -type l -print)" ""
expect_eq "links planted: its status" "$(cat "$P/status")" ok
expect_eq "links planted: its exit" "$(cat "$P/exit")" 0
grep -q "alphasim" "$P/cmd" && [ -s "$P/stats.json" ] && [ -s "$P/truth.txt" ] &&
	[ -s "$P/accuracy.csv" ] && ok "links planted: cmd, stats, truth summary, accuracy there" ||
	fail "links planted: $(ls -l "$P")"
# a run whose status is a link (a results directory of an older sweep,
# whose guests could plant one) is not taken as finished, nor read
echo ok > okfile
rm -f "$P/status" && ln -s "$tmp/okfile" "$P/status"
"$SWEEP" -j 1 plant.spec > /dev/null 2> plant2.txt
grep -q "1 runs, 0 already done" plant2.txt && [ ! -L "$P/status" ] &&
	[ "$(cat okfile)" = ok ] && [ "$(cat victim)" = precious ] &&
	ok "a status that is a link: not finished, the run redone" ||
	fail "a status that is a link: $(cat plant2.txt)"

# two sweeps on one results directory: while the first runs (its guest
# waits for a file beside the program: the test decides when it ends),
# a second is refused, one line naming the directory, and deletes
# nothing; a third with --wait waits, then finds the run done
cat > gate.spec <<EOF
program gate progs/sweep_guest wait '$tmp/progs/go'
events cycles:4096
EOF
G="$tmp/gate results"
"$SWEEP" -j 1 -o "$G" gate.spec > /dev/null 2> gate1.txt &
first=$!
while [ ! -d "$G/runs/.0001-gate.tmp" ] && kill -0 $first 2> /dev/null; do sleep 0.1; done
[ -d "$G/runs/.0001-gate.tmp" ] || fail "the first sweep ended before its run: $(cat gate1.txt)"
"$SWEEP" -j 1 -o "$G" gate.spec > /dev/null 2> gate2.txt &
second=$!
# the second ends at once, refused; let in, it would say how many runs
# it has to do and then wait at the gate too
while kill -0 $second 2> /dev/null && ! grep -q "already done" gate2.txt; do sleep 0.1; done
grep -q "already done" gate2.txt && fail "the second sweep went ahead: $(cat gate2.txt)"
[ -d "$G/runs/.0001-gate.tmp/guest" ] && ok "a second sweep: the first's run left alone" ||
	fail "a second sweep: the first's run is gone"
"$SWEEP" -j 1 --wait -o "$G" gate.spec > /dev/null 2> gate3.txt &
third=$!
while kill -0 $third 2> /dev/null && ! grep -q "waiting for another" gate3.txt; do sleep 0.1; done
touch progs/go
wait $second
expect_eq "a second sweep on a directory in use: status" "$?" 2
[ "$(wc -l < gate2.txt)" -eq 1 ] &&
	grep -q "^alphasim-sweep: $G: another alphasim-sweep is using it" gate2.txt &&
	ok "a second sweep: refused, naming the directory" || fail "a second sweep: $(cat gate2.txt)"
wait $first
expect_eq "the first sweep: status" "$?" 0
grep -q "1 of 1 runs succeeded" gate1.txt && grep -q "is there" "$G/runs/0001-gate/out.txt" &&
	ok "the first sweep: its run done" || fail "the first sweep: $(cat gate1.txt)"
wait $third
expect_eq "a third sweep with --wait: status" "$?" 0
grep -q "waiting for another alphasim-sweep" gate3.txt && grep -q "1 runs, 1 already done" gate3.txt &&
	ok "a third sweep with --wait: waited, then nothing to do" || fail "--wait: $(cat gate3.txt)"

# bad specs: one line, status 2, nothing run
badrun() { # NAME PATTERN SPEC: SPEC refused
	"$SWEEP" -o badres "$3" > out.txt 2> err.txt
	_st=$?
	if [ $_st -eq 2 ] && [ "$(wc -l < err.txt)" -eq 1 ] && grep -Eq "$2" err.txt && [ ! -e badres ]; then
		ok "$1: $(cat err.txt)"
	else
		fail "$1: status $_st: $(cat err.txt)"
	fi
}
badspec() { # NAME PATTERN: the spec on standard input
	cat > bad.spec
	badrun "$1" "$2" bad.spec
}
printf 'program dcache progs/dcache.dyn 5\nparam dcache_size 8 16\n' |
	badspec "unknown parameter" "^alphasim-sweep: bad.spec:2: unknown parameter 'dcache_size'"
printf 'program dcache progs/nosuch.dyn 5\n' |
	badspec "unknown program" "^alphasim-sweep: bad.spec:1: program 'dcache': no file .*nosuch.dyn"
printf 'program dcache progs/dcache.dyn\nparams dcache_kb 8\n' |
	badspec "unknown directive" "^alphasim-sweep: bad.spec:2: unknown directive 'params'"
printf 'param dcache_kb 8\n' | badspec "no program" "^alphasim-sweep: bad.spec: no program"
printf 'program dcache progs/dcache.dyn 5\nseed 0\n' | badspec "bad seed" "bad.spec:2: seed"
printf 'program dcache progs/dcache.dyn 5\nseed 18446744073709551616\n' |
	badspec "a seed over 2^64-1" "bad.spec:2: seed"
# malformed text: the line named, no traceback
printf 'program dcache progs/dcache.dyn 5\nevents "cycles:4096\n' |
	badspec "an unclosed quote" "^alphasim-sweep: bad.spec:2: no closing quotation$"
printf 'program dcache progs/dcache.dyn 5\nevents cycles:4096 \\' |
	badspec "a last backslash" "^alphasim-sweep: bad.spec:2: no escaped character$"
printf 'program dcache progs/dcache.dyn 5\n# caf\351\n' |
	badspec "a non-UTF-8 byte in a comment" "^alphasim-sweep: bad.spec:2: not UTF-8 text \(byte 0xe9 at column 6\)$"
printf 'program dcache progs/dcache.dyn 5\nseed 1\0\n' |
	badspec "a NUL byte" "^alphasim-sweep: bad.spec:2: a NUL byte: not a text file$"
badrun "a binary file" "^alphasim-sweep: progs/dcache.dyn:1: (not UTF-8|a NUL byte)" progs/dcache.dyn
mkdir spec.d
badrun "a directory" "^alphasim-sweep: spec.d: a directory, not a spec$" spec.d
badrun "a device" "^alphasim-sweep: /dev/zero: not a regular file or a pipe$" /dev/zero
# a run's old tree is removed however deep its guest made it, with no
# more descriptors than the sweep may hold (here 256 for 1,500 levels),
# never following a link out of it
python3 - "$SWEEP" > deep.txt 2>&1 <<'PY'
import importlib.machinery, importlib.util, os, resource, sys
loader = importlib.machinery.SourceFileLoader("sweep", sys.argv[1])
sw = importlib.util.module_from_spec(importlib.util.spec_from_loader("sweep", loader))
loader.exec_module(sw)
open("outside", "w").write("keep\n")
os.mkdir("deep")
fd = os.open("deep", os.O_RDONLY)
for i in range(1500):
    os.mkdir("d", dir_fd=fd)
    if i == 700:
        os.mkdir(".deep-1", dir_fd=fd)
        os.symlink(os.path.abspath("outside"), "link", dir_fd=fd)
    sub = os.open("d", os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = sub
os.close(fd)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
sw.remove_tree("deep")
print("gone" if not os.path.lexists("deep") else "still there")
PY
[ "$(cat deep.txt)" = gone ] && [ "$(cat outside)" = keep ] &&
	ok "a 1,500-deep tree removed with 256 descriptors, its link not followed" ||
	fail "a deep tree: $(tail -2 deep.txt)"
badrun "no such spec" "^alphasim-sweep: nosuch.spec: No such file or directory$" nosuch.spec
if [ "$(id -u)" != 0 ]; then
	printf 'program dcache progs/dcache.dyn 5\n' > locked.spec
	chmod 000 locked.spec
	badrun "an unreadable spec" "^alphasim-sweep: locked.spec: Permission denied$" locked.spec
fi
"$SWEEP" -o exp.spec fail.spec > /dev/null 2> err.txt
expect_eq "a file as the results directory: status" "$?" 2
[ "$(wc -l < err.txt)" -eq 1 ] && grep -q "exp.spec: not a directory$" err.txt &&
	ok "a file as the results directory: one line" || fail "-o a file: $(cat err.txt)"
"$SWEEP" -o "$R" fail.spec > /dev/null 2> other.txt
expect_eq "another spec into the same results: status" "$?" 2
grep -q "holds another sweep's runs" other.txt && ok "another spec: refused" ||
	fail "another spec: $(cat other.txt)"
finish

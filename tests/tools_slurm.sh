#!/bin/sh
# tests/tools_slurm.sh - alphasim-sweep --slurm (docs/sweeps.md) against a
# real single-node Slurm: munged, slurmctld and slurmd from Debian's
# packages, started here on localhost with a generated slurm.conf (free
# ports, every file in a temporary directory) and stopped at the end.
#   - 24 small runs as a job array, the table written by the dependent
#     collect job: the same bytes as the same sweep under GNU parallel;
#   - sbatch options after -- reach the jobs (--comment);
#   - runs gone from the results: resubmitted alone;
#   - while an array job runs (its guest waits for a file the test makes),
#     it holds the results directory's lock: a sweep on GNU parallel into
#     the same directory is refused, one line, status 2, the run intact.
# Skipped (status 77, saying why) where Slurm is not installed, the test
# is not root (slurmd starts the jobs as their user), or the daemons do
# not come up.
. "$top_srcdir/tests/lib.sh"
long_simulation "a sweep on Slurm"
B=$(cd "$top_builddir" && pwd)
S0=$(cd "$top_srcdir" && pwd)
SWEEP="$B/sim/alphasim-sweep"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
skip() { echo "SKIP: $*"; exit 77; }
for p in munged slurmctld slurmd sbatch squeue sinfo scontrol; do
	command -v $p > /dev/null || PATH=$PATH:/usr/sbin command -v $p > /dev/null ||
		skip "no $p: Slurm is not installed (Debian's slurmctld slurmd slurm-client munge; ./quickstart installs them)"
done
PATH=$PATH:/usr/sbin
[ "$(id -u)" = 0 ] || skip "not root: slurmd must start the jobs as their user"
command -v parallel > /dev/null || skip "no GNU parallel to compare with"

# ---- a cluster of one node ------------------------------------------------------
pids=""
stop() {
	for p in $pids; do kill "$p" 2> /dev/null; done
	for p in $pids; do
		for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$p" 2> /dev/null || break; sleep 0.5; done
	done
	rm -rf "$tmp"
}
trap stop EXIT
S="$tmp/slurm"
mkdir -p "$S/state" "$S/spool"
chmod 755 "$tmp" "$S"
dd if=/dev/urandom of="$S/munge.key" bs=1024 count=1 2> /dev/null
chmod 600 "$S/munge.key"
munged -F --key-file="$S/munge.key" --socket="$S/munge.socket" --pid-file="$S/munged.pid" \
	--log-file="$S/munged.log" --seed-file="$S/munge.seed" > "$S/munged.out" 2>&1 &
pids="$!"
set -- $(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
cat > "$S/slurm.conf" <<EOF
ClusterName=alphasimtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPort=$1
SlurmdPort=$2
AuthType=auth/munge
AuthInfo=socket=$S/munge.socket
CredType=cred/munge
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=alphasim Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$S/slurm.conf"
sleep 1
slurmctld -D -i -f "$SLURM_CONF" > "$S/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -f "$SLURM_CONF" > "$S/slurmd.out" 2>&1 &
pids="$pids $!"
up=
for i in $(seq 60); do
	sinfo -h -o %T 2> /dev/null | grep -q idle && { up=1; break; }
	sleep 0.5
done
[ -n "$up" ] || skip "Slurm did not start: $(tail -2 "$S/slurmctld.log" "$S/slurmd.log" "$S/munged.out" 2>&1 | tr '\n' ' ')"
ok "a one-node Slurm on ports $1 and $2"

# ---- the sweep ----------------------------------------------------------------------
mkdir progs
cp "$B/testprogs/accuracy/dcache.dyn" "$B/testprogs/accuracy/misp.dyn" progs/
cat > exp.spec <<'EOF'
program dcache progs/dcache.dyn 3
program misp   progs/misp.dyn 5000
param dcache_kb 8 16
param lat_mem 100 200
seed 1 2 3
events cycles:4096
EOF
# wait_table DIR: until the collect job has written DIR/runs.csv and no
# job is left
wait_table() {
	for i in $(seq 600); do
		[ -s "$1/runs.csv" ] && [ -z "$(squeue -h 2> /dev/null)" ] && return 0
		sleep 0.5
	done
	return 1
}
"$SWEEP" --slurm -o slurm.results exp.spec -- --comment=alphasim-test > out.txt 2> err.txt
expect_eq "--slurm: submission status" "$?" 0
job=$(sed -n 's/.*as Slurm job array \([0-9]*\);.*/\1/p' err.txt)
[ -n "$job" ] && ok "--slurm: job array $job" || fail "--slurm: $(cat err.txt)"
scontrol show job "$job" 2> /dev/null | grep -q 'Comment=alphasim-test' &&
	ok "--slurm: sbatch's options reach the job" || fail "--slurm: no comment on job $job"
wait_table slurm.results && ok "--slurm: the collect job wrote the table" ||
	fail "--slurm: no table: $(cat slurm.results/slurm/collect.out 2>&1) $(squeue)"
grep -q "24 of 24 runs succeeded" slurm.results/slurm/collect.out &&
	ok "--slurm: 24 of 24 runs" || fail "--slurm: $(cat slurm.results/slurm/collect.out)"
"$SWEEP" -j 2 -o parallel.results exp.spec > /dev/null 2>&1
expect_eq "the same sweep on GNU parallel: status" "$?" 0
cmp -s slurm.results/runs.csv parallel.results/runs.csv &&
	ok "--slurm: the same table as GNU parallel's" ||
	fail "--slurm: tables differ: $(diff slurm.results/runs.csv parallel.results/runs.csv | head -4)"

# resumed: only the runs gone
rm -rf slurm.results/runs/0002-dcache slurm.results/runs/0017-misp slurm.results/runs.csv
"$SWEEP" --slurm -o slurm.results exp.spec > /dev/null 2> err2.txt
grep -q "24 runs, 22 already done" err2.txt && grep -q "2 runs submitted" err2.txt &&
	ok "--slurm resumed: 2 runs submitted" || fail "--slurm resumed: $(cat err2.txt)"
wait_table slurm.results && cmp -s slurm.results/runs.csv parallel.results/runs.csv &&
	ok "--slurm resumed: the same table" || fail "--slurm resumed: $(cat slurm.results/slurm/collect.out)"

# an array job running holds the lock (shared): a local sweep is refused
"$ALPHA_CC" -O2 -o progs/sweep_guest "$S0/tests/sweep_guest.c" ||
	{ fail "$ALPHA_CC sweep_guest.c"; finish; }
cat > gate.spec <<EOF
program gate progs/sweep_guest wait '$tmp/progs/go'
events cycles:4096
EOF
"$SWEEP" --slurm -o gate.results gate.spec > /dev/null 2> gate1.txt
expect_eq "--slurm, a run that waits: submission status" "$?" 0
for i in $(seq 600); do
	[ -d gate.results/runs/.0001-gate.tmp ] && break
	sleep 0.5
done
if [ -d gate.results/runs/.0001-gate.tmp ]; then
	# refused at once; let in, it would say how many runs it has to do
	# and wait at the gate too (until the gate opens below)
	"$SWEEP" -j 1 -o gate.results gate.spec > /dev/null 2> gate2.txt &
	local=$!
	while kill -0 $local 2> /dev/null && ! grep -q "already done" gate2.txt; do sleep 0.1; done
	[ "$(wc -l < gate2.txt)" -eq 1 ] && grep -q "gate.results: another alphasim-sweep is using it" gate2.txt &&
		[ -d gate.results/runs/.0001-gate.tmp/guest ] &&
		ok "a local sweep while an array job runs: refused, the run intact" ||
		fail "a local sweep while an array job runs: $(cat gate2.txt)"
	touch progs/go
	wait $local
	expect_eq "a local sweep while an array job runs: status" "$?" 2
else
	fail "--slurm, a run that waits: it never started: $(squeue)"
fi
touch progs/go
wait_table gate.results && grep -q "1 of 1 runs succeeded" gate.results/slurm/collect.out &&
	ok "--slurm, a run that waits: done once let go" ||
	fail "--slurm, a run that waits: $(cat gate.results/slurm/collect.out)"
finish

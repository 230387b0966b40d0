#!/bin/sh
# analysis/accuracy/run.sh - `make accuracy` (docs/accuracy.md): the
# analysis's estimates against the simulator's truth on a suite of guest
# workloads (analysis/accuracy/workloads), each profiled by DCPI at
# several CYCLES periods and sampling seeds, every run analysed by each
# estimator; one table on standard output (table.py) and plots (plots.gp,
# gnuplot) in the output directory.
#
# Settings (environment; the make variables of the same names):
#   ACCURACY_OUT         output directory (default ./accuracy-out; emptied)
#   ACCURACY_SIZE        small, default or full: the workloads' column, and
#                        the periods and seeds below; SMALL=1 means small
#   ACCURACY_JOBS        runs at once (default: make -jN's N, else the
#                        number of cores)
#   ACCURACY_TABLE       the workloads file (default: the one beside this)
#   ACCURACY_WORKLOADS   only these names of it (default: every one listed
#                        at the size)
#   ACCURACY_PERIODS     CYCLES periods (small: 4096; default: 4096 16384
#                        63488; full: the same); IMISS is sampled at 1/8
#   ACCURACY_SEEDS       alphasim --seed values (small: 1; default: 1 2;
#                        full: 1 2 3)
#   ACCURACY_ESTIMATORS  dcpiaccuracy --estimator values, each also as
#                        EST+h: with --handler-cycles ACCURACY_HANDLER
#                        (default 300, minios's: docs/accuracy.md); "true"
#                        for --true-freq (default: dcpi wls imiss imiss+h)
#   ACCURACY_KEEP        1: keep each run's truth file (12 MB or more)
#
# Each run is a directory OUT/runs/NAME.pPERIOD.sSEED: the database
# (db/), alphasim's output, and per estimator dcpiaccuracy's, dcpicalc's
# and dcpiwhatcg's CSV of the program's image.  A run that fails (alphasim
# or a tool exiting non-zero) leaves FAILED there with the reason; it is
# listed after the table and the exit status is 1.
#
#   run.sh                 the whole experiment
#   run.sh --job ...       one run (used by the above through xargs -P)
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
B=$(cd "$top_builddir" && pwd)
S=$(cd "$top_srcdir" && pwd)
ALPHASIM=${ALPHASIM:-$B/sim/alphasim}
export top_srcdir top_builddir ALPHASIM

# ---- one run -------------------------------------------------------------
# --job DIR NAME PROGRAM PERIOD SEED ARGS...
if [ "${1:-}" = --job ]; then
	d=$2 name=$3 prog=$4 period=$5 seed=$6
	shift 6
	ests=${ACCURACY_ESTIMATORS:-dcpi wls imiss imiss+h}
	rm -rf "$d"
	mkdir -p "$d" || exit 1
	printf '%s\n' "$name" "$prog" "$period" "$seed" "$*" > "$d/run"
	failed() { printf '%s\n' "$*" > "$d/FAILED"; exit 0; }
	case $prog in /*) ;; *) prog=$B/$prog ;; esac
	# a fixed environment for the guest (labs/lib.sh says why)
	(cd "$d" && exec env -i PATH=/usr/bin:/bin LC_ALL=C ${GUEST_PAD:+GUEST_PAD="$GUEST_PAD"} "$ALPHASIM" -q --profile=db --stats stats.json \
		--events "cycles:$period,imiss:$((period / 8))" --seed "$seed" "$prog" "$@") \
		> "$d/out.txt" 2> "$d/err.txt"
	st=$?
	[ $st -eq 0 ] || failed "alphasim exited with $st: $(grep -v '^minios: system call' "$d/err.txt" | head -1)"
	img=$(basename "$prog")
	for est in $ests; do
		case $est in
		true) opt=--true-freq ;;
		*+h)  opt="--estimator ${est%+h} --handler-cycles ${ACCURACY_HANDLER:-300}" ;;
		*)    opt="--estimator $est" ;;
		esac
		for tool in dcpiaccuracy dcpicalc dcpiwhatcg; do
			f=$d/$tool.$est.csv
			# shellcheck disable=SC2086
			"$B/analysis/$tool" -db "$d/db" --truth "$d/db.truth" $opt --csv "$img" \
				> "$f" 2> "$f.err"
			st=$?
			[ $st -eq 0 ] || failed "$tool $opt exited with $st: $(head -1 "$f.err")"
		done
	done
	[ "${ACCURACY_KEEP:-}" = 1 ] || rm -f "$d/db.truth"
	: > "$d/OK"
	exit 0
fi

# ---- the experiment --------------------------------------------------------
out=${ACCURACY_OUT:-accuracy-out}
size=${ACCURACY_SIZE:-default}
case ${SMALL:-} in ''|0) ;; *) size=small ;; esac
case $size in
small)   col=3 periods="4096" seeds="1" ;;
default) col=4 periods="4096 16384 63488" seeds="1 2" ;;
full)    col=5 periods="4096 16384 63488" seeds="1 2 3" ;;
*) echo "accuracy: ACCURACY_SIZE=$size: not small, default or full" >&2; exit 2 ;;
esac
periods=${ACCURACY_PERIODS:-$periods}
seeds=${ACCURACY_SEEDS:-$seeds}
# make -jN's N (GNU make puts it in MAKEFLAGS), else the cores
mj=$(printf '%s\n' "${MAKEFLAGS:-}" | sed -n 's/.*-j\([0-9][0-9]*\).*/\1/p')
jobs=${ACCURACY_JOBS:-${mj:-$(nproc 2>/dev/null || echo 2)}}
table=${ACCURACY_TABLE:-$S/analysis/accuracy/workloads}
only=${ACCURACY_WORKLOADS:-}
export ACCURACY_ESTIMATORS="${ACCURACY_ESTIMATORS:-dcpi wls imiss imiss+h}" ACCURACY_KEEP="${ACCURACY_KEEP:-}" \
	ACCURACY_HANDLER="${ACCURACY_HANDLER:-}"
[ -r "$table" ] || { echo "accuracy: $table: cannot read the workloads" >&2; exit 2; }
command -v gnuplot > /dev/null ||
	{ echo "accuracy: gnuplot not found (Debian: apt-get install gnuplot-nox)" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out/runs" "$out/plots" || exit 2
out=$(cd "$out" && pwd)
# The jobs, one line each (xargs quoting), the longest first so that
# the cores stay busy to the end: the table's order within a size.
jobsfile=$out/jobs
: > "$jobsfile"
names=""
while read -r name prog a_small a_default a_full; do
	case $name in ''|'#'*) continue ;; esac
	eval "args=\$a_$size"
	[ "$args" = - ] && continue
	[ "$args" = . ] && args=
	if [ -n "$only" ]; then
		case " $only " in *" $name "*) ;; *) continue ;; esac
	fi
	names="$names $name"
	for p in $periods; do
		for s in $seeds; do
			# no blank at the end: xargs -L would join the next line
			printf '"%s" "%s" "%s" "%s" "%s"%s\n' "$out/runs/$name.p$p.s$s" "$name" \
				"$prog" "$p" "$s" "${args:+ $args}" >> "$jobsfile"
		done
	done
done < "$table"
if [ -n "$only" ]; then
	for n in $only; do
		case " $names " in *" $n "*) ;; *)
			echo "accuracy: ACCURACY_WORKLOADS: no workload $n in $table at size $size" >&2
			exit 2 ;;
		esac
	done
fi
[ -s "$jobsfile" ] || { echo "accuracy: no workload at size $size in $table" >&2; exit 2; }
n=$(wc -l < "$jobsfile")
echo "accuracy: $n runs ($size size: periods $periods; seeds $seeds; estimators" \
	"$ACCURACY_ESTIMATORS), $jobs at a time, into $out" >&2
t0=$(date +%s)
xargs -P "$jobs" -L 1 sh "$S/analysis/accuracy/run.sh" --job < "$jobsfile"
echo "accuracy: the runs took $(($(date +%s) - t0)) s" >&2

python3 "$S/analysis/accuracy/table.py" "$out" > "$out/table.txt"
st=$?
cat "$out/table.txt"
(cd "$out/plots" && gnuplot "$S/analysis/accuracy/plots.gp") ||
	{ echo "accuracy: gnuplot failed" >&2; st=1; }
echo "accuracy: the table in $out/table.txt, one row per run in $out/results.csv," \
	"plots in $out/plots" >&2
exit $st

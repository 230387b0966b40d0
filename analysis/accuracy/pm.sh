#!/bin/sh
# analysis/accuracy/pm.sh - `make accuracy-pm` (docs/precise.md, "The
# experiment"): the counters' method against precise
# instruction sampling on the workloads of `make accuracy`
# (analysis/accuracy/workloads), at matched sample rates.  Per workload
# and seed, four guest runs in a fixed environment, as run.sh's:
#
#   base     --events cycles:63488             the cost's baseline
#   dcpi     cycles:P,imiss:P/8,dmiss:P/8      DCPI's method
#   intr     cycles:63488,pm:Q:intr:user       a record per interrupt
#   buffer   cycles:63488,pm:Q:buffer:user     records in a memory buffer
#
# The pm runs keep CYCLES at the longest period only because the
# analysis tools need a CYCLES profile; the baseline has the same, so
# the difference in guest cycles (outside dcpid: pmtable.py says why)
# is the method's own cost.  Q matches
# the rates: Q = the program image's true instruction count in the
# dcpi run / its CYCLES samples there, so that the image gets as many
# records as it got CYCLES samples (at least 256, the unit's minimum).
# One table on standard output (pmtable.py), the plot (pmplots.gp).
#
# Settings (environment; the make variables of the same names):
#   ACCURACY_OUT        output directory (default ./accuracy-pm-out; emptied)
#   ACCURACY_SIZE       the workloads' column (default: default); SMALL=1: small
#   ACCURACY_JOBS       workloads at once (default: make -jN's N, else cores)
#   ACCURACY_WORKLOADS  only these workloads
#   ACCURACY_PERIODS    the CYCLES period P (default 4096; the first only)
#   ACCURACY_SEEDS      alphasim --seed values (default 1)
#
#   pm.sh                 the whole experiment
#   pm.sh --job ...       one workload's four runs (through xargs -P)
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-.}
B=$(cd "$top_builddir" && pwd)
S=$(cd "$top_srcdir" && pwd)
ALPHASIM=${ALPHASIM:-$B/sim/alphasim}
export top_srcdir top_builddir ALPHASIM
BASE=63488	# the longest CYCLES period whose draws fit counter 0

# ---- one workload: its four runs -----------------------------------------
# --job DIR NAME PROGRAM PERIOD SEED ARGS...
if [ "${1:-}" = --job ]; then
	d=$2 name=$3 prog=$4 period=$5 seed=$6
	shift 6
	rm -rf "$d"
	mkdir -p "$d" || exit 1
	printf '%s\n' "$name" "$prog" "$period" "$seed" "$*" > "$d/run"
	failed() { printf '%s\n' "$*" > "$d/FAILED"; exit 0; }
	case $prog in /*) ;; *) prog=$B/$prog ;; esac
	img=$(basename "$prog")
	# run METHOD EVENTS: alphasim, then dcpiaccuracy and dcpicalc
	run() {
		m=$1 ev=$2
		shift 2
		r=$d/$m
		mkdir -p "$r"
		# a fixed environment for the guest (labs/lib.sh says why)
		(cd "$r" && exec env -i PATH=/usr/bin:/bin LC_ALL=C ${GUEST_PAD:+GUEST_PAD="$GUEST_PAD"} "$ALPHASIM" -q --profile=db \
			--stats stats.json --events "$ev" --seed "$seed" "$prog" "$@") \
			> "$r/out.txt" 2> "$r/err.txt" ||
			failed "$m: alphasim exited with $?: $(grep -v '^minios: system call' "$r/err.txt" | head -1)"
		printf '%s\n' "$ev" > "$r/events"
		for tool in dcpiaccuracy dcpicalc; do
			"$B/analysis/$tool" -db "$r/db" --truth "$r/db.truth" --csv "$img" \
				> "$r/$tool.csv" 2> "$r/$tool.err" ||
				failed "$m: $tool exited with $?: $(head -1 "$r/$tool.err")"
		done
		rm -f "$r/db.truth"
	}
	a=$*
	# shellcheck disable=SC2086
	set -- $a
	run base "cycles:$BASE" "$@"
	run dcpi "cycles:$period,imiss:$((period / 8)),dmiss:$((period / 8))" "$@"
	q=$(python3 - "$d/dcpi/dcpicalc.csv" <<'PY'
import csv, sys
n = c = 0.0
for r in csv.DictReader(open(sys.argv[1])):
    n += float(r["true_count"] or 0)
    c += float(r["samples_cycles"] or 0)
print(max(256, round(n / c)) if c else 0)
PY
)
	[ "${q:-0}" -gt 0 ] || failed "dcpi: no CYCLES samples in $img"
	echo "$q" > "$d/q"
	run intr "cycles:$BASE,pm:$q:intr:user" "$@"
	run buffer "cycles:$BASE,pm:$q:buffer:user" "$@"
	: > "$d/OK"
	exit 0
fi

# ---- the experiment ------------------------------------------------------
out=${ACCURACY_OUT:-accuracy-pm-out}
size=${ACCURACY_SIZE:-default}
case ${SMALL:-} in ''|0) ;; *) size=small ;; esac
case $size in
small|default|full) ;;
*) echo "accuracy-pm: ACCURACY_SIZE=$size: not small, default or full" >&2; exit 2 ;;
esac
period=${ACCURACY_PERIODS:-4096}
period=${period%% *}
seeds=${ACCURACY_SEEDS:-1}
mj=$(printf '%s\n' "${MAKEFLAGS:-}" | sed -n 's/.*-j\([0-9][0-9]*\).*/\1/p')
jobs=${ACCURACY_JOBS:-${mj:-$(nproc 2>/dev/null || echo 2)}}
table=${ACCURACY_TABLE:-$S/analysis/accuracy/workloads}
only=${ACCURACY_WORKLOADS:-}
[ -r "$table" ] || { echo "accuracy-pm: $table: cannot read the workloads" >&2; exit 2; }
command -v gnuplot > /dev/null ||
	{ echo "accuracy-pm: gnuplot not found (Debian: apt-get install gnuplot-nox)" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out/runs" "$out/plots" || exit 2
out=$(cd "$out" && pwd)
jobsfile=$out/jobs
: > "$jobsfile"
while read -r name prog a_small a_default a_full; do
	case $name in ''|'#'*) continue ;; esac
	eval "args=\$a_$size"
	[ "$args" = - ] && continue
	[ "$args" = . ] && args=
	if [ -n "$only" ]; then
		case " $only " in *" $name "*) ;; *) continue ;; esac
	fi
	for s in $seeds; do
		printf '"%s" "%s" "%s" "%s" "%s"%s\n' "$out/runs/$name.s$s" "$name" \
			"$prog" "$period" "$s" "${args:+ $args}" >> "$jobsfile"
	done
done < "$table"
[ -s "$jobsfile" ] || { echo "accuracy-pm: no workload at size $size in $table" >&2; exit 2; }
echo "accuracy-pm: $(wc -l < "$jobsfile") workload runs x 4 ($size size, CYCLES period $period," \
	"seeds $seeds), $jobs at a time, into $out" >&2
t0=$(date +%s)
xargs -P "$jobs" -L 1 sh "$S/analysis/accuracy/pm.sh" --job < "$jobsfile"
echo "accuracy-pm: the runs took $(($(date +%s) - t0)) s" >&2
python3 "$S/analysis/accuracy/pmtable.py" "$out" > "$out/table.txt"
st=$?
cat "$out/table.txt"
(cd "$out/plots" && gnuplot "$S/analysis/accuracy/pmplots.gp") ||
	{ echo "accuracy-pm: gnuplot failed" >&2; st=1; }
echo "accuracy-pm: the table in $out/table.txt, one row per run in $out/results.csv," \
	"the plot in $out/plots" >&2
exit $st

# labs/lib.sh - what every lab's run script shares (sourced, with $lab
# set to the lab's directory name).  A run script is
#
#   labs/N-name/run [-o DIR] [-s SIZE] [ALPHASIM OPTIONS...]
#
# -o DIR    where the CSV files, plots and databases go (default
#           ./lab-N, in the current directory); made if missing
# -s SIZE   the guest program's size argument (each lab says what it is;
#           the tests use a small one)
# the rest  passed to every alphasim run, after the lab's own options,
#           so they win: -c pmu_delay=30, --seed 7, --events ...
#
# Tools are found in the build tree (the directory above labs/, or
# $top_builddir), or by $ALPHASIM, $ANALYSIS (the analysis/ directory),
# $ALPHA_CC (the cross compiler, default alpha-linux-gnu-gcc) and
# $GNUPLOT.
set -eu
labdir=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$labdir/../.." && pwd)
build=${top_builddir:-$top}
build=$(cd "$build" && pwd)
ALPHASIM=${ALPHASIM:-$build/sim/alphasim}
ANALYSIS=${ANALYSIS:-$build/analysis}
ALPHA_CC=${ALPHA_CC:-alpha-linux-gnu-gcc}
GNUPLOT=${GNUPLOT:-gnuplot}
PYTHON=${PYTHON:-python3}

lab_usage() {
	sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0" >&2
	exit 2
}

# lab_args "$@": sets $out, $size (empty: the lab's default) and the
# positional "alphasim options" in $simopts (a quoted list for eval).
lab_args() {
	out=$PWD/lab-${lab%%-*}
	size=
	simopts=
	while [ $# -gt 0 ]; do
		case $1 in
		-o) [ $# -ge 2 ] || lab_usage; out=$2; shift 2 ;;
		-s) [ $# -ge 2 ] || lab_usage; size=$2; shift 2 ;;
		-h|--help) lab_usage ;;
		*) simopts="$simopts '$(printf %s "$1" | sed "s/'/'\\\\''/g")'"; shift ;;
		esac
	done
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
	[ -x "$ALPHASIM" ] || { echo "$0: no $ALPHASIM: build alphasim first (./quickstart)" >&2; exit 1; }
	command -v "$GNUPLOT" >/dev/null ||
		{ echo "$0: no gnuplot: apt-get install gnuplot-nox (./quickstart does)" >&2; exit 1; }
}

# sim ARGS...: alphasim with ARGS, then the user's options.  The guest
# gets a fixed environment (as alphasim-sweep gives it): the host's
# variables would move the guest's stack, and with it the cache and the
# samples, so two students' shells would see different answers.
# (GUEST_PAD is for tests/phases.sh, which moves the stack on purpose.)
sim() {
	eval "set -- \"\$@\" $simopts"
	env -i PATH=/usr/bin:/bin LC_ALL=C ${GUEST_PAD:+GUEST_PAD="$GUEST_PAD"} "$ALPHASIM" "$@"
}

# build_guest SRC OUT: compile a guest program as a user would.
build_guest() {
	"$ALPHA_CC" -O2 -o "$2" "$1"
}

# plot SCRIPT [GNUPLOT ASSIGNMENTS]: run a gnuplot script in $out, once
# for PNG and once for SVG (the script names its outputs with the
# variable `ext`); the assignments ("delays='0 6 30'") come before it.
plot() {
	for ext in png svg; do
		case $ext in
		png) term='pngcairo size 1200,800 font ",11"' ;;
		svg) term='svg size 1200,800 font ",11"' ;;
		esac
		(cd "$out" && "$GNUPLOT" -e "ext='$ext'; ${2:-}; set terminal $term" "$1")
	done
}

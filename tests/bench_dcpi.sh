#!/bin/sh
# tests/bench_dcpi.sh - `make bench` (after tests/bench.sh): what DCPI's
# data collection costs in its steady state, on 1 and 4 CPUs, beside the
# paper's targets (its sections 4 and 5; docs/performance.md "DCPI
# overhead").  The workload is testprogs/dcpi/loops.lnx at its default
# ~280 M cycles, long enough that dcpid's fixed start-up and write costs
# are amortised as in the paper's long runs; CYCLES only, at the
# driver's default period.  alphasim --profile --overhead prints each
# figure with its target; this script only runs it.
set -u
top_builddir=${top_builddir:-.}
sim=${ALPHASIM:-$top_builddir/sim/alphasim}
sim=$(cd "$(dirname "$sim")" && pwd)/$(basename "$sim")   # we cd below
prog=$(cd "$top_builddir/testprogs/dcpi" && pwd)/loops.lnx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
for n in 1 4; do
	echo "DCPI, loops.lnx, $n CPU(s):"
	"$sim" -q --cpus "$n" --profile=db$n --overhead "$prog" >/dev/null 2>out$n || {
		echo "bench_dcpi: alphasim --profile failed on $n CPU(s): $(tail -3 out$n)" >&2
		exit 1
	}
	grep -v '^minios: system call' out$n
done

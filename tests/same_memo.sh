#!/bin/sh
# tests/same_memo.sh - the simulator's fast paths (the memo parameter,
# docs/performance.md) change nothing a user sees but the host time:
# tests/same_output.sh --param memo=0 runs this build with them on (the
# default) and off on the whole corpus profiled by DCPI on 1 CPU (static
# builds) and on 4 CPUs (dynamic builds), the timing microbenchmarks
# and demo, and compares everything the runs write byte for byte: the
# truth file, the stats file (less host time), the skid trace, the
# profile database, standard output and error, the exit status.  Every
# case of same_output.sh (the corpus's plain runs on 1 and 4 CPUs too,
# the make bench programs: minutes) by hand: tests/same_output.sh
# --param memo=0.
set -u
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
# the programs are built already (GUEST_CHECK): the make it runs to be
# sure must not take part in the make running the suite
. "$top_srcdir/tests/lib.sh"
long_simulation "the fast paths against the detailed model"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL top_srcdir="$top_srcdir" \
	sh "$top_srcdir/tests/same_output.sh" --param memo=0 \
	'timing/*' 'demo*' 'corpus/*.p1' 'corpus/*.p4'

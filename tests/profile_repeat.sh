#!/bin/sh
# tests/profile_repeat.sh - a profiled run is repeatable (docs/usage.md
# "Profiling"): the same alphasim --profile command run twice, on 1 and
# on 4 CPUs, gives the same output, the same stats file (all but the
# host's time), the same truth file and the same database, byte for
# byte, although the host's clock (file times the guest reads, among
# them those of the database directory dcpid creates) has moved on
# between the two.  A different --seed (the sampling driver's period
# generator) gives a different database.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
cp "$B/testprogs/demo.lnx" .

# run NAME ARGS...: alphasim -q ARGS --profile=db --stats st.json demo.lnx
# in this directory, then its outputs moved to NAME.*
run() {
	name=$1
	shift
	rm -rf db db.truth
	"$ALPHASIM" -q "$@" --profile=db --stats st.json demo.lnx > "$name.out" 2>&1
	expect_eq "$name: exit status" "$?" 0
	unknown_ok "$name" st.json
	mv db "$name.db"
	mv db.truth "$name.truth"
	# the stats without the host's time (sorted keys: one text to compare)
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
del d["total"]["host_seconds"]
print(json.dumps(d, indent=1, sort_keys=True))' st.json > "$name.stats"
}
# same A B WHAT: files A and B (or directories, recursively) are the same
same() {
	if diff -r "$1" "$2" > /dev/null; then
		ok "$3: the same"
	else
		fail "$3 differ: $(diff -r "$1" "$2" | head -4 | tr '\n' ' ')"
	fi
}

for n in 1 4; do
	run a$n --cpus $n
	sleep 1                      # file times move on
	touch demo.lnx
	run b$n --cpus $n
	same a$n.out b$n.out "$n CPU(s): output"
	same a$n.stats b$n.stats "$n CPU(s): stats"
	same a$n.truth b$n.truth "$n CPU(s): truth"
	same a$n.db b$n.db "$n CPU(s): database"
done
run seed --cpus 1 --seed 2
if diff -r a1.db seed.db > /dev/null; then
	fail "--seed 2: the same database as the default seed"
else
	ok "--seed 2: another database"
fi
same a1.out seed.out "--seed 2: the program's output"
finish

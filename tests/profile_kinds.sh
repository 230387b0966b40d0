#!/bin/sh
# tests/profile_kinds.sh - where alphasim --profile's samples land, for
# every kind of program a user builds (testprogs/kinds/: hot.c plain
# -O2, which Debian's cross gcc links dynamic and non-PIE; -pie;
# -static; spie, a static PIE) and every way a process comes to run code
# (hot's parts: its main loop; a child that forks and does not exec; a
# child that runs a loop, then execs the next kind of program, which
# runs its own; a thread; a library opened with dlopen), on 1 and 4
# CPUs.  Each run: the program's output and status; under 1% of the
# samples unknown (tests/lib.sh); every loop's samples in its file's
# profile at its offsets, the forked child's before its exec in its
# parent's program and not the one it execs (the hottest offset in one
# of them; each loop's share of its image's samples that of its cycles
# in the truth: tests/profile_where.py); and the ground truth names an
# image for every PC of user code (analysis/truthcsv).
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd) S=$(cd "$top_srcdir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
for f in hot.dyn hot.pie hot.static spie libhot.so; do
	cp "$B/testprogs/kinds/$f" .
done
export PROFDUMP="$B/tests/profdump" ALPHA_OBJDUMP

# A period of 4096 cycles: ~70 samples per loop of 100000 iterations.
N=100000
# each kind execs the next
next_kind() { case $1 in hot.dyn) echo hot.pie ;; hot.pie) echo hot.static ;;
	hot.static) echo spie ;; spie) echo hot.dyn ;; esac; }
for prog in hot.dyn hot.pie hot.static spie; do
	to=$(next_kind $prog)
	funcs=hot_main,hot_fork,hot_preexec lib=""
	parts="main fork exec=/$to"
	if [ $prog != spie ]; then
		funcs=$funcs,hot_thread lib=/libhot.so:libhot.so:hot_lib
		parts="$parts thread dlopen"
	fi
	for n in 1 4; do
		k=$prog.$n
		"$ALPHASIM" -q --cpus $n --profile="db.$k" --events cycles:4096 --stats "st.$k.json" \
			"./$prog" $N $parts > "$k.out" 2> "$k.err"
		expect_eq "$k: exit status" "$?" 0
		expect_eq "$k: every part ran" "$(tail -1 "$k.out")" "${prog%.*}: done"
		unknown_ok "$k" "st.$k.json"
		"$B/analysis/truthcsv" "db.$k.truth" > "$k.truth.csv" ||
			fail "$k: truthcsv: $(tail -1 "$k.err")"
		python3 "$S/tests/profile_where.py" "db.$k/epoch-0001" "$k.truth.csv" \
			"/$prog:$prog:$funcs" "/$to:$to:hot_exec" $lib > "$k.where"
		fails=$((fails + $?))
		sed "s/^\([a-zA-Z]*:\) /\1 $k: /" "$k.where"
	done
done
finish

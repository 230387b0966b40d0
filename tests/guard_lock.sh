#!/bin/sh
# tests/guard_lock.sh - two alphasim runs on one --profile directory:
# the second refuses before its guest starts, with one line naming the
# directory and status 75 (docs/usage.md, "Exit status"), while the
# first goes on and leaves a whole database; a run after it takes the
# directory.  The first run's program (testprogs/guard/dbwait) creates
# a file once it runs, which is after alphasim took the lock, and waits
# for another before it ends.  A lock file's name that is a link is
# refused (125), not followed.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
mkdir root
cp "$B/testprogs/guard/dbwait.dyn" "$B/testprogs/demo.lnx" root/
for where in inside outside; do
	db=$where.db
	[ $where = inside ] && db=root/inside.db
	rm -f root/started root/go
	"$ALPHASIM" -q --root root --profile="$db" --stats st.json root/dbwait.dyn started go \
		> first.out 2> first.err &
	first=$!
	# the first run is in its guest, so past its lock, once this exists
	while [ ! -e root/started ]; do
		kill -0 $first 2> /dev/null || break
		sleep 0.1
	done
	[ -e root/started ] && ok "$where: the first run started" ||
		fail "$where: the first run ended early: $(cat first.err)"
	"$ALPHASIM" -q --root root --profile="$db" root/demo.lnx > second.out 2> second.err
	expect_eq "$where: the second run's status" "$?" 75
	sed "s/^/  /" second.err
	expect_eq "$where: one line" "$(wc -l < second.err)" 1
	grep -q "^alphasim: --profile=.*$db: another alphasim run is writing this database" second.err &&
		ok "$where: the line names the directory" || fail "$where: the line does not name it"
	[ -s second.out ] && fail "$where: the second run's guest ran" ||
		ok "$where: the second run's guest did not start"
	touch root/go
	wait $first
	expect_eq "$where: the first run's status" "$?" 0
	grep -q "dbwait: done" first.out && ok "$where: the first run finished" ||
		fail "$where: the first run's output: $(cat first.out first.err)"
	unknown_ok "$where: the first run" st.json
	"$ALPHASIM" -q --root root --profile="$db" root/demo.lnx > third.out 2> third.err
	expect_eq "$where: a run after it" "$?" 0
	[ -d "$db/epoch-0002" ] && ok "$where: the run after it wrote epoch 2" ||
		fail "$where: no epoch 2: $(cat third.err)"
done
mkdir linked.db
ln -s "$tmp/elsewhere" linked.db/alphasim.lock
"$ALPHASIM" -q --root root --profile=linked.db root/demo.lnx > out 2> err
expect_eq "a link at the lock's name: refused" "$?" 125
[ -e elsewhere ] && fail "the link was followed" || ok "the link was not followed"
finish

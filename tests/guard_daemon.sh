#!/bin/sh
# tests/guard_daemon.sh - a profiled program that kills dcpid
# (testprogs/guard/killdaemon: kill(1, SIG)) ends the run with one line
# saying the program did it and status 69, not 70, the status of a bug
# of the collection (docs/usage.md, "Exit status"); on 1 and 4 CPUs, by
# SIGKILL and by SIGSEGV (sent, not a fault).  dcpid killing itself is not the program's
# doing: a plain run where the program is process 1 and kills itself
# ends with the guest's status, 128 + 9.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
cp "$B/testprogs/guard/killdaemon.dyn" .
for n in 1 4; do
	for sig in 9 11; do
		"$ALPHASIM" -q --cpus $n --profile=db$n.$sig killdaemon.dyn $sig > out 2> err
		expect_eq "$n CPU(s), signal $sig: exit status" "$?" 69
		sed "s/^/  /" err
		expect_eq "$n CPU(s), signal $sig: one line from alphasim" \
			"$(grep -c '^alphasim: ' err)" 1
		grep -q "^alphasim: --profile: the profiled program (process [0-9]*) killed dcpid with signal $sig: the run has no profile\$" err &&
			ok "$n CPU(s), signal $sig: the line says the program did it" ||
			fail "$n CPU(s), signal $sig: no such line"
	done
done
"$ALPHASIM" -q killdaemon.dyn 9 > out 2> err
expect_eq "process 1 killing itself: the guest's status" "$?" 137
grep -q "killed dcpid" err && fail "a plain run blames dcpid: $(cat err)" ||
	ok "a plain run says nothing of dcpid"
finish

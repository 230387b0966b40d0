#!/bin/sh
# tests/minios.sh - each static Linux/Alpha program of tests/minios.mk
# runs on alphasim (under minios) and on qemu-alpha with the same
# arguments and environment, each in an empty working directory of its
# own; the standard outputs and the exit statuses must be the same.
# The process, thread and signal programs (testprogs/minios) run on 1
# and on 4 CPUs; forkexec, which execs execee, has its expected output
# here (qemu-alpha cannot exec a guest binary).
. "$top_srcdir/tests/lib.sh"
progs="hello args malloc fileio stdio strmath status unaligned fault divzero"
dir=$(cd "$top_builddir" && pwd)/testprogs/linux
need_qemu

# run NAME TOOL...: run the program in $tmp/NAME.$p, output in $tmp/NAME.$p.out
run() {
	name=$1
	shift
	mkdir "$tmp/$name.$p"
	(cd "$tmp/$name.$p" && env -i MINIOS_A=1 MINIOS_B="two words" "$@" "$dir/$p.lnx" \
		one "two three" </dev/null >"$tmp/$name.$p.out" 2>"$tmp/$name.$p.err")
}
for p in $progs; do
	run sim "$ALPHASIM" -q
	s=$?
	run qemu "$QEMU_ALPHA"
	q=$?
	expect_eq "$p: exit status (qemu-alpha's: $q)" "$s" "$q"
	same_file "$p" "$tmp/sim.$p.out" "$tmp/qemu.$p.out" "qemu-alpha's"
	cat "$tmp/sim.$p.err"
done

# The same for testprogs/minios/NAME on --cpus 1 and 4; the expected
# output is qemu-alpha's or, for forkexec, the text below.
pdir=$(cd "$top_builddir" && pwd)/testprogs/minios
cat >"$tmp/forkexec.expected" <<EOF
execee arg 1: one
execee arg 2: two words
execee EXECEE=from-fork
execee fd 5 closed, fd 6 open
forkexec: child exited with 3
execee arg 1: spawned
execee EXECEE=from-spawn
execee fd 5 closed, fd 6 open
forkexec: spawned child exited with 2
forkexec: execl of a missing file: -1
EOF
for p in forkwait forkexec pipes threads shared signals futex sleep sigcheck pgrp \
	altstack; do
	if [ "$p" = forkexec ]; then
		cp "$tmp/forkexec.expected" "$tmp/want.$p.out"
		w=0
	else
		(cd "$tmp" && qemu_run "$tmp/want.$p.out" "$pdir/$p.lnx" 2>/dev/null)
		w=$?
	fi
	for n in 1 4; do
		(cd "$tmp" && env -i "$ALPHASIM" -q --cpus $n "$pdir/$p.lnx" \
			>"$tmp/sim$n.$p.out" 2>"$tmp/sim$n.$p.err")
		s=$?
		expect_eq "$p --cpus $n: exit status (expected $w)" "$s" "$w"
		same_file "$p --cpus $n" "$tmp/sim$n.$p.out" "$tmp/want.$p.out" ||
			cat "$tmp/sim$n.$p.err"
	done
done

# Limits ordinary programs need (testprogs/minios/limits, one CPU): a
# thousand open files and 300 live children as qemu-alpha has them; the
# resource limits as minios reports and enforces them; and memory that
# runs out as malloc's NULL (alphasim with --mem 32), never as a fault.
for w in files procs; do
	(cd "$tmp" && env -i "$QEMU_ALPHA" "$pdir/limits.lnx" $w >"$tmp/want.limits.$w" 2>&1)
	q=$?
	(cd "$tmp" && env -i "$ALPHASIM" -q "$pdir/limits.lnx" $w >"$tmp/sim.limits.$w" 2>&1)
	expect_eq "limits $w: exit status (qemu-alpha's: $q)" $? $q
	same_file "limits $w" "$tmp/sim.limits.$w" "$tmp/want.limits.$w" "qemu-alpha's"
done
cat >"$tmp/want.limits.rlimits" <<EOF
RLIMIT_NOFILE: soft 1024 hard 1024
RLIMIT_NPROC: soft 512 hard 512
RLIMIT_STACK: soft 8388608 hard -1
setrlimit NOFILE 10: 0
then opened 7 more (Too many open files)
hard limit 2048: Operation not permitted
EOF
cat >"$tmp/want.limits.malloc" <<EOF
big blocks until NULL, then small ones until NULL
at least 8 MB: yes
after free, malloc again: ok
EOF
for w in rlimits malloc; do
	(cd "$tmp" && env -i "$ALPHASIM" -q --mem 32 "$pdir/limits.lnx" $w >"$tmp/sim.limits.$w" 2>&1)
	expect_eq "limits $w: exit status" $? 0
	same_file "limits $w" "$tmp/sim.limits.$w" "$tmp/want.limits.$w"
done

# --trace-syscalls: nothing on standard error without it, even for a
# call minios lacks; with it a line per call, the missing one marked.
(cd "$tmp" && "$ALPHASIM" -q "$pdir/trace.lnx" >"$tmp/trace.out" 2>"$tmp/trace.err")
expect_eq "trace: exit status" $? 3
expect_eq "trace: output" "$(cat "$tmp/trace.out")" "hi
acct: Function not implemented"
expect_eq "trace: nothing on standard error without --trace-syscalls" "$(cat "$tmp/trace.err")" ""
(cd "$tmp" && "$ALPHASIM" -q --trace-syscalls "$pdir/trace.lnx" >"$tmp/trace.out" 2>"$tmp/trace.err")
expect_eq "trace --trace-syscalls: exit status" $? 3
for line in '^minios: \[pid 1\] 4 write(1, 0x[0-9a-f]*, 3, .*) = 3$' \
	'^minios: \[pid 1\] 51 acct(0, .*) = -1 ENOSYS (not implemented)$' \
	'^minios: \[pid 1\] 405 exit_group(3, .*) = ?$'; do
	if grep -q "$line" "$tmp/trace.err"; then
		ok "trace --trace-syscalls: a line $line"
	else
		fail "trace --trace-syscalls: no line $line in:"
		cat "$tmp/trace.err"
	fi
done
finish

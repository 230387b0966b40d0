#!/bin/sh
# tests/minios_fs.sh - minios's file system calls against qemu-alpha
# (testprogs/minios_fs, static builds): each program runs in an empty
# working directory of its own on alphasim and on qemu-alpha; standard
# output and exit status must agree.
. "$top_srcdir/tests/lib.sh"
dir=$(cd "$top_builddir" && pwd)/testprogs/minios_fs
if [ -z "$QEMU_ALPHA" ] || [ ! -x "$QEMU_ALPHA" ]; then
	echo "SKIP: no qemu-alpha to compare with"
	exit 77
fi

# insns JSON: the run's instructions (user + kernel + PAL) from --stats
insns() { sed -n 's/.*"instructions": {.*"total": \([0-9]*\) }.*/\1/p' "$1" | head -1; }

# File times: what stat and fstat give, as qemu-alpha gives them, and a
# cost in guest instructions that does not depend on the time (a
# profile of the same run must not change from one day to the next).
mkdir "$tmp/times"
cd "$tmp/times" || exit 1
echo data >f
touch -d @1 f
"$ALPHASIM" -q --stats "$tmp/t1.json" "$dir/stattimes.lnx" -q f
expect_eq "stattimes -q: exit status" $? 0
touch -d @1700000000.987654321 f
"$ALPHASIM" -q --stats "$tmp/t2.json" "$dir/stattimes.lnx" -q f
expect_eq "stattimes: instructions the same for times 1 and 1700000000.987654321" \
	"$(insns "$tmp/t1.json")" "$(insns "$tmp/t2.json")"
"$ALPHASIM" -q "$dir/stattimes.lnx" f >"$tmp/sim.out"
s=$?
"$QEMU_ALPHA" "$dir/stattimes.lnx" f >"$tmp/qemu.out"
expect_eq "stattimes: exit status" "$s" $?
if cmp -s "$tmp/sim.out" "$tmp/qemu.out"; then
	ok "stattimes: times as qemu-alpha gives them"
else
	fail "stattimes: times differ from qemu-alpha's (alphasim < > qemu-alpha):"
	diff "$tmp/sim.out" "$tmp/qemu.out"
fi
cd "$tmp" || exit 1
finish

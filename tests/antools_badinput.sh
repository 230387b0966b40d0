#!/bin/sh
# tests/antools_badinput.sh - bad input to the analysis tools (docs/
# analysis.md, "Bad input"): each case gives one line on standard error
# naming the input and the problem, a non-zero status (1 for bad input, 2
# for a bad option) and nothing on standard output: no database, none
# of its samples CYCLES, a missing or stripped image file, no such
# procedure, a truth from another run (another program, or one epoch's
# truth for several epochs merged), a truth that is damaged or is no
# truth at all, bad options, and output that cannot be written.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID

# small runs: dcache 20 times as long, then dcache (two epochs), and wbuf
"$ALPHASIM" -q --profile=db --events cycles:2048 "$B/testprogs/accuracy/dcache.dyn" 400 > /dev/null
cp db.truth first.truth
"$ALPHASIM" -q --profile=db --events cycles:2048 "$B/testprogs/accuracy/dcache.dyn" 20 > /dev/null
"$ALPHASIM" -q --profile=dbw --events cycles:2048 "$B/testprogs/accuracy/wbuf.dyn" 20 > /dev/null
"$A/dcpicalc" -db db --epoch 2 --truth db.truth dcache.dyn dcache_lines > good.out 2>&1
expect_eq "a good run: status" "$?" 0

# hand-made databases (tests/mkprofdb): no CYCLES samples; a missing
# image file; a stripped one
mkdb() { "$B/tests/mkprofdb" "$1" > /dev/null; }
printf 'exec 1 0x1234 0x120000000 0x10000 0 %s\nevent imiss 1024 1000 1000\nsample 1 0x120000100 imiss 5\n' \
	"$B/testprogs/accuracy/dcache.dyn" | mkdb noc
printf 'exec 1 0x1234 0x120000000 0x10000 0 /nonexistent/prog\nevent cycles 4096 1000 1000\nsample 1 0x120000100 cycles 5\n' |
	mkdb gone
strip=$B/tests/anprogs/switch.stripped
printf 'exec 1 0x1234 0x120000000 0x10000 0 %s\nevent cycles 4096 1000 1000\nsample 1 0x120000500 cycles 5\n' \
	"$strip" | mkdb stripped
head -c 3000 db.truth > short.truth
# the last record's last cause, one off: its causes no longer add up
# (a record ends with its causes, events and, version 3 on, PAL cycles
# by why: docs/truth-format.md)
python3 - db.truth bad.truth <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
version, ncause, nevent = struct.unpack_from("<III", b, 8)
npalfor = struct.unpack_from("<I", b, 20)[0] if version >= 3 else 0
b[len(b) - 8 * (nevent + npalfor) - 8] ^= 1
open(sys.argv[2], "wb").write(b)
PY

# STATUS MESSAGE TOOL ARGS...: the status, one line holding MESSAGE, no output
while IFS='	' read -r want msg tool args; do
	eval "set -- $args"
	"$A/$tool" "$@" > out.txt 2> err.txt
	got=$?
	name="$tool $args"
	[ "$got" = "$want" ] || fail "$name: status $got, want $want"
	if [ "$want" = 2 ]; then
		head -1 err.txt | grep -qF -e "$msg" && grep -q "Try '$tool --help'" err.txt ||
			fail "$name: message '$(cat err.txt)', want '$msg' and the hint"
	else
		[ "$(wc -l < err.txt)" -eq 1 ] && grep -qF -e "$msg" err.txt ||
			fail "$name: message '$(cat err.txt)', want one line with '$msg'"
	fi
	[ -s out.txt ] && fail "$name: wrote output: $(head -2 out.txt)"
	[ "$got" = "$want" ] && ok "$name: $want, '$msg'"
done <<EOF2
1	nope: No such file or directory	dcpicalc	-db nope dcache.dyn
1	noc: no cycles samples	dcpiwhatcg	-db noc
1	noc: no cycles samples of	dcpicalc	-db noc dcache.dyn
1	/nonexistent/prog: cannot find the image file	dcpicalc	-db gone prog
1	/nonexistent/prog: cannot find the image file	dcpitopstalls	-db gone prog
1	stripped: no symbol table	dcpicalc	-db stripped switch.stripped
1	db: no image 'nosuch'	dcpilist	-db db nosuch
1	no procedure 'nosuch_proc'	dcpicalc	-db db dcache.dyn nosuch_proc
1	dbw.truth: not this database's run	dcpiwhatcg	-db db --epoch 2 --truth dbw.truth
1	first.truth: not this database's run	dcpiaccuracy	-db db --epoch 2 --truth first.truth
1	(one epoch's truth? see --epoch)	dcpiaccuracy	-db db --truth db.truth
1	short.truth: truncated file	dcpiwhatcg	-db db --epoch 2 --truth short.truth
1	bad.truth: corrupt: the causes of pc	dcpitopstalls	-db db --epoch 2 --truth bad.truth
1	not an alphasim truth file	dcpicalc	-db db --epoch 2 --truth "$B/testprogs/accuracy/dcache.dyn" dcache.dyn
1	which IMAGE?	dcpicalc	-db db
2	--estimator: 'bogus' is not dcpi, wls or imiss	dcpiwhatcg	-db db --estimator bogus
2	--epoch: '0' is not a number	dcpiwhatcg	-db db --epoch 0
2	-n: '0' is not a number	dcpitopstalls	-db db -n 0
2	--true-freq needs --truth FILE	dcpicalc	-db db --true-freq dcache.dyn
2	--truth FILE is needed	dcpiaccuracy	-db db
2	2 arguments at most	dcpilist	-db db a b c
2	empty image name	dcpiwhatcg	-db db ''
EOF2

# output that cannot be written: a full disk
if [ -w /dev/full ]; then
	"$A/dcpiwhatcg" -db db > /dev/full 2> err.txt
	expect_eq "a full disk: status" "$?" 1
	grep -q "dcpiwhatcg: .*No space left" err.txt && ok "a full disk: said so" ||
		fail "a full disk: $(cat err.txt)"
fi
finish

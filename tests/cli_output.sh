#!/bin/sh
# tests/cli_output.sh - alphasim's output files, --stats, --truth and
# --skid-trace (util/outfile.h, docs/usage.md "Output files"), each on:
#   a device (our own nodes made with mknod, never the real /dev/null:
#   the old FILE.tmp-and-rename replaced it with a regular file as root),
#   a write error, /dev/stdout redirected to a file and to a pipe, a FIFO,
#   a symbolic link planted at FILE.tmp, a link to a file, a link to
#   nothing, an unwritable directory (as nobody when run as root), and
#   paths in other directories; never a temporary file left behind.
. "$top_srcdir/tests/lib.sh"
prog=$(cd "$top_builddir" && pwd)/testprogs/pal/pmu_skid.bare
opts="stats truth skid-trace"
# what each output starts with
head_of() {
	case $1 in
	stats) echo "{" ;;
	truth) echo "ASTRUTH" ;;
	skid-trace) echo "cpu,counter,event,overflow_cycle,deliver_cycle,cause_pc,delivered_pc,deferred_by" ;;
	esac
}
run() { "$ALPHASIM" -q "$@" "$prog" >"$tmp/out" 2>"$tmp/err"; }
listing() { ls -A "$1" | tr '\n' ' '; }
"$ALPHASIM" -q "$prog" >"$tmp/guest.out" 2>&1 || { fail "$prog does not run"; finish; }

# devices: written, never replaced; a full one is an error (125)
mkdir "$tmp/dev"
if [ "$(id -u)" = 0 ] && mknod "$tmp/dev/null" c 1 3 && mknod "$tmp/dev/full" c 1 7; then
	for o in $opts; do
		run --$o "$tmp/dev/null"
		expect_eq "--$o to a null device: exit status" "$?" 0
		[ -c "$tmp/dev/null" ] && ok "--$o: the null device is still one" ||
			fail "--$o replaced the null device: $(ls -l "$tmp/dev/null")"
		run --$o "$tmp/dev/full"
		expect_eq "--$o to a full device: exit status" "$?" 125
		grep -q "^alphasim: --$o: $tmp/dev/full: No space left on device\$" "$tmp/err" &&
			ok "--$o: full device: the error" || fail "--$o: full device: $(cat "$tmp/err")"
		[ -c "$tmp/dev/full" ] && ok "--$o: the full device is still one" ||
			fail "--$o replaced the full device"
	done
	expect_eq "devices: nothing else made" "$(listing "$tmp/dev")" "full null "
else
	# not root: the real /dev/null, which we could not harm anyway
	run --stats /dev/null
	expect_eq "--stats /dev/null: exit status" "$?" 0
	[ -c /dev/null ] && ok "/dev/null is a character device" || fail "/dev/null was replaced"
fi

# /dev/stdout redirected to a file: --stats and --truth, written after
# the run, come after the program's output; the skid trace is written
# during the run, its lines in among the program's
for o in $opts; do
	"$ALPHASIM" -q --$o /dev/stdout "$prog" >"$tmp/so" 2>"$tmp/err"
	expect_eq "--$o /dev/stdout: exit status" "$?" 0
	n=$(wc -c <"$tmp/guest.out")
	if [ $o = skid-trace ]; then
		expect_eq "--$o /dev/stdout: header and 4 rows" \
			"$(grep -c -e "^$(head_of $o)\$" -e '^0,' "$tmp/so")" 5
		grep -v -e "^$(head_of $o)\$" -e '^0,' "$tmp/so" | cmp -s - "$tmp/guest.out" &&
			ok "--$o /dev/stdout: and the program's output" ||
			fail "--$o /dev/stdout: the program's output is not there"
		continue
	fi
	head -c "$n" "$tmp/so" | cmp -s - "$tmp/guest.out" && ok "--$o /dev/stdout: the program's output first" ||
		fail "--$o /dev/stdout: the program's output is not first"
	tail -c +$((n + 1)) "$tmp/so" | head -n 1 | grep -q "^$(head_of $o)" &&
		ok "--$o /dev/stdout: then the file" || fail "--$o /dev/stdout: no $o after the output"
done
# ... and to a pipe
{ "$ALPHASIM" -q --stats /dev/stdout "$prog"; echo $? >"$tmp/st"; } |
	sed -n '/^{$/,$p' | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])' >"$tmp/v"
expect_eq "--stats /dev/stdout into a pipe: exit status" "$(cat "$tmp/st")" 0
expect_eq "--stats /dev/stdout into a pipe: JSON" "$(cat "$tmp/v")" 1
# a FIFO someone reads
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/from-fifo" &
reader=$!
run --skid-trace "$tmp/fifo"
expect_eq "--skid-trace to a FIFO: exit status" "$?" 0
# replaced, the FIFO would keep its reader waiting for ever
[ -p "$tmp/fifo" ] && ok "the FIFO is still one" || { fail "the FIFO was replaced"; kill $reader; }
wait $reader
expect_eq "--skid-trace to a FIFO: 4 overflows" "$(grep -c '^0,' "$tmp/from-fifo")" 4

# a link planted at the old temporary name: its target is left alone
for o in $opts; do
	d=$tmp/plant-$o
	mkdir "$d" && echo secret >"$d/victim" && ln -s victim "$d/out.tmp"
	run --$o "$d/out"
	expect_eq "--$o, planted out.tmp: exit status" "$?" 0
	expect_eq "--$o, planted out.tmp: the victim untouched" "$(cat "$d/victim")" secret
	[ -L "$d/out.tmp" ] && ok "--$o: out.tmp still a link" || fail "--$o: out.tmp replaced"
	head -n 1 "$d/out" | grep -q "^$(head_of $o)" && ok "--$o: out written" ||
		fail "--$o: out not written"
	expect_eq "--$o: nothing else" "$(listing "$d")" "out out.tmp victim "
done

# a link to a file: the file is replaced and keeps its mode, the link stays
d=$tmp/link
mkdir -p "$d/real" && echo old >"$d/real/s.json" && chmod 640 "$d/real/s.json"
ln -s real/s.json "$d/s.json"
run --stats "$d/s.json"
expect_eq "--stats to a link: exit status" "$?" 0
[ -L "$d/s.json" ] && ok "the link is still a link" || fail "the link was replaced"
head -n 1 "$d/real/s.json" | grep -q '^{' && ok "the file it names was written" ||
	fail "the file behind the link: $(head -n 1 "$d/real/s.json")"
expect_eq "the file keeps its mode" "$(stat -c %a "$d/real/s.json")" 640
expect_eq "nothing else" "$(listing "$d") $(listing "$d/real")" "real s.json  s.json "
# a link to nothing: refused, nothing created
ln -s nowhere "$d/dangling"
run --truth "$d/dangling"
expect_eq "--truth to a dangling link: exit status" "$?" 125
grep -q "^alphasim: --truth: $d/dangling: a symbolic link to a missing file" "$tmp/err" &&
	ok "dangling link: the error" || fail "dangling link: $(cat "$tmp/err")"
[ -e "$d/nowhere" ] && fail "the dangling link's target was created" || ok "nothing created"

# a directory nobody may write in: 125, a message, nothing left.  As
# root, alphasim runs as nobody (root may write anywhere).
d=$tmp/ro
mkdir "$d" && chmod 555 "$d"
as=""
if [ "$(id -u)" = 0 ]; then
	chmod 711 "$tmp"
	as="setpriv --reuid=65534 --regid=65534 --clear-groups"
	$as true 2>/dev/null || as=none
fi
if [ "$as" = none ]; then
	echo "SKIP: cannot run as nobody (setpriv)"
else
	for o in $opts; do
		$as "$ALPHASIM" -q --$o "$d/out" "$prog" >/dev/null 2>"$tmp/err"
		expect_eq "--$o in an unwritable directory: exit status" "$?" 125
		grep -q "^alphasim: --$o: $d/out: cannot create a file in $d: Permission denied\$" \
			"$tmp/err" && ok "--$o: unwritable: the error" || fail "--$o: unwritable: $(cat "$tmp/err")"
		expect_eq "--$o: unwritable: one line" "$(wc -l <"$tmp/err")" 1
	done
	expect_eq "unwritable: nothing left" "$(listing "$d")" ""
fi

# other directories, relative and absolute, all three at once: exactly
# the three files, and the program's output and status as without them
mkdir "$tmp/a" "$tmp/b"
(cd "$tmp/a" && "$ALPHASIM" -q --stats ../b/s.json --truth "$tmp/b/t.truth" \
	--skid-trace ./../b/k.csv "$prog" >"$tmp/out" 2>"$tmp/err")
expect_eq "other directories: exit status" "$?" 0
cmp -s "$tmp/out" "$tmp/guest.out" && ok "other directories: the program's output" ||
	fail "other directories: the program's output changed"
expect_eq "other directories: the files" "$(listing "$tmp/b")$(listing "$tmp/a")" "k.csv s.json t.truth "
"$top_builddir/analysis/truthcsv" --summary "$tmp/b/t.truth" | grep -q '^balance=ok$' &&
	ok "the truth file reads back" || fail "the truth file does not read back"
finish

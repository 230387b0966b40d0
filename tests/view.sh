#!/bin/sh
# tests/view.sh - the view's picture (--view-png FILE --view-at CYCLE;
# docs/view.md), without a display: what it shows against what other
# observers of the same run say.
#
#   1. the issue strip of two timing microbenchmarks, in their measured
#      loop, against the truth: the loop body's head cycles give how
#      many instructions issue in each cycle (quad_issue 4,4,2;
#      dep_add 2,1,1,1,1,1,1,2), and the strip must be a run of that;
#   2. a hot loop built as a user builds it, profiled: the picture at
#      the cycle just after the 100th sample against the skid trace of
#      a run without the view (the same run: its trace byte for byte):
#      the overflow count, the newest overflows listed (cycles, cause
#      and delivered PC), their red marks in the strip's columns; at
#      the end of a run with two counters at short periods (requests
#      taken by PALcode at another interrupt's entry), the samples and
#      each listed procedure's are those dcpiprof reads from the
#      database, the top one hot_loop; the cycle breakdown adds up to
#      the cycles; the same run twice, alone or two at once, gives the
#      same bytes;
#   3. in every picture the pixels show what its text chunk says
#      (tests/view_png.py check);
#   4. bad input: one line, status 125, nothing written.
. "$top_srcdir/tests/lib.sh"
top_srcdir=$(cd "$top_srcdir" && pwd) top_builddir=$(cd "$top_builddir" && pwd)
check_png() { python3 "$top_srcdir/tests/view_png.py" "$@"; }
text_of() { check_png text "$1"; }
field() { sed -n "s/^$2 //p" "$1"; }

# a build without SDL2 says so, and has nothing to test here
if "$ALPHASIM" --view-png "$tmp/none.png" --view-at 1 /dev/null 2>&1 |
	grep -q "built without the view"; then
	echo "SKIP: alphasim was built without the view (no SDL2, SDL2_ttf, libpng or font)"
	exit 77
fi
bench=$top_builddir/testprogs/timing

# ---- 1. the issue strip against the truth ------------------------------
for b in quad_issue:38000 dep_add:80000; do
	name=${b%:*} at=${b#*:}
	prog=$bench/$name.bare
	"$ALPHASIM" -q --truth "$tmp/$name.truth" --view-png "$tmp/$name.png" --view-at "$at" \
		"$prog" >/dev/null || fail "$name: alphasim --view-png"
	"$top_builddir/analysis/truthcsv" "$tmp/$name.truth" >"$tmp/$name.csv"
	lo=$("$ALPHA_OBJDUMP" -t "$prog" | awk '$NF == "bench_loop" { print $1 }')
	hi=$("$ALPHA_OBJDUMP" -t "$prog" | awk '$NF == "bench_loop_end" { print $1 }')
	if out=$(check_png loop "$tmp/$name.png" "$tmp/$name.csv" "$lo" "$hi"); then
		ok "$name: the strip at cycle $at is the loop's issue pattern ($out)"
	else
		fail "$name: $out"
	fi
	check_png check "$tmp/$name.png" >"$tmp/pix" && ok "$name: pixels as the text says" ||
		{ fail "$name: pixels:"; head -5 "$tmp/pix"; }
done
# and the two are told apart: quad_issue's strip is no run of dep_add's
check_png loop "$tmp/quad_issue.png" "$tmp/dep_add.csv" "$lo" "$hi" >/dev/null &&
	fail "quad_issue's strip passes for dep_add's pattern"

# ---- 2. a profiled hot loop against the skid trace ---------------------
cd "$tmp" || exit 1
"$ALPHA_CC" -O2 -o hot "$top_srcdir/tests/hot_loop.c" || { fail "$ALPHA_CC hot_loop.c"; finish; }
guest_env "$ALPHASIM" -q --profile=db0 --skid-trace skid0.csv ./hot 2000000 >/dev/null ||
	fail "the run without the view"
# the cycle just after the 100th sample was delivered
at=$(awk -F, 'NR == 101 { print $5 + 10 }' skid0.csv)
for i in 1 2; do
	guest_env "$ALPHASIM" -q --profile=db$i --skid-trace skid$i.csv --view-png at$i.png --view-at "$at" \
		./hot 2000000 >/dev/null || fail "alphasim --view-png --view-at $at, run $i"
done
same_file "the skid trace under the view" skid1.csv skid0.csv "the run without the view's"
cmp -s at1.png at2.png && ok "the same run twice: the same picture ($(wc -c <at1.png) bytes)" ||
	fail "the same run twice: the pictures differ"
text_of at1.png >at.txt
cycle=$(field at.txt cycle)
[ "$cycle" -ge "$at" ] && [ "$cycle" -lt $((at + 10)) ] &&
	ok "the picture is at cycle $cycle (--view-at $at)" || fail "picture at cycle $cycle, not $at"
# every overflow the counters told by then (the trace's rows are told at
# their delivery or loss)
want=$(awk -F, -v c="$cycle" 'NR > 1 && ($5 == "" ? $4 : $5) <= c' skid0.csv | wc -l)
got=$(sed -n 's/^overflows total=\([0-9]*\) .*/\1/p' at.txt)
expect_eq "overflows so far" "$got" "$want"
# the newest listed, newest first, as the trace has them
awk -F, -v c="$cycle" 'NR > 1 && $5 <= c { print $4, $5, $6, $7 }' skid0.csv | tail -12 |
	sort -rn >want.ov
sed -n 's/^overflow .* cycle=\([0-9]*\) .* deliver=\([0-9]*\) cause_pc=\([^ ]*\) delivered_pc=\([^ ]*\) .*/\1 \2 \3 \4/p' \
	at.txt >got.ov
same_file "the newest overflows: cycle, delivery, cause PC, delivered PC" got.ov want.ov \
	"the skid trace's"
# the red marks: the overflows of the strip's 256 cycles, by column
first=$(sed -n 's/^strip cpu=0 .* first=\([0-9]*\) .*/\1/p' at.txt)
want=$(awk -F, -v f="$first" -v c="$cycle" 'NR > 1 && $1 == 0 && $4 >= f && $4 <= c {
	printf "%s%d", n++ ? "," : "", $4 - f }' skid0.csv)
got=$(sed -n 's/^marks cpu=0 .* overflow=\(.*\)/\1/p' at.txt)
[ -n "$want" ] || fail "no overflow in the strip's cycles to mark"
expect_eq "overflow marks in the strip's columns" "$got" "$want"
check_png check at1.png >pix && ok "hot: pixels as the text says" ||
	{ fail "hot: pixels:"; head -5 pix; }

# at the end: the procedures against the database.  Two counters at
# short periods, so that PALcode often takes a counter's request while
# entering for another interrupt (the other counter's), where the
# handler's sample is that entry's EXC_ADDR and not the overflow's
# delivered PC, or a "cleared" overflow that was never delivered
# (docs/pmu.md, "Overflow and delivery"); the view must count those
# where the driver did.  Two runs at once (each loads the other's host
# CPU) draw the same picture.
ev=cycles:1024,nonissue:1024
for i in 3 4; do
	guest_env "$ALPHASIM" -q --profile=db$i --events $ev --view-png end$i.png \
		--view-at 1000000000000 ./hot 2000000 >/dev/null 2>err$i &
done
wait
for i in 3 4; do
	[ -s end$i.png ] || fail "alphasim --view-png at the end, run $i: $(head -1 err$i)"
done
cmp -s end3.png end4.png && ok "the end twice at once: the same picture" ||
	fail "the end twice at once: the pictures differ"
text_of end3.png >end.txt
expect_eq "the picture at the end" "$(field end.txt state)" "finished"
cleared=$(sed -n 's/^overflows .* cleared=\([0-9]*\)/\1/p' end.txt)
[ "${cleared:-0}" -gt 0 ] && ok "overflows taken by PALcode before their delivery: $cleared" ||
	fail "no overflow was taken before its delivery: the run does not test that case"
# dcpiprof's samples of a procedure (or image) NAME, every event summed
prof_samples() {
	"$top_builddir/analysis/dcpiprof" -db db3 "$@" | awk -v p="$name" '
		$NF == p { s = $1; for (i = 4; i < NF; i += 2) s += $i; print s }'
}
db_total=$("$top_builddir/analysis/dcpiprof" -db db3 |
	awk '$1 == "Event" { e = 1; next } e && NF == 4 { s += $2 } NF == 0 { e = 0 } END { print s }')
expect_eq "the samples against the database's" "$(field end.txt procs)" "samples=$db_total"
top=$(sed -n 's/^proc rank=1 samples=\([0-9]*\) .* name=\(.*\)/\2 \1/p' end.txt)
name=hot_loop
expect_eq "the top procedure and its samples" "$top" "hot_loop $(prof_samples hot)"
# every procedure listed of the program or the kernel (dcpiprof names
# a shared library's as the view cannot: not compared)
sed -n 's/^proc rank=[0-9]* samples=\([0-9]*\) .* name=\(.*\)/\1 \2/p' end.txt >procs
n=0
while read -r got name image; do
	case $image in
	"") want=$(prof_samples hot) ;;
	"[minios]") want=$(prof_samples /boot/minios.elf) ;;
	*) continue ;;
	esac
	n=$((n + 1))
	[ "$got" = "$want" ] || fail "$name $image: the view counts $got samples, dcpiprof $want"
done <procs
[ $n -ge 5 ] && ok "$n procedures listed with dcpiprof's samples" ||
	fail "only $n procedures of the program or minios listed"
sum=$(awk '$1 == "cause" { s += $3 } END { print s }' end.txt)
cyc=$(sed -n 's/^cpi value=[^ ]* cycles=\([0-9]*\) .*/\1/p' end.txt)
expect_eq "the cycle breakdown adds up to the truth's cycles" "$sum" "$cyc"
check_png check end3.png >pix && ok "end: pixels as the text says" ||
	{ fail "end: pixels:"; head -5 pix; }

# ---- 4. bad input ---------------------------------------------------------
# bad CMD...: status 125, one line on stderr (a usage error's "Try
# 'alphasim --help'" after it), no database, old.png as it was
echo old >old.png
bad() {
	"$@" >out 2>err
	st=$?
	if [ $st -eq 125 ] && [ "$(grep -vc "^Try 'alphasim --help'" err)" -eq 1 ] &&
	   [ ! -e nodb ] &&
	   [ "$(cat old.png)" = old ]; then
		ok "$*: $(head -1 err)"
	else
		fail "$*: status $st, $(wc -l <err) lines: $(head -2 err)"
	fi
}
bad "$ALPHASIM" --view-png old.png ./hot
bad "$ALPHASIM" --view-at 5 ./hot
bad "$ALPHASIM" --view --view-at 5 --view-png old.png ./hot
bad "$ALPHASIM" --timing=off --view-png old.png --view-at 5 ./hot
bad "$ALPHASIM" --view-png old.png --view-at 0 ./hot
bad "$ALPHASIM" --profile=nodb --view-png missing/dir.png --view-at 5 ./hot
bad "$ALPHASIM" --profile=nodb --view-png old.png --view-at 5 ./nonexistent
bad env -u DISPLAY -u WAYLAND_DISPLAY "$ALPHASIM" --profile=nodb --view ./hot
# (a display tried loads its libraries, whose memory LeakSanitizer would
# report in the sanitized pass: tests/view_live.sh)
bad env DISPLAY=:999 ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	"$ALPHASIM" --profile=nodb --view --view-png old.png ./hot
finish

#!/bin/sh
# tests/view_live.sh - the view's window (alphasim --view; docs/view.md)
# on a real X server, Xvfb, driven by its keys with xdotool: a profiled
# hot loop (built as a user builds it) is paused with space, stepped two
# blocks with n, sped up with +, and quit with q.  Checked:
#   - alphasim quits cleanly: status 124 and the one "--view: quit" line;
#   - the last frame (--view-png with --view) shows the pause, and what
#     it shows is right: the same text as the picture drawn without a
#     window (--view-at) at the cycle it stopped at, but the state line
#     and the strip's newest cycle (the window stopped at the end of a
#     block, the picture at the first instruction of that cycle), and
#     its pixels as its text says;
#   - the window's run is the run without the view: its skid trace, up
#     to where it stopped, is the start of that run's;
#   - a guest that finishes keeps the window until q, and exits with
#     the guest's status; with --view-exit the window closes by itself.
# Skipped (77) where Xvfb or xdotool is missing.
. "$top_srcdir/tests/lib.sh"
top_srcdir=$(cd "$top_srcdir" && pwd) top_builddir=$(cd "$top_builddir" && pwd)
for t in xvfb-run Xvfb xdotool; do
	command -v $t >/dev/null || { echo "SKIP: no $t (apt-get install xvfb xdotool)"; exit 77; }
done
if "$ALPHASIM" --view-png "$tmp/none.png" --view-at 1 /dev/null 2>&1 |
	grep -q "built without the view"; then
	echo "SKIP: alphasim was built without the view (no SDL2, SDL2_ttf, libpng or font)"
	exit 77
fi
check_png() { python3 "$top_srcdir/tests/view_png.py" "$@"; }
# under ASan (the sanitized pass) the display's libraries, which SDL
# loads and unloads, keep memory for good that LeakSanitizer reports as
# alphasim's: leaks are looked for in tests/view.sh's runs, which open no
# display, and memory errors here
[ -n "${ALPHASIM_SANITIZED:-}" ] && ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 &&
	export ASAN_OPTIONS
cd "$tmp" || exit 1
"$ALPHA_CC" -O2 -o hot "$top_srcdir/tests/hot_loop.c" || { fail "$ALPHA_CC hot_loop.c"; finish; }
prog=./hot

# drive.sh KEYS...: under the X server, alphasim --view on hot (a long
# run: the window quits it), each key sent to its window (half a second
# after each; a number: sleep that long), then wait for it
cat >drive.sh <<'EOF'
"$ALPHASIM" -q --profile=db1 --view --view-png live.png --skid-trace live.csv "$PROG" \
	30000000 >live.out 2>live.err &
pid=$!
win=$(timeout 60 xdotool search --sync --name '^alphasim --view$' | head -1)
[ -n "$win" ] || { echo "no window"; kill $pid; exit 1; }
for k in "$@"; do
	case $k in
	[0-9]*) sleep "$k" ;;
	*) xdotool key --window "$win" "$k"; sleep 0.5 ;;
	esac
done
wait $pid
echo $? >status
# the same run without the window, to the cycle the window stopped at,
# in the same environment (the guest's: alphasim passes its own on)
cycle=$(python3 "$VIEW_PNG" text live.png | sed -n 's/^cycle //p')
"$ALPHASIM" -q --profile=db2 --view-png at.png --view-at "$cycle" --skid-trace all.csv \
	--max-cycles $((cycle + 100000)) "$PROG" 30000000 >at.out 2>&1
echo $? >at.status
EOF
VIEW_PNG=$top_srcdir/tests/view_png.py PROG=$prog ALPHASIM=$ALPHASIM \
	timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" sh drive.sh plus plus plus 3 space n n plus q || fail "xvfb-run: $(cat live.err)"
expect_eq "quit: the status" "$(cat status)" 124
grep -q "stopped at cycle [0-9]* (--view: quit)" live.err && [ "$(wc -l <live.err)" -eq 1 ] &&
	ok "quit: $(cat live.err)" || fail "quit: $(cat live.err)"
check_png text live.png >live.txt
expect_eq "the last frame's state" "$(sed -n 's/^state //p' live.txt)" paused
check_png check live.png >pix && ok "the last frame's pixels as its text says" ||
	{ fail "the last frame's pixels:"; head -5 pix; }
cycle=$(sed -n 's/^cycle //p' live.txt)
expect_eq "the run without the window to cycle $cycle (--max-cycles)" "$(cat at.status)" 124
check_png text at.png >at.txt
# the same but the state, the instruction counts within the last cycle
# and the strip's newest column (and the lines of text as drawn, which
# show those and the window's keys and speed)
strip() {
	sed -e '/^state /d' -e '/^insns /d' -e '/^text /d' -e 's/,[0-9]*$//' \
	    -e 's/^cpi value=[^ ]* \(.*\) insns=.*/cpi \1/' "$1"
}
strip live.txt >live.cmp
strip at.txt >at.cmp
same_file "the window's last frame against the picture at cycle $cycle" live.cmp at.cmp \
	"--view-at's"
rows=$(($(wc -l <live.csv)))
head -n "$rows" all.csv >all.head
# (a loaded machine may quit the window before the first sample: then
# the run without it has none before that cycle either)
[ "$rows" -gt 1 ] ||
	awk -F, -v c="$cycle" 'NR > 1 && $5 != "" && $5 <= c { bad = 1 } END { exit bad }' all.csv ||
	fail "no overflow before the window quit, but the run without it had some"
same_file "the window's skid trace ($rows lines)" live.csv all.head "the run without the window's"

# a run that finishes: the window stays, q ends it with the guest's status
PROG=$prog ALPHASIM=$ALPHASIM timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" \
	sh -c '"$ALPHASIM" --view --view-png fin.png "$PROG" 300000 >fin.out 2>fin.err & pid=$!
	win=$(timeout 60 xdotool search --sync --name "^alphasim --view\$" | head -1)
	for k in plus plus plus plus plus plus plus plus plus plus; do
		xdotool key --window "$win" $k; done
	sleep 3; xdotool key --window "$win" q; wait $pid; echo $? >status' ||
	fail "xvfb-run: $(cat fin.err)"
expect_eq "finished: the guest's status" "$(cat status)" 0
expect_eq "finished: the guest's output" "$(cat fin.out)" "$("$ALPHASIM" -q "$prog" 300000)"
expect_eq "finished: the last frame's state" \
	"$(check_png text fin.png | sed -n 's/^state //p')" "finished: q quits"

# --view-exit: the window closes when the guest finishes, with no key
PROG=$prog ALPHASIM=$ALPHASIM timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" \
	sh -c '"$ALPHASIM" --view --view-exit --view-png ex.png "$PROG" 30000 >ex.out 2>ex.err
	echo $? >status' || fail "xvfb-run --view-exit: $(cat ex.err)"
expect_eq "--view-exit: the guest's status, no key pressed" "$(cat status)" 0
expect_eq "--view-exit: the last frame's state" \
	"$(check_png text ex.png | sed -n 's/^state //p')" "finished"
finish

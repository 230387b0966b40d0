#!/bin/sh
# tests/view_fit.sh - the view's picture (--view-png; docs/view.md, "The
# picture and its text") keeps every line of text within its panel and
# the picture, and tells the causes of the cycle breakdown apart:
#   1. at the end of a profiled run (the newest overflows in the kernel:
#      two 64-bit PCs, the longest event names, the skid's "pal"/"ipl"),
#      every overflow listed is drawn as its whole row, nothing is drawn
#      in the right margin, every line of text ends inside its room;
#   2. in the hot loop of a program whose procedure has a name longer
#      than any panel, that name's rows and its line in the procedures
#      are cut at their room's edge with a mark (an ellipsis), not
#      clipped by the picture's edge;
#   3. each cause has its own glyph and a colour CIEDE2000 15 or more
#      from every other cause's and from the background, its swatch
#      drawn in that colour (tests/view_png.py colours).
. "$top_srcdir/tests/lib.sh"
top_srcdir=$(cd "$top_srcdir" && pwd) top_builddir=$(cd "$top_builddir" && pwd)
check_png() { python3 "$top_srcdir/tests/view_png.py" "$@"; }
if "$ALPHASIM" --view-png "$tmp/none.png" --view-at 1 /dev/null 2>&1 |
	grep -q "built without the view"; then
	echo "SKIP: alphasim was built without the view (no SDL2, SDL2_ttf, libpng or font)"
	exit 77
fi
cd "$tmp" || exit 1
# hot_loop under a name of 160 characters
long=hot_loop$(printf '_with_a_name_longer_than_any_panel%.0s' 1 2 3 4 5 6)
"$ALPHA_CC" -O2 -Dhot_loop="$long" -o hot "$top_srcdir/tests/hot_loop.c" ||
	{ fail "$ALPHA_CC hot_loop.c"; finish; }
ev=cycles:1024,flowchange:1024

# ---- 1. the end: the kernel's overflows --------------------------------
guest_env "$ALPHASIM" -q --profile=db1 --events $ev --skid-trace skid.csv --view-png end.png \
	--view-at 1000000000000 ./hot 200000 >/dev/null || fail "alphasim --view-png at the end"
check_png text end.png >end.txt
n=$(grep -c '^overflow .*cause_pc=0xfffffc' end.txt)
[ "$n" -gt 0 ] && ok "$n of the newest overflows with a kernel PC" ||
	fail "no kernel PC among the newest overflows: the rows are not the longest"
if check_png fit end.png >fit1; then
	ok "the end: every row whole, every line inside its room ($(grep -c '^overflow ' end.txt) overflows listed)"
else
	fail "the end:"; head -5 fit1
fi
grep -q '^cut: ' fit1 && fail "the end: a row cut: $(grep -m1 '^cut: ' fit1)"
check_png check end.png >pix && ok "the end: pixels as the text says" ||
	{ fail "the end: pixels:"; head -5 pix; }

# ---- 2. in the hot loop: a name too long, cut with a mark --------------
# the procedure's PCs (the trace's 0x..., all of one length)
set -- $("$ALPHA_OBJDUMP" -t hot | awk -v p="$long" '$NF == p { print $1, $5 }')
lo=$(printf '%#x' $((0x$1))) hi=$(printf '%#x' $((0x$1 + 0x$2)))
# the cycle just after the 100th sample delivered in it
at=$(awk -F, -v lo="$lo" -v hi="$hi" 'NR > 1 && length($7) == length(lo) &&
	$7 >= lo && $7 < hi && ++n == 100 { print $5 + 10; exit }' skid.csv)
[ -n "$at" ] || { fail "no 100 samples in $long"; finish; }
guest_env "$ALPHASIM" -q --profile=db2 --events $ev --view-png loop.png --view-at "$at" \
	./hot 200000 >/dev/null || fail "alphasim --view-png --view-at $at"
if check_png fit loop.png >fit2; then
	ok "in the loop: every row whole or cut at its room's edge"
else
	fail "in the loop:"; head -5 fit2
fi
n=$(grep -c "^cut: .* hot_loop_with_a_name" fit2)
[ "$n" -gt 0 ] && ok "$n rows of the long name cut with a mark" ||
	fail "no row of the long name cut with a mark"
check_png text loop.png | grep -q "^text .* cut=1 s=.* hot_loop_with_a_name" &&
	ok "the long name cut in the procedures too" ||
	fail "the long name not cut with a mark in the procedures"

# ---- 3. the causes' colours and glyphs ---------------------------------
if out=$(check_png colours end.png); then ok "$out"; else fail "colours: $out"; fi
finish

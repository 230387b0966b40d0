#!/bin/sh
# Encoding sweep: every primary opcode and every function-field value,
# under a few operand combinations (tests/disasm_words.c), disassembled by
# alphasim and by alpha-linux-gnu-objdump -m alpha:ev5.  Every word must
# print the same, except the documented differences the generator tags
# (its DIFFS list says why), and each tagged word must differ exactly in
# the documented way.  So every opcode and function either decodes as
# objdump decodes it, or is illegal for both (".long"), or is listed.
. "$top_srcdir/tests/lib.sh"

if ! command -v "$ALPHA_OBJDUMP" >/dev/null 2>&1; then
	echo "SKIP: no Alpha objdump ($ALPHA_OBJDUMP)"
	exit 77
fi

tab=$(printf '\t')
if ! "$top_builddir/tests/disasm_words" "$tmp/words" "$tmp/ours" >"$tmp/legend"; then
	fail "the word generator failed"
	finish
fi
"$ALPHA_OBJDUMP" -D -z -b binary -m alpha:ev5 "$tmp/words" |
	sed -n "s/^ *[0-9a-f]*:$tab[0-9a-f ]*$tab//p" >"$tmp/theirs"
expect_eq "objdump lists every word" "$(wc -l <"$tmp/theirs")" "$(wc -l <"$tmp/ours")"

# ours: TAG WORD TEXT; theirs: TEXT.  Kinds of documented difference:
#   unknown  objdump has no name (.long, palNN), alphasim decodes the word
#   nolock   objdump drops the _l/_c of a HW_LD/HW_ST
#   ev7      objdump knows an EV7 instruction the 21164 lacks
awk -F"$tab" -v legend="$tmp/legend" '
BEGIN {
	while ((getline l < legend) > 0) {
		split(l, f, "\t"); kind[f[1]] = f[2]; why[f[1]] = f[3]; order[++nk] = f[1]
	}
}
NR == FNR { theirs[FNR] = $0; next }
{
	tag = $1; word = $2; ours = substr($0, length(tag) + length(word) + 3)
	t = theirs[FNR]; n++
	if (tag == "-") {
		if (ours == t) { same++; next }
		ok = 0
	} else if (kind[tag] == "unknown") {
		ok = (t ~ /^\.long / || t ~ /^pal1[9bdef]\t/) && ours !~ /^\.long /
	} else if (kind[tag] == "nolock") {
		x = ours
		if (match(x, /^hw_(ld|st)[lq]_[lc]/))
			x = substr(x, 1, RLENGTH - 2) substr(x, RLENGTH + 1)
		ok = (x == t && x != ours)
	} else if (kind[tag] == "ev7") {
		ok = ours ~ /^\.long / && t ~ /^wh64en\t/
	} else {
		ok = 0
	}
	if (ok) { cnt[tag]++; next }
	if (++bad <= 30)
		printf "FAIL: word %s (tag %s): alphasim \"%s\", objdump \"%s\"\n", word, tag, ours, t
}
END {
	printf "%d words: %d identical, %d documented differences, %d unexplained\n", n, same, n - same - bad, bad
	for (i = 1; i <= nk; i++)
		printf "  %-6s %6d  %s\n", order[i], cnt[order[i]], why[order[i]]
	exit bad != 0
}' "$tmp/theirs" "$tmp/ours" || fail "alphasim and objdump disagree on the words above"
finish

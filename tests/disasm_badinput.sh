#!/bin/sh
# alphasim --disassemble on bad input: one line naming the file and the
# problem on stderr, nothing on stdout (no partial listing), exit status
# 125, never a crash.
. "$top_srcdir/tests/lib.sh"

# check NAME PATTERN FILE
check() {
	"$ALPHASIM" --disassemble "$3" >"$tmp/out" 2>"$tmp/err"; st=$?
	expect_eq "$1: exit status" "$st" 125
	if grep -q -- "$2" "$tmp/err"; then ok "$1: message"; else
		fail "$1: message lacks '$2':"; cat "$tmp/err"; fi
	expect_eq "$1: one line" "$(wc -l <"$tmp/err")" 1
	expect_eq "$1: no listing" "$(wc -c <"$tmp/out")" 0
}

good="$top_builddir/testprogs/demo.bare"
printf 'hello' >"$tmp/short"
head -c 100 "$good" >"$tmp/trunc"
# Segments intact, section header table cut off.
shoff=$(od -An -t u8 -j 40 -N 8 "$good" | tr -d ' ')
head -c "$shoff" "$good" >"$tmp/nosh"

check "missing file" "$tmp/nope: No such file" "$tmp/nope"
check "not ELF" "$tmp/short: not an ELF file" "$tmp/short"
check "truncated header" "$tmp/trunc" "$tmp/trunc"
check "non-Alpha ELF" "not an Alpha ELF file" /bin/sh
check "section headers cut off" "$tmp/nosh: truncated (section headers" "$tmp/nosh"

"$ALPHASIM" --disassemble "$good" >"$tmp/out" 2>"$tmp/err"
expect_eq "good file: exit status" "$?" 0
expect_eq "good file: quiet" "$(wc -c <"$tmp/err")" 0
grep -q "^Disassembly of section .text:" "$tmp/out" && ok "good file: listing" ||
	fail "good file: no .text listing"
finish

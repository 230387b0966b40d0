#!/bin/sh
# Bad input: one line naming the input and the problem, non-zero exit,
# never a crash (a signal would give a status above 128).
. "$top_srcdir/tests/lib.sh"

# check NAME EXPECTED_STATUS PATTERN -- ARGS...
check() {
	name=$1 want=$2 pat=$3; shift 4
	"$ALPHASIM" "$@" >"$tmp/out" 2>"$tmp/err"; st=$?
	expect_eq "$name: exit status" "$st" "$want"
	if grep -q -- "$pat" "$tmp/err"; then ok "$name: message"; else
		fail "$name: message lacks '$pat':"; cat "$tmp/err"; fi
	lines=$(wc -l <"$tmp/err")
	[ "$lines" -le 2 ] && ok "$name: short message" || fail "$name: $lines lines of error"
}

printf 'hello' >"$tmp/short"
head -c 100 "$top_builddir/testprogs/demo.bare" >"$tmp/trunc"
# A valid ELF header whose segment lies beyond the end of the file.
head -c 4096 "$top_builddir/testprogs/demo.bare" >"$tmp/trunc2"

check "missing file" 125 "$tmp/nope: No such file" -- "$tmp/nope"
check "not ELF" 125 "$tmp/short: not an ELF file" -- "$tmp/short"
check "truncated header" 125 "$tmp/trunc" -- "$tmp/trunc"
check "truncated segment" 125 "$tmp/trunc2: truncated" -- "$tmp/trunc2"
check "non-Alpha ELF" 125 "not an Alpha ELF file" -- /bin/sh
check "unknown option" 125 "unrecognized option" -- --frobnicate
check "bad number" 125 "bad value 'ten' for --max-insns" -- --max-insns ten x
check "negative number" 125 "bad value '-5' for --mem" -- --mem -5 x
check "bad model" 125 "bad value 'ev7' for --model" -- --model ev7 x
check "no program" 125 "no program given" --
check "stats to a bad path" 125 "$tmp/no/dir/s.json" -- -q --stats "$tmp/no/dir/s.json" "$top_builddir/testprogs/demo.bare"
check "runaway guest" 124 "stopped after 1000 instructions" -- --max-insns 1000 "$top_builddir/testprogs/demo.bare"
check "runaway guest (cycles)" 124 "(--max-cycles 5000)" -- --max-cycles 5000 "$top_builddir/testprogs/demo.bare"
check "bad cycle limit" 125 "bad value '0' for --max-cycles" -- --max-cycles 0 x
finish

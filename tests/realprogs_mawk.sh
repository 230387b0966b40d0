#!/bin/sh
# tests/realprogs_mawk.sh - Debian's mawk on alphasim against qemu-alpha
# (tests/realprogs_lib.sh): mawk's own test suite (test/mawktest and
# test/fpe_test, run by sh with MAWK naming the program), and
# testprogs/real/mawk/wordfreq.awk on the start of mawk's manual.
. "${top_srcdir:-$(dirname "$0")/..}/tests/realprogs_lib.sh"
rp_package mawk

suite() {
	mkdir test examples
	cp -p "$RP_SRC"/test/* test/
	cp -p "$RP_SRC/scan.c" .
	cp -p "$RP_SRC/examples/decl.awk" examples/
	(cd test && MAWK=../.rp-bin/mawk sh mawktest 2>&1)
	echo "mawktest: exit $?"
	(cd test && MAWK=../.rp-bin/mawk sh fpe_test 2>&1)
	echo "fpe_test: exit $?"
}
# About 50 short runs: the dynamic build on 4 CPUs only (wordfreq below
# runs in every configuration).
# fpe_test prints sqrt(-8): the canonical quiet NaN, negative on Alpha
# (docs/fp.md), positive from qemu-alpha.
rp_case --configs "dyn:4" --qemu-sed 's/^nan$/-nan/' suite suite

head -n 100 "$RP_SRC/man/mawk.doc" >"$tmp/manual"
wordfreq() {
	rp_run mawk -f wordfreq.awk manual
	# the words of three letters or more, not numbers, as tr and grep see them
	tr 'A-Z' 'a-z' <manual | tr -cs 'a-z0-9_' '\n' | grep -E '...' | grep -vxE '[0-9]+' >all
	rp_check "words.txt has every word" test "$(sort -u all | wc -l)" = "$(wc -l <words.txt)"
	rp_check "words.txt counts every word" test "$(wc -l <all)" = \
		"$(($(sed 's/.* //' words.txt | paste -sd+)))"
}
rp_case wordfreq wordfreq "$top_srcdir/testprogs/real/mawk/wordfreq.awk" "$tmp/manual"
finish

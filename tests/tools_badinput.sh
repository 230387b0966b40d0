#!/bin/sh
# tests/tools_badinput.sh - bad input to dcpicat, dcpidiff, dcpistats and
# dcpi2dot (docs/tools.md, "Bad input"): each case gives one line on
# standard error naming the input, a non-zero status (1 for bad input, 2
# for a bad option) and nothing on standard output: a missing database,
# two databases of different programs, a corrupt, truncated or missing
# profile file, one run to dcpistats, a procedure that does not exist, an
# SVG that cannot be written (and nothing left where it was to go).
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
A="$B/analysis"
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID

"$ALPHASIM" -q --profile=dc --events cycles:2048 "$B/testprogs/accuracy/dcache.dyn" 50 > /dev/null
"$ALPHASIM" -q --profile=wb --events cycles:2048 "$B/testprogs/accuracy/wbuf.dyn" 50 > /dev/null
prof=$(ls dc/epoch-0001/*-dcache.dyn.cycles.prof)
"$A/dcpicat" "$prof" > good.out 2>&1
expect_eq "a good profile: status" "$?" 0
# one byte of the body flipped; the file cut short
python3 - "$prof" bad.prof <<'PY'
import sys
b = bytearray(open(sys.argv[1], "rb").read())
b[len(b) - 6] ^= 0x10
open(sys.argv[2], "wb").write(b)
PY
head -c 100 "$prof" > short.prof

# bad NAME STATUS PATTERN CMD...: one line on standard error matching
# PATTERN, status STATUS, nothing on standard output
bad() {
	_n=$1 _s=$2 _p=$3; shift 3
	"$@" > out.txt 2> err.txt
	_st=$?
	if [ "$_st" != "$_s" ]; then
		fail "$_n: status $_st, want $_s ($(head -1 err.txt))"
	elif [ -s out.txt ]; then
		fail "$_n: wrote to standard output: $(head -1 out.txt)"
	elif ! head -1 err.txt | grep -Eq "$_p"; then
		fail "$_n: message '$(head -1 err.txt)' does not match '$_p'"
	elif [ "$(wc -l < err.txt)" -ne 1 ] && [ "$_s" != 2 ]; then
		fail "$_n: more than one line: $(cat err.txt)"
	else
		ok "$_n: $(head -1 err.txt)"
	fi
}

bad "dcpicat: corrupt file" 1 '^dcpicat: bad.prof: checksum mismatch' "$A/dcpicat" bad.prof
bad "dcpicat: truncated file" 1 '^dcpicat: short.prof: .*truncated' "$A/dcpicat" short.prof
bad "dcpicat: missing file" 1 '^dcpicat: nofile.prof: ' "$A/dcpicat" nofile.prof
bad "dcpicat: two files" 2 '^dcpicat: one profile file at a time' "$A/dcpicat" "$prof" "$prof"
bad "dcpicat --json: corrupt file" 1 '^dcpicat: bad.prof: ' "$A/dcpicat" --json bad.prof

bad "dcpidiff: missing database" 1 '^dcpidiff: .*nodb' "$A/dcpidiff" -db dc -db nodb
bad "dcpidiff: two programs" 1 \
	'^dcpidiff: dc and wb are profiles of different programs \(.*dcache.dyn, .*wbuf.dyn\)$' \
	"$A/dcpidiff" -db dc -db wb
bad "dcpidiff: two programs, by procedure" 1 'different programs' \
	"$A/dcpidiff" -db dc -db wb dcache.dyn
bad "dcpidiff: one database" 1 '^dcpidiff: two profiles are needed' "$A/dcpidiff" -db dc
bad "dcpidiff: no such epoch" 1 '^dcpidiff: .*epoch' "$A/dcpidiff" -db dc --epoch 1 --epoch 7
bad "dcpidiff: three databases" 2 '^dcpidiff: -db: at most 2' "$A/dcpidiff" -db dc -db dc -db dc
bad "dcpidiff: no such image" 1 "^dcpidiff: dc: no image 'nosuch'" "$A/dcpidiff" -db dc -db dc nosuch
bad "dcpidiff: no such procedure" 1 "no procedure 'nosuch'" \
	"$A/dcpidiff" -db dc -db dc dcache.dyn nosuch
bad "dcpidiff: bad --alpha" 1 "^dcpidiff: --alpha: '2'" "$A/dcpidiff" -db dc -db dc --alpha 2
bad "dcpidiff: no such event" 1 '^dcpidiff: dc: no dtbmiss samples' \
	"$A/dcpidiff" -db dc -db dc --event dtbmiss

bad "dcpistats: missing database" 1 '^dcpistats: .*nodb' "$A/dcpistats" -db dc -db nodb
bad "dcpistats: one run" 1 '^dcpistats: dc: one run' "$A/dcpistats" -db dc
bad "dcpistats: two programs" 1 'different programs' "$A/dcpistats" -db dc -db dc -db wb
bad "dcpistats: a truth" 1 '^dcpistats: --truth' "$A/dcpistats" -db dc -db dc --truth dc.truth

bad "dcpi2dot: missing database" 1 '^dcpi2dot: .*nodb' "$A/dcpi2dot" -db nodb dcache.dyn dcache_lines
bad "dcpi2dot: no procedure named" 1 '^dcpi2dot: IMAGE and PROC' "$A/dcpi2dot" -db dc dcache.dyn
bad "dcpi2dot: no such procedure" 1 "no procedure 'nosuch'" \
	"$A/dcpi2dot" -db dc dcache.dyn nosuch
bad "dcpi2dot: --svg with --csv" 1 '^dcpi2dot: --svg and --png' \
	"$A/dcpi2dot" -db dc --svg x.svg --csv dcache.dyn dcache_lines
if command -v dot > /dev/null; then
	bad "dcpi2dot: --svg into no directory" 1 '^dcpi2dot: --svg nodir/g.svg: ' \
		"$A/dcpi2dot" -db dc --svg nodir/g.svg dcache.dyn dcache_lines
	echo old > kept.svg
	chmod a-w .
	"$A/dcpi2dot" -db dc --svg kept.svg dcache.dyn dcache_lines > /dev/null 2>&1
	st=$?
	chmod u+w .
	if [ "$(id -u)" != 0 ]; then
		[ $st -ne 0 ] && [ "$(cat kept.svg)" = old ] &&
			ok "dcpi2dot: an SVG it cannot write: the old file kept" ||
			fail "dcpi2dot: unwritable directory: status $st, $(head -c 40 kept.svg)"
	fi
	ls -a | grep -q '\.tmp$' && fail "dcpi2dot: a temporary file left" ||
		ok "dcpi2dot: no temporary file left"
fi
finish

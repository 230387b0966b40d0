#!/bin/sh
# tests/memo_events.sh - DCPI's default events (CYCLES and IMISS,
# docs/dcpi.md) leave the block-schedule memo (docs/performance.md, "The
# block-schedule memo") as much to replay as CYCLES alone: a replay has
# no I-cache miss to count, so a counter of them does not keep it off.
# int.lnx, profiled for its first 4 M instructions with the default
# events and with --events cycles; the summary line's share of
# instructions replayed with the default events is at least nine tenths
# of that with cycles alone (the two runs' samples differ, so their
# shares do a little: 79.3% and 79.4%; with IMISS keeping the memo off
# once dcpid had started, 40.1%).
. "$top_srcdir/tests/lib.sh"
prog=$(cd "$top_builddir" && pwd)/testprogs/bench/int.lnx
# share ARGS...: the share replayed (alphasim stops at --max-insns with
# status 124, docs/usage.md "Exit status"; another status is reported)
share() {
	rm -rf "$tmp/db" "$tmp/db.truth"
	"$ALPHASIM" --max-insns 4000000 --profile="$tmp/db" "$@" "$prog" >/dev/null 2>"$tmp/err"
	_st=$?
	sed -n 's/.* \([0-9.]*\)% replayed$/\1/p' "$tmp/err" | tail -n 1
	[ $_st -eq 0 ] || [ $_st -eq 124 ] || echo "alphasim $* exited $_st: $(tail -n 2 "$tmp/err")" >&2
}
all=$(share)
cyc=$(share --events cycles)
echo "replayed: ${all:-none}% with the default events, ${cyc:-none}% with cycles alone"
expect_eq "the default events replay at least 9/10 as much as cycles alone" \
	"$(awk -v a="${all:-0}" -v c="${cyc:-0}" 'BEGIN { print (c > 0 && a * 10 >= c * 9) ? "yes" : "no" }')" yes
finish

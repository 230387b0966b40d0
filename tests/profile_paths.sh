#!/bin/sh
# tests/profile_paths.sh - alphasim --profile=DIR writes its database
# wherever the user names it, as `perf record -o` does (docs/usage.md
# "Profiling"): relative or absolute, inside the guest's root or outside
# it (mounted read-write for the guest), with spaces; --truth and
# --skid-trace likewise.  Each run's database has the program's profile,
# dcpiprof reads it, under 1% of the samples are unknown.  A DIR that is
# a file, or that cannot be written or created, is refused with 125 and
# one line naming it, before anything runs.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
mkdir root "out dir" elsewhere
cp "$B/testprogs/kinds/hot.dyn" root/

# prof NAME DB [ALPHASIM OPTIONS...]: profile root/hot.dyn (root the
# guest's root) into DB; DB/epoch-0001 holds hot.dyn's profile
prof() {
	name=$1 db=$2
	shift 2
	"$ALPHASIM" -q --root root --profile="$db" --stats "st.$name.json" "$@" \
		root/hot.dyn 20000 main > "$name.out" 2> "$name.err"
	expect_eq "$name: exit status" "$?" 0
	ls "$db"/epoch-0001/*-hot.dyn.cycles.prof > /dev/null 2>&1 &&
		ok "$name: hot.dyn's profile in $db" ||
		fail "$name: no hot.dyn profile in $db: $(tail -2 "$name.err")"
	total=$("$B/analysis/dcpiprof" -db "$db" --root root --csv | awk -F, '$1 == "total" { print $2 }')
	[ "${total:-0}" -gt 0 ] && ok "$name: dcpiprof reads $total samples" ||
		fail "$name: dcpiprof: no samples"
	unknown_ok "$name" "st.$name.json"
}

prof inside root/db                                      # beneath --root
[ -f root/db.truth ] && ok "inside: truth beside it" || fail "inside: no root/db.truth"
prof relative "out dir/db 1"                             # outside, relative, spaces
[ -f "out dir/db 1.truth" ] && ok "relative: truth beside it" || fail "relative: no truth"
prof absolute "$tmp/elsewhere/db"                        # outside, absolute
prof outputs "$tmp/out dir/db 2" --truth "out dir/t x.truth" --skid-trace "$tmp/out dir/s k.csv"
[ -s "out dir/t x.truth" ] && [ ! -e "out dir/db 2.truth" ] &&
	ok "outputs: --truth outside the root" || fail "outputs: --truth not where named"
head -1 "out dir/s k.csv" | grep -q , && ok "outputs: --skid-trace outside the root" ||
	fail "outputs: no skid trace"
# a second run into the same database adds an epoch
prof again "out dir/db 1"
[ -d "out dir/db 1/epoch-0002" ] && ok "again: a second epoch" || fail "again: no epoch-0002"

# refused: 125, one line naming DIR, nothing written
refuse() {
	name=$1 db=$2 why=$3
	"$ALPHASIM" -q --root root --profile="$db" root/hot.dyn 1 main > /dev/null 2> "$name.err"
	expect_eq "$name: 125" "$?" 125
	[ "$(wc -l < "$name.err")" -eq 1 ] && grep -q -- "--profile=$db: .*$why" "$name.err" &&
		ok "$name: one line: $(cat "$name.err")" || fail "$name: $(cat "$name.err")"
}
: > afile
refuse file afile "not a directory"
refuse noparent "no/such/dir/db" "no directory"
# a directory nobody may write in (root may, except in /proc)
mkdir ro
chmod 555 ro
if [ -w ro ]; then
	refuse unwritable /proc/alphasim-db "cannot create it"
else
	refuse unwritable ro/db "not writable"
	[ ! -e ro/db ] && [ ! -e ro/db.truth ] && ok "unwritable: nothing written" ||
		fail "unwritable: ro/db written"
fi
finish

#!/bin/sh
# tests/guard_db.sh - under alphasim --profile the profile database is
# dcpid's alone (docs/usage.md, "What a guest can reach"): a profiled
# program (testprogs/guard/dbreach, built as a user builds one) tries to
# read, create, link, rename, remove and chmod in it by its own path,
# with "." and "..", through links it makes (absolute, relative,
# dangling), through a descriptor of its parent; every attempt fails
# (EACCES when the database is beneath the root, the default
# ./dcpidb), its own files work, and after the run the database holds
# what dcpid wrote and nothing the program tried to put there, and
# conserves its samples.  On 1 and 4 CPUs; with the database outside
# --root too.  Without --profile the same directory is the program's.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID

# intact WHAT DB: only what dcpid and alphasim put there
intact() {
	extra=$(cd "$2" && find . ! -name . ! -name alphasim.lock ! -name dcpid.stats \
		! -path './epoch-0001' ! -path './epoch-0001/*.prof' \
		! -path './epoch-0001/handler.cost' ! -path './epoch-0001/program')
	[ -z "$extra" ] && ok "$1: the database holds only what dcpid wrote" ||
		fail "$1: the database holds $extra"
	[ -f "$2/dcpid.stats" ] && [ ! -L "$2/dcpid.stats" ] &&
		ok "$1: dcpid.stats is a regular file" || fail "$1: dcpid.stats is not a file"
	[ -z "$(find "$2" -type l)" ] && ok "$1: no links in it" || fail "$1: links in it"
}

mkdir one
cp "$B/testprogs/guard/dbreach.dyn" one/
for n in 1 4; do
	rm -rf one/dcpidb one/dcpidb.truth one/mine.txt one/mydir one/dblink one/dangle one/rel
	(cd one && "$ALPHASIM" -q --cpus $n --profile --stats ../st$n.json dbreach.dyn /dcpidb) \
		> out$n 2> err$n
	expect_eq "./dcpidb, $n CPU(s): exit status" "$?" 0
	grep FAIL out$n
	expect_eq "./dcpidb, $n CPU(s): every refusal is EACCES" \
		"$(grep -c ': refused (' out$n)" "$(grep -c ': refused (Permission denied)' out$n)"
	[ "$(grep -c ': refused (' out$n)" -ge 30 ] && ok "./dcpidb, $n CPU(s): 30 attempts or more" ||
		fail "./dcpidb, $n CPU(s): $(grep -c ': refused (' out$n) attempts"
	intact "./dcpidb, $n CPU(s)" one/dcpidb
	[ ! -e one/moved ] && [ -d one/mydir ] && [ -f one/mine.txt ] &&
		ok "./dcpidb, $n CPU(s): the program's own files as it left them" ||
		fail "./dcpidb, $n CPU(s): the program's files"
	unknown_ok "./dcpidb, $n CPU(s)" st$n.json
done

mkdir two
cp "$B/testprogs/guard/dbreach.dyn" two/
"$ALPHASIM" -q --root two --profile="$tmp/out.db" --stats st.json two/dbreach.dyn "$tmp/out.db" \
	> out 2> err
expect_eq "outside --root: exit status" "$?" 0
grep FAIL out
intact "outside --root" out.db
unknown_ok "outside --root" st.json

# the program's attempts are real ones: on a directory that is not a
# database they succeed
rm -rf one/dcpidb one/mine.txt one/mydir one/dblink one/dangle one/rel
mkdir one/dcpidb
(cd one && "$ALPHASIM" -q dbreach.dyn /dcpidb) > out 2> err
[ "$?" -ge 10 ] && ok "without --profile the attempts succeed" ||
	fail "without --profile: $(grep -c FAIL out) attempts succeeded"
finish

# tests/exc_run.sh - sourced by tests/exc_NAME.sh: run the bare-metal
# exception test testprogs/pal/exc_NAME.c on alphasim.  It checks its
# trap records against values worked out from the architecture and ends
# with "exc_NAME: N checks, F failed"; it passes when it exits 0 after
# at least one check and no failure.
. "$top_srcdir/tests/lib.sh"
name=$(basename "$0" .sh)
"$ALPHASIM" -q "$top_builddir/testprogs/pal/$name.bare" >"$tmp/out" 2>&1
expect_eq "$name: exit status" "$?" 0
summary=$(tail -n 1 "$tmp/out")
case $summary in
"$name: "[1-9]*" checks, 0 failed") ok "$summary" ;;
*) fail "$name: no clean summary line" ;;
esac
cat "$tmp/out"
finish

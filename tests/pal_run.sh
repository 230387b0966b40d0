# tests/pal_run.sh - sourced by tests/pal_NAME.sh after it sets $modes:
# run the bare-metal program testprogs/pal/NAME.c on alphasim with the
# timing model (on) and/or the functional core alone (off).  The program
# checks itself against values worked out from the manual and ends with
# "NAME: N checks, F failed"; a run passes when it exits 0 after at
# least one check and no failure.
. "$top_srcdir/tests/lib.sh"
name=$(basename "$0" .sh)
for mode in $modes; do
	"$ALPHASIM" -q --timing=$mode "$top_builddir/testprogs/pal/$name.bare" >"$tmp/out" 2>&1
	expect_eq "$name, timing $mode: exit status" "$?" 0
	summary=$(tail -n 1 "$tmp/out")
	case $summary in
	"$name: "[1-9]*" checks, 0 failed") ok "$name, timing $mode: $summary" ;;
	*) fail "$name, timing $mode: no clean summary line" ;;
	esac
	cat "$tmp/out"
done
finish

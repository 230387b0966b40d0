#!/bin/sh
# tests/man.sh - the manual pages (man/local.mk) cannot drift from the
# programs: each renders with groff without a warning (-ww: every
# warning), with no @...@ left unfilled, and names every option its
# program's --help lists (long options, and the one-dash ones such as
# -db and -n), written as troff writes them (\-\-profile).
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
n=0
for page in "$B"/man/*.1; do
	name=${page##*/}
	name=${name%.1}
	case $name in
	alphasim*) prog=$B/sim/$name ;;
	*) prog=$B/analysis/$name ;;
	esac
	w=$(groff -man -ww -z "$page" 2>&1)
	[ -z "$w" ] && ok "$name.1 renders cleanly" || fail "$name.1: $w"
	grep -n '@[A-Za-z_]*@' "$page" && fail "$name.1: unfilled @...@"
	"$prog" --help > "$tmp/help" 2>&1 || { fail "$name --help: status $?"; continue; }
	[ -s "$tmp/help" ] || { fail "$name --help: empty"; continue; }
	opts=$(grep -o -E -- '(^|[][ ,(|])--?[a-zA-Z][a-zA-Z0-9-]*' "$tmp/help" |
		sed 's/^[^-]*//' | sort -u)
	[ -n "$opts" ] || { fail "$name --help: no options found"; continue; }
	missing=
	for o in $opts; do
		grep -q -F -- "$(printf '%s' "$o" | sed 's/-/\\-/g')" "$page" ||
			missing="$missing $o"
	done
	[ -z "$missing" ] && ok "$name.1 names all $(echo $opts | wc -w) options of --help" ||
		fail "$name.1 lacks$missing"
	n=$((n + 1))
done
[ "$n" -ge 13 ] && ok "$n pages" || fail "only $n pages in $B/man"
exit $((fails > 0))

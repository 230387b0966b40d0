#!/bin/sh
# tests/citations.sh - the repository cites only what it holds
# (docs/testing.md, "Citations").
#
# A clone or the release tarball is all a reader has, so no file of the
# source tree may send them elsewhere.  Checked over every file git
# tracks (outside a git checkout the test is skipped):
#   - the notes the project grew from, which it does not hold:
#     the 21164 notes or the design notes by their bare names, a seed file;
#   - an absolute path outside the tree, in a doc or a comment, unless it
#     is a system path a program really uses (the short list below), the
#     guest's view of the tree (hostfs's root is the tree: /testprogs/...)
#     or a placeholder (/DIR/...);
#   - a document named by its path (docs/NAME.md, labs/1-skid/README.md)
#     that the tree's top, docs/ or the citing file's directory does not
#     hold, or a bare NAME.md that no directory holds;
#   - an issue number ("issue 12", "Issue #3"): a reader of the tree has
#     no issue tracker to look it up in.  "issues 4 instructions" is the
#     verb and passes.
#   tests/citations.sh          check the tree, then check that a planted
#                               case of each kind is caught
#   tests/citations.sh --check  check the tree only
#   tests/citations.sh FILE...  check those files only (as if in the tree)
# One line per finding (FILE:LINE: what); exit status 1 if there is one.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
self=tests/citations.sh

# Absolute paths a program or a reader really uses: system files, the
# cross toolchain's sysroot, scratch space, an install prefix.
allow_abs='^/(dev|proc|sys|usr|etc|bin|sbin|lib|lib64|tmp|var/tmp|boot/minios\.elf|nonexistent|opt/alphasim)(/|$)'
# Documents of other projects named by their path in those projects.
allow_doc='^(config/alpha/ev5\.md|gcc/config/alpha/ev5\.md)$'

# files: the tree's tracked text files, relative to top_srcdir.
files() {
	(cd "$top_srcdir" && git ls-files) | grep -v -x -e "$self" |
		while read -r f; do
			grep -I -q '' "$top_srcdir/$f" 2>/dev/null && echo "$f"
		done
}

# doc_exists CITING NAME: NAME is a file or directory of the tree, from
# the top, from docs/ or from CITING's directory, or a bare name some
# file of the tree has.
doc_exists() {
	case $2 in /*) return 1 ;; esac
	[ -e "$top_srcdir/$2" ] || [ -e "$top_srcdir/docs/$2" ] ||
		[ -e "$top_srcdir/$(dirname "$1")/$2" ] && return 0
	# a bare name: some directory of the tree holds it (labs' ANSWERS.md)
	case $2 in */*) return 1 ;; esac
	grep -q -F -x -e "$2" "$tmp/names"
}

# check_file REL PATH: the findings in PATH, reported as REL.
check_file() {
	rel=$1 path=$2
	grep -n -E -e '(^|[^A-Za-z0-9_])(EV5|DESIGN)\.md' -e 'seeds/[0-9]' "$path" |
		sed "s|^|$rel:|; s|\$|  <- cites a file the tree does not hold|"
	# absolute paths: in docs every line, elsewhere the comment lines
	case $rel in
	*.md|man/*|*.txt) sel='^' ;;
	*) sel='^[[:space:]]*(\*|/\*|//|#|;|--|dnl)' ;;
	esac
	grep -n -E "$sel" "$path" | grep -v -E '^[0-9]+:\.[A-Z]' |
		grep -o -E '^[0-9]+:|(^|[[:space:]`"'"'"'(=<\[])/[A-Za-z][A-Za-z0-9_.+-]*(/[A-Za-z0-9_.+*-]*)+' |
		while read -r tok; do
			case $tok in
			*:) n=${tok%:}; continue ;;
			esac
			p=/${tok#*/}
			printf '%s\n' "$p" | grep -q -E "$allow_abs" && continue
			first=${p#/}; first=${first%%/*}
			# the guest's view of the tree (hostfs's root) and
			# placeholders (/DIR/...)
			[ -e "$top_srcdir/$first" ] && continue
			printf '%s\n' "$first" | grep -q -E '^[A-Z][A-Z0-9_]*$' && continue
			echo "$rel:$n: $p  <- an absolute path outside the tree"
		done
	# (troff writes a hyphen \-)
	sed 's/\\-/-/g' "$path" | grep -n -o -E '[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b' |
		while IFS=: read -r n d; do
			d=${d#./}
			# /...: an absolute path or a URL's, checked above or not ours
			case $d in [A-Za-z0-9_]*) ;; *) continue ;; esac
			printf '%s\n' "$d" | grep -q -E "$allow_doc" && continue
			doc_exists "$rel" "$d" || echo "$rel:$n: $d  <- no such document in the tree"
		done
	grep -n -o -E '\b[Ii]ssues? #?[0-9]+([,;]? ?[0-9]+)*( [a-z]+)?' "$path" |
		grep -v -E ' (cycles?|instructions?|insns?|adds?|loads?|stores?|per|at|in|of)$' |
		sed "s|^|$rel:|; s|\$|  <- names an issue number|"
}

check_tree() {
	while read -r f; do
		check_file "$f" "$top_srcdir/$f"
	done <"$tmp/files"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/citations.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# Outside a git checkout (a release tarball, perhaps built in place) the
# tracked files are not known: generated files would be checked too.
if ! git -C "$top_srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "SKIP: $top_srcdir is not a git checkout"
	exit 77
fi
files >"$tmp/files"
sed 's|.*/||' "$tmp/files" | sort -u >"$tmp/names"

if [ $# -gt 0 ] && [ "$1" != --check ]; then
	for f in "$@"; do
		check_file "$f" "$f"
	done >"$tmp/out"
	cat "$tmp/out"
	[ -s "$tmp/out" ] && exit 1
	exit 0
fi

check_tree >"$tmp/out"
if [ -s "$tmp/out" ]; then
	cat "$tmp/out"
	echo "FAIL: the tree cites $(wc -l <"$tmp/out") thing(s) it does not hold"
	exit 1
fi
echo "ok: $(wc -l <"$tmp/files") files cite only what the tree holds"
[ "${1:-}" = --check ] && exit 0

# The check must be able to fail: one planted case of each kind, in a
# file read as if it were in docs/ (so document names resolve as there).
fails=0
plant() {
	what=$1
	shift
	printf '%s\n' "$@" >"$tmp/plant.md"
	if check_file docs/plant.md "$tmp/plant.md" | grep -q .; then
		echo "ok: caught $what"
	else
		echo "FAIL: missed $what"
		fails=$((fails + 1))
	fi
}
plant "a cited 21164 notes file" 'The latencies are in EV5''.md "Latencies".'
plant "a cited design notes file" '/* see DESIGN''.md, "SMP" */'
plant "a seed file" 'The DCPI paper (seeds/''000_*, section 4.2)'
plant "an absolute path outside the tree" 'read `/wo''rk/shared/notes.txt` first'
plant "a document that does not exist" 'as docs/nosuch.md says'
plant "an issue number" 'the targets of issue 12'
plant "an issue number with #" 'fixed in Issue #7.'
# and a few that are not citations at all
if check_file docs/plant.md /dev/stdin <<'EOF' | grep .; then
issues 4 instructions, then issue 1 cycle after; docs/ev5.md "Pipeline";
/dev/pcount, /usr/alpha-linux-gnu/lib, /tmp/x; https://github.com/x/y.md
GCC's config/alpha/ev5.md; timing.md
EOF
	echo "FAIL: flagged text that cites nothing outside the tree"
	fails=$((fails + 1))
else
	echo "ok: text that cites nothing outside the tree passes"
fi
[ $fails -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
exit 0

#!/bin/sh
# tests/completion.sh - alphasim's bash completion (sim/completion.sh,
# built as sim/completion/alphasim) in a real bash: each completion is
# asked of _alphasim as bash asks it (COMP_WORDS, COMP_CWORD) and
# checked against --help, --print-config and the files there.
#   - "-" offers every option --help lists (taken from --help here with
#     grep, not with the generator's awk), and nothing else;
#   - "--vi" offers the four --view options;
#   - after --model: ev5 ev56; after --timing: on off; after --param
#     ma: the parameters starting so (from --print-config);
#   - after a FILE option: files, after --root: directories only, after
#     --profile=: directories; after a number option: nothing;
#   - the program and its arguments: files;
#   - the analysis tools (dcpiprof, dcpicalc... truthcsv) have theirs,
#     sim/completion/NAME, with every option of their --help; after -db,
#     --db and --root directories, after --truth and --kernel files.
# (tests/install.sh checks that make install puts it in
# share/bash-completion/completions.)
. "$top_srcdir/tests/lib.sh"
BD=$(cd "$top_builddir" && pwd)
comp=$BD/sim/completion/alphasim
[ -f "$comp" ] || { fail "no $comp (make builds it)"; finish; }
command -v bash >/dev/null || { echo "SKIP: no bash"; exit 77; }
cd "$tmp" || exit 1
mkdir dir1 dir2
: >file1.c
: >file2.txt

# complete WORD...: what _alphasim offers for the last word, sorted, one line
complete_() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_alphasim; printf "%s\n" "${COMPREPLY[@]}"' sh "$comp" alphasim "$@" |
		sort | tr '\n' ' ' | sed 's/ $//'
}

want=$("$ALPHASIM" --help | grep -oE '^  -[^ ]+(, --[a-z-]+)?' | tr -d ',' |
	sed 's/\[=.*//' | tr ' ' '\n' | grep . | sort | tr '\n' ' ' | sed 's/ $//')
expect_eq "every option of --help" "$(complete_ -)" "$want"
expect_eq "--vi" "$(complete_ --vi)" "--view --view-at --view-exit --view-png"
expect_eq "--model" "$(complete_ --model '')" "ev5 ev56"
expect_eq "--timing" "$(complete_ --timing '')" "off on"
want=$("$ALPHASIM" --print-config | awk '$1 ~ /^ma/ { print $1 "=" }' | sort |
	tr '\n' ' ' | sed 's/ $//')
[ -n "$want" ] || fail "no parameter starts with ma"
expect_eq "--param ma" "$(complete_ --param ma)" "$want"
expect_eq "-c ma" "$(complete_ -c ma)" "$want"
expect_eq "--stats (a file)" "$(complete_ --stats file)" "file1.c file2.txt"
expect_eq "--view-png (a file)" "$(complete_ --view-png '')" "dir1 dir2 file1.c file2.txt"
expect_eq "--root (a directory)" "$(complete_ --root '')" "dir1 dir2"
expect_eq "--profile= (a directory)" "$(complete_ --profile=d)" "--profile=dir1 --profile=dir2"
expect_eq "--max-cycles (a number)" "$(complete_ --max-cycles '')" ""
expect_eq "the program" "$(complete_ -q fi)" "file1.c file2.txt"
expect_eq "its arguments" "$(complete_ ./prog file2)" "file2.txt"

# tool_complete TOOL WORD...: what TOOL's completion offers for the last word
tool_complete() {
	_t=$1
	shift
	bash -c '. "$1"; f=_$2; shift 2; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		$f; printf "%s\n" "${COMPREPLY[@]}"' sh "$BD/sim/completion/$_t" "$_t" \
		"$_t" "$@" | sort | tr '\n' ' ' | sed 's/ $//'
}
for t in truthcsv dcpiprof dcpicalc dcpilist dcpitopstalls dcpiwhatcg dcpiaccuracy \
	dcpidiff dcpistats dcpicat dcpi2dot dcpicallers dcpirecords dcpiratio; do
	[ -f "$BD/sim/completion/$t" ] || { fail "$t: no completion (make builds it)"; continue; }
	want=$("$BD/analysis/$t" --help 2>&1 | grep -oE '^  -[^ ]+( [A-Z]+)?(, --?[a-z-]+( [A-Z]+)?)*' |
		grep -oE -- '--?[a-z][a-z-]*' | sort -u | tr '\n' ' ' | sed 's/ $//')
	expect_eq "$t: every option of --help" "$(tool_complete $t -)" "$want"
done
for o in -db --db --root; do
	expect_eq "dcpicalc $o (a directory)" "$(tool_complete dcpicalc $o '')" "dir1 dir2"
done
expect_eq "dcpilist --source-root (a directory)" "$(tool_complete dcpilist --source-root '')" \
	"dir1 dir2"
expect_eq "dcpiaccuracy --truth (a file)" "$(tool_complete dcpiaccuracy --truth file)" \
	"file1.c file2.txt"
expect_eq "dcpiprof -n (a number)" "$(tool_complete dcpiprof -n '')" ""
expect_eq "dcpicat FILE" "$(tool_complete dcpicat fi)" "file1.c file2.txt"
finish

#!/bin/sh
# tests/completion.sh - alphasim's bash completion (sim/completion.sh,
# built as sim/completion/alphasim) in a real bash: each completion is
# asked of _alphasim as bash asks it (COMP_WORDS, COMP_CWORD) and
# checked against --help, --print-config and the files there.
#   - "-" offers every option --help lists (taken from --help here with
#     grep, not with the generator's awk), and nothing else;
#   - "--vi" offers the three --view options;
#   - after --model: ev5 ev56; after --timing: on off; after --param
#     ma: the parameters starting so (from --print-config);
#   - after a FILE option: files, after --root: directories only, after
#     --profile=: directories; after a number option: nothing;
#   - the program and its arguments: files.
# (tests/install.sh checks that make install puts it in
# share/bash-completion/completions.)
. "$top_srcdir/tests/lib.sh"
comp=$(cd "$top_builddir" && pwd)/sim/completion/alphasim
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
expect_eq "--vi" "$(complete_ --vi)" "--view --view-at --view-png"
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
finish

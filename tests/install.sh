#!/bin/sh
# tests/install.sh - alphasim installs like a package (docs/usage.md,
# "Installing"): `make install DESTDIR=D` stages the configured prefix
# under D; the staged tree is then moved to another directory (the
# install is relocatable: alphasim, dcpiprof and the other tools find
# minios.elf, dcpid.lnx and the default workload in ../lib/alphasim
# beside their own binary, util/paths.c), the build and source trees
# are hidden under an empty tmpfs in a private mount namespace, and a
# hot loop built as a user builds it is profiled with the installed
# alphasim --profile and read back with the installed dcpiprof (the
# kernel's procedures too, from the installed minios.elf) and dcpicalc;
# the commands a profiled run's summary ends with name the installed
# tools as $PATH finds them, and run.  No installed file names the build
# or source tree outside its debug information, and every installed
# program has its man page and (but alphasim-sweep) its bash completion.
# A copy of alphasim alone, away from its tree, is refused with one line
# naming the places it looked, the configured $(pkglibdir) last (where a
# --libdir other than bindir's ../lib puts the guest files).
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
S=$(cd "$top_srcdir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID MAKEFLAGS MFLAGS MAKELEVEL

${MAKE:-make} -s -C "$B" install DESTDIR="$tmp/dest" > install.out 2>&1
expect_eq "make install DESTDIR: exit status" "$?" 0
[ -d "dest$PREFIX/bin" ] || { cat install.out; fail "nothing in dest$PREFIX/bin"; exit 1; }
mv "dest$PREFIX" inst && rm -rf dest
P=$tmp/inst

for f in bin/alphasim bin/alphasim-sweep bin/truthcsv bin/dcpiprof bin/dcpicalc \
	bin/dcpiexport bin/dcpicallers lib/alphasim/minios.elf lib/alphasim/dcpid.lnx lib/alphasim/workload.lnx \
	share/man/man1/alphasim.1 share/man/man1/dcpiprof.1 share/man/man1/dcpicallers.1 \
	share/bash-completion/completions/alphasim; do
	[ -s "$P/$f" ] || fail "not installed: $f"
done
# every installed program but alphasim-sweep has its bash completion
for p in "$P"/bin/*; do
	case ${p##*/} in alphasim-sweep) continue ;; esac
	[ -s "$P/share/bash-completion/completions/${p##*/}" ] ||
		fail "no bash completion for bin/${p##*/}"
done
# every installed program has its man page, and every man page its program
for p in "$P"/bin/*; do
	[ -f "$P/share/man/man1/${p##*/}.1" ] || fail "no man page for bin/${p##*/}"
done
for m in "$P"/share/man/man1/*.1; do
	n=${m##*/}
	[ -x "$P/bin/${n%.1}" ] || fail "man page $n names no installed program"
done
ok "$(ls "$P/bin" | wc -l) programs, $(ls "$P/share/man/man1" | wc -l) man pages"

# No installed file names the build or source tree: the debug sections
# (DW_AT_comp_dir) are the only place a path may remain.
before=$fails
for f in $(find "$P" -type f); do
	g=$f
	case $(od -An -c -N4 "$f" | tr -d ' ') in
	177ELF)	g=$tmp/nodebug
		objcopy --strip-debug "$f" "$g" 2>/dev/null ||
			"${ALPHA_OBJDUMP%objdump}objcopy" --strip-debug "$f" "$g" ||
			{ fail "cannot strip $f"; continue; } ;;
	esac
	for d in "$B" "$S"; do
		n=$(grep -a -o -F "$d" "$g" | wc -l)
		# a prefix inside a tree (make distcheck's is in the source
		# tree's _inst): naming it is the install's own business
		case $PREFIX/ in
		"$d"/*) n=$((n - $(grep -a -o -F "$PREFIX" "$g" | wc -l))) ;;
		esac
		[ "$n" -gt 0 ] && fail "${f#$P/} names $d"
	done
done
[ "$fails" -eq "$before" ] && ok "no installed file names $B or $S"

# a user's program, built the user's way
"$ALPHA_CC" -O2 -o hot "$S/tests/hot_loop.c" || { fail "$ALPHA_CC hot_loop.c"; exit 1; }

# run.sh: profile hot and read the database back with the installed
# tools; run with the trees hidden where a mount namespace can be had.
cat > run.sh <<'REOF'
P=$1
cd "$2" || exit 1
PATH=$P/bin:/usr/bin:/bin
for d in "$3" "$4"; do
	[ -d "$d" ] && [ -n "$(ls -A "$d")" ] && { echo "tree still visible: $d"; exit 1; }
done
alphasim -q --profile=db --stats st.json ./hot 2000000 > prof.out 2> prof.err || exit 2
dcpiprof -db db --csv > dcpiprof.csv 2> dcpiprof.err || exit 3
dcpiprof -db db hot > dcpiprof.out 2>> dcpiprof.err || exit 3
dcpicalc -db db hot hot_loop > dcpicalc.out 2> dcpicalc.err || exit 4
dcpiprof -db db minios.elf > kernel.out 2> kernel.err || exit 5
# the commands the summary ends with: the installed names, which run here
alphasim --profile=db2 ./hot 2000000 > /dev/null 2> summary.err || exit 6
sed -n -e 's/^alphasim: \(dcpi[a-z]* -db .*\)   # .*/\1/p' \
	-e 's/.*dropped); \(dcpiprof -db [^ ]*\) for more$/\1/p' summary.err > cmds
[ "$(wc -l < cmds)" -ge 3 ] || exit 7
while read -r c; do eval "$c" > /dev/null 2>> cmds.err || exit 8; done < cmds
dcpiexport -db db --json --output prof.pb.gz > export.json 2> export.err || exit 9
REOF
# a private mount namespace where a tmpfs may be mounted: root's, or a
# user namespace's
hide=
mkdir probe
for h in "unshare -m" "unshare -rm"; do
	$h sh -c 'mount -t tmpfs none "$1"' sh "$tmp/probe" 2> /dev/null && { hide=$h; break; }
done
if [ -n "$hide" ]; then
	$hide sh -c 'mount -t tmpfs none "$1" && { [ "$1" = "$2" ] || mount -t tmpfs none "$2"; } &&
		exec sh "$3"/run.sh "$4" "$3" "$1" "$2"' sh "$B" "$S" "$tmp" "$P"
	st=$?
	expect_eq "installed tools, build tree hidden: exit status" "$st" 0
else
	echo "note: no mount namespace here: the build tree stays reachable; the relocation and the grep above are the check"
	sh run.sh "$P" "$tmp" /nonexistent /nonexistent
	st=$?
	expect_eq "installed tools: exit status" "$st" 0
fi
[ "$st" -ne 0 ] && cat prof.err dcpiprof.err dcpicalc.err kernel.err summary.err cmds.err export.err 2> /dev/null |
	head -20
[ "$st" -eq 0 ] && ok "the summary's $(wc -l < cmds) commands, installed names, run: $(cut -d' ' -f1 cmds | tr '\n' ' ')"
# the samples land in hot's own image, in hot_loop
total=$(awk -F, '$1 == "total" { print $2 }' dcpiprof.csv 2> /dev/null)
[ "${total:-0}" -gt 0 ] && ok "dcpiprof: $total samples" || fail "dcpiprof: no samples"
img=$(awk -F, '$1 == "/hot" { print $2 }' dcpiprof.csv)
[ $((2 * ${img:-0})) -gt "${total:-0}" ] && ok "dcpiprof: $img of them in /hot" ||
	fail "dcpiprof: ${img:-no} samples in /hot"
grep -q "^ *${img:-x} .*hot_loop\$" dcpiprof.out && ok "dcpiprof hot: all in hot_loop" ||
	fail "dcpiprof hot: hot_loop has not all of /hot's samples"
grep -q "hot_loop" dcpicalc.out && [ "$(wc -l < dcpicalc.out)" -gt 5 ] &&
	ok "dcpicalc: hot_loop's listing ($(wc -l < dcpicalc.out) lines)" ||
	fail "dcpicalc: no listing of hot_loop"
# the kernel's procedures: dcpiprof found the installed minios.elf
[ "$(grep -c '^ *[0-9].*%  [a-z_]' kernel.out)" -gt 1 ] &&
	ok "dcpiprof minios.elf: $(grep -c '^ *[0-9].*%  [a-z_]' kernel.out) rows" ||
	fail "dcpiprof minios.elf: no procedures: $(cat kernel.err kernel.out | head -3)"
# found relative to the moved tree, not in the configured $(pkglibdir)
head -1 kernel.out | grep -q -F "($P/bin/../lib/alphasim/minios.elf)" &&
	ok "minios.elf found beside the moved bin/" ||
	fail "minios.elf not from the moved tree: $(head -1 kernel.out)"
unknown_ok installed st.json
# the installed dcpiexport: every image with its functions, the kernel's
# found beside the moved bin/ too (none exported by address alone)
python3 -c 'import json, sys; j = json.load(open(sys.argv[1]))
sys.exit(not (j["functions"] > 1 and j["images_without_file"] == 0))' export.json &&
	[ -s prof.pb.gz ] && ok "dcpiexport: $(tr -d '\n' < export.json | cut -c1-60)..." ||
	fail "dcpiexport: $(cat export.json export.err 2> /dev/null | head -3)"

# alphasim alone, away from its tree: one line naming the places tried,
# the configured $(pkglibdir) last
mkdir alone && cp "$P/bin/alphasim" alone/
alone/alphasim ./hot 1 > alone.out 2> alone.err
expect_eq "alphasim alone: exit status" "$?" 125
grep -q -F "nor in $PKGLIBDIR;" alone.err && [ "$(wc -l < alone.err)" -eq 1 ] &&
	ok "alphasim alone: $(cat alone.err)" || fail "alphasim alone: $(cat alone.err)"
exit $((fails > 0))

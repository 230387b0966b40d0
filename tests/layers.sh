#!/bin/sh
# tests/layers.sh - the layers point one way (docs/architecture.md).
#
# Each layer is one or more static libraries; a layer may include the
# headers of, and call, only itself and the layers it is given below.
# Checked on the built libraries:
#   - every #include "..." of a library's sources and of their headers
#     names a file of the same layer or of one it may use;
#   - every symbol a library's objects leave undefined (nm) that some
#     layer defines is defined in the same layer or one it may use.
# A file that belongs to no layer (a program's: sim/, analysis/dcpiNAME.c,
# dcpid, the tests) is on top and may use anything.  Guest code (minios,
# the test programs, driver/ in minios) is not a host layer: it may
# include abi/ and the tables it shares (pmu/events.def, isa/palcall.def).
#
#   tests/layers.sh --check    check the build tree (make all runs it:
#                              the build fails on an upward use)
#   tests/layers.sh            and check that a planted upward include and
#                              call are caught (the test suite's run)
#   tests/layers.sh --dot      print the layers as the #include lines of
#                              the tree join them, in Graphviz's language
#                              (make layers.dot, layers.svg)
# Prints one line per violation; exit status 1 if there is one.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-.}
NM=${NM:-nm}

# LAYER LIBRARIES... : MAY-USE...   (bottom up; abi/ is headers only)
layers() {
	cat <<'EOF'
abi        -                                       : -
util       util/libutil.a                          : abi
isa        isa/libisa.a                            : util abi
timing     timing/libtiming.a                      : isa util abi
pmu        pmu/libpmu.a                            : abi
chip       chip/libchip.a                          : pmu timing isa util abi
platform   platform/libplatform.a                  : chip pmu timing isa util abi
obs        obs/libobs.a                            : platform chip pmu timing isa util abi
driver     -                                       : pmu abi
profdb     daemon/libprofdb.a daemon/libdcpid.a    : driver pmu util abi
anlib      analysis/lib/libanalysis.a              : profdb driver pmu timing isa util abi
pprof      analysis/report/libpprof.a              : util abi
report     analysis/report/libreport.a             : anlib profdb driver pmu timing isa util abi
EOF
}
# Directories that are one layer each (the others: by their libraries).
whole_dirs="abi util isa timing pmu chip platform obs driver"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# $tmp/owner: FILE LAYER for every file that belongs to a layer;
# $tmp/libs: LAYER ARCHIVE (its path).
build_tables() {
	: >"$tmp/owner"
	: >"$tmp/libs"
	for d in $whole_dirs; do
		(cd "$top_srcdir" && ls "$d" 2>/dev/null) | while read -r f; do
			echo "$d/$f $d"
		done >>"$tmp/owner"
	done
	layers | while read -r layer rest; do
		for a in ${rest%%:*}; do
			[ "$a" = - ] && continue
			echo "$layer $top_builddir/$a" >>"$tmp/libs"
			d=$(dirname "$a")
			"${AR:-ar}" t "$top_builddir/$a" | sed -e 's/^lib[a-z]*_a-//' -e 's/\.o$//' |
				while read -r stem; do
					for ext in c h def; do
						[ -f "$top_srcdir/$d/$stem.$ext" ] && echo "$d/$stem.$ext $layer"
					done
				done >>"$tmp/owner"
		done
	done
	sort -u -o "$tmp/owner" "$tmp/owner"
	layers | sed 's/^\([a-z]*\) .*: */\1 /' >"$tmp/may"
}

# may LAYER OTHER: true when LAYER may use OTHER.
may() {
	[ "$1" = "$2" ] && return 0
	awk -v l="$1" -v o="$2" '$1 == l { for (i = 2; i <= NF; i++) if ($i == o) f = 1 } END { exit !f }' "$tmp/may"
}

# check_includes FILES ROOT: every #include "x" of the files listed in
# FILES (FILE LAYER lines), read beneath ROOT.
check_includes() {
	while read -r file layer; do
		case $file in *.c|*.h|*.def) ;; *) continue ;; esac
		sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$2/$file" |
			while read -r inc; do
				other=$(awk -v f="$inc" '$1 == f { print $2 }' "$tmp/owner")
				[ -n "$other" ] || continue
				may "$layer" "$other" ||
					echo "$file ($layer) includes $inc ($other)"
			done
	done <"$1"
}

# check_symbols LIBS: every undefined symbol of the libraries listed in
# LIBS (LAYER ARCHIVE lines), against what every layer defines.
check_symbols() {
	cat "$tmp/libs" "$1" | sort -u | while read -r layer a; do
		"$NM" --defined-only -g "$a" 2>/dev/null | awk -v l="$layer" 'NF == 3 { print $3, l }'
	done | sort -u >"$tmp/defs"
	while read -r layer a; do
		"$NM" -u "$a" 2>/dev/null | awk 'NF == 2 { print $2 }' | sort -u |
			while read -r sym; do
				other=$(awk -v s="$sym" '$1 == s { print $2; exit }' "$tmp/defs")
				[ -n "$other" ] || continue
				may "$layer" "$other" || echo "${a#"$top_builddir"/} ($layer) calls $sym ($other)"
			done
	done <"$1"
}

# dot: an edge from each layer to every layer its files include, with
# the number of #include lines; the programs (every other C file of the
# host tree) on top.
dot() {
	(cd "$top_srcdir" && git ls-files '*.c' '*.h' '*.def' 2>/dev/null ||
		find . -name '*.[ch]' | sed 's|^\./||') |
		grep -v -e '^minios/' -e '^testprogs/' -e '^tests/' |
		while read -r file; do
			layer=$(awk -v f="$file" '$1 == f { print $2 }' "$tmp/owner")
			[ -n "$layer" ] || layer=programs
			sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$top_srcdir/$file" |
				while read -r inc; do
					other=$(awk -v f="$inc" '$1 == f { print $2 }' "$tmp/owner")
					[ -n "$other" ] && [ "$other" != "$layer" ] && echo "$layer $other"
				done
		done | sort | uniq -c |
		awk 'BEGIN { print "digraph layers {"; print "\trankdir=BT; node [shape=box];" }
		     { printf "\t\"%s\" -> \"%s\" [label=%d];\n", $2, $3, $1 }
		     END { print "}" }'
}

build_tables
if [ "${1:-}" = --dot ]; then
	dot
	exit 0
fi
check_includes "$tmp/owner" "$top_srcdir" >"$tmp/bad"
check_symbols "$tmp/libs" >>"$tmp/bad"
status=0
if [ -s "$tmp/bad" ]; then
	sed 's/^/layers: upward: /' "$tmp/bad"
	status=1
fi

# Without --check: a planted isa source that includes a chip header, and the
# isa library it makes, which calls a chip function, are both caught.
if [ "${1:-}" != --check ] && [ $status -eq 0 ]; then
	plant=$tmp/plant
	mkdir -p "$plant/isa"
	printf '#include "chip/cpu.h"\nvoid planted(void);\nvoid planted(void) { cpu_run(0, 0); }\n' \
		>"$plant/isa/planted.c"
	echo "isa/planted.c isa" >"$tmp/plant.files"
	check_includes "$tmp/plant.files" "$plant" |
		grep -q 'isa/planted.c (isa) includes chip/cpu.h (chip)' ||
		{ echo "layers: selftest: a planted upward include was not caught"; status=1; }
	# and within analysis/: the library computes, what prints is above it
	mkdir -p "$plant/analysis/lib"
	printf '#include "analysis/report/table.h"\n' >"$plant/analysis/lib/planted.c"
	echo "analysis/lib/planted.c anlib" >"$tmp/plant.files"
	check_includes "$tmp/plant.files" "$plant" |
		grep -q 'analysis/lib/planted.c (anlib) includes analysis/report/table.h (report)' ||
		{ echo "layers: selftest: a planted include of report in anlib was not caught"
		  status=1; }
	${CC:-cc} -c -I"$top_srcdir" -I"$top_builddir" -o "$plant/planted.o" "$plant/isa/planted.c" &&
		"${AR:-ar}" rc "$plant/libplanted.a" "$plant/planted.o" || status=1
	echo "isa $plant/libplanted.a" >"$tmp/plant.libs"
	check_symbols "$tmp/plant.libs" | grep -q 'libplanted.a (isa) calls cpu_run (chip)' ||
		{ echo "layers: selftest: a planted upward call was not caught"; status=1; }
	[ $status -eq 0 ] && echo "layers: selftest: a planted upward include and call are caught"
fi
[ $status -eq 0 ] && echo "layers: every include and call points down"
exit $status

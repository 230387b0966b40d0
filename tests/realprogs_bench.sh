#!/bin/sh
# tests/realprogs_bench.sh - `make bench` (after tests/bench.sh): the real
# programs of tests/realprogs_*.sh (built from Debian's sources by
# testprogs/real/build.sh) on workloads of realistic size, beside
# qemu-alpha running the same static binary.
#
# For each workload: the guest instructions (alphasim's --stats, all of
# them: the program's and the kernel's), alphasim's MIPS (over its wall
# time) with the timing model off, on, on with --truth, and --profile
# (tests/bench.sh names them), qemu-alpha's instruction count
# (tests/qemu_icount.so: the program's only), its wall time and MIPS,
# alphasim's time with timing off and with --profile over qemu's, and
# --profile's over timing off; then those against the targets
# (tests/bench_targets.awk: 3x qemu's time for the functional core and
# 15x for --profile on the geometric mean, no workload over 25x, and
# --profile within 3x the functional core's time).  A
# workload whose sources cannot be fetched is left out with a line
# saying so.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$here/..}
top_builddir=${top_builddir:-.}
sim=${ALPHASIM:-$top_builddir/sim/alphasim}
sim=$(cd "$(dirname "$sim")" && pwd)/$(basename "$sim")   # we cd below
qemu=${QEMU_ALPHA:-qemu-alpha}
plugin=$(cd "$top_builddir/tests" && pwd)/qemu_icount.so
real=$(cd "$top_srcdir/testprogs/real" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
num() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d$2)" "$1"; }

# dir PACKAGE: the package's build (testprogs/real/build.sh), or nothing
dir() {
	d=$(sh "$real/build.sh" "$1") || { echo "  ($1 left out: ${d:-the build failed})"; return 1; }
	echo "$d"
}

# bench NAME PROGRAM ARGS...: one workload, run in $tmp/NAME (which the
# caller filled), alphasim twice and qemu-alpha twice (timed, counted);
# each run starts from a fresh copy of the directory.
bench() {
	name=$1 prog=$2
	shift 2
	line="" first=""
	for m in off on truth profile; do
		case $m in
		off) opt="--timing=off" ;;
		on) opt="--timing=on" ;;
		truth) opt="--truth $tmp/t.truth" ;;
		profile) opt="--profile=$tmp/db" ;;
		esac
		rm -rf "$tmp/run" "$tmp/db" "$tmp/db.truth" && cp -a "$tmp/$name" "$tmp/run"
		t0=$(now)
		# shellcheck disable=SC2086
		(cd "$tmp/run" && "$sim" -q $opt --stats "$tmp/s.json" "$prog" "$@") \
			>/dev/null 2>"$tmp/err" </dev/null || {
			echo "realprogs_bench: $name failed on alphasim $opt: $(tail -n 3 "$tmp/err")" >&2
			return 1
		}
		t1=$(now)
		n=$(num "$tmp/s.json" "['total']['instructions']")
		s=$(calc "$t1 - $t0")
		first=${first:-$n}
		eval "t_$m=$s"
		line="$line $(printf ' %8.1f' "$(calc "$n / $s / 1000000")")"
	done
	rm -rf "$tmp/run" && cp -a "$tmp/$name" "$tmp/run"
	t0=$(now)
	(cd "$tmp/run" && "$qemu" "$prog" "$@") >/dev/null 2>&1 </dev/null
	t1=$(now)
	q=$(calc "$t1 - $t0")
	rm -rf "$tmp/run" && cp -a "$tmp/$name" "$tmp/run"
	(cd "$tmp/run" && "$qemu" -plugin "$plugin,out=$tmp/qn" "$prog" "$@") >/dev/null 2>&1 </dev/null
	qn=$(cat "$tmp/qn")
	# shellcheck disable=SC2154
	roff=$(calc "$t_off / $q") rprof=$(calc "$t_profile / $q")
	echo "$roff $rprof" >>"$tmp/ratios"
	printf '%-14s %12s%s %12s %9.3f %8.1f %8.1f %8.1f %8.1f\n' "$name" "$first" "$line" "$qn" "$q" \
		"$(calc "$qn / $q / 1000000")" "$roff" "$rprof" "$(calc "$t_profile / $t_off")"
}

echo "Real programs (static builds from Debian's sources, 1 CPU):"
printf '%-14s %12s %8s %8s %8s %8s %12s %9s %8s %8s %8s %8s\n' workload insns off on truth \
	profile "qemu insns" "qemu/s" "qemuMIPS" "off/qemu" "prof/qemu" "prof/off"
: >"$tmp/ratios"

# bzip2: bzip2's test data, manual and sources (about 700 KB), -9 and back
if b=$(dir bzip2); then
	mkdir "$tmp/bzip2-9" "$tmp/bzip2-d"
	(cd "$b/src" && cat sample1.ref sample2.ref manual.html *.c) >"$tmp/bzip2-9/in"
	"$qemu" "$b/bin/bzip2.lnx" -9 -c "$tmp/bzip2-9/in" >"$tmp/bzip2-d/in.bz2"
	bench bzip2-9 "$b/bin/bzip2.lnx" -9 -k in
	bench bzip2-d "$b/bin/bzip2.lnx" -d in.bz2
fi
# sqlite3: create.sql with 2000 customers (8000 orders), then query.sql
if b=$(dir sqlite3); then
	mkdir "$tmp/sqlite-create" "$tmp/sqlite-query"
	{ echo '.parameter set @n 2000'; cat "$real/sqlite3/create.sql"; } >"$tmp/sqlite-create/create.sql"
	cp "$real/sqlite3/query.sql" "$tmp/sqlite-query/"
	(cd "$tmp/sqlite-query" && "$qemu" "$b/bin/sqlite3.lnx" -init ../sqlite-create/create.sql shop.db) \
		</dev/null >/dev/null
	bench sqlite-create "$b/bin/sqlite3.lnx" -init create.sql shop.db
	bench sqlite-query "$b/bin/sqlite3.lnx" -init query.sql shop.db
fi
# lua: bench.lua at size 40
if b=$(dir lua); then
	mkdir "$tmp/lua"
	cp "$real/lua/bench.lua" "$tmp/lua/"
	bench lua "$b/bin/lua.lnx" bench.lua 40
	lua=$b/bin/lua.lnx
fi
# mawk: wordfreq.awk over mawk's manual and C sources (about 600 KB)
if b=$(dir mawk); then
	mkdir "$tmp/mawk"
	cp "$real/mawk/wordfreq.awk" "$tmp/mawk/"
	(cd "$b/src" && cat man/mawk.doc *.c) >"$tmp/mawk/text"
	bench mawk "$b/bin/mawk.lnx" -f wordfreq.awk text
fi
# zlib: minigzip -9 of zlib's ChangeLog, documentation and sources (1.2 MB), and back
if b=$(dir zlib); then
	mkdir "$tmp/minigzip-9" "$tmp/minigzip-d"
	(cd "$b/src" && cat ChangeLog doc/* *.c) >"$tmp/minigzip-9/in"
	gzip -9 -c "$tmp/minigzip-9/in" >"$tmp/minigzip-d/in.gz"
	bench minigzip-9 "$b/bin/minigzip.lnx" -9 in
	bench minigzip-d "$b/bin/minigzip.lnx" -d in.gz
fi
awk -v set=real -f "$here/bench_targets.awk" "$tmp/ratios"

# Host instructions per guest instruction (callgrind) on lua's first 20 M
# instructions in three modes, and the share of them the block-schedule
# memo replayed (the summary line's): the real programs' figures in
# docs/performance.md, without the noise of a shared machine.
if [ -n "${lua:-}" ] && command -v valgrind >/dev/null 2>&1; then
	for m in off on profile; do
		case $m in
		off) opt="--timing=off" ;;
		on) opt="--timing=on" ;;
		profile) opt="--profile=$tmp/db" ;;
		esac
		rm -rf "$tmp/run" "$tmp/db" "$tmp/db.truth" && cp -a "$tmp/lua" "$tmp/run"
		# shellcheck disable=SC2086
		(cd "$tmp/run" && valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
			"$sim" --max-insns 20000000 $opt --stats "$tmp/s.json" "$lua" bench.lua 40) \
			>/dev/null 2>"$tmp/cg.err" </dev/null
		h=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$tmp/cg.err")
		r=$(sed -n 's/.* \([0-9.]*%\) replayed$/\1/p' "$tmp/cg.err")
		n=$(num "$tmp/s.json" "['total']['instructions']")
		[ -n "$h" ] && printf 'callgrind, lua, %-8s %6.1f host instructions per guest instruction%s\n' \
			"$m:" "$(calc "$h / $n")" "${r:+, $r replayed}"
	done
fi
exit 0

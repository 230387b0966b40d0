#!/bin/sh
# tests/corpus.sh [NAME...] - the corpus (testprogs/corpus/*.c, see
# docs/testing.md "Corpus") on alphasim, each program static (NAME.lnx)
# and dynamic (NAME.dyn), on 1 and on 4 CPUs, and profiled by DCPI
# (alphasim --profile: static on 1 CPU, dynamic on 4).  Every case runs in an
# empty working directory of its own, with the same arguments and the
# same environment as the reference, and must match it:
#   - standard output, byte for byte;
#   - standard error, less minios's own reports of processes killed by a
#     signal ("minios: pid N: ..."), which a shell would print, not the
#     program (qemu-alpha prints nothing there);
#   - the exit status;
#   - for static single-threaded programs: the stats file's
#     total.user_instructions within 0.1% of what qemu-alpha executes
#     (tests/qemu_icount.so);
#   - profiled: every sample conserved (the stats file's dcpi object),
#     and under 1% of them unknown (tests/lib.sh unknown_ok, after all
#     cases).
# The reference is qemu-alpha running the same binary; for a program that
# execs another Alpha program, which qemu-alpha cannot do without binfmt,
# it is testprogs/corpus/NAME.expected (standard output; standard error
# empty; status 0), and only qemu's first line, printed before any exec,
# is checked against it.
# One line per case: NAME VARIANT cpus=N PASS, or FAIL and the reasons;
# then a matrix of all cases.  With NAMEs, only those programs run.
# Runs by hand from the build directory too (tests/corpus.sh string).
set -u
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
top_builddir=${top_builddir:-.}
ALPHASIM=${ALPHASIM:-$(cd "$top_builddir" && pwd)/sim/alphasim}
QEMU_ALPHA=${QEMU_ALPHA:-qemu-alpha}
ALPHA_SYSROOT=${ALPHA_SYSROOT:-/usr/alpha-linux-gnu}
export top_srcdir top_builddir ALPHASIM QEMU_ALPHA ALPHA_SYSROOT

# Programs with more than one process or thread: the instruction counts
# of the two machines are not comparable (qemu's plugin counts the parent
# process's threads, with a different interleaving of spinning).
MULTI="fork_exec fork_wait pipe pipeline shm_fork sigchld pthread_barrier pthread_mutex
pthread_pc pthread_tls"
# Static programs whose instruction count is not checked, for start-up
# differences measured per PC (a qemu plugin counting each PC against
# alphasim --truth), where minios follows Linux/Alpha and qemu-alpha
# does not, and which are over 0.1% of these short programs:
#  - setjmp, signal, dup: +42 in glibc's start-up: Linux/Alpha gives
#    AT_PLATFORM ("ev5", arch/alpha/include/asm/elf.h ELF_PLATFORM),
#    qemu-alpha none, so _dl_aux_init and _dl_non_dynamic_init's
#    strlen of it run only on alphasim;
#  - dirs: the same +38, and -325 or more in strcmp/strncmp of getcwd's
#    result: qemu-alpha's working directory is the long host path of the
#    case, minios's is "/" (the user's tree is the guest's root,
#    docs/minios.md "The guest's file name space"); the gap grows with
#    the length of the host path;
#  - env: walks argv and the environment, whose strings glibc handles a
#    word at a time, so the count depends on where the strings fall:
#    measured -23 to -37 (0.06% to 0.10%) against qemu-alpha as the
#    program's host path grows by one character at a time (the two lay
#    out the strings with different alignments).
ICOUNT_EXEMPT="setjmp signal dup dirs env"
# A runaway guest is stopped: by instruction count (all CPUs) and by time.
MAX_INSNS=2000000000
TIME_LIMIT=120

src=$top_srcdir/testprogs/corpus
bin=$(cd "$top_builddir" && pwd)/testprogs/corpus
plugin=$(cd "$top_builddir" && pwd)/tests/qemu_icount.so
if [ "${1:-}" != --one ]; then
	. "$top_srcdir/tests/lib.sh"
fi
if [ -z "$QEMU_ALPHA" ] || ! command -v "$QEMU_ALPHA" >/dev/null; then
	echo "SKIP: no qemu-alpha to compare with"
	exit 77
fi
# run DIR OUT TOOL...: run TOOL... in the empty directory DIR with the
# corpus environment and arguments; OUT.out, OUT.err, OUT.rc.
run() {
	dir=$1 out=$2
	shift 2
	mkdir "$dir"
	(cd "$dir" && timeout "$TIME_LIMIT" env -i CORPUS_A=1 CORPUS_B="two words" "$@" \
		one "two three" </dev/null >"$out.out" 2>"$out.err")
	echo $? >"$out.rc"
}

# case_check NAME VARIANT CPUS REF [profiled]: compare a finished
# alphasim run ($tmp/s.*) with the reference REF.{out,err,rc}; prints
# the case line.  A profiled run's user instructions include dcpid's:
# its check is conservation instead.
case_check() {
	n=$1 v=$2 c=$3 ref=$4 s=$tmp/s.$1.$2.$3
	why=""
	if [ "${5:-}" = profiled ]; then
		grep -q '"conserved": true' "$s.json" 2>/dev/null || why=" samples not conserved;"
	fi
	grep -v '^minios: pid [0-9]*: ' "$s.err" >"$s.err2"
	[ "$(cat "$s.rc")" = "$(cat "$ref.rc")" ] ||
		why="$why status $(cat "$s.rc") (want $(cat "$ref.rc"));"
	cmp -s "$s.out" "$ref.out" ||
		why="$why stdout differs at line $(diff "$s.out" "$ref.out" | sed -n '1s/[^0-9].*//p');"
	cmp -s "$s.err2" "$ref.err" || why="$why stderr differs: $(diff "$s.err2" "$ref.err" | sed -n 2p);"
	if [ -f "$ref.ic" ] && [ "${5:-}" != profiled ]; then
		ic=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total']['user_instructions'])" \
			"$s.json" 2>/dev/null)
		q=$(cat "$ref.ic")
		if [ -z "$ic" ]; then
			why="$why no stats;"
		elif [ $(((ic - q) * 1000)) -gt "$q" ] || [ $(((q - ic) * 1000)) -gt "$q" ]; then
			why="$why user instructions $ic vs qemu $q;"
		fi
	fi
	if [ -z "$why" ]; then
		printf '%-16s %s cpus=%s PASS\n' "$n" "$v" "$c"
	else
		printf '%-16s %s cpus=%s FAIL:%s\n' "$n" "$v" "$c" "$why"
		sed -n '1,3s/^/    stderr: /p' "$s.err"
	fi
}

# one NAME: every case of one program; the case lines go to stdout and
# to $tmp/NAME.res.
one() {
	n=$1
	for v in $variants; do
		b=$bin/$n.$v
		ref=$tmp/q.$n.$v
		L=""
		[ $v = dyn ] && L="-L $ALPHA_SYSROOT"
		P=""
		case " $(echo $MULTI $ICOUNT_EXEMPT) " in *" $n "*) ;; *) [ $v = lnx ] && P="-plugin $plugin,out=$ref.ic" ;; esac
		run "$ref.d" "$ref" "$QEMU_ALPHA" $L $P "$b"
		if [ -f "$src/$n.expected" ]; then
			# qemu-alpha's exec fails; its first line comes before any exec
			[ "$(head -n 1 "$ref.out")" = "$(head -n 1 "$src/$n.expected")" ] ||
				echo "$n $v: qemu-alpha's first line is not the expected one" >"$tmp/$n.$v.qemu"
			cp "$src/$n.expected" "$ref.out"
			: >"$ref.err"
			echo 0 >"$ref.rc"
		fi
		for c in $plain_cpus; do
			s=$tmp/s.$n.$v.$c
			run "$s.d" "$s" "$ALPHASIM" -q --cpus $c --max-insns $MAX_INSNS \
				--sysroot "$ALPHA_SYSROOT" --stats "$s.json" "$b"
			case_check "$n" $v $c "$ref"
		done
		# profiled by DCPI (static on 1 CPU, dynamic on 4): the same
		# output and status, every sample conserved
		c=1
		[ $v = dyn ] && c=4
		s=$tmp/s.$n.$v.p$c
		run "$s.d" "$s" "$ALPHASIM" -q --cpus $c --max-insns $MAX_INSNS \
			--sysroot "$ALPHA_SYSROOT" --stats "$s.json" --profile=db "$b"
		case_check "$n" $v p$c "$ref" profiled
		cat "$tmp/$n.$v.qemu" 2>/dev/null
	done | tee "$tmp/$n.res"
}

# The builds (static, dynamic) and the plain runs' CPU counts (1 and 4).
# The sanitized pass of ./quickstart check, which looks for memory errors
# in alphasim's own code, runs the dynamic builds profiled on 4 CPUs
# only: they go through every part a plain or static run does (the
# static loader is minios.sh's) and the profiling and SMP too, and the
# other cases' checks are the first pass's.  That keeps the whole check
# well under CI's 15 minutes (tests/lib.sh, long_simulation).  Shown as
# "-" in the table.
variants="lnx dyn" plain_cpus="1 4"
[ -n "${ALPHASIM_SANITIZED:-}" ] && variants=dyn plain_cpus=""

if [ "${1:-}" = --one ]; then
	# internal: one program, with the parent's directory (and not
	# lib.sh's, whose exit trap would remove the directory)
	tmp=$2
	one "$3"
	exit 0
fi

if [ $# -gt 0 ]; then
	progs="$*"
else
	progs=$(cd "$src" && ls *.c | sed 's/\.c$//')
fi
for p in $progs; do
	[ -f "$src/$p.c" ] || { echo "corpus.sh: no program $p (testprogs/corpus/$p.c)" >&2; exit 2; }
	for v in lnx dyn; do
		[ -x "$bin/$p.$v" ] || { echo "corpus.sh: $bin/$p.$v not built (make check builds it)" >&2; exit 2; }
	done
done

# Two programs at a time (each case is single-threaded on the host).
jobs=${CORPUS_JOBS:-2}
echo $progs | tr ' ' '\n' | xargs -P "$jobs" -I{} sh "$0" --one "$tmp" {}

echo
printf '%-16s %-9s %-9s %-9s %-9s %-9s %-9s\n' program lnx/1cpu lnx/4cpu \
	lnx/prof1 dyn/1cpu dyn/4cpu dyn/prof4
pass=0 total=0
for p in $progs; do
	row=""
	for v in lnx dyn; do
		pc=p1
		[ $v = dyn ] && pc=p4
		for c in 1 4 $pc; do
			case " $variants " in *" $v "*) ;; *) c=none ;; esac
			case " $plain_cpus $pc " in
			*" $c "*) ;;
			*) row="$row $(printf '%-9s' -)"; continue ;;
			esac
			r=$(grep "^$p  *$v cpus=$c " "$tmp/$p.res" | awk '{print $4}' | cut -c1-4)
			row="$row $(printf '%-9s' "${r:-MISSING}")"
			total=$((total + 1))
			[ "$r" = PASS ] && pass=$((pass + 1))
		done
	done
	printf '%-16s%s\n' "$p" "$row"
	grep -q ': qemu-alpha' "$tmp/$p.res" && fail "$p: qemu-alpha disagrees with $p.expected before exec"
done
echo "corpus: $pass of $total cases pass"
# every profiled case's samples: under 1% unknown
for s in "$tmp"/s.*.p[14].json; do
	[ -f "$s" ] && unknown_ok "$(basename "$s" .json | sed 's/^s\.//')" "$s"
done
[ $pass -eq $total ] || fail "corpus: $((total - pass)) case(s) failed"
finish

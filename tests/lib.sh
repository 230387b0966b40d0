# tests/lib.sh - shared helpers for the shell tests.
set -u
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok()   { echo "ok: $*"; }
# expect_eq WHAT GOT WANT
expect_eq() { if [ "$2" = "$3" ]; then ok "$1"; else fail "$1: got '$2', want '$3'"; fi; }
# need_qemu: the test compares with qemu-alpha; without one it is
# skipped (status 77).
need_qemu() {
	if [ -z "${QEMU_ALPHA:-}" ] || [ ! -x "$QEMU_ALPHA" ]; then
		echo "SKIP: no qemu-alpha to compare with"
		exit 77
	fi
}
# qemu_run OUT ARGS...: qemu-alpha ARGS with a clean environment, its
# standard output into OUT; its status.  qemu-user can hang for good on
# a threaded program's futexes (seen once in futex.lnx on a loaded
# machine): a run over 60 s is killed and run once more.
qemu_run() {
	_out=$1
	shift
	timeout 60 env -i "$QEMU_ALPHA" "$@" >"$_out"
	_st=$?
	[ $_st -eq 124 ] || return $_st
	echo "qemu-alpha $*: no answer in 60 s; once more" >&2
	timeout 60 env -i "$QEMU_ALPHA" "$@" >"$_out"
}
# long_simulation WHAT: a test whose cost is guest instructions rather
# than host code the other tests leave unexercised (real programs, the
# labs, sweeps...: the list in docs/testing.md) is skipped (77) in the second,
# sanitized pass of `./quickstart check` (ALPHASIM_SANITIZED set), which
# would otherwise take the whole check past CI's 15 minutes; the first
# pass runs it in full (docs/testing.md, "The two passes").
long_simulation() {
	if [ -n "${ALPHASIM_SANITIZED:-}" ]; then
		echo "SKIP: $1: a long simulation, run in the unsanitized pass"
		exit 77
	fi
}
# guest_env CMD...: CMD with a fixed, minimal environment.  alphasim
# passes its environment to the guest, whose stack (and with it every
# cycle and sample after) moves with it, so a check of exact cycles must
# not depend on the make or shell it runs under (docs/testing.md).  The
# guest's PATH is a constant too, alphasim-sweep's: CI's PATH is not
# ours, and that alone moved the samples across two tests' floors.
# GUEST_PAD, when set, is passed on: tests/phases.sh moves the guest's
# stack with it to see which checks hold at every phase.
guest_env() { env -i PATH=/usr/bin:/bin LC_ALL=C ${GUEST_PAD:+GUEST_PAD="$GUEST_PAD"} "$@"; }
# same_file WHAT GOT WANT [WHOSE]: alphasim's output GOT has the bytes of
# WANT, which came from WHOSE (default "expected": a text here; say
# "qemu-alpha's" for its output); else the first lines of the difference.
same_file() {
	if cmp -s "$2" "$3"; then
		ok "$1: output as ${4:-expected} ($(wc -l <"$3") lines)"
	else
		fail "$1: output differs from ${4:-expected} (alphasim < > ${4:-expected}):"
		diff "$2" "$3" | head -20
		return 1
	fi
}
# stat_num KEY FILE: KEY's number in a stats file, alphasim's (--stats:
# JSON, KEY in its dcpi object) or dcpid's (--stats: KEY=N lines).
stat_num() {
	sed -n -e "s/.*\"$1\": \([0-9]*\).*/\1/p" -e "s/^$1=\([0-9]*\)\$/\1/p" "$2" | head -1
}
# unknown_ok WHAT STATS: a profiled run left under 1% of its samples
# unknown (in no image's profile): the DCPI paper's figure (section 4.4,
# "considerably smaller than 1%").  Every test of a profiled run calls it.
unknown_ok() {
	_u=$(stat_num samples_unknown "$2") _i=$(stat_num samples_in_db "$2")
	if [ -z "$_u" ] || [ -z "$_i" ] || [ $((_u + _i)) -eq 0 ]; then
		fail "$1: no samples counted in $2"
	elif [ $((_u * 100)) -lt $((_u + _i)) ]; then
		ok "$1: $_u of $((_u + _i)) samples unknown (under 1%)"
	else
		fail "$1: $_u of $((_u + _i)) samples unknown (1% or more)"
	fi
}
# refused WHAT FILE CMD...: bad input is refused quickly and cleanly
# (docs/usage.md, "Exit status"): CMD exits non-zero within $guard
# seconds (default 600: a hang, not a slow machine) with one line on
# standard error naming FILE and nothing on standard output.  When CMD is
# alphasim the line is alphasim's own (the guest's dcpid may say more, and
# the guest's output is the program's).
refused() {
	_what=$1 _file=$2
	shift 2
	timeout "${guard:-600}" "$@" > out.txt 2> err.txt
	_st=$?
	if [ $_st -eq 124 ]; then
		fail "$_what: still running after ${guard:-600} s (waiting on, or reading, $_file)"
		return
	fi
	if [ "$1" = "${ALPHASIM:-}" ]; then grep '^alphasim:' err.txt > lines.txt
	else cp err.txt lines.txt; fi
	if [ $_st -eq 0 ]; then
		fail "$_what: status 0"
	elif [ "$(wc -l < lines.txt)" -ne 1 ] || ! grep -qF -e "$_file: " lines.txt; then
		fail "$_what: status $_st, want one line naming $_file: '$(cat err.txt)'"
	elif [ "$1" != "${ALPHASIM:-}" ] && [ -s out.txt ]; then
		fail "$_what: wrote output: $(head -2 out.txt)"
	else
		ok "$_what: $_st, '$(cat lines.txt)'"
	fi
}
finish() { [ $fails -eq 0 ] && exit 0; echo "$fails check(s) failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

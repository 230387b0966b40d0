#!/bin/sh
# tests/cli_progress.sh - alphasim's progress line (docs/usage.md,
# "Progress"): shown on a terminal (a pty, under script(1)) with the
# cycles, instructions, MIPS, samples and the share done of --max-insns,
# erased before the guest's output and the summary; not shown when
# stderr is a file or a pipe, nor with -q or --no-progress; forced on by
# --progress.  And a run is the same with it as without it: the line
# drawn at every slice ($ALPHASIM_PROGRESS_MS=0) leaves the guest's
# output, the stats (but the host's time), the truth and the profile
# database byte for byte as they are with --no-progress.
. "$top_srcdir/tests/lib.sh"
B=$(cd "$top_builddir" && pwd)
cd "$tmp" || exit 1
unset ALPHASIM_MINIOS ALPHASIM_DCPID
cp "$B/testprogs/demo.lnx" .
export ALPHASIM_PROGRESS_MS=0

# shown LOG: the progress line is in LOG (a carriage return and its words)
shown() { tr '\r' '\n' <"$1" | grep -Eq '^alphasim: [0-9.]+[KMG]? cycles, [0-9.]+[KMG]? instructions, [0-9.]+ MIPS'; }

# not a terminal: none, unless --progress
"$ALPHASIM" demo.lnx >out 2>err
expect_eq "piped: status" "$?" 0
if grep -q "$(printf '\r')" err || shown err; then fail "piped: a progress line in stderr"
else ok "piped: no progress line"; fi
"$ALPHASIM" --progress --max-insns 3000000 demo.lnx >out 2>err
expect_eq "--progress --max-insns: status" "$?" 124
tr '\r' '\n' <err | grep -Eq 'MIPS, [0-9]+% done' &&
	ok "--progress: shown, with the share of --max-insns done" ||
	fail "--progress: no progress line with the share done: $(tr '\r' '\n' <err | head -3)"
# the summary starts a line of its own: the last progress line was erased
tr '\r' '\n' <err | grep -q '^alphasim: 3000000 instructions' &&
	ok "--progress: the summary after the erased line" || fail "--progress: no summary line"

# a terminal: shown (with the samples when profiling), but with -q or
# --no-progress
if command -v script >/dev/null; then
	pty() { script -qec "$1" /dev/null </dev/null >"$2" 2>&1; }
	pty "'$ALPHASIM' --profile=ptydb demo.lnx" tty.log
	shown tty.log && ok "terminal: shown" || fail "terminal: no progress line: $(head -c 300 tty.log)"
	tr '\r' '\n' <tty.log | grep -Eq 'MIPS, [0-9.]+[KMG]? samples' &&
		ok "terminal, --profile: the samples so far" || fail "terminal, --profile: no samples"
	# the guest's output is whole on its lines
	"$ALPHASIM" -q demo.lnx >want 2>/dev/null
	tr '\r' '\n' <tty.log | grep -Fxf want | cmp -s - want &&
		ok "terminal: the guest's lines whole" || fail "terminal: the guest's lines cut"
	for opt in -q --no-progress; do
		pty "'$ALPHASIM' $opt demo.lnx" tty.log
		if shown tty.log; then fail "terminal, $opt: a progress line"
		else ok "terminal, $opt: no progress line"; fi
	done
else
	echo "no script(1) (util-linux): the terminal checks left out"
fi

# the same run with the line at every slice and without it: run NAME
# OPTION
run() {
	rm -rf db db.truth
	"$ALPHASIM" "$2" --profile=db --stats st.json demo.lnx >"$1.out" 2>"$1.err"
	expect_eq "$2: status" "$?" 0
	mv db "$1.db" && mv db.truth "$1.truth"
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
del d["total"]["host_seconds"]
print(json.dumps(d, indent=1, sort_keys=True))' st.json >"$1.stats"
}
run on --progress
shown on.err && ok "--progress: drawn during the profiled run" ||
	fail "--progress: not drawn during the profiled run"
run off --no-progress
for f in out stats truth db; do
	if diff -r on.$f off.$f >/dev/null; then
		ok "$f: the same with the progress line as without"
	else
		fail "$f differs with the progress line: $(diff -r on.$f off.$f | head -3 | tr '\n' ' ')"
	fi
done
finish

#!/bin/sh
# tests/an_schedule.sh - the analysis's static schedule (analysis/
# issuesched.h: timing/issue.h's issue_block over each basic block) against
# the simulator's own head cycles (the truth) on the timing
# microbenchmarks whose loops have no dynamic event after warm-up
# (testprogs/timing/; docs/timing.md, "Validation microbenchmarks"): for
# every instruction of the loop, M_i must be its head cycles per
# execution.  The one allowed difference is what the schedule leaves out
# by design (docs/analysis.md, "The static schedule"): at the loop's
# first instruction, a wait for a result of the iteration before, which
# the truth must put down to a dependency; and in imulq_chain, whose
# multiplies form a chain through the back edge, the block's second
# multiply waits imul_chain (1) cycle longer, since its operand comes
# from a multiply whose own operand came from one (docs/ev5.md
# "Latencies": no bypass into the multiplier), which the block's
# schedule cannot know.
. "$top_srcdir/tests/lib.sh"
B=$top_builddir
check="$B/tests/an_schedcheck"
for name in dep_add indep_add quad_issue slotting block_boundary load_chain imulq_chain \
	divt_chain cmov cmp_branch loop_predicted; do
	bare="$B/testprogs/timing/$name.bare"
	"$ALPHASIM" -q --truth "$tmp/$name.truth" "$bare" > /dev/null
	expect_eq "$name: exit status" "$?" 0
	"$check" "$bare" "$tmp/$name.truth" bench_loop bench_loop_end > "$tmp/$name.rows" ||
		{ fail "$name: an_schedcheck failed"; continue; }
	# pc M count head dep: the loop's instructions run at least 1000 times
	# (those after its branch only on the way out, mispredicted)
	awk -v name="$name" '
		$3 < 1000 { next }
		{
			n++; per = $4 / $3; extra = per - $2
			if (extra < 0) extra = -extra
			if (extra <= 0.05) { same++; next }
			dep = $5 / $3 >= 0.95 * (per - $2)
			if (n == 1 && per > $2 && dep) { carried++; next }
			if (name == "imulq_chain" && n == 3 && extra - 1 <= 0.05 && dep) { carried++; next }
			printf "FAIL: %s: %s: M %d, the truth %.3f cycles per execution\n", name, $1, $2, per
			bad++
		}
		END {
			if (!n) { printf "FAIL: %s: no loop instructions\n", name; exit 1 }
			printf "ok: %s: %d of %d instructions M = head cycles%s\n", name, same, n,
			       carried ? ", the first waits for the iteration before" : ""
			exit bad > 0
		}' "$tmp/$name.rows" || fails=$((fails + 1))
done
finish

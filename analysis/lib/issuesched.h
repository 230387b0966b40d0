/*
 * issuesched.h - the static schedule (analysis/lib/sched.h) from the
 * simulator's own 21164 issue model: timing/issue.h's issue_block, the same
 * tables and issue steps the timed run loop uses, with every dynamic
 * event off (every access hits, every branch is predicted).  There is
 * no second copy of the issue rules in analysis/
 * (docs/architecture.md, "Analysis and truth"; docs/analysis.md, "The
 * static schedule").
 *
 * What a block starts with (issue_block): an empty pipeline whose last
 * issue was one cycle earlier; every register ready, every unit free,
 * no multiply writing back.  A block entered only by falling through
 * may issue its first instruction in that same cycle when it continues
 * the previous one's 16-byte fetch block; one entered by a transfer
 * starts a new fetch block after the taken-branch bubble.  So a
 * dependency on a result from another block, or a unit kept busy by
 * another block, is not in M_i: the analysis sees it as a dynamic stall.
 */
#ifndef ANALYSIS_ISSUESCHED_H
#define ANALYSIS_ISSUESCHED_H

#include "analysis/lib/sched.h"
#include "timing/issue.h"

struct an_issue_sched {
	struct issue_model model;
	struct issue_sched *buf;      /* one block's schedule                */
	size_t cap;
};

/* The model for machine p (the 21164 defaults, or the profiled run's
 * parameters). */
void an_issue_sched_init(struct an_issue_sched *x, const struct params *p);
void an_issue_sched_free(struct an_issue_sched *x);

/* The an_sched_fn over issue_block (ctx: a struct an_issue_sched). */
bool an_issue_sched_fn(void *ctx, uint64_t pc, const uint32_t *w, size_t n,
                       enum an_enter enter, struct an_sched_insn *out);

static inline struct an_sched an_issue_sched(struct an_issue_sched *x)
{
	return (struct an_sched){ an_issue_sched_fn, x };
}

#endif

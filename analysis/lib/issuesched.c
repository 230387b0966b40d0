/*
 * issuesched.c - the static schedule from timing/issue.h's issue_block
 * (analysis/lib/issuesched.h).
 */
#include "analysis/lib/issuesched.h"
#include <stdlib.h>
#include <string.h>

void an_issue_sched_init(struct an_issue_sched *x, const struct params *p)
{
	memset(x, 0, sizeof *x);
	issue_model_init(&x->model, p);
}

void an_issue_sched_free(struct an_issue_sched *x)
{
	free(x->buf);
	memset(x, 0, sizeof *x);
}

bool an_issue_sched_fn(void *ctx, uint64_t pc, const uint32_t *w, size_t n,
                       enum an_enter enter, struct an_sched_insn *out)
{
	struct an_issue_sched *x = ctx;
	if (n > x->cap) {
		struct issue_sched *b = realloc(x->buf, n * sizeof *b);
		if (!b)
			return false;
		x->buf = b;
		x->cap = n;
	}
	issue_block(&x->model, pc, w, n, enter == AN_ENTER_JUMP, x->buf);
	for (size_t i = 0; i < n; i++) {
		const struct issue_sched *s = &x->buf[i];
		struct an_sched_insn *o = &out[i];
		memset(o, 0, sizeof *o);
		o->m = s->m;
		o->producer = s->producer;
		/* with no dynamic event only the static causes get cycles */
		uint32_t sum = 0;
		for (unsigned c = AN_STATIC_FIRST; c <= AN_STATIC_LAST; c++)
			sum += o->cause[c - AN_STATIC_FIRST] = s->cause[c];
		if (sum != s->m)
			return false;
		o->opnd[0] = s->src[ISRC_RA];
		o->opnd[1] = s->src[ISRC_RB];
		o->opnd[2] = s->src[ISRC_RC];
	}
	return true;
}

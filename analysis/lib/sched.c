/*
 * sched.c - a CFG's blocks through the static schedule (analysis/lib/sched.h).
 */
#include "analysis/lib/sched.h"

static enum an_enter entered(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t k = g->pred_at[b]; k < g->pred_at[b + 1]; k++)
		if (g->e[g->pred[k]].kind != AN_E_fall)
			return AN_ENTER_JUMP;
	return g->pred_at[b] == g->pred_at[b + 1] ? AN_ENTER_JUMP : AN_ENTER_FALL;
}

bool an_sched_cfg(const struct an_sched *s, const struct an_cfg *g, struct an_sched_insn *out)
{
	for (uint32_t b = 0; b < g->nb; b++) {
		const struct an_block *bl = &g->b[b];
		struct an_sched_insn *o = out + bl->first;
		if (!s->fn(s->ctx, an_cfg_pc(g, bl->first), g->word + bl->first, bl->n,
		           entered(g, b), o))
			return false;
		for (uint32_t i = 0; i < bl->n; i++)
			if (o[i].producer >= 0)
				o[i].producer += (int32_t)bl->first;
	}
	return true;
}

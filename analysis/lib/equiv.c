/*
 * equiv.c - classes of blocks with equal execution counts
 * (analysis/lib/equiv.h).
 */
#include "analysis/lib/equiv.h"
#include <stdlib.h>
#include <string.h>

static uint32_t find(uint32_t *up, uint32_t v)
{
	while (up[v] != v) {
		up[v] = up[up[v]];
		v = up[v];
	}
	return v;
}

/* Is there a cycle through a that avoids b (blocks only)? */
static bool cycle_avoiding(const struct an_cfg *g, uint32_t a, uint32_t b, uint8_t *seen,
                           uint32_t *stack)
{
	memset(seen, 0, g->nb);
	size_t sp = 0;
	seen[b] = 1;
	stack[sp++] = a;
	while (sp) {
		uint32_t v = stack[--sp];
		for (uint32_t k = g->succ_at[v]; k < g->succ_at[v + 1]; k++) {
			uint32_t w = g->e[g->succ[k]].dst;
			if (w == a)
				return true;
			if (w < g->nb && !seen[w]) {
				seen[w] = 1;
				stack[sp++] = w;
			}
		}
	}
	return false;
}

void an_equiv_free(struct an_equiv *q)
{
	free(q->class_of);
	free(q->at);
	free(q->block);
	memset(q, 0, sizeof *q);
}

bool an_equiv_build(struct an_equiv *q, const struct an_cfg *g, const struct an_dom *dom,
                    const struct an_dom *pdom, const struct an_loops *L)
{
	size_t nb = g->nb;
	memset(q, 0, sizeof *q);
	uint32_t *up = malloc((nb + 1) * sizeof *up), *stack = malloc((nb + 1) * sizeof *stack);
	uint8_t *seen = malloc(nb + 1);
	q->class_of = malloc((nb + 1) * sizeof *q->class_of);
	q->block = malloc((nb + 1) * sizeof *q->block);
	bool ok = up && stack && seen && q->class_of && q->block;
	for (uint32_t v = 0; ok && v < nb; v++)
		up[v] = v;
	for (uint32_t b = 0; ok && b < nb; b++)
		for (uint32_t a = dom->idom[b]; a != AN_NONE && a < nb; a = dom->idom[a]) {
			if (!an_dom_dominates(pdom, b, a) || !an_loops_same_nest(L, a, b) ||
			    cycle_avoiding(g, a, b, seen, stack) || cycle_avoiding(g, b, a, seen, stack))
				continue;
			up[find(up, b)] = find(up, a);
			break;
		}
	/* classes numbered by their first block */
	uint32_t *num = ok ? malloc((nb + 1) * sizeof *num) : NULL;
	ok = ok && num;
	for (uint32_t v = 0; ok && v < nb; v++)
		num[v] = AN_NONE;
	for (uint32_t b = 0; ok && b < nb; b++) {
		uint32_t r = find(up, b);
		if (num[r] == AN_NONE)
			num[r] = (uint32_t)q->nclass++;
		q->class_of[b] = num[r];
	}
	q->at = ok ? calloc(q->nclass + 1, sizeof *q->at) : NULL;
	ok = ok && q->at;
	for (uint32_t b = 0; ok && b < nb; b++)
		q->at[q->class_of[b] + 1]++;
	for (size_t c = 0; ok && c < q->nclass; c++)
		q->at[c + 1] += q->at[c];
	for (size_t c = 0; ok && c <= q->nclass; c++)
		num[c] = q->at[c];
	for (uint32_t b = 0; ok && b < nb; b++)
		q->block[num[q->class_of[b]]++] = b;
	free(num);
	free(up);
	free(stack);
	free(seen);
	if (!ok)
		an_equiv_free(q);
	return ok;
}

bool an_structure_build(const struct an_cfg *g, struct an_dom *dom, struct an_dom *pdom,
                        struct an_loops *L, struct an_equiv *q)
{
	return an_dom_build(dom, g, false) && an_dom_build(pdom, g, true) &&
	       an_loops_build(L, g, dom) && an_equiv_build(q, g, dom, pdom, L);
}

void an_structure_free(struct an_dom *dom, struct an_dom *pdom, struct an_loops *L,
                       struct an_equiv *q)
{
	an_equiv_free(q);
	an_loops_free(L);
	an_dom_free(pdom);
	an_dom_free(dom);
}

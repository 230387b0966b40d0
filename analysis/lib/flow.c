/*
 * flow.c - flow conservation over the CFG (analysis/lib/flow.h).
 */
#include "analysis/lib/flow.h"
#include <math.h>
#include <stdlib.h>

/* One side of block b (its incoming or outgoing edges): the sum of the
 * known ones, how many are unknown, and the last unknown one. */
static void side(const struct an_cfg *g, const double *edge, uint32_t b, bool in,
                 double *sum, size_t *unknown, uint32_t *which)
{
	const uint32_t *at = in ? g->pred_at : g->succ_at, *adj = in ? g->pred : g->succ;
	*sum = 0;
	*unknown = 0;
	for (uint32_t k = at[b]; k < at[b + 1]; k++) {
		if (isnan(edge[adj[k]])) {
			++*unknown;
			*which = adj[k];
		} else {
			*sum += edge[adj[k]];
		}
	}
}

static bool set_class(const struct an_equiv *q, double *bf, double *freq, bool *known,
                      bool *filled, uint32_t c, double f)
{
	if (known[c])
		return false;
	freq[c] = f;
	known[c] = filled[c] = true;
	for (uint32_t k = q->at[c]; k < q->at[c + 1]; k++)
		bf[q->block[k]] = f;
	return true;
}

bool an_flow_propagate(const struct an_cfg *g, const struct an_equiv *q, double *freq,
                       bool *known, bool *filled, double *edge)
{
	double *bf = malloc((g->nb + 1) * sizeof *bf);
	if (!bf)
		return false;
	for (uint32_t b = 0; b < g->nb; b++)
		bf[b] = known[q->class_of[b]] ? freq[q->class_of[b]] : NAN;
	for (size_t k = 0; k < g->ne; k++)
		edge[k] = NAN;
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = 0; b < g->nb; b++) {
			for (int in = 0; in < 2; in++) {
				double sum;
				size_t unknown;
				uint32_t which = 0;
				side(g, edge, b, in, &sum, &unknown, &which);
				if (!isnan(bf[b]) && unknown == 1) {
					edge[which] = bf[b] > sum ? bf[b] - sum : 0;
					changed = true;
				} else if (isnan(bf[b]) && !unknown &&
				           (in ? g->pred_at[b] < g->pred_at[b + 1]
				               : g->succ_at[b] < g->succ_at[b + 1])) {
					changed |= set_class(q, bf, freq, known, filled,
					                     q->class_of[b], sum);
				}
			}
		}
	}
	free(bf);
	return true;
}

/*
 * wls.c - flow-constrained, reweighted least squares over all issue
 * points (analysis/lib/wls.h).
 */
#include "analysis/lib/wls.h"
#include "analysis/lib/freq.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define IRLS_MAX   20     /* reweighting rounds                            */
#define LAMBDA_MAX 1e8    /* the last penalty, relative to the data's      */
#define SWEEPS_MAX 400    /* coordinate-descent sweeps per penalty: each   */
                          /* penalty starts from the last one's fit, and  */
                          /* the large ones rarely meet TOL (descent slows */
                          /* as the penalty grows), so more sweeps cost    */
                          /* time, not digits (docs/analysis.md)           */
#define TOL        1e-12  /* relative change that counts as converged      */

struct fit {
	const struct an_cfg *g;
	size_t nb, ne;
	double *a, *b;        /* per block: sum w M^2, sum w M S               */
	double *x;            /* per edge                                      */
	double *in, *net;     /* per node: flow in; flow in - flow out         */
};

/* The weights from the block frequencies f; the points are the
 * cluster's (analysis/lib/freq.h, an_block_points), made in p[]. */
static void weigh(struct fit *t, const struct an_sched_insn *s, const double *samples,
                  const double *f, double z, struct an_point *p)
{
	for (size_t v = 0; v < t->nb; v++) {
		size_t n = an_block_points(t->g, (uint32_t)v, s, samples, NULL, p);
		t->a[v] = t->b[v] = 0;
		for (size_t j = 0; j < n; j++) {
			double m = p[j].m, mean = f[v] * m;
			double w = 1 / (mean + 1), band = z * sqrt(mean) + 1;
			double excess = p[j].s - mean;
			if (excess > band)
				w *= (band / excess) * (band / excess);
			t->a[v] += w * m * m;
			t->b[v] += w * m * p[j].s;
		}
	}
}

/* One coordinate: edge k to the minimum along it, kept >= 0. */
static double update(struct fit *t, size_t k, double lambda)
{
	const struct an_edge *e = &t->g->e[k];
	double grad = 0, curv = 0;
	if (e->dst < t->nb) {
		grad += t->a[e->dst] * t->in[e->dst] - t->b[e->dst] + lambda * t->net[e->dst];
		curv += t->a[e->dst] + lambda;
	}
	if (e->src < t->nb) {
		grad -= lambda * t->net[e->src];
		curv += lambda;
	}
	if (curv <= 0)
		return 0;
	double nx = t->x[k] - grad / curv;
	if (nx < 0)
		nx = 0;
	double d = nx - t->x[k];
	t->x[k] = nx;
	t->in[e->dst] += d;
	t->net[e->dst] += d;
	t->net[e->src] -= d;
	return fabs(d);
}

static void solve(struct fit *t, double lambda)
{
	for (int sweep = 0; sweep < SWEEPS_MAX; sweep++) {
		double change = 0, size = 1;
		/* forward then backward: news travels both ways along a chain */
		for (size_t j = 0; j < t->ne; j++) {
			size_t k = sweep & 1 ? t->ne - 1 - j : j;
			double d = update(t, k, lambda);
			change = d > change ? d : change;
			size = t->x[k] > size ? t->x[k] : size;
		}
		if (change <= TOL * size)
			return;
	}
}

bool an_wls_fit(const struct an_cfg *g, const struct an_equiv *q, const struct an_sched_insn *s,
                const double *samples, const double *init, double z, double *freq,
                double *edge)
{
	size_t nb = g->nb, nn = an_cfg_nnodes(g);
	struct fit t = { g, nb, g->ne, NULL, NULL, NULL, NULL, NULL };
	t.a = malloc(nb * sizeof *t.a);
	t.b = malloc(nb * sizeof *t.b);
	t.x = calloc(g->ne + 1, sizeof *t.x);
	t.in = calloc(nn, sizeof *t.in);
	t.net = calloc(nn, sizeof *t.net);
	double *f = malloc(nb * sizeof *f);
	struct an_point *p = malloc((g->ninsn + 1) * sizeof *p);
	bool ok = t.a && t.b && t.x && t.in && t.net && f && p;
	for (size_t v = 0; ok && v < nb; v++)
		f[v] = init[q->class_of[v]];
	for (int round = 0; ok && round < IRLS_MAX; round++) {
		weigh(&t, s, samples, f, z, p);
		double scale = 0;
		size_t n = 0;
		for (size_t v = 0; v < nb; v++)
			if (t.a[v] > 0) {
				scale += t.a[v];
				n++;
			}
		scale = n ? scale / (double)n : 1;
		for (double lambda = scale; lambda <= LAMBDA_MAX * scale; lambda *= 10)
			solve(&t, lambda);
		double moved = 0, top = 1;
		for (size_t v = 0; v < nb; v++) {
			moved = fmax(moved, fabs(t.in[v] - f[v]));
			top = fmax(top, t.in[v]);
			f[v] = t.in[v];
		}
		if (moved <= 1e-9 * top)
			break;
	}
	for (size_t c = 0; ok && c < q->nclass; c++) {
		double sum = 0;
		for (uint32_t k = q->at[c]; k < q->at[c + 1]; k++)
			sum += f[q->block[k]];
		freq[c] = sum / (q->at[c + 1] - q->at[c]);
	}
	for (size_t k = 0; ok && k < g->ne; k++)
		edge[k] = t.x[k];
	free(t.a);
	free(t.b);
	free(t.x);
	free(t.in);
	free(t.net);
	free(f);
	free(p);
	return ok;
}

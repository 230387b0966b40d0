/*
 * freq.c - DCPI's frequency heuristic and the per-instruction estimates
 * (analysis/lib/freq.h).
 */
#include "analysis/lib/freq.h"
#include "analysis/lib/flow.h"
#include "analysis/lib/wls.h"
#include "isa/isa.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const an_conf_name[AN_NCONF] = {
#define X(n) #n,
	AN_CONFS(X)
#undef X
};

const char *const an_estimator_name[AN_NEST] = {
#define X(n, d) #n,
	AN_ESTIMATORS(X)
#undef X
};

void an_freq_defaults(struct an_freq_opts *o)
{
	*o = (struct an_freq_opts){
		.est = AN_EST_dcpi,
		.z = 2.0,
		.high_samples = 64,      /* a relative deviation of 1/8 */
		.medium_samples = 16,    /* ... of 1/4                  */
		.min_cover = 0.25,
		.trust = AN_CONF_medium,
		.propagate = true,
		.period = 1,
		.scale = 1,
	};
}

static int by_ratio(const void *pa, const void *pb)
{
	const struct an_point *a = pa, *b = pb;
	double l = a->s * b->m, r = b->s * a->m;   /* a->s/a->m vs b->s/b->m */
	if (l != r)
		return l < r ? -1 : 1;
	return a->m > b->m ? -1 : a->m < b->m;     /* the larger M first */
}

/* Do points p[0..k] all agree with frequency f: each within z Poisson
 * deviations of f x M, plus one sample for the counts' discreteness? */
static bool agree(const struct an_point *p, size_t k, double f, double z)
{
	for (size_t j = 0; j <= k; j++) {
		double mean = f * p[j].m;
		if (fabs(p[j].s - mean) > z * sqrt(mean) + 1)
			return false;
	}
	return true;
}

/* Confidence from s samples' worth of certainty in a cluster covering
 * m of the class's total M. */
static enum an_conf level(double s, double m, double total_m, const struct an_freq_opts *o)
{
	enum an_conf c = s >= o->high_samples ? AN_CONF_high
	               : s >= o->medium_samples ? AN_CONF_medium : AN_CONF_low;
	if (m < o->min_cover * total_m && c > AN_CONF_low)
		c--;
	return c;
}

/* Pool points too sparse to be ordered by their ratios, in program
 * order, into points expected to draw AN_FREQ_POOL samples or more at
 * the class's own ratio (all its samples over all its M, at least its
 * frequency).  A point expecting a sample or less draws none half of the
 * time: sorted by ratio, the empty points come first, agree with a
 * frequency of 0 and with each other, and the cluster of the smallest
 * ratios is the lower tail of the noise, not the points that did not
 * stall (docs/analysis.md, "Sparse classes").  Pooled, each point's
 * noise is small beside its stall again.  Points with IMISS samples and
 * points without are pooled apart, so that the cost of a miss is still
 * calibrated from points that did not miss (calibrate(), below).
 * Returns the new number of points. */
static size_t pool_sparse(struct an_point *p, size_t n)
{
	double s = 0, m = 0;
	for (size_t j = 0; j < n; j++) {
		s += p[j].s;
		m += p[j].m;
	}
	if (!(s > 0) || !(m > 0))
		return n;
	double ratio = s / m;
	size_t k = 0;
	struct an_point acc[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	size_t last[2] = { SIZE_MAX, SIZE_MAX };   /* each kind's last pooled point */
	for (size_t j = 0; j < n; j++) {
		struct an_point *a = &acc[p[j].imiss > 0];
		a->s += p[j].s;
		a->m += p[j].m;
		a->imiss += p[j].imiss;
		if (a->m * ratio >= AN_FREQ_POOL) {
			last[p[j].imiss > 0] = k;
			p[k++] = *a;     /* k <= j: p[j] is already read */
			*a = (struct an_point){ 0, 0, 0 };
		}
	}
	for (int h = 0; h < 2; h++) {
		if (!(acc[h].m > 0) && !(acc[h].s > 0))
			continue;
		if (last[h] != SIZE_MAX) {   /* the rest joins its kind's last point */
			p[last[h]].s += acc[h].s;
			p[last[h]].m += acc[h].m;
			p[last[h]].imiss += acc[h].imiss;
		} else {
			p[k++] = acc[h];
		}
	}
	return k;
}

void an_freq_cluster(struct an_point *p, size_t n, const struct an_freq_opts *o,
                     struct an_cluster *out)
{
	memset(out, 0, sizeof *out);
	n = pool_sparse(p, n);
	out->points = n;
	if (!n) {
		out->conf = AN_CONF_none;
		return;
	}
	qsort(p, n, sizeof *p, by_ratio);
	for (size_t j = 0; j < n; j++) {
		out->samples += p[j].s;
		out->m += p[j].m;
	}
	/* grow the cluster from the smallest ratio while its points still
	 * agree with their pooled frequency */
	double s = p[0].s, m = p[0].m;
	size_t k = 1;
	while (k < n && agree(p, k, (s + p[k].s) / (m + p[k].m), o->z)) {
		s += p[k].s;
		m += p[k].m;
		k++;
	}
	out->in_cluster = k;
	out->cluster_samples = s;
	out->cluster_m = m;
	out->freq = s / m;
	out->conf = level(s, m, out->m, o);
}

/* Can instruction i trap and be fetched again (a load or a store: a
 * DTB miss, a replay)? */
static bool refetched(const struct an_cfg *g, uint32_t i)
{
	return g->op[i] < OP_COUNT && (isa_table[g->op[i]].flags & (I_LOAD | I_STORE));
}

size_t an_block_points(const struct an_cfg *g, uint32_t b, const struct an_sched_insn *s,
                       const double *samples, const double *imiss, struct an_point *out)
{
	const struct an_block *bl = &g->b[b];
	size_t n = 0;
	bool whole = false;      /* the current point takes its M = 0 ones */
	bool trap = false;       /* the current group holds a load or store */
	for (uint32_t i = bl->first; i < bl->first + bl->n; i++) {
		double im = imiss ? imiss[i] : 0;
		if (s[i].m) {
			whole = trap;
			trap = false;
			out[n++] = (struct an_point){ samples[i], s[i].m, im };
		} else if (n && whole) {
			out[n - 1].s += samples[i];
			out[n - 1].imiss += im;
		}
		trap = trap || refetched(g, i);
	}
	return n;
}

/* AN_EST_imiss: where the I-cache misses' stall (per_miss CYCLES
 * samples for each IMISS sample) could be all that makes the cluster's
 * ratio high.  All of the class's samples less all of its misses' stall,
 * over all of its M, still hold its other stalls, so that frequency is
 * at least as high as the true one, and above the cluster's wherever
 * the cluster found points that did not stall: DCPI's answer stands.
 * Below it, every point stalled, and the misses say by how much: that
 * frequency is taken, its confidence from its noise (what is left, L =
 * S - per_miss I, has the variance S + per_miss^2 I, as certain as
 * L^2 / var samples would be).  The points' order is the cluster's. */
static void less_imiss(struct an_cluster *cl, const struct an_point *p, size_t n,
                       double per_miss, const struct an_freq_opts *o)
{
	double im = 0, im_cl = 0;
	for (size_t j = 0; j < n; j++) {
		im += p[j].imiss;
		if (j < cl->in_cluster)
			im_cl += p[j].imiss;
	}
	/* Only when the misses stalled the cluster itself (their stall
	 * beyond its noise): a cluster of points that did not miss is
	 * honest about the misses, and the class's misses then say only
	 * that the cost of one was below per_miss if taking them off goes
	 * below it (refill-buffer hits and stream fills cost less than the
	 * S-cache's latency: docs/analysis.md, "A third estimator"). */
	if (!(per_miss * im_cl > o->z * sqrt(cl->cluster_samples) + 1))
		return;
	double left = cl->samples - per_miss * im;
	if (!(im > 0) || !(cl->m > 0) || left / cl->m >= cl->freq)
		return;
	double var = cl->samples + per_miss * per_miss * im;
	cl->cluster_imiss = im;
	if (left < 1) {          /* the misses explain every sample */
		cl->conf = AN_CONF_low;
		return;
	}
	cl->freq = left / cl->m;
	cl->conf = level(left * left / var, cl->m, cl->m, o);
}

void an_estimate_free(struct an_estimate *e)
{
	free(e->cls);
	free(e->insn);
	free(e->edge);
	memset(e, 0, sizeof *e);
}

/* The points of class c into p[]; their number. */
static size_t class_points(const struct an_cfg *g, const struct an_equiv *q, size_t c,
                           const struct an_sched_insn *s, const double *samples,
                           const double *imiss, struct an_point *p)
{
	size_t n = 0;
	for (uint32_t k = q->at[c]; k < q->at[c + 1]; k++)
		n += an_block_points(g, q->block[k], s, samples, imiss, p + n);
	return n;
}

/* Calibration of the cost of a miss from one class (its points p[0..n),
 * the cluster cl found): where the cluster holds points that did not
 * miss, their ratio is the class's frequency F, and the points that
 * missed drew S - F M samples more, for their IMISS samples; added to
 * *excess and *misses. */
static void calibrate(const struct an_cluster *cl, const struct an_point *p, size_t n,
                      double *excess, double *misses)
{
	double s = 0, m = 0;
	for (size_t j = 0; j < cl->in_cluster; j++)
		if (!(p[j].imiss > 0)) {
			s += p[j].s;
			m += p[j].m;
		}
	if (!(m > 0) || !(m * 2 >= cl->cluster_m))
		return;
	double f = s / m;
	for (size_t j = 0; j < n; j++)
		if (p[j].imiss > 0) {
			*excess += fmax(0, p[j].s - f * p[j].m);
			*misses += p[j].imiss;
		}
}

/* Each class's cluster from the issue points of its blocks; with
 * AN_EST_imiss, less the I-cache misses' stall: IMISS samples x its
 * period misses, x the cost of one, over the cycles a CYCLES sample
 * stands for.  The cost is the procedure's own where its classes whose
 * clusters hold points that did not miss show it (calibrate(), from
 * AN_IMISS_CALIBRATE IMISS samples or more), at most imiss_cost (the
 * S-cache's latency; a miss served from the refill buffer or a stream
 * fill costs less), else imiss_cost. */
static bool clusters(struct an_estimate *e, const struct an_cfg *g, const struct an_equiv *q,
                     const struct an_sched_insn *s, const double *samples,
                     const double *imiss, const struct an_freq_opts *o)
{
	struct an_point *p = malloc((g->ninsn + 1) * sizeof *p);
	if (!p)
		return false;
	double excess = 0, misses = 0;
	bool use = o->est == AN_EST_imiss && imiss && o->imiss_period > 0;
	for (size_t c = 0; c < q->nclass; c++) {
		size_t n = class_points(g, q, c, s, samples, imiss, p);
		struct an_class_est *ce = &e->cls[c];
		an_freq_cluster(p, n, o, &ce->cl);
		ce->freq = ce->cl.freq;
		ce->conf = ce->cl.conf;
		if (use)
			calibrate(&ce->cl, p, ce->cl.points, &excess, &misses);
	}
	/* cycles a CYCLES sample stands for, per IMISS sample's misses */
	double to_cycles = o->imiss_period / (o->period * o->scale);
	e->imiss_cost = o->imiss_cost;
	if (use && misses >= AN_IMISS_CALIBRATE)
		e->imiss_cost = fmin(o->imiss_cost, excess / misses / to_cycles);
	double per_miss = use ? to_cycles * e->imiss_cost : 0;
	for (size_t c = 0; per_miss > 0 && c < q->nclass; c++) {
		size_t n = class_points(g, q, c, s, samples, imiss, p);
		struct an_class_est *ce = &e->cls[c];
		an_freq_cluster(p, n, o, &ce->cl);
		less_imiss(&ce->cl, p, ce->cl.points, per_miss, o);
		ce->freq = ce->cl.freq;
		ce->conf = ce->cl.conf;
	}
	free(p);
	return true;
}

/* Re-estimate the classes below the trusted confidence. */
static bool refine(struct an_estimate *e, const struct an_cfg *g, const struct an_equiv *q,
                   const struct an_sched_insn *s, const double *samples,
                   const struct an_freq_opts *o)
{
	size_t nc = q->nclass;
	double *f = malloc((nc + 1) * sizeof *f), *init = malloc((nc + 1) * sizeof *init);
	bool *known = malloc(nc + 1), *filled = calloc(nc + 1, 1);
	bool ok = f && init && known && filled;
	for (size_t c = 0; ok && c < nc; c++) {
		f[c] = e->cls[c].freq;
		known[c] = e->cls[c].conf >= o->trust;
	}
	if (ok && (o->propagate || o->est == AN_EST_wls))
		ok = an_flow_propagate(g, q, f, known, filled, e->edge);
	/* the least-squares fit starts from DCPI's answer */
	if (ok && o->est == AN_EST_wls) {
		for (size_t c = 0; c < nc; c++) {
			init[c] = f[c];
			filled[c] = e->cls[c].conf < o->trust;
		}
		ok = an_wls_fit(g, q, s, samples, init, o->z, f, e->edge);
	}
	for (size_t c = 0; ok && c < nc; c++) {
		e->cls[c].freq = f[c];
		e->cls[c].propagated = filled[c];
	}
	free(f);
	free(init);
	free(known);
	free(filled);
	return ok;
}

bool an_estimate_proc(struct an_estimate *e, const struct an_cfg *g, const struct an_equiv *q,
                      const struct an_sched_insn *s, const double *samples,
                      const double *imiss, const struct an_freq_opts *o)
{
	memset(e, 0, sizeof *e);
	e->est = o->est;
	e->nclass = q->nclass;
	e->ninsn = g->ninsn;
	e->ne = g->ne;
	e->cls = calloc(q->nclass + 1, sizeof *e->cls);
	e->insn = calloc(g->ninsn + 1, sizeof *e->insn);
	e->edge = malloc((g->ne + 1) * sizeof *e->edge);
	bool ok = e->cls && e->insn && e->edge;
	for (size_t k = 0; ok && k < g->ne; k++)
		e->edge[k] = NAN;
	ok = ok && clusters(e, g, q, s, samples, imiss, o) && refine(e, g, q, s, samples, o);
	if (!ok) {
		an_estimate_free(e);
		return false;
	}
	double unit = (o->period - o->hidden) * o->scale;  /* cycles per sample */
	for (size_t c = 0; c < q->nclass; c++)
		e->cls[c].count = e->cls[c].freq * unit;
	for (size_t k = 0; k < g->ne; k++)
		e->edge[k] *= unit;
	for (size_t i = 0; i < g->ninsn; i++) {
		struct an_insn_est *x = &e->insn[i];
		const struct an_class_est *c = &e->cls[q->class_of[g->block_of[i]]];
		x->samples = samples[i];
		x->m = s[i].m;
		x->count = c->count;
		x->cycles = samples[i] * unit;
		x->cpi = x->count > 0 ? x->cycles / x->count : NAN;
		x->stall = x->cpi - x->m;
	}
	return true;
}

/*
 * anproc.c - one procedure through the whole analysis
 * (analysis/lib/anproc.h).
 */
#include "analysis/lib/anproc.h"
#include "isa/isa.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The truth's counts in place of the frequency estimate: each class
 * runs as often as the most-run of its instructions (all of them run
 * equally often, but one may have no record: it never ran). */
static void true_counts(struct an_proc *a, double unit)
{
	struct an_estimate *e = &a->e;
	for (size_t c = 0; c < a->q.nclass; c++) {
		double n = 0;
		for (uint32_t k = a->q.at[c]; k < a->q.at[c + 1]; k++) {
			const struct an_block *b = &a->g.b[a->q.block[k]];
			for (uint32_t i = b->first; i < b->first + b->n; i++)
				if (a->t[i] && (double)a->t[i]->count > n)
					n = (double)a->t[i]->count;
		}
		e->cls[c].count = n;
		e->cls[c].freq = n / unit;
		e->cls[c].propagated = false;
	}
	for (size_t i = 0; i < a->g.ninsn; i++) {
		struct an_insn_est *x = &e->insn[i];
		x->count = e->cls[a->q.class_of[a->g.block_of[i]]].count;
		x->cpi = x->count > 0 ? x->cycles / x->count : NAN;
		x->stall = x->cpi - x->m;
	}
}

bool an_proc_analyze(struct an_proc *a, const struct an_proc_in *in, char *err, size_t errlen)
{
	const struct an_image *im = in->im;
	const struct an_truth_image *ti = in->ti;
	const struct an_proc_opts *o = &in->o;
	double *samples = in->samples;
	size_t p = in->p;
	long imiss = in->imiss;
	memset(a, 0, sizeof *a);
	a->im = im;
	a->p = p;
	a->samples = samples;
	a->nev = in->nev;
	a->cyc = in->cyc;
	a->true_freq = o->true_freq && ti;
	a->profiling = o->profiling;
	a->intr = o->intr;
	char why[256];
	const char *name = im->proc[p].name;
	if (!an_cfg_build_proc(&a->g, im, p, why, sizeof why)) {
		snprintf(err, errlen, "%s: procedure %s: %s", im->path, name, why);
		return false;
	}
	size_t n = a->g.ninsn;
	bool ok = an_structure_build(&a->g, &a->dom, &a->pdom, &a->L, &a->q) &&
	          (a->s = calloc(n + 1, sizeof *a->s)) && (a->cul = calloc(n + 1, sizeof *a->cul)) &&
	          (a->t = calloc(n + 1, sizeof *a->t));
	if (!ok) {
		snprintf(err, errlen, "%s: procedure %s: out of memory", im->path, name);
		return false;
	}
	if (!an_sched_cfg(in->sched, &a->g, a->s)) {
		snprintf(err, errlen, "%s: procedure %s: no static schedule", im->path, name);
		return false;
	}
	for (size_t i = 0; ti && i < n; i++) {
		uint64_t off;
		if (an_image_va2off(im, an_cfg_pc(&a->g, i), &off))
			a->t[i] = an_truth_at(ti, off);
	}
	if (!an_estimate_proc(&a->e, &a->g, &a->q, a->s, samples + in->cyc * n,
	                      imiss >= 0 ? samples + (size_t)imiss * n : NULL, &o->freq)) {
		snprintf(err, errlen, "%s: procedure %s: out of memory", im->path, name);
		return false;
	}
	if (a->true_freq)
		true_counts(a, o->freq.period * o->freq.scale);
	if (!an_culprits_find(a->cul, &a->g, &a->q, &a->e, a->s,
	                      imiss >= 0 ? samples + (size_t)imiss * n : NULL, &o->cul)) {
		snprintf(err, errlen, "%s: procedure %s: out of memory", im->path, name);
		return false;
	}
	return true;
}

void an_proc_free(struct an_proc *a)
{
	an_estimate_free(&a->e);
	an_structure_free(&a->dom, &a->pdom, &a->L, &a->q);
	an_cfg_free(&a->g);
	free(a->s);
	free(a->cul);
	free(a->t);
	free(a->samples);
	memset(a, 0, sizeof *a);
}

double an_proc_true_cpi(const struct an_proc *a, size_t i)
{
	const struct an_truth_insn *t = a->t[i];
	return t && t->count ? (double)t->head / (double)t->count : NAN;
}

bool an_proc_is_nop(const struct an_proc *a, size_t i)
{
	unsigned op = a->g.op[i];
	uint32_t w = a->g.word[i];
	if (op >= OP_COUNT)
		return false;
	const struct isa_insn *d = &isa_table[op];
	if (op == OP_ldq_u)                 /* UNOP: ldq_u r31, x(rb) */
		return INSN_RA(w) == 31;
	bool operate = d->args == A_OPR || d->args == A_OPRBC || d->args == A_FOPR ||
	               d->args == A_FOPRBC;
	return operate && (d->flags & I_WRC) && INSN_RC(w) == 31 && !(d->flags & I_TRAPS);
}

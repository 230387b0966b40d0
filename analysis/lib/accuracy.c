/*
 * accuracy.c - the estimates against the truth (analysis/lib/accuracy.h).
 */
#include "analysis/lib/accuracy.h"
#include <math.h>

const double an_acc_tol[AN_ACC_NTOL] = { 0.05, 0.10, 0.25 };

/* A listed culprit "had true stall cycles" at an instruction when its
 * causes got at least this share of the instruction's true dynamic
 * stall cycles. */
#define RIGHT_SHARE 0.05

/* Add one estimate with weight w, relative error err (inf when the
 * truth has nothing to compare with), absolute error abs and the
 * relative deviation sigma sampling alone gives it. */
static void share_add(struct an_acc_share *s, double w, double err, double abs, double sigma)
{
	s->w += w;
	for (int k = 0; k < AN_ACC_NTOL; k++) {
		if (err <= an_acc_tol[k])
			s->within[k] += w;
		s->expect[k] += w * (sigma > 0 ? erf(an_acc_tol[k] / (sigma * sqrt(2))) : 1);
	}
	s->rel += w * (isfinite(err) ? err : 1);
	s->exp_rel += w * sigma;
	s->abs += w * (isfinite(abs) ? abs : 0);
}

static double rel_err(double est, double truth)
{
	if (truth > 0 && isfinite(est))
		return fabs(est - truth) / truth;
	return est == truth ? 0 : INFINITY;
}

/* Estimates of instruction i: frequency and CPI by its class's
 * confidence. */
static void estimates(struct an_acc *acc, const struct an_proc *a, size_t i)
{
	const struct an_insn_est *x = &a->e.insn[i];
	const struct an_class_est *ce = &a->e.cls[a->q.class_of[a->g.block_of[i]]];
	const struct an_truth_insn *t = a->t[i];
	double w = x->samples;
	acc->samples += w;
	acc->est_count += x->count > 0 ? x->count * (w > 0) : 0;
	acc->true_count += t && w > 0 ? (double)t->count : 0;
	if (w <= 0)
		return;
	if (!t)
		acc->unmatched += w;
	double tc = t ? (double)t->count : 0, tcpi = an_proc_true_cpi(a, i);
	double fs = a->true_freq ? 0
	          : 1 / sqrt(fmax(1, ce->propagated ? ce->cl.samples : ce->cl.cluster_samples));
	double fe = rel_err(x->count, tc);
	double cs = sqrt(1 / w + fs * fs), ce_ = rel_err(x->cpi, tcpi);
	double cabs = isfinite(x->cpi) && isfinite(tcpi) ? fabs(x->cpi - tcpi) : NAN;
	enum an_conf conf = a->true_freq ? AN_CONF_high : ce->conf;
	share_add(&acc->freq[conf], w, fe, fabs(x->count - tc), fs);
	share_add(&acc->freq[AN_NCONF], w, fe, fabs(x->count - tc), fs);
	share_add(&acc->cpi[conf], w, ce_, cabs, cs);
	share_add(&acc->cpi[AN_NCONF], w, ce_, cabs, cs);
	double eabs = isfinite(tcpi) ? cs * tcpi : 0;
	acc->cpi[conf].exp_abs += w * eabs;
	acc->cpi[AN_NCONF].exp_abs += w * eabs;
}

/* The culprits of instruction i against its true dynamic stall, by the
 * categories of analysis/lib/whatcg.h (a wait for a unit or a result from
 * another block counted as the analysis sees it). */
static void culprits(struct an_acc *acc, const struct an_proc *a, size_t i)
{
	const struct an_culprits *cu = &a->cul[i];
	double cat[AN_WCG_N], stall = 0;
	an_wcg_truth(a, i, cat);
	int dom = -1;
	for (unsigned k = 0; k < AN_C_N; k++) {
		stall += cat[k];
		if (cat[k] > 0 && (dom < 0 || cat[k] > cat[dom]))
			dom = (int)k;
	}
	uint32_t listed = cu->stalled ? cu->set : 0;
	acc->true_stall += stall;
	if (dom >= 0 && (listed >> dom & 1))
		acc->recalled += stall;
	for (unsigned k = 0; k < AN_C_N; k++) {
		acc->cat_true[k] += cat[k];
		if (listed >> k & 1)
			acc->cat_recalled[k] += cat[k];
	}
	if (!cu->stalled)
		return;
	const struct an_insn_est *x = &a->e.insn[i];
	double est = x->cycles - (x->count > 0 ? x->count : 0) * x->m;
	acc->est_stall += est;
	if (listed >> AN_C_none & 1)
		acc->est_unexpl += est;
	for (unsigned k = 0; k < AN_C_N; k++) {
		if (!(listed >> k & 1))
			continue;
		bool right = cat[k] > 0 && cat[k] >= RIGHT_SHARE * stall;
		acc->pairs++;
		acc->pairs_w += est;
		acc->pairs_right += right;
		acc->pairs_right_w += right ? est : 0;
	}
}

void an_acc_add(struct an_acc *acc, const struct an_proc *a)
{
	for (size_t i = 0; i < a->g.ninsn; i++) {
		estimates(acc, a, i);
		culprits(acc, a, i);
	}
	an_wcg_add(&acc->wcg, a, NULL);
}

void an_acc_pm_add(struct an_acc_pm *acc, const struct an_pm *pm, const struct an_proc *a)
{
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_truth_insn *t = a->t[i];
		double n = an_pm_records(pm, a, i), est = an_pm_count(pm, a, i);
		double tc = t ? (double)t->count : 0;
		double cpi = an_pm_cpi(pm, a, i, NULL);
		/* the records a truth count predicts, and their spread */
		double want = tc / pm->period;
		if (n > 0 || want > 0) {
			acc->insns++;
			if ((n - want) * (n - want) > 16 * fmax(want, 1))
				acc->outside_4sd++;
		}
		/* its true dynamic stall, recalled when the records' own split
		 * has the same main category (analysis/lib/whatcg.h: the rule
		 * and the categories the counters' recall is judged by) */
		double per_exec, cycles;
		const char *name;
		int dom = an_wcg_true_stall(a, i, &per_exec, &name);
		int edom = an_wcg_pm_stall(pm, a, i, &cycles, &name);
		double stall = dom >= 0 && tc > 0 ? per_exec * tc : 0;
		acc->true_stall += stall;
		if (dom >= 0 && dom == edom)
			acc->recalled += stall;
		if (n <= 0)
			continue;
		acc->records += n;
		acc->est_count += est;
		acc->true_count += tc;
		double tcpi = an_proc_true_cpi(a, i), sigma = 1 / sqrt(n);
		double cabs = isfinite(tcpi) ? fabs(cpi - tcpi) : NAN;
		share_add(&acc->freq, n, rel_err(est, tc), fabs(est - tc), sigma);
		share_add(&acc->cpi, n, rel_err(cpi, tcpi), cabs, sigma);
	}
}

void an_acc_category(const struct an_acc *acc, unsigned k, struct an_acc_cat *out)
{
	const struct an_wcg *w = &acc->wcg;
	double et = w->total > 0 ? 100 / w->total : 0, tt = w->truth_total > 0 ? 100 / w->truth_total : 0;
	out->lo = w->lo[k] * et;
	out->hi = w->hi[k] * et;
	out->truth = w->truth[k] * tt;
	out->error = out->truth < out->lo ? out->lo - out->truth
	           : out->truth > out->hi ? out->truth - out->hi : 0;
	double p = out->truth / 100;
	out->sd = w->samples > 0 ? 100 * sqrt(p * (1 - p) / w->samples) : 0;
}

/*
 * accuracy.h - how good the estimates are, against the truth
 * (docs/analysis.md, "dcpiaccuracy"): for frequency and CPI, the share
 * of CYCLES samples whose instruction's estimate is within 5%, 10% and
 * 25% of the truth, by confidence level, beside the share that sampling
 * alone would leave there; culprit recall and precision; and dcpiwhatcg's
 * categories against the truth's split.
 *
 * The error expected from sampling alone: a class frequency taken from
 * a cluster of s samples has a relative standard deviation of about
 * 1/sqrt(s) (Poisson), an instruction's CPI, S_i / F, about
 * sqrt(1/S_i + 1/s); the share expected within a tolerance t is then
 * erf(t / (sigma sqrt 2)), and a category's share p of N samples has a
 * standard deviation of sqrt(p (1 - p) / N).
 */
#ifndef ANALYSIS_ACCURACY_H
#define ANALYSIS_ACCURACY_H

#include "analysis/lib/whatcg.h"
#include "analysis/lib/pmest.h"

#define AN_ACC_NTOL 3
extern const double an_acc_tol[AN_ACC_NTOL];     /* 0.05, 0.10, 0.25      */

/* Shares weighted by CYCLES samples. */
struct an_acc_share {
	double w;                        /* samples                            */
	double within[AN_ACC_NTOL];      /* samples within each tolerance      */
	double expect[AN_ACC_NTOL];      /* ... expected from sampling alone   */
	double rel, exp_rel;             /* sum of w x |relative error|, and
	                                    of w x its expected deviation      */
	double abs, exp_abs;             /* sum of w x |error| (CPI: cycles)   */
};

struct an_acc {
	struct an_acc_share freq[AN_NCONF + 1];   /* by confidence; the last:  */
	struct an_acc_share cpi[AN_NCONF + 1];    /* every level               */
	double samples;                  /* CYCLES samples of the scope         */
	double unmatched;                /* ... at instructions the truth lacks */
	double est_count, true_count;    /* executions, summed                  */
	/* culprits */
	double true_stall;               /* true dynamic stall cycles           */
	double recalled;                 /* ... whose dominant cause was listed */
	double cat_true[AN_C_N], cat_recalled[AN_C_N];  /* by culprit           */
	double pairs, pairs_right;       /* (stalled instruction, culprit)      */
	double pairs_w, pairs_right_w;   /* ... weighted by its stall cycles    */
	double est_stall, est_unexpl;    /* estimated stall cycles; of '?'      */
	struct an_wcg wcg;
};

void an_acc_add(struct an_acc *acc, const struct an_proc *a);

/* The same figures for instruction sampling's estimates (an alphasim
 * extension: analysis/lib/pmest.h, docs/precise.md), weighted by records;
 * sampling alone gives an instruction with n records a relative error
 * of about 1/sqrt(n) in its count.  outside_4sd counts the instructions
 * whose records lie more than four of those deviations from what the
 * truth's count predicts (count / period). */
struct an_acc_pm {
	struct an_acc_share freq, cpi;
	double records, est_count, true_count;
	double insns, outside_4sd;
	double true_stall, recalled;     /* dominant dynamic cause, as above */
};
void an_acc_pm_add(struct an_acc_pm *acc, const struct an_pm *pm, const struct an_proc *a);

/* Share of s within tolerance k (0..AN_ACC_NTOL-1), and expected. */
static inline double an_acc_within(const struct an_acc_share *s, int k)
{
	return s->w > 0 ? s->within[k] / s->w : 0;
}
static inline double an_acc_expected(const struct an_acc_share *s, int k)
{
	return s->w > 0 ? s->expect[k] / s->w : 0;
}

/* A dcpiwhatcg category against the truth, in percentage points: the
 * estimated range, the truth's share, the distance from the range (0
 * inside it) and the deviation sampling alone gives the truth's share. */
struct an_acc_cat {
	double lo, hi, truth, error, sd;
};
void an_acc_category(const struct an_acc *acc, unsigned k, struct an_acc_cat *out);

#endif

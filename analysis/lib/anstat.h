/*
 * anstat.h - the statistics of comparing profiles (docs/tools.md):
 * running mean and standard deviation over runs (dcpistats), and the
 * test of whether two sample counts differ by more than sampling noise
 * (dcpidiff).
 *
 * Samples are Poisson: a count k out of a total N stands for the share
 * k/N with a standard deviation of about sqrt(k)/N.  Two databases'
 * shares of one row are compared by the two-proportion z test, on the
 * pooled share p = (a + b) / (NA + NB):
 *
 *   z = (a/NA - b/NB) / sqrt(p (1 - p) (1/NA + 1/NB))
 *
 * two-sided, with its p-value 2 Q(|z|).  A table compares many rows at
 * once, so a difference counts as larger than the noise only when its
 * p-value is below alpha / m for m rows compared (Bonferroni): with
 * alpha 0.01 two profiles of one program with different seeds show no
 * difference 99 times in 100.
 */
#ifndef ANALYSIS_ANSTAT_H
#define ANALYSIS_ANSTAT_H

#include <stddef.h>

struct an_stat {
	size_t n;
	double mean, m2, min, max;   /* Welford's running sums */
};

void an_stat_add(struct an_stat *s, double v);
/* The sample standard deviation (n - 1; NAN below two values). */
double an_stat_sd(const struct an_stat *s);

struct an_diff {
	double share_a, share_b;     /* percent                            */
	double delta;                /* percentage points, b - a           */
	double z, p;                 /* p: two-sided; 1 when nothing to test */
};

/* Counts a of na and b of nb. */
void an_diff_test(double a, double na, double b, double nb, struct an_diff *d);

/* Is p below alpha / m? */
static inline int an_diff_significant(double p, double alpha, size_t m)
{
	return m && p < alpha / (double)m;
}

#endif

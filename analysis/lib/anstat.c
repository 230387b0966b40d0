/*
 * anstat.c - means, deviations and the two-proportion test
 * (analysis/lib/anstat.h).
 */
#include "analysis/lib/anstat.h"
#include <math.h>

void an_stat_add(struct an_stat *s, double v)
{
	if (!s->n || v < s->min)
		s->min = v;
	if (!s->n || v > s->max)
		s->max = v;
	s->n++;
	double d = v - s->mean;
	s->mean += d / (double)s->n;
	s->m2 += d * (v - s->mean);
}

double an_stat_sd(const struct an_stat *s)
{
	return s->n > 1 ? sqrt(fmax(s->m2, 0) / (double)(s->n - 1)) : NAN;
}

void an_diff_test(double a, double na, double b, double nb, struct an_diff *d)
{
	d->share_a = na > 0 ? 100 * a / na : 0;
	d->share_b = nb > 0 ? 100 * b / nb : 0;
	d->delta = d->share_b - d->share_a;
	d->z = 0;
	d->p = 1;
	if (na <= 0 || nb <= 0)
		return;
	double p = (a + b) / (na + nb), se = sqrt(p * (1 - p) * (1 / na + 1 / nb));
	if (se <= 0)
		return;
	d->z = (b / nb - a / na) / se;
	d->p = erfc(fabs(d->z) / sqrt(2));
}

/*
 * pmest.c - estimates from instruction sampling's records
 * (analysis/lib/pmest.h; docs/precise.md).
 */
#include "analysis/lib/pmest.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

bool an_pm_find(struct an_pm *pm, const struct report *r)
{
	pm->retired = -1;
	for (unsigned k = 0; k < TC_N; k++)
		pm->head[k] = -1;
	for (size_t c = 0; c < r->ncols; c++) {
		const char *n = r->cols[c].name;
		if (!strcmp(n, "pm.retired")) {
			pm->retired = (long)c;
			pm->period = r->cols[c].samples
			           ? r->cols[c].period_weight / (double)r->cols[c].samples : 0;
		}
		for (unsigned k = 0; k < TC_N; k++) {
			char want[PROF_EVENT_MAX];
			snprintf(want, sizeof want, "pm.head.%s", an_truth_cause_name[k]);
			if (!strcmp(n, want))
				pm->head[k] = (long)c;
		}
	}
	return pm->retired >= 0 && pm->period > 0;
}

double an_pm_records(const struct an_pm *pm, const struct an_proc *a, size_t i)
{
	return an_proc_samples(a, (size_t)pm->retired, i);
}

double an_pm_count(const struct an_pm *pm, const struct an_proc *a, size_t i)
{
	return an_pm_records(pm, a, i) * pm->period;
}

double an_pm_cpi(const struct an_pm *pm, const struct an_proc *a, size_t i, double *cause)
{
	double n = an_pm_records(pm, a, i), head = 0;
	for (unsigned k = 0; k < TC_N; k++) {
		double c = pm->head[k] >= 0 && n > 0 ? an_proc_samples(a, (size_t)pm->head[k], i) / n : 0;
		head += c;
		if (cause)
			cause[k] = c;
	}
	return n > 0 ? head : NAN;
}

bool an_pm_listed(const struct report *r, size_t c)
{
	return report_kind_of(r->cols[c].name) != REPORT_PM_SUMS;
}

const char *an_pm_heading(const struct report *r, size_t c)
{
	const char *n = r->cols[c].name;
	return n + (report_kind_of(n) == REPORT_PM_RECORDS ? 3 : 0);
}

void an_pm_head_cycles(const struct an_pm *pm, const struct an_proc *a, size_t i,
                       double out[TC_N])
{
	for (unsigned k = 0; k < TC_N; k++)
		out[k] = pm->head[k] >= 0 ? an_proc_samples(a, (size_t)pm->head[k], i) * pm->period : 0;
}

/*
 * pmest.h - estimates from instruction sampling's records (an alphasim
 * extension the real 21164 never had: docs/precise.md, "What the
 * analysis does with the records").  No CFG, no schedule, no skid: an
 * instruction's executions are its retired records times the period,
 * its head cycles per execution the records' head cycles over their
 * number, split by their own causes.
 */
#ifndef ANALYSIS_PMEST_H
#define ANALYSIS_PMEST_H

#include <stdbool.h>
#include <stdio.h>
#include "analysis/lib/anproc.h"
#include "analysis/lib/report.h"

/* Where a database's instruction-sampling profiles are among its
 * columns (-1: none), and their period. */
struct an_pm {
	long retired;
	long head[TC_N];
	double period;
};

/* Find them in r; false when r has no pm.retired column. */
bool an_pm_find(struct an_pm *pm, const struct report *r);

/* Instruction i of a: its retired records; its estimated executions;
 * its head cycles per execution (NAN without records), and that split
 * by cause into cause[TC_N] (may be NULL). */
double an_pm_records(const struct an_pm *pm, const struct an_proc *a, size_t i);
double an_pm_count(const struct an_pm *pm, const struct an_proc *a, size_t i);
double an_pm_cpi(const struct an_pm *pm, const struct an_proc *a, size_t i, double *cause);

/* (Its culprit, by the rule the truth's main cause is found by:
 * an_wcg_pm_stall, analysis/lib/whatcg.h.) */

/* The tools list event column c of r: not a sum of the records
 * (pm.head.*, pm.ev.*), which their estimates stand for; and its
 * heading ("retired", "killed" for the records, else the event). */
bool an_pm_listed(const struct report *r, size_t c);
const char *an_pm_heading(const struct report *r, size_t c);

/* Instruction i's head cycles by the records, scaled to the run (the
 * cause's head cycles summed over its records x the period), into
 * out[TC_N]. */
void an_pm_head_cycles(const struct an_pm *pm, const struct an_proc *a, size_t i,
                       double out[TC_N]);

#endif

/*
 * wls.h - the second frequency estimator (ours, not DCPI's; docs/
 * analysis.md, "A second estimator"): one fit of every block of the
 * procedure at once, instead of one class at a time.
 *
 * The unknowns are the edge frequencies x_e >= 0; a block's frequency is
 * what flows in.  The fit minimises
 *
 *     sum over issue points i of  w_i (f_b(i) M_i - S_i)^2
 *   + lambda x sum over blocks of (flow in - flow out)^2
 *
 * with Poisson weights w_i = 1 / (f M_i + 1), where a point whose
 * excess e over the fit passes the noise band b = z sqrt(f M_i) + 1 (a
 * dynamic stall adds samples, never removes them) keeps only (b / e)^2
 * of its weight, so its pull fades as its stall grows; the weights are
 * recomputed from the fit (iteratively reweighted least squares), and
 * lambda is raised step by step until conservation holds to rounding.
 * Each least-squares problem is solved by projected coordinate descent.
 * Classes with few samples get their frequency from the flow, classes
 * with many from their points, and a class's stalled points count less
 * without a hard cut.
 */
#ifndef ANALYSIS_WLS_H
#define ANALYSIS_WLS_H

#include "analysis/lib/equiv.h"
#include "analysis/lib/sched.h"

/* Fit procedure g: start from class frequencies init[c] (DCPI's), put
 * the fitted ones in freq[c] and the edges' in edge[k].  z: the
 * deviations above which a point counts as stalled. */
bool an_wls_fit(const struct an_cfg *g, const struct an_equiv *q, const struct an_sched_insn *s,
                const double *samples, const double *init, double z, double *freq,
                double *edge);

#endif

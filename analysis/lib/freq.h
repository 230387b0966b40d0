/*
 * freq.h - execution counts, CPI and dynamic stall per instruction from
 * CYCLES samples and the static schedule (DCPI paper, section 6.1:
 * F_i x C_i = S_i; docs/analysis.md, "Frequency").
 *
 * An issue point is an instruction with M_i > 0.  If nothing dynamic
 * happened, each issue point of a class would get samples in proportion
 * to M_i and the ratio S_i / M_i would be the class's frequency F (in
 * samples per cycle of M, that is executions per sampling period); a
 * dynamic stall only adds samples, so the smallest ratios are the honest
 * ones.  DCPI's heuristic (AN_EST_DCPI): sort the ratios and take the
 * cluster of the smallest that agree with one frequency within Poisson
 * noise; F = (sum of S) / (sum of M) over the cluster; confidence from
 * the samples in the cluster and the share of the class's M it covers;
 * then classes below the trusted confidence are filled from their
 * neighbours by flow conservation (analysis/lib/flow.h).  The alternative
 * (AN_EST_WLS, analysis/lib/wls.h) fits all blocks at once.  AN_EST_imiss
 * is DCPI's heuristic, then, where every point of a class stalled, the
 * I-cache misses' stall taken out: IMISS samples land on the
 * instruction whose fetch missed (docs/pmu.md), so the class's CYCLES
 * samples less its misses x the cost of one (in samples) are what it
 * would have drawn without them.  In a loop where every instruction
 * misses alike no ratio is honest without this; elsewhere the cluster's
 * answer is lower and stands.  The cost of a miss is the procedure's
 * own where its classes show it (docs/analysis.md, "A third
 * estimator"), at most imiss_cost.
 *
 * Then, with P the mean CYCLES period and s the share of time CYCLES was
 * not monitored for (elapsed / monitored, 1 unless multiplexed):
 * count_i = F x P x s, cycles_i = S_i x P x s, CPI_i = cycles_i / count_i
 * = S_i / F, and the dynamic stall is CPI_i - M_i.  With hidden cycles
 * h per period (the sampling interrupts' handlers, which the CYCLES
 * counter counts and samples never land in: their samples land on the
 * program), P - h in place of P: counts and cycles shrink alike, CPI
 * stays.
 */
#ifndef ANALYSIS_FREQ_H
#define ANALYSIS_FREQ_H

#include "analysis/lib/equiv.h"
#include "analysis/lib/sched.h"

#define AN_CONFS(X) X(none) X(low) X(medium) X(high)
enum an_conf {
#define X(n) AN_CONF_##n,
	AN_CONFS(X)
#undef X
	AN_NCONF
};
extern const char *const an_conf_name[AN_NCONF];

#define AN_ESTIMATORS(X) \
	X(dcpi,  "DCPI: the minimum-ratio cluster per class, then flow propagation") \
	X(wls,   "weighted least squares over all issue points under flow conservation") \
	X(imiss, "DCPI's, on the samples less the stall of the I-cache misses IMISS counted")
enum an_estimator {
#define X(n, d) AN_EST_##n,
	AN_ESTIMATORS(X)
#undef X
	AN_NEST
};
extern const char *const an_estimator_name[AN_NEST];

struct an_freq_opts {
	enum an_estimator est;
	double z;                /* agreement within z Poisson deviations (+1 sample) */
	double high_samples;     /* samples in the cluster for high confidence */
	double medium_samples;   /* ... for medium                              */
	double min_cover;        /* below this share of the class's M in the
	                            cluster, one confidence level less          */
	enum an_conf trust;      /* classes at or above it are not re-estimated */
	bool propagate;          /* fill the others by flow conservation        */
	double period;           /* mean CYCLES sampling period                 */
	double scale;            /* elapsed / monitored cycles                  */
	double hidden;           /* cycles of each period the samples cannot
	                            see (interrupt handlers: --handler-cycles
	                            x interrupts per CYCLES sample); 0: none  */
	double imiss_period;     /* AN_EST_imiss: IMISS's mean period x scale;
	                            0: not sampled (then it is AN_EST_dcpi)     */
	double imiss_cost;       /* ... the most cycles an I-cache miss stalls
	                            the head (one served by the S-cache)        */
};
void an_freq_defaults(struct an_freq_opts *o);

/* One issue point: its samples, M, and its IMISS samples. */
struct an_point {
	double s, m, imiss;
};

/* The issue points of block b of g (its instructions' samples[], s[],
 * imiss[] (may be NULL), indexed as g's) into out[]: one per
 * instruction with M > 0, and where the group before it in the block
 * holds a load or a store, one for its whole static issue group (it
 * and the instructions after it with M = 0, which the schedule issues
 * in the same cycle): S and IMISS the group's sums, M the group's.
 * The schedule's M is a lower bound on a group's cycles, not on each of
 * its instructions': when a load or store traps (a DTB miss, a replay)
 * it is fetched again and issues with the instruction after it, and
 * the pairs after it form anew, moving a cycle off the next group's
 * first instruction onto the one after it, whose M is 0 (DCPI paper,
 * section 6.1.2: the smallest ratios must be the honest ones;
 * docs/analysis.md, "Issue groups").  Returns the number of points;
 * instructions before the block's first M > 0 make none. */
size_t an_block_points(const struct an_cfg *g, uint32_t b, const struct an_sched_insn *s,
                       const double *samples, const double *imiss, struct an_point *out);

struct an_cluster {
	double freq;             /* samples per cycle of M                     */
	size_t points, in_cluster;
	double samples, m;       /* over all the points                        */
	double cluster_samples, cluster_m;
	double cluster_imiss;    /* AN_EST_imiss: the IMISS samples taken out  */
	enum an_conf conf;
};

/* DCPI's heuristic on the issue points of one class.  Points too sparse
 * to order are first pooled (AN_FREQ_POOL, below), so p[] is rewritten:
 * out->points pooled points, by ratio, the cluster first. */
void an_freq_cluster(struct an_point *p, size_t n, const struct an_freq_opts *o,
                     struct an_cluster *out);

struct an_class_est {
	double freq;             /* samples per cycle of M                     */
	double count;            /* executions: freq x period x scale          */
	enum an_conf conf;       /* of its own samples (the cluster)           */
	bool propagated;         /* freq came from its neighbours              */
	struct an_cluster cl;
};

struct an_insn_est {
	double samples;          /* S_i                                        */
	uint32_t m;              /* M_i                                        */
	double count, cycles;
	double cpi, stall;       /* NAN when count is 0                        */
};

/* AN_EST_imiss: the IMISS samples a procedure's calibration needs
 * (analysis/lib/freq.c, calibrate()); with fewer, the cost of a miss is
 * imiss_cost. */
#define AN_IMISS_CALIBRATE 16

/* an_freq_cluster pools points, in program order, until each expects
 * this many samples at its class's ratio (freq.c, pool_sparse;
 * docs/analysis.md, "Sparse classes"). */
#define AN_FREQ_POOL 2

struct an_estimate {
	enum an_estimator est;
	double imiss_cost;       /* AN_EST_imiss: the cycles per miss taken off */
	size_t nclass, ninsn, ne;
	struct an_class_est *cls;
	struct an_insn_est *insn;
	double *edge;            /* executions along each edge, NAN unknown    */
};

/* Estimate procedure g from its CYCLES samples (per instruction) and
 * schedule; imiss: its IMISS samples (AN_EST_imiss), or NULL. */
bool an_estimate_proc(struct an_estimate *e, const struct an_cfg *g, const struct an_equiv *q,
                      const struct an_sched_insn *s, const double *samples,
                      const double *imiss, const struct an_freq_opts *o);
void an_estimate_free(struct an_estimate *e);

#endif

/*
 * test_freq.c - frequency, CPI and stall estimates (analysis/lib/freq.c,
 * flow.c, wls.c) on synthetic samples with known answers: exact recovery
 * when samples are M x F, the minimum-ratio cluster leaving stalled
 * instructions out and taking noisy ones in, confidence levels, counts
 * and CPI from the period, flow propagation into a class without
 * samples, the least-squares estimator on the same cases, and issue
 * groups as the points.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_fixture.h"
#include "tests/an_sched_table.h"
#include "analysis/lib/freq.h"

#define BASE 0x10000

static struct an_freq_opts opts;

/* cmocka setup: each test starts from the default options, whatever
 * the one before it changed (or left changed, failing half-way). */
static int defaults(void **state)
{
	(void)state;
	an_freq_defaults(&opts);
	return 0;
}

/* An issue point of S samples and M cycles (no IMISS samples). */
#define PT(S, M) { .s = (S), .m = (M) }

static void cluster(struct an_point *p, size_t n, struct an_cluster *c)
{
	an_freq_cluster(p, n, &opts, c);
}

static void test_exact(void **state)
{
	(void)state;
	struct an_point p[] = { PT(50, 1), PT(100, 2), PT(50, 1), PT(150, 3) };
	struct an_cluster c;
	cluster(p, 4, &c);
	assert_float_equal(c.freq, 50, 1e-12);
	assert_int_equal(c.in_cluster, 4);
	assert_int_equal(c.points, 4);
	assert_int_equal(c.conf, AN_CONF_high);
}

/* Two stalled points (samples above M x F) stay out of the cluster. */
static void test_stalled_left_out(void **state)
{
	(void)state;
	struct an_point p[] = { PT(20, 1), PT(220, 1), PT(40, 2), PT(20, 1), PT(55, 1) };
	struct an_cluster c;
	cluster(p, 5, &c);
	assert_float_equal(c.freq, 20, 1e-12);
	assert_int_equal(c.in_cluster, 3);
	assert_float_equal(c.cluster_samples, 80, 1e-12);
}

/* A long block run a few ten thousand times at DCPI's period: each
 * point expects half a sample, most draw none or one.  Sorted by ratio,
 * the empty points agree with a frequency of 0, and the first point of
 * two samples (of M = 2, ahead of the ones at the same ratio) does not
 * agree with so small a frequency: the cluster of single points said
 * about 0.  Pooled in program order into points expecting two samples
 * or more, they agree with the class's 0.5 per cycle of M. */
static void test_sparse_pooled(void **state)
{
	(void)state;
	static const double run[] = { 0, 1, 0, 2, 0, 1, 0, 0, 1, 0 };
	struct an_point p[1 + 12 * 10];
	size_t n = 0;
	p[n++] = (struct an_point)PT(2, 2);
	for (int r = 0; r < 12; r++)
		for (size_t j = 0; j < sizeof run / sizeof run[0]; j++)
			p[n++] = (struct an_point)PT(run[j], 1);
	struct an_cluster c;
	cluster(p, n, &c);
	assert_true(c.freq > 0.4 && c.freq < 0.6);
	assert_true(c.cluster_m >= 100);
}

/* Poisson-like scatter around 100 joins the cluster (the lowest ratio
 * alone would say 88); a stall of 3x does not. */
static void test_noise_joins(void **state)
{
	(void)state;
	struct an_point p[] = { PT(103, 1), PT(88, 1), PT(300, 1), PT(110, 1), PT(95, 1), PT(97, 1) };
	struct an_cluster c;
	cluster(p, 6, &c);
	assert_int_equal(c.in_cluster, 5);
	assert_float_equal(c.freq, 493.0 / 5, 1e-9);
}

static void test_confidence(void **state)
{
	(void)state;
	struct an_cluster c;
	struct an_point hi[] = { PT(40, 1), PT(40, 1) };          /* 80 samples */
	cluster(hi, 2, &c);
	assert_int_equal(c.conf, AN_CONF_high);
	struct an_point med[] = { PT(10, 1), PT(10, 1) };         /* 20 */
	cluster(med, 2, &c);
	assert_int_equal(c.conf, AN_CONF_medium);
	struct an_point low[] = { PT(3, 1), PT(4, 1) };           /* 7 */
	cluster(low, 2, &c);
	assert_int_equal(c.conf, AN_CONF_low);
	cluster(NULL, 0, &c);
	assert_int_equal(c.conf, AN_CONF_none);
	/* a cluster holding little of the class's M: one level less */
	struct an_point thin[] = { PT(100, 1), PT(5000, 10) };
	cluster(thin, 2, &c);
	assert_int_equal(c.in_cluster, 1);
	assert_int_equal(c.conf, AN_CONF_medium);
	struct an_point thinner[] = { PT(20, 1), PT(1000, 10) };
	cluster(thinner, 2, &c);
	assert_int_equal(c.conf, AN_CONF_low);
	/* and the thresholds are options */
	opts.high_samples = 10;
	cluster(med, 2, &c);
	assert_int_equal(c.conf, AN_CONF_high);
}

/* ---- whole procedures ------------------------------------------------------ */

static struct prog p;
static struct fixture f;
static struct an_sched_insn sch[16];
/* if/else: block 0 (2 insns), then (2), else (1), join (1) */
static const uint32_t M[] = { 1, 2, 1, 1, 3, 1 };
static double S[6];

/* The cmocka table entry of test t on diamond()'s fixture, freed after it. */
#define proc_unit_test(t) cmocka_unit_test_prestate_setup_teardown(t, defaults, fixture_teardown, &f)

static void diamond(void)
{
	fixture_if_else(&p, BASE);
	assert_true(fixture_build(&f, &p));
	assert_int_equal(f.g.nb, 4);
	struct sched_table t = { BASE, M, NULL, 0, { 0 } };
	struct an_sched s = { sched_table_fn, &t };
	assert_true(an_sched_cfg(&s, &f.g, sch));
	assert_int_equal(t.calls, 4);
	assert_int_equal(t.last_enter[2], AN_ENTER_FALL);    /* then: only falls in */
	assert_int_equal(t.last_enter[4], AN_ENTER_JUMP);    /* else: a branch target */
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(sch[i].m, M[i]);
}

/* Samples M x F per block: block 0 and the join F0, then F1, else F2. */
static void samples(double f0, double f1, double f2)
{
	const double fb[] = { f0, f0, f1, f1, f2, f0 };
	for (size_t i = 0; i < 6; i++)
		S[i] = fb[i] * M[i];
}

static void estimate(struct an_estimate *e)
{
	assert_true(an_estimate_proc(e, &f.g, &f.q, sch, S, NULL, &opts));
}

static uint32_t class_of_insn(size_t i)
{
	return f.q.class_of[f.g.block_of[i]];
}

static void test_counts_and_cpi(void **state)
{
	(void)state;
	diamond();
	samples(300, 210, 90);
	opts.period = 1000;
	struct an_estimate e;
	estimate(&e);
	assert_int_equal(e.nclass, 3);
	static const double count[] = { 300e3, 300e3, 210e3, 210e3, 90e3, 300e3 };
	for (size_t i = 0; i < 6; i++) {
		assert_float_equal(e.insn[i].count, count[i], 1e-6);
		assert_float_equal(e.insn[i].cpi, M[i], 1e-9);
		assert_float_equal(e.insn[i].stall, 0, 1e-9);
		assert_float_equal(e.insn[i].cycles, S[i] * 1000, 1e-6);
		assert_int_equal(e.cls[class_of_insn(i)].conf, AN_CONF_high);
		assert_false(e.cls[class_of_insn(i)].propagated);
	}
	/* the edges follow from the blocks */
	for (size_t k = 0; k < f.g.ne; k++) {
		const struct an_edge *x = &f.g.e[k];
		double want = x->dst == 1 ? 210e3 : x->dst == 2 ? 90e3
		            : x->src == 1 ? 210e3 : x->src == 2 ? 90e3 : 300e3;
		assert_float_equal(e.edge[k], want, 1e-6);
	}
	an_estimate_free(&e);
	/* a stalled instruction: its CPI grows, nothing else moves */
	S[3] += 210 * 4.5;
	estimate(&e);
	assert_float_equal(e.insn[3].cpi, 1 + 4.5, 1e-9);
	assert_float_equal(e.insn[3].stall, 4.5, 1e-9);
	assert_float_equal(e.insn[2].count, 210e3, 1e-6);
	an_estimate_free(&e);
	/* CYCLES monitored half the time: twice the counts, the same CPI */
	opts.scale = 2;
	estimate(&e);
	assert_float_equal(e.insn[0].count, 600e3, 1e-6);
	assert_float_equal(e.insn[0].cpi, 1, 1e-9);
	an_estimate_free(&e);
}

/* The "then" arm has no samples at all: flow conservation gives it what
 * block 0 has that the else arm does not. */
static void test_propagation(void **state)
{
	(void)state;
	diamond();
	samples(300, 0, 90);
	struct an_estimate e;
	estimate(&e);
	uint32_t then = class_of_insn(2);
	assert_int_equal(e.cls[then].conf, AN_CONF_low);
	assert_true(e.cls[then].propagated);
	assert_float_equal(e.cls[then].freq, 210, 1e-9);
	assert_float_equal(e.insn[2].count, 210, 1e-9);
	an_estimate_free(&e);
	/* a few samples (low confidence) are overruled by the flow too */
	S[2] = 5;
	estimate(&e);
	assert_float_equal(e.cls[then].freq, 210, 1e-9);
	assert_float_equal(e.insn[2].cpi, 5.0 / 210, 1e-9);
	an_estimate_free(&e);
	/* without propagation the class keeps its own estimate (the
	 * cluster of 5 and 0 samples) */
	opts.propagate = false;
	estimate(&e);
	assert_float_equal(e.cls[then].freq, 2.5, 1e-9);
	assert_false(e.cls[then].propagated);
	assert_true(isnan(e.edge[0]));
	an_estimate_free(&e);
}

/* ---- the least-squares estimator -------------------------------------------- */

static void conserved(const struct an_estimate *e)
{
	for (uint32_t b = 0; b < f.g.nb; b++) {
		double in = 0, out = 0;
		for (uint32_t k = f.g.pred_at[b]; k < f.g.pred_at[b + 1]; k++)
			in += e->edge[f.g.pred[k]];
		for (uint32_t k = f.g.succ_at[b]; k < f.g.succ_at[b + 1]; k++)
			out += e->edge[f.g.succ[k]];
		assert_float_equal(in, out, 1e-6 * (1 + in));
	}
}

static void test_wls(void **state)
{
	(void)state;
	diamond();
	opts.est = AN_EST_wls;
	struct an_estimate e;
	/* exact data: exact answers */
	samples(300, 210, 90);
	estimate(&e);
	assert_int_equal(e.est, AN_EST_wls);
	assert_float_equal(e.cls[class_of_insn(0)].freq, 300, 1e-4);
	assert_float_equal(e.cls[class_of_insn(2)].freq, 210, 1e-4);
	assert_float_equal(e.cls[class_of_insn(4)].freq, 90, 1e-4);
	conserved(&e);
	an_estimate_free(&e);
	/* a rare arm with few and noisy samples (9 and 3 for 6): the flow
	 * around it decides */
	samples(300, 6, 294);
	S[2] = 9;
	S[3] = 3;
	estimate(&e);
	assert_float_equal(e.cls[class_of_insn(2)].freq, 6, 0.1);
	assert_true(e.cls[class_of_insn(2)].propagated);
	conserved(&e);
	an_estimate_free(&e);
	/* a badly stalled instruction hardly moves the fit */
	samples(300, 210, 90);
	S[1] += 300 * 20;
	estimate(&e);
	assert_float_equal(e.cls[class_of_insn(0)].freq, 300, 3);
	assert_float_equal(e.insn[1].stall, 20, 0.5);
	conserved(&e);
	an_estimate_free(&e);
}

/* AN_EST_imiss: a class whose every point stalls on I-cache misses
 * (8 cycles a miss, an IMISS sample a miss: 8 samples each) is found
 * from what is left; a class where one point did not stall keeps the
 * cluster's answer; without IMISS samples it is DCPI's. */
static void test_imiss(void **state)
{
	(void)state;
	diamond();
	opts.est = AN_EST_imiss;
	opts.imiss_period = 1;
	opts.imiss_cost = 8;
	double I[6] = { 10, 10, 0, 0, 0, 10 };   /* block 0 and the join miss */
	samples(300, 210, 90);
	for (size_t i = 0; i < 6; i++)
		S[i] += 8 * I[i];
	S[2] += 1000;                              /* a stall IMISS does not explain */
	struct an_estimate e;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, I, &opts));
	assert_float_equal(e.cls[class_of_insn(0)].freq, 300, 1e-9);
	assert_int_equal(e.cls[class_of_insn(0)].conf, AN_CONF_high);
	assert_float_equal(e.cls[class_of_insn(2)].freq, 210, 1e-9);
	assert_float_equal(e.cls[class_of_insn(4)].freq, 90, 1e-9);
	assert_float_equal(e.insn[0].stall, 8.0 * 10 / 300, 1e-9);
	an_estimate_free(&e);
	/* DCPI's answer on the same samples: every ratio of block 0 is high */
	opts.est = AN_EST_dcpi;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, I, &opts));
	assert_true(e.cls[class_of_insn(0)].freq > 330);
	an_estimate_free(&e);
	/* no IMISS samples: DCPI's */
	opts.est = AN_EST_imiss;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, NULL, &opts));
	assert_true(e.cls[class_of_insn(0)].freq > 330);
	an_estimate_free(&e);
}

/* AN_EST_imiss with misses cheaper than the S-cache's latency (stream
 * fills, the refill buffer: 4 cycles where imiss_cost says 8): block
 * 0's first point misses (20 IMISS samples, 80 samples of stall) beside
 * points that do not, so the procedure's own cost is 4; the "then" arm
 * misses at every point (10 IMISS samples each), and its misses are
 * taken off at that cost.  At 8 a miss the first class would lose a
 * fifth of its executions (1200 - 160 over M 4: 260), the arm a fifth
 * (500 - 160 over M 2: 170). */
static void test_imiss_cost(void **state)
{
	(void)state;
	diamond();
	opts.est = AN_EST_imiss;
	opts.imiss_period = 1;
	opts.imiss_cost = 8;
	double I[6] = { 20, 0, 10, 10, 0, 0 };
	samples(300, 210, 90);
	for (size_t i = 0; i < 6; i++)
		S[i] += 4 * I[i];
	struct an_estimate e;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, I, &opts));
	assert_float_equal(e.imiss_cost, 4, 1e-9);
	assert_float_equal(e.cls[class_of_insn(0)].freq, 300, 1e-9);
	assert_float_equal(e.cls[class_of_insn(2)].freq, 210, 1e-9);
	assert_float_equal(e.cls[class_of_insn(4)].freq, 90, 1e-9);
	an_estimate_free(&e);
	/* misses that cost nothing: nothing is taken off */
	samples(300, 210, 90);
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, I, &opts));
	assert_float_equal(e.imiss_cost, 0, 1e-9);
	assert_float_equal(e.cls[class_of_insn(0)].freq, 300, 1e-9);
	assert_float_equal(e.cls[class_of_insn(2)].freq, 210, 1e-9);
	an_estimate_free(&e);
	/* too few IMISS samples to calibrate from: imiss_cost */
	I[0] = AN_IMISS_CALIBRATE - 1;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, I, &opts));
	assert_float_equal(e.imiss_cost, 8, 1e-9);
	an_estimate_free(&e);
}

/* Hidden cycles per period (--handler-cycles): counts and cycles from
 * P - h, CPI unchanged. */
static void test_hidden(void **state)
{
	(void)state;
	diamond();
	samples(300, 210, 90);
	opts.period = 1000;
	opts.hidden = 100;
	struct an_estimate e;
	estimate(&e);
	assert_float_equal(e.cls[class_of_insn(0)].count, 300 * 900, 1e-6);
	assert_float_equal(e.insn[4].cycles, 90 * 3 * 900, 1e-6);
	assert_float_equal(e.insn[4].cpi, 3, 1e-12);
	an_estimate_free(&e);
}

/* Issue groups: a pointer chase's loop body as one block (lda, ldq;
 * cmpeq, ldq; addq, ret: M 1 0 1 0 1 0).  Its first ldq misses the DTB
 * (its samples are stall) and is fetched again, issues with the cmpeq,
 * and the second ldq then issues alone: nine executions in ten the
 * cmpeq holds no cycle of its own.  The cmpeq's ratio alone (30) would
 * make the frequency ten times too low; its group's (30 + 270 over M 1)
 * is honest, and so is the lda alone (no load before it), whose group
 * is stalled by the ldq; the addq's group is stalled too. */
static const uint32_t MG[] = { 1, 0, 1, 0, 1, 0 };
static void test_issue_groups(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	mem(&p, OP_lda, T0, 1, T0);
	mem(&p, OP_ldq, T1, 8, S0);
	opr(&p, OP_cmpeq, A0, T0, T2);
	mem(&p, OP_ldq, S0, 0, S0);
	opr(&p, OP_addq, A1, T1, A1);
	fixture_ret(&p);
	assert_true(fixture_build(&f, &p));
	assert_int_equal(f.g.nb, 1);
	struct sched_table t = { BASE, MG, NULL, 0, { 0 } };
	struct an_sched sc = { sched_table_fn, &t };
	assert_true(an_sched_cfg(&sc, &f.g, sch));
	static const double gs[6] = { 310, 3000, 29, 261, 3000, 0 };
	struct an_estimate e;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, gs, NULL, &opts));
	assert_int_equal(e.cls[0].cl.points, 3);
	assert_int_equal(e.cls[0].cl.in_cluster, 2);
	assert_float_equal(e.cls[0].freq, 300, 1e-9);
	assert_float_equal(e.insn[2].cpi, 29.0 / 300, 1e-9);
	an_estimate_free(&e);
	opts.est = AN_EST_wls;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, gs, NULL, &opts));
	assert_float_equal(e.cls[0].freq, 300, 3);
	an_estimate_free(&e);
	/* the points themselves: the lda alone, the cmpeq's group, the
	 * addq's group, with their IMISS samples */
	const double im[6] = { 1, 2, 3, 4, 5, 6 };
	struct an_point pt[6];
	assert_int_equal(an_block_points(&f.g, 0, sch, gs, im, pt), 3);
	assert_float_equal(pt[0].s, 310, 0);
	assert_float_equal(pt[0].imiss, 1, 0);
	assert_float_equal(pt[1].s, 290, 0);
	assert_float_equal(pt[1].m, 1, 0);
	assert_float_equal(pt[1].imiss, 7, 0);
	assert_float_equal(pt[2].s, 3000, 0);
	assert_float_equal(pt[2].imiss, 11, 0);
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test_setup(test_exact, defaults),
	cmocka_unit_test_setup(test_stalled_left_out, defaults),
	cmocka_unit_test_setup(test_noise_joins, defaults),
	cmocka_unit_test_setup(test_sparse_pooled, defaults),
	cmocka_unit_test_setup(test_confidence, defaults),
	proc_unit_test(test_counts_and_cpi),
	proc_unit_test(test_propagation),
	proc_unit_test(test_wls),
	proc_unit_test(test_imiss),
	proc_unit_test(test_hidden),
	proc_unit_test(test_issue_groups),
	proc_unit_test(test_imiss_cost),
)

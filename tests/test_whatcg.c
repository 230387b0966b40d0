/*
 * test_whatcg.c - a procedure through the whole analysis
 * (analysis/lib/anproc.h) with a hand-written schedule, samples and truth
 * whose answers are known: where its cycles went, estimated and true
 * (analysis/lib/whatcg.h: execution, a D-cache stall and a busy multiplier
 * by their culprits, a dependency from another block that only the
 * truth sees, as a preceding block's), and the accuracy figures over it
 * (analysis/lib/accuracy.h: frequency and CPI within tolerance, culprit
 * recall and precision, the categories' errors); instruction sampling's
 * records split, blamed and recalled by the truth's rule; and --true-freq.
 * Net sampling error is defined alike on both sides: the true dynamic
 * stall of an instruction the analysis did not find stalled is the
 * truth's net sampling error (its stall from the iteration before, or a
 * small D-cache stall the samples cannot tell from noise).  The
 * profiler's own interrupts are a group of their own on both sides:
 * --profiling-cycles per counter sample, off the dynamic stall, and the
 * truth's profiling cause.
 *
 *   L0: 0 ldq t0,0(a0)       M 1   100 samples
 *       1 addq t0,1,t1       M 1   160: 600 cycles more, a D-cache miss
 *       2 mulq t1,t1,t2      M 1   180: 800 more, the multiplier busy
 *       3 subq a1,1,a1       M 1   100 (the truth: 200 more, a result
 *                                  from the iteration before)
 *       4 bne a1,L0          M 0
 *       5 ret                M 1
 * 1000 iterations, a sample every 10 cycles.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_asm.h"
#include "tests/an_sched_table.h"
#include "analysis/lib/accuracy.h"

#define BASE 0x10000
#define N 1000.0
#define PERIOD 10.0

static const uint32_t M[] = { 1, 1, 1, 1, 0, 1 };
static const double S[] = { 100, 160, 180, 100, 0, 0 };

static struct prog p;
static struct an_image im;
static struct an_truth_insn rec[6];
static struct an_truth_image ti = { (char *)"/p", 1, rec, 6 };
static struct an_proc a;
/* the columns: cycles, pm.retired, pm.head.CAUSE for each cause */
#define NEV (2 + TC_N)
#define PM_PERIOD 10.0
static struct an_pm pm;
/* each column's samples are interrupts: the cycles samples are, the
 * records' columns are not */
static bool intr[NEV] = { true };

/* The run: the cycles samples S, and the truth, with extra cycles of
 * the given cause at the subq (instruction 3) and, when profiling is
 * not 0, that many cycles of the truth's profiling per cycles sample at
 * each instruction, --profiling-cycles the same. */
static void analyse_with(bool true_freq, unsigned subq_cause, double profiling)
{
	pm.retired = 1;
	pm.period = PM_PERIOD;
	for (unsigned c = 0; c < TC_N; c++)
		pm.head[c] = 2 + (long)c;
	prog_init(&p, BASE);
	enum { L0 };
	here(&p, L0);
	mem(&p, OP_ldq, T0, 0, A0);
	lit(&p, OP_addq, T0, 1, T1);
	opr(&p, OP_mulq, T1, T1, T2);
	lit(&p, OP_subq, A1, 1, A1);
	bra(&p, OP_bne, A1, L0);
	jmp(&p, OP_ret, ZERO, RA, -1);
	assert_true(prog_image(&p, &im));
	for (size_t i = 0; i < 6; i++) {
		struct an_truth_insn *r = &rec[i];
		memset(r, 0, sizeof *r);
		r->off = 4 * i;
		r->count = i < 5 ? (uint64_t)N : 1;
		r->cause[TC_slot] = M[i] * r->count;
	}
	rec[1].cause[TC_dmiss_s] = 600;
	rec[2].cause[TC_unit] = 800;
	rec[3].cause[subq_cause] = 200;
	for (size_t i = 0; i < 6; i++)
		rec[i].cause[TC_profiling] = (uint64_t)(profiling * S[i]);
	for (size_t i = 0; i < 6; i++)
		for (unsigned c = 0; c < TC_N; c++)
			rec[i].head += rec[i].cause[c];
	struct sched_table t = { BASE, M, NULL, 0, { 0 } };
	struct an_sched s = { sched_table_fn, &t };
	/* the cycles samples, then instruction sampling's records: a tenth
	 * of each instruction's executions retired, with their head cycles
	 * by cause (pm) */
	double *samples = calloc(NEV * 6, sizeof *samples);
	assert_non_null(samples);
	memcpy(samples, S, sizeof S);
	for (size_t i = 0; i < 6; i++) {
		samples[pm.retired * 6 + i] = (double)rec[i].count / PM_PERIOD;
		for (unsigned c = 0; c < TC_N; c++)
			samples[pm.head[c] * 6 + i] = (double)rec[i].cause[c] / PM_PERIOD;
	}
	struct an_proc_in in = { .im = &im, .p = 0, .sched = &s, .samples = samples, .nev = NEV,
	                         .cyc = 0, .imiss = -1, .ti = &ti };
	struct an_proc_opts *o = &in.o;
	an_freq_defaults(&o->freq);
	o->freq.period = PERIOD;
	struct params pa;
	params_default(&pa);
	an_culprit_defaults(&o->cul, &pa);
	o->true_freq = true_freq;
	o->profiling = profiling;
	o->intr = intr;
	char err[256];
	assert_true(an_proc_analyze(&a, &in, err, sizeof err));
}

static void analyse(bool true_freq)
{
	analyse_with(true_freq, TC_dep_int, 0);
}

static void done(void)
{
	an_proc_free(&a);
	an_image_free(&im);
}

static void test_estimate(void **state)
{
	(void)state;
	analyse(false);
	for (size_t i = 0; i < 5; i++)
		assert_float_equal(a.e.insn[i].count, N, 1e-9);
	assert_true(a.cul[1].stalled);
	assert_int_equal(a.cul[1].set, 1u << AN_C_dcache);
	assert_int_equal(a.cul[1].load, 0);
	assert_true(a.cul[2].stalled);
	assert_int_equal(a.cul[2].set, 1u << AN_C_imul);
	assert_false(a.cul[0].stalled || a.cul[3].stalled);
	assert_float_equal(an_proc_true_cpi(&a, 1), 1.6, 1e-12);
	/* the truth's stalls as the analysis sees them: by their cause, or
	 * by the category when the cause is static but from elsewhere */
	double stall;
	const char *name;
	assert_int_equal(an_wcg_true_stall(&a, 1, &stall, &name), AN_WCG_dcache);
	assert_float_equal(stall, 0.6, 1e-6);
	assert_string_equal(name, "dmiss_s");
	assert_int_equal(an_wcg_true_stall(&a, 2, &stall, &name), AN_WCG_imul);
	assert_float_equal(stall, 0.8, 1e-6);
	assert_string_equal(name, "imul");
	/* static cycles beyond the schedule: a preceding block's, the
	 * culprit the analysis can name (not unexplained) */
	assert_int_equal(an_wcg_true_stall(&a, 3, &stall, &name), AN_WCG_xblock);
	assert_float_equal(stall, 0.2, 1e-6);
	assert_int_equal(an_wcg_true_stall(&a, 0, &stall, &name), -1);
	done();
}

static void test_categories(void **state)
{
	(void)state;
	analyse(false);
	struct an_wcg w = { 0 };
	an_wcg_add(&w, &a, NULL);
	assert_float_equal(w.total, 5400, 1e-9);
	assert_float_equal(w.samples, 540, 1e-9);
	assert_float_equal(w.lo[AN_WCG_exec], 4 * N, 1e-9);
	assert_float_equal(w.lo[AN_WCG_dcache], 600, 1e-9);
	assert_float_equal(w.hi[AN_WCG_dcache], 600, 1e-9);
	assert_float_equal(w.lo[AN_WCG_imul], 800, 1e-9);
	assert_float_equal(w.lo[AN_WCG_noise], 0, 1e-9);
	assert_float_equal(w.group[0], 1400, 1e-9);
	assert_float_equal(w.group[2], 4 * N, 1e-9);
	/* the truth: the same execution (and the ret's), the same stalls,
	 * the multiplier's busy cycles from the iteration before as IMUL
	 * busy; the dependency on it would be a preceding block's, but the subq
	 * was not found stalled: net sampling error, as the estimate's
	 * stall there would be */
	assert_true(w.have_truth);
	assert_float_equal(w.truth_total, 4 * N + 1 + 600 + 800 + 200, 1e-9);
	assert_float_equal(w.truth[AN_WCG_exec], 4 * N + 1, 1e-9);
	assert_float_equal(w.truth[AN_WCG_dcache], 600, 1e-9);
	assert_float_equal(w.truth[AN_WCG_imul], 800, 1e-9);
	assert_float_equal(w.truth[AN_WCG_unexpl], 0, 1e-9);
	assert_float_equal(w.truth[AN_WCG_noise], 200, 1e-9);
	/* no profiling here, on either side */
	assert_float_equal(w.lo[AN_WCG_profiling] + w.truth[AN_WCG_profiling], 0, 1e-9);
	assert_float_equal(w.group[3] + w.truth_group[3], 0, 1e-9);
	assert_float_equal(w.truth[AN_WCG_unit] + w.truth[AN_WCG_dep_int] + w.truth[AN_WCG_slot],
	                   0, 1e-9);
	done();
}

static void test_accuracy(void **state)
{
	(void)state;
	analyse(false);
	static struct an_acc acc;
	memset(&acc, 0, sizeof acc);
	an_acc_add(&acc, &a);
	const struct an_acc_share *all = &acc.freq[AN_NCONF];
	assert_float_equal(all->w, 540, 1e-9);
	assert_float_equal(an_acc_within(all, 0), 1, 1e-12);
	/* CPI: right but for the subq, 1.0 for 1.2 */
	all = &acc.cpi[AN_NCONF];
	assert_float_equal(an_acc_within(all, 1), 440.0 / 540, 1e-6);
	assert_float_equal(an_acc_within(all, 2), 1, 1e-12);
	assert_float_equal(all->abs, 100 * 0.2, 1e-9);
	/* recall: the D-cache and multiplier stalls named, the dependency
	 * from the iteration before not; precision: both named were right */
	assert_float_equal(acc.true_stall, 1600, 1e-9);
	assert_float_equal(acc.recalled, 1400, 1e-9);
	assert_float_equal(acc.pairs, 2, 1e-12);
	assert_float_equal(acc.pairs_right, 2, 1e-12);
	assert_float_equal(acc.est_unexpl, 0, 1e-12);
	struct an_acc_cat c;
	an_acc_category(&acc, AN_WCG_dcache, &c);
	/* (cmocka compares floats: percentages to 1e-4) */
	assert_float_equal(c.lo, 100 * 600 / 5400.0, 1e-4);
	assert_float_equal(c.truth, 100 * 600 / 5601.0, 1e-4);
	assert_float_equal(c.error, 100 * 600 / 5400.0 - 100 * 600 / 5601.0, 1e-4);
	/* the subq's stall, not found: net sampling error on both sides,
	 * none of it estimated, 200 cycles true */
	an_acc_category(&acc, AN_WCG_unexpl, &c);
	assert_float_equal(c.error, 0, 1e-4);
	an_acc_category(&acc, AN_WCG_noise, &c);
	assert_float_equal(c.truth, 100 * 200 / 5601.0, 1e-4);
	assert_float_equal(c.error, 100 * 200 / 5601.0, 1e-4);
	done();
}

/* Net sampling error defined alike: a D-cache stall at the subq too
 * small for its samples to show (100 samples, n M_i exactly) is the
 * truth's net sampling error, not its D-cache miss, which keeps the
 * addq's 600 cycles, found stalled.  (Before, the truth had nothing
 * there: every true stall was in its cause's category, and the
 * estimate's D-cache miss was 200 cycles short of it by definition.) */
static void test_noise_alike(void **state)
{
	(void)state;
	analyse_with(false, TC_dmiss_s, 0);
	assert_false(a.cul[3].stalled);
	struct an_wcg w = { 0 };
	an_wcg_add(&w, &a, NULL);
	assert_float_equal(w.lo[AN_WCG_dcache], 600, 1e-9);
	assert_float_equal(w.truth[AN_WCG_dcache], 600, 1e-9);
	assert_float_equal(w.lo[AN_WCG_noise], 0, 1e-9);
	assert_float_equal(w.truth[AN_WCG_noise], 200, 1e-9);
	/* the truth's subtotals are the same cycles: dynamic, with the
	 * noise, 600 + 800 + 200 */
	assert_float_equal(w.truth_group[0], 1600, 1e-9);
	done();
}

/* The profiler's own interrupts: 2 cycles for every cycles sample
 * (not the records' columns, which are no interrupts), a group of its
 * own on both sides, off the estimate's dynamic stall: the addq's D-cache
 * stall is its 600 cycles beyond n M_i less its 160 samples' 320. */
static void test_profiling(void **state)
{
	(void)state;
	analyse_with(false, TC_dep_int, 2);
	struct an_wcg w = { 0 };
	an_wcg_add(&w, &a, NULL);
	assert_float_equal(w.lo[AN_WCG_profiling], 2 * 540, 1e-9);
	assert_float_equal(w.hi[AN_WCG_profiling], 2 * 540, 1e-9);
	assert_float_equal(w.group[3], 2 * 540, 1e-9);
	assert_float_equal(w.truth[AN_WCG_profiling], 2 * 540, 1e-9);
	assert_float_equal(w.truth_group[3], 2 * 540, 1e-9);
	assert_float_equal(w.lo[AN_WCG_dcache], 600 - 2 * 160, 1e-9);
	assert_float_equal(w.lo[AN_WCG_imul], 800 - 2 * 180, 1e-9);
	/* none of it the program's dynamic stall in the truth */
	assert_float_equal(w.truth[AN_WCG_dcache], 600, 1e-9);
	assert_float_equal(w.truth_group[0], 1600, 1e-9);
	done();
}

/* Records that carry the truth exactly: their split, stall and culprit
 * are the truth's by the same rule, the multiplier kept busy from the
 * iteration before "imul" for both (the culprit used to be the largest
 * dynamic cause alone, which has no unit: "-"), and the records' recall
 * is whole. */
static void test_records(void **state)
{
	(void)state;
	analyse(false);
	for (size_t i = 0; i < 6; i++) {
		double t[AN_WCG_N], r[AN_WCG_N], per_exec, cycles;
		const char *tname, *rname;
		an_wcg_truth(&a, i, t);
		an_wcg_pm(&pm, &a, i, r);
		for (unsigned k = 0; k < AN_WCG_N; k++)
			assert_float_equal(r[k], t[k], 1e-6);
		int best = an_wcg_true_stall(&a, i, &per_exec, &tname);
		assert_int_equal(an_wcg_pm_stall(&pm, &a, i, &cycles, &rname), best);
		if (best >= 0) {
			assert_string_equal(rname, tname);
			assert_float_equal(cycles, per_exec * (double)rec[i].count, 1e-6);
		}
	}
	assert_string_equal(an_wcg_pm_culprit(&pm, &a, 1), "dmiss_s");
	assert_string_equal(an_wcg_pm_culprit(&pm, &a, 2), "imul");
	assert_string_equal(an_wcg_pm_culprit(&pm, &a, 0), "-");
	static struct an_acc_pm acc;
	memset(&acc, 0, sizeof acc);
	an_acc_pm_add(&acc, &pm, &a);
	assert_float_equal(acc.true_stall, 1600, 1e-6);
	assert_float_equal(acc.recalled, 1600, 1e-6);
	done();
}

static void test_true_freq(void **state)
{
	(void)state;
	analyse(true);
	assert_true(a.true_freq);
	for (size_t i = 0; i < 5; i++)
		assert_float_equal(a.e.insn[i].count, N, 1e-9);
	assert_float_equal(a.e.insn[5].count, 1, 1e-9);
	assert_float_equal(a.e.insn[2].cpi, 1.8, 1e-12);
	done();
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(test_estimate),
	cmocka_unit_test(test_categories),
	cmocka_unit_test(test_accuracy),
	cmocka_unit_test(test_noise_alike),
	cmocka_unit_test(test_profiling),
	cmocka_unit_test(test_records),
	cmocka_unit_test(test_true_freq),
)

/*
 * test_culprit.c - dynamic stall culprits (analysis/lib/culprit.c): which
 * instructions count as stalled, and each rule both ways (the culprit
 * kept where the code allows it, ruled out where it cannot be): D-cache
 * miss (a load's consumer within the load's latency, across blocks, not
 * past a redefinition or too far), DTB miss, write buffer, mispredict,
 * I-cache miss with and without IMISS samples, ITB miss, multiplier
 * busy, memory barrier, PALcode, a result or issue slot of a preceding
 * block, and '?' when nothing is left.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_fixture.h"
#include "tests/an_sched_table.h"
#include "analysis/lib/culprit.h"

#define BASE 0x10000                  /* 32-byte aligned: line starts at 0, 8, ... */
#define F 100.0                       /* samples per cycle of M */
#define STALL 500.0                   /* extra samples on a stalled instruction */

#define BIT(c) (1u << AN_C_##c)

enum { L1, L2, LOOP };

static struct prog p;
static struct fixture f;
static uint32_t M[PROG_MAX];
static double S[PROG_MAX], IM[PROG_MAX];
static struct an_culprits out[PROG_MAX];
static struct an_culprit_opts co;

static void start(void)
{
	prog_init(&p, BASE);
	for (size_t i = 0; i < PROG_MAX; i++) {
		M[i] = 1;
		IM[i] = 0;
	}
}

/* Analyse: samples F x M, plus STALL on the instructions listed (-1
 * ends the list); culprits into out[]. */
static void analyse(const int *stalled, const double *imiss)
{
	assert_true(fixture_build(&f, &p));
	struct sched_table t = { BASE, M, NULL, 0, { 0 } };
	struct an_sched s = { sched_table_fn, &t };
	struct an_sched_insn sch[PROG_MAX];
	assert_true(an_sched_cfg(&s, &f.g, sch));
	for (size_t i = 0; i < p.n; i++)
		S[i] = F * M[i];
	for (const int *k = stalled; *k >= 0; k++)
		S[*k] += STALL;
	struct an_freq_opts fo;
	an_freq_defaults(&fo);
	fo.period = 1000;
	struct an_estimate e;
	assert_true(an_estimate_proc(&e, &f.g, &f.q, sch, S, NULL, &fo));
	struct params pa;
	params_default(&pa);
	an_culprit_defaults(&co, &pa);
	if (imiss)
		co.imiss_period = 1000;   /* 500 stall samples need 5000+ misses: 5 IMISS samples */
	assert_true(an_culprits_find(out, &f.g, &f.q, &e, sch, imiss, &co));
	for (size_t i = 0; i < p.n; i++) {
		bool want = false;
		for (const int *k = stalled; *k >= 0; k++)
			want |= (size_t)*k == i;
		if (out[i].stalled != want)
			fail_msg("instruction %zu: stalled %d, expected %d", i, out[i].stalled, want);
	}
	an_estimate_free(&e);
}

static void has(int i, uint32_t set)
{
	char a[16], b[16];
	an_culprit_codes(out[i].set, a, sizeof a);
	an_culprit_codes(set, b, sizeof b);
	if ((out[i].set & set) != set)
		fail_msg("instruction %d: culprits %s, expected at least %s", i, a, b);
}

static void ret(void)
{
	jmp(&p, OP_ret, ZERO, RA, -1);
}

static void test_dcache(void **state)
{
	(void)state;
	start();
	mem(&p, OP_ldq, T0, 0, A0);            /* 0 */
	opr(&p, OP_addq, A1, A2, T1);          /* 1 */
	lit(&p, OP_addq, T0, 1, V0);           /* 2: uses the load */
	lit(&p, OP_addq, T1, 1, T2);           /* 3: uses an add */
	mem(&p, OP_ldq, T3, 0, A0);            /* 4 */
	mem(&p, OP_lda, T3, 5, ZERO);          /* 5: redefines t3 */
	lit(&p, OP_addq, T3, 1, T4);           /* 6 */
	mem(&p, OP_ldq, T5, 8, A0);            /* 7 */
	opr(&p, OP_addq, A1, A2, T6);          /* 8: M = 150, past the window */
	lit(&p, OP_addq, T5, 1, T7);           /* 9 */
	ret();
	M[8] = 150;
	static const int st[] = { 2, 3, 6, 9, -1 };
	analyse(st, NULL);
	assert_int_equal(out[2].set, BIT(dcache));
	assert_int_equal(out[2].load, 0);
	assert_int_equal(out[3].set, BIT(none));   /* '?' */
	assert_int_equal(out[6].set, BIT(none));
	assert_int_equal(out[9].set, BIT(none));
	char codes[8];
	an_culprit_codes(out[3].set, codes, sizeof codes);
	assert_string_equal(codes, "?");
	fixture_free(&f);
}

/* The load in the block before: still a D-cache miss, and the consumer
 * is also after a conditional branch (a mispredict). */
static void test_dcache_across_blocks(void **state)
{
	(void)state;
	start();
	mem(&p, OP_ldq, T0, 0, A0);            /* 0 */
	bra(&p, OP_beq, A1, L1);               /* 1 */
	opr(&p, OP_addq, A1, A2, V0);          /* 2 */
	here(&p, L1);
	lit(&p, OP_addq, T0, 1, V0);           /* 3 */
	opr(&p, OP_addq, V0, A2, V0);          /* 4 */
	ret();
	static const int st[] = { 3, 4, -1 };
	analyse(st, NULL);
	has(3, BIT(dcache) | BIT(misp) | BIT(icache) | BIT(itb));
	assert_int_equal(out[3].load, 0);
	assert_int_equal(out[4].set, BIT(none));
	fixture_free(&f);
}

static void test_memory_ops(void **state)
{
	(void)state;
	start();
	opr(&p, OP_addq, A1, A2, V0);          /* 0 */
	mem(&p, OP_stq, A1, 0, A0);            /* 1: the procedure has just begun */
	mem(&p, OP_stq, A2, 8, A0);            /* 2: a store just before */
	mem(&p, OP_ldq, T0, 0, A3);            /* 3 */
	opr(&p, OP_addq, A1, A2, V0);          /* 4: M = 30, past the write buffer's time */
	mem(&p, OP_stq, A1, 16, A0);           /* 5 */
	emit(&p, isa_encode(OP_mb, 0, 0, 0, 0)); /* 6 */
	mem(&p, OP_ldq_l, T1, 0, A0);          /* 7 */
	ret();
	M[4] = 30;
	static const int st[] = { 1, 2, 3, 5, 6, 7, -1 };
	analyse(st, NULL);
	has(1, BIT(dtb) | BIT(wbuf));
	has(2, BIT(dtb) | BIT(wbuf));
	assert_int_equal(out[3].set, BIT(dtb));
	assert_int_equal(out[5].set, BIT(dtb));    /* no store in flight */
	assert_int_equal(out[6].set, BIT(sync));
	assert_int_equal(out[7].set, BIT(dtb) | BIT(sync));
	fixture_free(&f);
}

/* Fetch: a line start in sequence may miss the I-cache; IMISS samples
 * keep that possible or rule it out. */
static void test_icache(void **state)
{
	(void)state;
	start();
	for (int i = 0; i < 10; i++)
		opr(&p, OP_addq, A1, A2, V0);
	ret();
	static const int st[] = { 5, 8, -1 };
	analyse(st, NULL);
	assert_int_equal(out[5].set, BIT(none));     /* mid-line */
	assert_int_equal(out[8].set, BIT(icache));   /* 0x10020: a new line */
	fixture_free(&f);
	/* IMISS sampled: none on it rules the miss out, some keep it */
	analyse(st, IM);
	assert_int_equal(out[8].set, BIT(none));
	fixture_free(&f);
	IM[8] = 2;
	analyse(st, IM);
	assert_int_equal(out[8].set, BIT(icache));
	fixture_free(&f);
}

static void test_entry_and_pal(void **state)
{
	(void)state;
	start();
	opr(&p, OP_addq, A1, A2, V0);          /* 0: the entry, reached by a call */
	emit(&p, isa_encode(OP_call_pal, 0, 0, 0, 0) | 0x83);   /* 1: callsys */
	opr(&p, OP_addq, V0, A2, V0);          /* 2: after PALcode */
	ret();
	static const int st[] = { 0, 2, -1 };
	analyse(st, NULL);
	assert_int_equal(out[0].set, BIT(icache) | BIT(itb) | BIT(misp));
	assert_int_equal(out[2].set, BIT(icache) | BIT(itb) | BIT(pal));
	fixture_free(&f);
}

/* A multiply waits for the multiplier when another one is within its
 * busy time on some path into its block: here its own, a loop around. */
static void test_imul(void **state)
{
	(void)state;
	start();
	opr(&p, OP_mulq, A1, A2, A3);          /* 0: the caller may have one going */
	here(&p, LOOP);
	opr(&p, OP_mulq, A0, A1, T0);          /* 1 */
	lit(&p, OP_subq, A0, 1, A0);           /* 2 */
	bra(&p, OP_bne, A0, LOOP);             /* 3 */
	ret();
	static const int st[] = { 0, 1, -1 };
	analyse(st, NULL);
	assert_int_equal(out[0].set, BIT(icache) | BIT(itb) | BIT(misp) | BIT(imul));
	has(1, BIT(imul) | BIT(misp));
	fixture_free(&f);
	/* without the loop, instruction 1 follows the first multiply 10
	 * cycles later: the multiplier is free again */
	start();
	opr(&p, OP_mulq, A1, A2, A3);
	opr(&p, OP_mulq, A0, A1, T0);
	ret();
	M[1] = 10;
	static const int st2[] = { 1, -1 };
	analyse(st2, NULL);
	assert_int_equal(out[1].set, BIT(none));
	fixture_free(&f);
}

/* A result of a preceding block: the schedule starts each block with
 * every register ready, so a loop-carried dependency on a multiply is
 * a stall it cannot see; a preceding block's add is ready in time, and
 * a producer in the same block is the schedule's own. */
static void test_xblock_result(void **state)
{
	(void)state;
	start();
	opr(&p, OP_addq, A1, A2, T7);          /* 0 */
	here(&p, LOOP);
	opr(&p, OP_addq, A2, A3, T5);          /* 1 */
	lit(&p, OP_addq, T2, 1, T3);           /* 2: the mulq's, 3 cycles before */
	lit(&p, OP_addq, T6, 1, T7);           /* 3: an add's, 3 cycles before */
	opr(&p, OP_mulq, T3, T3, T2);          /* 4 */
	lit(&p, OP_addq, T7, 1, T6);           /* 5: instruction 3's */
	lit(&p, OP_subq, A1, 1, A1);           /* 6 */
	bra(&p, OP_bne, A1, LOOP);             /* 7 */
	ret();
	static const int st[] = { 2, 3, 5, -1 };
	analyse(st, NULL);
	assert_int_equal(out[2].set, BIT(xblock));
	assert_int_equal(out[3].set, BIT(none));
	assert_int_equal(out[5].set, BIT(none));
	fixture_free(&f);
	/* the multiply 12 cycles before (lat_imulq): its result is ready */
	start();
	opr(&p, OP_addq, A1, A2, T7);
	here(&p, LOOP);
	opr(&p, OP_addq, A2, A3, T5);
	lit(&p, OP_addq, T2, 1, T3);           /* 2 */
	opr(&p, OP_mulq, T3, T3, T2);          /* 3 */
	lit(&p, OP_subq, A1, 1, A1);           /* 4 */
	bra(&p, OP_bne, A1, LOOP);             /* 5 */
	ret();
	M[4] = 9;
	static const int st2[] = { 2, -1 };
	analyse(st2, NULL);
	assert_int_equal(out[2].set, BIT(none));
	fixture_free(&f);
}

/* A slot of a preceding block: a block also fallen into pairs its first
 * cycle's instructions with where the block before left off, not as
 * the schedule's fresh start; past that cycle, or in a block entered
 * only by a transfer (which starts fresh, as the schedule does), not. */
static void test_xblock_slot(void **state)
{
	(void)state;
	start();
	lit(&p, OP_addq, A0, 1, T0);           /* 0 */
	bra(&p, OP_beq, A1, L1);               /* 1 */
	opr(&p, OP_addq, A2, A3, T1);          /* 2 */
	here(&p, L1);
	opr(&p, OP_addq, A2, A3, T2);          /* 3: taken to and fallen into */
	opr(&p, OP_addq, A2, A3, T3);          /* 4: issues with 3 */
	opr(&p, OP_addq, A2, A3, T4);          /* 5: a cycle later */
	bra(&p, OP_br, ZERO, L2);              /* 6 */
	ret();                                 /* 7 */
	here(&p, L2);
	opr(&p, OP_addq, A2, A3, T5);          /* 8: only branched to */
	ret();
	M[4] = 0;
	static const int st[] = { 3, 4, 5, 8, -1 };
	analyse(st, NULL);
	has(3, BIT(xblock));
	has(4, BIT(xblock));
	assert_int_equal(out[5].set, BIT(none));
	assert_int_equal(out[8].set & BIT(xblock), 0);
	fixture_free(&f);
}

static void test_codes(void **state)
{
	(void)state;
	char s[16];
	an_culprit_codes(BIT(dcache) | BIT(dtb) | BIT(wbuf), s, sizeof s);
	assert_string_equal(s, "dDw");
	an_culprit_codes(0, s, sizeof s);
	assert_string_equal(s, "");
	/* every culprit but '?' stands for some truth cause */
	for (unsigned c = 0; c < AN_C_N; c++)
		assert_true((an_culprit_table[c].truth != 0) == (c != AN_C_none));
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(test_dcache),
	cmocka_unit_test(test_dcache_across_blocks),
	cmocka_unit_test(test_memory_ops),
	cmocka_unit_test(test_icache),
	cmocka_unit_test(test_entry_and_pal),
	cmocka_unit_test(test_imul),
	cmocka_unit_test(test_xblock_result),
	cmocka_unit_test(test_xblock_slot),
	cmocka_unit_test(test_codes),
)

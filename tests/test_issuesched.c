/*
 * test_issuesched.c - the analysis's static schedule is the simulator's
 * issue model (analysis/lib/issuesched.h over timing/issue.h's issue_block):
 * the adapter gives each instruction of a block exactly what
 * issue_block gives it (M_i, its static causes, the producer, the waits
 * on Ra/Rb/Rc); the 21164's latencies come through (docs/ev5.md
 * "Latencies"); a block entered by falling into the middle of a fetch
 * block may issue its first instruction with the one before, one entered
 * by a transfer may not; and over a CFG each block is scheduled as it is
 * entered, with producers as procedure indices.  tests/an_schedule.sh
 * checks the same schedule against the simulator's truth.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_fixture.h"
#include "analysis/lib/issuesched.h"

#define BASE 0x10000

static struct params pa;
static struct an_issue_sched is;

static int setup(void **state)
{
	(void)state;
	params_default(&pa);
	an_issue_sched_init(&is, &pa);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	an_issue_sched_free(&is);
	return 0;
}

/* ldq t0; addq t0,1,t1; mulq t1,t1,t2; addq t2,t1,t3; stq t3; nop */
static void chain(struct prog *p, uint64_t base)
{
	prog_init(p, base);
	mem(p, OP_ldq, T0, 0, A0);
	lit(p, OP_addq, T0, 1, T1);
	opr(p, OP_mulq, T1, T1, T2);
	opr(p, OP_addq, T2, T1, T3);
	mem(p, OP_stq, T3, 0, A1);
	opr(p, OP_bis, ZERO, ZERO, ZERO);
	prog_done(p);
}

static void test_same_as_issue_block(void **state)
{
	(void)state;
	struct prog p;
	chain(&p, BASE);
	for (int jumped = 0; jumped < 2; jumped++) {
		struct an_sched_insn o[8];
		struct issue_sched want[8];
		assert_true(an_issue_sched_fn(&is, p.base, p.w, p.n,
		                              jumped ? AN_ENTER_JUMP : AN_ENTER_FALL, o));
		issue_block(&is.model, p.base, p.w, p.n, jumped, want);
		for (size_t i = 0; i < p.n; i++) {
			assert_int_equal(o[i].m, want[i].m);
			assert_int_equal(o[i].producer, want[i].producer);
			uint32_t sum = 0;
			for (unsigned k = 0; k < AN_NSTATIC; k++) {
				assert_int_equal(o[i].cause[k], want[i].cause[AN_STATIC_FIRST + k]);
				sum += o[i].cause[k];
			}
			assert_int_equal(sum, o[i].m);
			assert_int_equal(o[i].opnd[0], want[i].src[ISRC_RA]);
			assert_int_equal(o[i].opnd[1], want[i].src[ISRC_RB]);
			assert_int_equal(o[i].opnd[2], want[i].src[ISRC_RC]);
		}
	}
}

static void test_latencies(void **state)
{
	(void)state;
	struct prog p;
	struct an_sched_insn o[8];
	chain(&p, BASE);
	assert_true(an_issue_sched_fn(&is, p.base, p.w, p.n, AN_ENTER_JUMP, o));
	/* a load's consumer waits the D-cache latency, on Ra, for the load */
	assert_int_equal(o[1].m, pa.lat_dcache);
	assert_int_equal(o[1].cause[TC_dep_load - AN_STATIC_FIRST], pa.lat_dcache);
	assert_int_equal(o[1].opnd[0], pa.lat_dcache);
	assert_int_equal(o[1].producer, 0);
	/* a multiply's consumer waits at least IMULQ's latency for it */
	assert_true(o[3].m >= pa.lat_imulq);
	assert_int_equal(o[3].cause[TC_dep_imul - AN_STATIC_FIRST], o[3].m);
	assert_int_equal(o[3].producer, 2);
	/* the store's data, Ra, from the add */
	assert_int_equal(o[4].producer, 3);
	assert_true(o[4].opnd[0] > 0);
}

static void test_enter(void **state)
{
	(void)state;
	struct prog p;
	struct an_sched_insn o[8];
	/* in the middle of a 16-byte fetch block: falling in, the first
	 * instruction issues with the one before it; by a transfer it
	 * starts a new fetch block */
	chain(&p, BASE + 4);
	assert_true(an_issue_sched_fn(&is, p.base, p.w, p.n, AN_ENTER_FALL, o));
	assert_int_equal(o[0].m, 0);
	assert_true(an_issue_sched_fn(&is, p.base, p.w, p.n, AN_ENTER_JUMP, o));
	assert_int_equal(o[0].m, 1 + pa.taken_bubble);
	assert_int_equal(o[0].cause[TC_slot - AN_STATIC_FIRST], o[0].m);
}

/* L0: addq; addq; beq t0, L1 / addq (falls into L1 mid fetch block) /
 * L1: ldq t1; addq t1 ... ; bne L0; ret */
static void test_cfg(void **state)
{
	(void)state;
	struct prog p;
	struct fixture f;
	prog_init(&p, BASE);
	enum { L0, L1 };
	here(&p, L0);
	lit(&p, OP_addq, T0, 1, T0);
	lit(&p, OP_addq, T2, 1, T2);
	bra(&p, OP_beq, T0, L1);
	lit(&p, OP_addq, T3, 1, T3);
	here(&p, L1);
	mem(&p, OP_ldq, T1, 0, A0);
	lit(&p, OP_addq, T1, 1, T4);
	bra(&p, OP_bne, T4, L0);
	jmp(&p, OP_ret, ZERO, RA, -1);
	assert_true(fixture_build(&f, &p));
	struct an_sched_insn s[16];
	const struct an_sched sched = an_issue_sched(&is);
	assert_true(an_sched_cfg(&sched, &f.g, s));
	/* the loop head, reached by the back branch: a new fetch block */
	assert_true(s[0].m >= 1);
	/* the block after the beq, entered only by falling in mid fetch
	 * block: its addq issues with the beq */
	assert_int_equal(s[3].m, 0);
	/* L1 is a branch target: a new fetch block; the add waits for the
	 * load, and the producer is the procedure's instruction 4 */
	assert_true(s[4].m >= 1);
	assert_int_equal(s[5].m, pa.lat_dcache);
	assert_int_equal(s[5].producer, 4);
	fixture_free(&f);
}

UNIT_MAIN(setup, teardown,
	cmocka_unit_test(test_same_as_issue_block),
	cmocka_unit_test(test_latencies),
	cmocka_unit_test(test_enter),
	cmocka_unit_test(test_cfg),
)

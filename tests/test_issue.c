/*
 * test_issue.c - unit tests of the 21164 issue model (timing/issue.h) on
 * its own, with no CPU, memory or predictor: the loops of the timing
 * microbenchmarks (testprogs/timing/NAME.S) as instruction words at their
 * addresses, run through issue_next/issue_retire until the schedule
 * repeats, must take the cycles per iteration each benchmark's comment
 * derives from the 21164 rules, and split them by the causes it names.
 * The benchmarks whose stalls are dynamic get those events as the
 * caller's constraints (struct issue_dyn: a load's latency, an I-cache
 * line's arrival, a mispredict), as the timed loop supplies them from
 * the real structures.  wb_saturate and dtb_reach measure the write
 * buffer and a PAL handler, not the issue model: they stay guest tests.
 * Also: basic blocks' static schedules (issue_block) with the producers
 * their dependencies wait for, the timing form of instruction words
 * (issue_decode), and the timing column of isa/insns.def against the
 * rest of each line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "timing/issue.h"

/* ---- instruction words ----------------------------------------------- */

static uint32_t opr(unsigned op, unsigned ra, unsigned rb, unsigned rc)
{
	return isa_encode(op, ra, rb, rc, 0);
}
static uint32_t opr_lit(unsigned op, unsigned ra, unsigned lit, unsigned rc)
{
	return isa_encode(op, ra, 0, rc, 0) | 1u << 12 | (lit & 0xffu) << 13;
}
static uint32_t mem(unsigned op, unsigned ra, int disp, unsigned rb)
{
	return isa_encode(op, ra, rb, 0, 0) | (uint16_t)disp;
}
/* FP operates in their plain (unqualified) form */
static uint32_t fop(unsigned op, unsigned fa, unsigned fb, unsigned fc)
{
	return isa_encode(op, fa, fb, fc, isa_table[op].func >> 6);
}
static uint32_t bra(unsigned op, unsigned ra, uint64_t pc, uint64_t target)
{
	return isa_encode(op, ra, 0, 0, 0) | ((uint32_t)((target - pc - 4) / 4) & 0x1fffff);
}
static uint32_t nop(void)
{
	return opr(OP_bis, 31, 31, 31);
}

/* ---- a loop's dynamic trace --------------------------------------------- */

/* One executed instruction: its address, its word, what the structures
 * around the model did.  The next PC is the next step's (the last step
 * goes back to the first). */
struct step {
	uint64_t pc;
	uint32_t w;
	struct issue_dyn d;
};
#define MAX_STEPS 512
static struct step tr[MAX_STEPS];
static unsigned ntr;

static void emit(uint64_t pc, uint32_t w)
{
	assert_true(ntr < MAX_STEPS);
	tr[ntr++] = (struct step){ .pc = pc, .w = w };
}

/* What a run of the trace gave, in its last (steady) repetition. */
struct outcome {
	uint64_t cycles;                   /* per repetition                 */
	uint64_t cause[TC_N];              /* head cycles by cause           */
	uint64_t src[TC_N][ISRC_N];        /* ... and by where they came from */
};

#define REPS 8

/* Runs the trace REPS times from an empty pipeline on the default 21164
 * parameters; the schedule must have settled (the last two repetitions
 * take the same cycles). */
static void run(struct outcome *o)
{
	struct params p;
	struct issue_model m;
	struct issue_state s;
	uint64_t first[REPS];
	params_default(&p);
	issue_model_init(&m, &p);
	issue_state_init(&s);
	memset(o, 0, sizeof *o);
	for (unsigned r = 0; r < REPS; r++)
		for (unsigned i = 0; i < ntr; i++) {
			struct issue_insn x;
			struct issue_need cs[ISSUE_MAX_NEEDS];
			unsigned n;
			issue_decode(tr[i].w, &x);
			assert_int_not_equal(x.op, OP_ILLEGAL);
			uint64_t tl = s.tl;
			uint64_t t = issue_next(&m, &s, &x, tr[i].pc, &tr[i].d, cs, &n);
			assert_true(t >= tl);
			if (i == 0)
				first[r] = t;
			if (r == REPS - 1) {
				uint64_t sum = 0;
				issue_split(cs, n, tl);
				for (unsigned k = 0; k < n; k++) {
					o->cause[cs[k].cause] += cs[k].cycles;
					o->src[cs[k].cause][cs[k].src] += cs[k].cycles;
					sum += cs[k].cycles;
				}
				assert_int_equal(sum, t - tl);
			}
			issue_retire(&m, &s, &x, tr[i].pc, tr[(i + 1) % ntr].pc, t, &tr[i].d);
		}
	o->cycles = first[REPS - 1] - first[REPS - 2];
	assert_int_equal(o->cycles, first[REPS - 2] - first[REPS - 3]);
	uint64_t total = 0;
	for (unsigned c = 0; c < TC_N; c++)
		total += o->cause[c];
	/* the last repetition ran from the previous one's last issue to its
	 * own, which in steady state is one period */
	assert_int_equal(total, o->cycles);
}

/* A loop body at base: words at consecutive addresses, run once each,
 * the last one the branch back to the first. */
static void body(uint64_t base, const uint32_t *w, unsigned n)
{
	ntr = 0;
	for (unsigned i = 0; i < n; i++)
		emit(base + 4 * i, w[i]);
}

#define BASE 0x120001000ull     /* 32-byte aligned, like the .align 4 loops */
#define N(a) (sizeof (a) / sizeof (a)[0])

/* ---- the benchmarks' loops ---------------------------------------------- */

/* The loop body of words at consecutive addresses from base. */
#define BODY(base, ...) \
	do { \
		const uint32_t w_[] = { __VA_ARGS__ }; \
		body(base, w_, N(w_)); \
	} while (0)

/* dep_add.S's body (test_block schedules it too). */
static void dep_add_words(uint32_t w[10])
{
	w[0] = opr_lit(OP_addq, 1, 1, 1);
	w[1] = opr_lit(OP_subq, 16, 1, 16);
	for (unsigned i = 2; i < 9; i++)
		w[i] = opr_lit(OP_addq, 1, 1, 1);
	w[9] = bra(OP_bne, 16, BASE + 36, BASE);
}

static void dep_add(void)
{
	uint32_t w[10];
	dep_add_words(w);
	body(BASE, w, 10);
}

static void indep_add(void)
{
	uint32_t w[10];
	for (unsigned i = 0; i < 7; i++)
		w[i] = opr_lit(OP_addq, 1 + i, 1, 1 + i);
	w[7] = opr_lit(OP_subq, 16, 1, 16);
	w[8] = opr_lit(OP_addq, 8, 1, 8);
	w[9] = bra(OP_bne, 16, BASE + 36, BASE);
	body(BASE, w, 10);
}

/* the FP pair after the loop branch runs only when the loop ends */
static void quad_issue(void)
{
	BODY(BASE, opr_lit(OP_addq, 1, 1, 1), opr_lit(OP_addq, 2, 1, 2),
	     fop(OP_addt, 1, 2, 10), fop(OP_mult, 1, 2, 11),
	     opr_lit(OP_addq, 3, 1, 3), opr_lit(OP_subq, 16, 1, 16),
	     fop(OP_addt, 1, 2, 12), fop(OP_mult, 1, 2, 13),
	     opr_lit(OP_addq, 4, 1, 4), bra(OP_bne, 16, BASE + 36, BASE));
}

static void slotting(void)
{
	BODY(BASE, opr_lit(OP_sll, 2, 1, 3), opr_lit(OP_sll, 4, 1, 5),
	     opr_lit(OP_sll, 6, 1, 7), opr_lit(OP_subq, 16, 1, 16),
	     mem(OP_ldq, 17, 0, 1), mem(OP_stq, 18, 8, 1),
	     mem(OP_ldq, 19, 16, 1), mem(OP_stq, 20, 24, 1),
	     mem(OP_ldq, 21, 0, 1), bra(OP_bne, 16, BASE + 36, BASE));
}

static void block_boundary(void)
{
	uint32_t w[8];
	w[0] = opr_lit(OP_subq, 16, 1, 16);
	for (unsigned i = 1; i < 7; i++)
		w[i] = opr_lit(OP_addq, i, 1, i);
	w[7] = bra(OP_bne, 16, BASE + 4 + 28, BASE + 4);
	body(BASE + 4, w, 8);
}

/* load_chain.S, dmiss_scache.S and smiss_memory.S: four dependent loads */
static void load_chain(void)
{
	BODY(BASE, mem(OP_ldq, 1, 0, 1), opr_lit(OP_subq, 16, 1, 16),
	     mem(OP_ldq, 1, 0, 1), mem(OP_ldq, 1, 0, 1), mem(OP_ldq, 1, 0, 1),
	     bra(OP_bne, 16, BASE + 20, BASE));
}

/* imulq_chain.S and divt_chain.S: two of w, each on the other's result */
static void chain(uint32_t w)
{
	BODY(BASE, w, opr_lit(OP_subq, 16, 1, 16), w, bra(OP_bne, 16, BASE + 12, BASE));
}

static void imulq_chain(void)
{
	chain(opr(OP_mulq, 1, 2, 1));
}

static void divt_chain(void)
{
	chain(fop(OP_divt, 1, 2, 1));
}

static void cmov(void)
{
	BODY(BASE, opr(OP_cmpeq, 1, 5, 2), opr(OP_cmovne, 2, 3, 1),
	     opr_lit(OP_subq, 16, 1, 16), nop(),
	     opr(OP_cmpeq, 1, 5, 2), opr(OP_cmovne, 2, 3, 1),
	     opr(OP_cmpeq, 1, 5, 2), opr(OP_cmovne, 2, 3, 1),
	     opr(OP_cmpeq, 1, 5, 2), opr(OP_cmovne, 2, 3, 1),
	     bra(OP_bne, 16, BASE + 40, BASE));
}

static void cmp_branch(void)
{
	BODY(BASE, opr_lit(OP_addq, 1, 1, 1), opr(OP_cmplt, 1, 17, 2),
	     bra(OP_bne, 2, BASE + 8, BASE));
}

static void loop_predicted(void)
{
	ntr = 0;
	emit(BASE, opr_lit(OP_subq, 16, 1, 16));
	emit(BASE + 4, opr_lit(OP_addq, 1, 1, 1));
	emit(BASE + 8, opr_lit(OP_addq, 2, 1, 2));
	emit(BASE + 12, bra(OP_beq, 31, BASE + 12, BASE + 16));
	emit(BASE + 16, opr_lit(OP_addq, 3, 1, 3));
	emit(BASE + 20, opr_lit(OP_addq, 4, 1, 4));
	emit(BASE + 24, bra(OP_bne, 16, BASE + 24, BASE));
}

/* Two iterations: the branch taken, then not; mispredicted both times. */
static void branch_alternating(void)
{
	const uint64_t b = BASE, skip = BASE + 32;
	ntr = 0;
	for (unsigned i = 0; i < 2; i++) {
		const bool taken = i == 0;
		emit(b, opr_lit(OP_subq, 16, 1, 16));
		emit(b + 4, nop());
		emit(b + 8, opr_lit(OP_xor, 5, 1, 5));
		emit(b + 12, bra(OP_blbc, 5, b + 12, skip));
		tr[ntr - 1].d.mispredict = true;
		if (!taken) {
			emit(b + 16, opr_lit(OP_addq, 6, 1, 6));
			emit(b + 20, nop());
			emit(b + 24, nop());
			emit(b + 28, nop());
		}
		emit(skip, bra(OP_bne, 16, skip, b));
	}
}

static void call_chain(void)
{
	const uint64_t loop = BASE + 8;             /* two nops into a block */
	const uint64_t f0 = BASE + 32;              /* f1, then one per 32 bytes */
	ntr = 0;
	emit(loop, opr_lit(OP_subq, 16, 1, 16));
	emit(loop + 4, bra(OP_bsr, 26, loop + 4, f0));
	for (unsigned k = 1; k <= 15; k++) {
		uint64_t f = f0 + 32 * (k - 1);
		emit(f, mem(OP_lda, 30, -16, 30));
		emit(f + 4, nop());
		emit(f + 8, mem(OP_stq, 26, 0, 30));
		emit(f + 12, bra(OP_bsr, 26, f + 12, f + 32));
	}
	emit(f0 + 32 * 15, isa_encode(OP_ret, 31, 26, 0, 0) | 1);      /* f16 */
	for (unsigned k = 15; k >= 1; k--) {
		uint64_t f = f0 + 32 * (k - 1);
		emit(f + 16, mem(OP_ldq, 26, 0, 30));
		emit(f + 20, mem(OP_lda, 30, 16, 30));
		emit(f + 24, isa_encode(OP_ret, 31, 26, 0, 0) | 1);
		tr[ntr - 1].d.mispredict = k <= 4;      /* f4 .. f1 */
	}
	emit(loop + 8, bra(OP_bne, 16, loop + 8, loop));
}

/* 128 hops between lines that evict each other, each line a miss the
 * S-cache serves in 8; the loop branch's line a hit. */
static void icache_thrash(void)
{
	const uint64_t a = 0x120010000ull, bb = a + 8192, t = a + 64 * 32;
	const struct issue_dyn miss = { .fetch = 8 };
	ntr = 0;
	emit(a, opr_lit(OP_subq, 16, 1, 16));
	tr[ntr - 1].d = miss;
	emit(a + 4, bra(OP_br, 31, a + 4, bb));
	for (unsigned k = 0; k < 64; k++) {
		uint64_t to = k < 63 ? a + 32 * (k + 1) : t;
		emit(bb + 32 * k, bra(OP_br, 31, bb + 32 * k, to));
		tr[ntr - 1].d = miss;
		if (k < 63) {
			emit(to, bra(OP_br, 31, to, bb + 32 * (k + 1)));
			tr[ntr - 1].d = miss;
		}
	}
	emit(t, bra(OP_bne, 16, t, a));
}

/* ---- what each benchmark must take ------------------------------------- */

/* Head cycles of one cause, from the sources in the mask srcs (bits of
 * enum issue_src), or from all of them when srcs is 0. */
struct expect {
	unsigned cause, srcs;
	uint64_t cycles;
};
#define SRC(s) (1u << (s))

/* One benchmark: its loop as a trace, the dynamic constraint every load
 * in it meets (none: everything hits), the cycles a repetition takes and
 * the causes the benchmark's comment names. */
struct bench {
	const char *name;
	void (*build)(void);
	struct issue_dyn load;
	uint64_t cycles;
	struct expect e[4];
};

static const struct bench benches[] = {
	/* a chain of dependent adds, 1 cycle each: 8 cycles, all of them an
	 * operand dependency on an add, through Ra */
	{ "dep_add", dep_add, { 0 }, 8,
	  { { TC_dep_int, 0, 8 }, { TC_dep_int, SRC(ISRC_RA), 8 } } },
	/* two integer operates a cycle, a new block a cycle after the last:
	 * 10 instructions in 5 cycles, all slotting; three blocks a period
	 * (three block boundaries), two full pipes */
	{ "indep_add", indep_add, { 0 }, 5,
	  { { TC_slot, 0, 5 }, { TC_slot, SRC(ISRC_BLOCK) | SRC(ISRC_REDIRECT), 3 },
	    { TC_slot, SRC(ISRC_PIPE), 2 } } },
	/* E0, E1, FA and FM in one cycle: a block a cycle */
	{ "quad_issue", quad_issue, { 0 }, 3, { { TC_slot, 0, 3 } } },
	/* shifts only in E0; a load and a store never in one cycle; stores
	 * only in E0: 8 cycles, all slotting; sll @1, sll+subq @2, stq @4,
	 * ldq @5, stq @6: five full pipes */
	{ "slotting", slotting, { 0 }, 8,
	  { { TC_slot, 0, 8 }, { TC_slot, SRC(ISRC_PIPE), 5 } } },
	/* the loop target one slot into a block: 5 cycles */
	{ "block_boundary", block_boundary, { 0 }, 5, { { TC_slot, 0, 5 } } },
	/* loads hitting the D-cache, load to use 2: 8 cycles, all waiting
	 * for a load, through the next one's base register (Rb) */
	{ "load_chain", load_chain, { 0 }, 8,
	  { { TC_dep_load, 0, 8 }, { TC_dep_load, SRC(ISRC_RB), 8 } } },
	/* IMULQ 12, plus 1 when its operand comes from a multiply: 26 cycles
	 * waiting for multiplies */
	{ "imulq_chain", imulq_chain, { 0 }, 26, { { TC_dep_imul, 0, 26 } } },
	/* DIVT 22, the divider not pipelined: 44 cycles waiting for divides
	 * (the divider's busy time is hidden behind the operand) */
	{ "divt_chain", divt_chain, { 0 }, 44, { { TC_dep_fdiv, 0, 44 } } },
	/* a compare feeds a CMOV test in the same cycle, a CMOV's result
	 * takes 2: 8 cycles, 6 waiting for a CMOV (the compares, through
	 * Ra), 2 for a pipe or block (subq, bne) */
	{ "cmov", cmov, { 0 }, 8,
	  { { TC_dep_cmov, 0, 6 }, { TC_dep_cmov, SRC(ISRC_RA), 6 }, { TC_slot, 0, 2 } } },
	/* a compare feeds a branch in the same cycle: 2 cycles, one the
	 * compare waiting for the add, one the block after the branch */
	{ "cmp_branch", cmp_branch, { 0 }, 2,
	  { { TC_dep_int, 0, 1 }, { TC_slot, 0, 1 } } },
	/* predicted branches, a taken one costing only its block boundary:
	 * 4 cycles, all slotting */
	{ "loop_predicted", loop_predicted, { 0 }, 4, { { TC_slot, 0, 4 } } },

	/* with the caller's dynamic constraints */

	/* dmiss_scache.S: every load misses the D-cache and the S-cache
	 * serves it in 8: 32 cycles, all charged to the miss */
	{ "dmiss_scache", load_chain, { .data = 8, .data_cause = TC_dmiss_s }, 32,
	  { { TC_dmiss_s, 0, 32 } } },
	/* smiss_memory.S: every load goes to memory, 100: 400 cycles */
	{ "smiss_memory", load_chain, { .data = 100, .data_cause = TC_dmiss_m }, 400,
	  { { TC_dmiss_m, 0, 400 } } },
	/* a branch mispredicted every time, 5 cycles each: 3 + 5 = 8 and
	 * 5 + 5 = 10 cycles, 9 on average; the restart after a mispredict
	 * covers the target's block boundary too, so the truth gives the
	 * mispredicts 6 cycles each (docs/timing.md) */
	{ "branch_alternating", branch_alternating, { 0 }, 18,
	  { { TC_bmisp, 0, 12 }, { TC_bmisp, SRC(ISRC_REDIRECT), 12 }, { TC_slot, 0, 6 } } },
	/* 16 nested calls, a 12-entry return stack: the returns of f4 .. f1
	 * are mispredicted, 5 cycles each: 78 + 20 = 98 cycles (the truth
	 * gives each mispredict 6, its target's block boundary too) */
	{ "call_chain", call_chain, { 0 }, 98,
	  { { TC_jmisp, 0, 24 }, { TC_jmisp, SRC(ISRC_REDIRECT), 24 } } },
	/* 128 x (1 + 8) + 1 = 1153 cycles, 1024 of them waiting for the
	 * I-cache; the truth gives the miss the hop's block boundary too (the
	 * line's arrival is a constraint through all 9 cycles) */
	{ "icache_thrash", icache_thrash, { 0 }, 1153,
	  { { TC_imiss, 0, 128 * 9 }, { TC_imiss, SRC(ISRC_FETCH), 128 * 9 }, { TC_slot, 0, 1 } } },
};

/* A benchmark's row (the state cmocka hands the test): its trace run to
 * its steady state must take its cycles, split as it says. */
static void test_bench(void **state)
{
	const struct bench *b = *state;
	b->build();
	for (unsigned i = 0; i < ntr; i++)
		if (b->load.data && (isa_table[isa_decode(tr[i].w, NULL)].flags & I_LOAD))
			tr[i].d = b->load;
	struct outcome o;
	run(&o);
	assert_int_equal(o.cycles, b->cycles);
	for (unsigned k = 0; k < N(b->e) && b->e[k].cycles; k++) {
		const struct expect *e = &b->e[k];
		uint64_t got = 0;
		for (unsigned s = 0; s < ISRC_N; s++)
			if (!e->srcs || (e->srcs & SRC(s)))
				got += o.src[e->cause][s];
		if (!e->srcs)
			assert_int_equal(got, o.cause[e->cause]);
		if (got != e->cycles)
			fail_msg("%s: %" PRIu64 " cycles of cause %u (sources %#x), not %" PRIu64,
			         b->name, got, e->cause, e->srcs, e->cycles);
	}
}

/* ---- a basic block's static schedule ----------------------------------- */

/* issue_block: M_i, its causes and sources, and the producer a
 * dependency waited for, on straight-line blocks from the benchmarks. */
static void test_block(void **state)
{
	(void)state;
	struct params p;
	struct issue_model m;
	struct issue_sched out[10];
	params_default(&p);
	issue_model_init(&m, &p);

	/* dep_add's body entered by its loop branch: a1,subq @1, a2..a8
	 * a cycle each on the add before (through Ra), bne with a8 */
	uint32_t w[10];
	dep_add_words(w);
	issue_block(&m, BASE, w, 10, true, out);
	static const uint32_t dep_m[10] = { 1, 0, 1, 1, 1, 1, 1, 1, 1, 0 };
	static const int dep_producer[10] = { -1, -1, 0, 2, 3, 4, 5, 6, 7, -1 };
	for (unsigned i = 0; i < 10; i++) {
		assert_int_equal(out[i].m, dep_m[i]);
		assert_int_equal(out[i].producer, dep_producer[i]);
		if (i >= 2 && i <= 8) {
			assert_int_equal(out[i].cause[TC_dep_int], 1);
			assert_int_equal(out[i].src[ISRC_RA], 1);
		}
	}
	assert_int_equal(out[0].cause[TC_slot], 1);

	/* load_chain's loads wait 2 for the one before, through Rb */
	const uint32_t ld[] = {
		mem(OP_ldq, 1, 0, 1), opr_lit(OP_subq, 16, 1, 16),
		mem(OP_ldq, 1, 0, 1), mem(OP_ldq, 1, 0, 1), mem(OP_ldq, 1, 0, 1),
	};
	issue_block(&m, BASE, ld, N(ld), true, out);
	assert_int_equal(out[2].m, 2);
	assert_int_equal(out[2].cause[TC_dep_load], 2);
	assert_int_equal(out[2].src[ISRC_RB], 2);
	assert_int_equal(out[2].producer, 0);
	assert_int_equal(out[4].producer, 3);

	/* cmov: the CMOV tests its compare's result in the same cycle; the
	 * next compare waits for the CMOV (2 cycles, through Ra) */
	const uint32_t cm[] = {
		opr(OP_cmpeq, 1, 5, 2), opr(OP_cmovne, 2, 3, 1),
		opr(OP_cmpeq, 1, 5, 2), opr(OP_cmovne, 2, 3, 1),
	};
	issue_block(&m, BASE, cm, N(cm), true, out);
	assert_int_equal(out[1].m, 0);
	assert_int_equal(out[2].m, 2);
	assert_int_equal(out[2].cause[TC_dep_cmov], 2);
	assert_int_equal(out[2].producer, 1);
	assert_int_equal(out[3].m, 0);

	/* a block one slot into a fetch block: reached by a branch it
	 * starts a new one; in sequence it issues with its predecessor */
	const uint32_t two[] = { opr_lit(OP_addq, 1, 1, 1), opr_lit(OP_addq, 2, 1, 2) };
	issue_block(&m, BASE + 4, two, 2, true, out);
	assert_int_equal(out[0].m, 1);
	assert_int_equal(out[0].cause[TC_slot], 1);
	issue_block(&m, BASE + 4, two, 2, false, out);
	assert_int_equal(out[0].m, 0);
	assert_int_equal(out[1].m, 0);
	/* ... but an aligned one is a new fetch block either way */
	issue_block(&m, BASE, two, 2, false, out);
	assert_int_equal(out[0].m, 1);
	assert_int_equal(out[0].src[ISRC_BLOCK], 1);

	/* the multiplier: a second IMULQ waits for it, not for an operand */
	const uint32_t mul[] = { opr(OP_mulq, 1, 2, 3), opr(OP_mulq, 4, 5, 6) };
	issue_block(&m, BASE, mul, 2, true, out);
	assert_int_equal(out[1].m, p.imulq_busy);
	assert_int_equal(out[1].cause[TC_unit], p.imulq_busy);
	assert_int_equal(out[1].src[ISRC_UNIT], p.imulq_busy);
	assert_int_equal(out[1].producer, -1);
}

/* ---- the timing form and the table -------------------------------------- */

/* What issue_decode makes of words: the registers read, the FP files,
 * the destination (R31 the sink). */
static void test_decode(void **state)
{
	(void)state;
	struct issue_insn x;
	issue_decode(opr(OP_addq, 1, 2, 3), &x);
	assert_int_equal(x.op, OP_addq);
	assert_int_equal(x.flags, IOP_VALID | IOP_RA | IOP_RB);
	assert_int_equal(x.c, 3);
	issue_decode(opr_lit(OP_addq, 1, 200, 31), &x);      /* literal, to R31 */
	assert_int_equal(x.flags, IOP_VALID | IOP_RA);
	assert_int_equal(x.c, ISSUE_SINK);
	issue_decode(opr(OP_cmovne, 2, 3, 1), &x);           /* reads old Rc */
	assert_int_equal(x.flags, IOP_VALID | IOP_RA | IOP_RB | IOP_RC);
	issue_decode(opr(OP_cmovne, 2, 3, 31), &x);          /* ... unless R31 */
	assert_int_equal(x.flags, IOP_VALID | IOP_RA | IOP_RB);
	issue_decode(mem(OP_ldq, 1, 8, 2), &x);
	assert_int_equal(x.flags, IOP_VALID | IOP_RB | IOP_MEM);
	assert_int_equal(x.c, 1);
	issue_decode(mem(OP_stq_c, 1, 8, 2), &x);            /* stores Ra, then */
	assert_int_equal(x.flags, IOP_VALID | IOP_RA | IOP_RB | IOP_MEM);
	assert_int_equal(x.c, 1);                            /* writes it */
	issue_decode(mem(OP_lda, 1, 8, 2), &x);
	assert_int_equal(x.flags, IOP_VALID | IOP_RB);
	issue_decode(mem(OP_stt, 4, 8, 2), &x);
	assert_int_equal(x.flags, IOP_VALID | IOP_RA | IOP_RB | IOP_MEM | IOP_AFP);
	issue_decode(fop(OP_addt, 1, 2, 3), &x);
	assert_int_equal(x.flags, IOP_VALID | IOP_RA | IOP_RB | IOP_AFP | IOP_BFP | IOP_CFP);
	issue_decode(bra(OP_br, 26, 0, 64), &x);             /* links, reads no Ra */
	assert_int_equal(x.flags, IOP_VALID);
	assert_int_equal(x.c, 26);
	issue_decode(bra(OP_bne, 5, 0, 64), &x);
	assert_int_equal(x.flags, IOP_VALID | IOP_RA);
	assert_int_equal(x.c, ISSUE_SINK);
	issue_decode(0x04000000u, &x);                       /* opcode 0x01 */
	assert_int_equal(x.op, OP_ILLEGAL);
	assert_int_equal(x.flags, IOP_VALID);
}

/* The timing column agrees with the rest of each line of isa/insns.def:
 * the kinds with the operand layouts and flags, the same-cycle test
 * bypass between integer compares/logicals and integer branch/CMOV tests. */
static void test_column(void **state)
{
	(void)state;
	struct params p;
	struct issue_model m;
	params_default(&p);
	issue_model_init(&m, &p);
	for (unsigned op = 0; op < OP_COUNT; op++) {
		const struct isa_insn *e = &isa_table[op];
		const unsigned kind = m.cls[op].kind, t = e->timing;
		switch (kind) {
		case IK_JMP: case IK_JSR: case IK_RET: case IK_JCR:
			assert_int_equal(e->args, A_JMP);
			break;
		case IK_BR: case IK_BSR:
			assert_int_equal(e->args, A_BRA);
			assert_false(e->flags & I_COND);
			break;
		case IK_COND:
			assert_true(e->flags & I_BRANCH);
			break;
		case IK_CALLPAL: case IK_REI:
			assert_true(e->flags & I_BRANCH);
			break;
		case IK_LOAD: case IK_STORE:
			assert_true(e->flags & (I_LOAD | I_STORE));
			break;
		default:
			assert_false(e->flags & (I_BRANCH | I_LOAD | I_STORE));
			break;
		}
		if (t & T_TEST0)
			assert_true(e->args == A_OPR && e->lat == L_INT && !(e->flags & I_FPC));
		if (t & T_TEST)
			assert_true((kind == IK_COND && !(e->flags & I_FPA)) || e->lat == L_CMOV);
		if (e->lat == L_CMOV || (kind == IK_COND && !(e->flags & I_FPA)))
			assert_true(t & T_TEST);
		if (t & T_CMOV)
			assert_true(e->args == A_OPR || e->args == A_FOPR);
		if (t & (T_PHYS | T_QUAD))
			assert_true(kind == IK_LOAD || kind == IK_STORE);
	}
	/* the integer multiplies and FP divides keep their unit busy */
	assert_int_equal(m.cls[OP_mulq].kind, IK_IMUL);
	assert_int_equal(m.cls[OP_mulq].busy, p.imulq_busy);
	assert_int_equal(m.cls[OP_divt].kind, IK_FDIV);
	assert_int_equal(m.cls[OP_divt].busy, p.fdivt_busy);
}

int main(void)
{
	/* a test a benchmark, by its name, then the others */
	struct CMUnitTest tests[N(benches) + 3] = {
		[N(benches)] = cmocka_unit_test(test_block),
		cmocka_unit_test(test_decode),
		cmocka_unit_test(test_column),
	};
	for (unsigned i = 0; i < N(benches); i++)
		tests[i] = (struct CMUnitTest){ .name = benches[i].name, .test_func = test_bench,
		                                .initial_state = (void *)&benches[i] };
	return cmocka_run_group_tests(tests, NULL, NULL);
}

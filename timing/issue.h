/*
 * issue.h - the 21164 issue model: the cycle an instruction issues and
 * why not earlier (docs/architecture.md "Simulation is
 * instruction-driven, time is exact"; docs/ev5.md "Pipeline", "Pipe
 * classes", "Latencies"; 21164 HRM 2.3, the issue rules; GCC
 * config/alpha/ev5.md for unit reservations and bypasses).
 *
 * It knows the instruction table (isa/insns.def: pipe, latency class,
 * flags, timing column) and the machine parameters, and nothing else: no
 * CPU, memory, cache, predictor, truth or counter.  Its caller supplies
 * the dynamic constraints.  The timed run loop (chip/timed_run.c) gives it
 * the real I-cache, memory system and branch predictor; the analysis
 * gives it none (every access hits, every branch is predicted), which is
 * a basic block's static schedule: the two differ only by what the
 * dynamic constraints add.
 *
 * Instructions go through it one at a time, in program order, each in
 * these steps (the run loop interleaves its own between them):
 *   issue_begin     the block boundary and a redirect after a transfer;
 *                   true if it starts a new block instance: the caller
 *                   adds the fetch constraint (its I-cache line arriving)
 *   issue_operands  Ra, Rb and the old Rc ready
 *   issue_unit_wait (a multiply or divide) its unit free; for the other
 *                   kinds from IK_MB on, the caller adds the memory
 *                   constraint instead (a MAF or write buffer entry,
 *                   MB/WMB drained)
 *   issue_pipes     the first cycle whose pipes and load/store pairing
 *                   take it: its issue cycle
 *   issue_unit_take (a multiply or divide) it keeps its unit busy; a
 *                   multiply's result may come later (no bypass)
 *   issue_commit    it issued: pipes taken, its result ready at a cycle
 *                   (for a load the memory system's)
 *   issue_transfer  the next instruction comes from elsewhere (a taken
 *                   branch, a mispredict, entering or leaving PAL)
 * Most steps take the instruction's class (issue_class_of), looked up
 * once.  Kinds from IK_IMUL on are the rare ones: a caller tests that once
 * and then calls the unit steps or does its memory part.
 * issue_next and issue_retire do the same with the dynamic constraints
 * given as numbers (struct issue_dyn), for tests; issue_block gives a
 * basic block's static schedule, for the analysis.  Each
 * constraint is recorded with its cycle, cause (timing/causes.h) and source
 * (which operand, unit, ...); issue_split divides the instruction's head
 * cycles among them.  A caller that wants to name the producer an operand
 * waited for keeps the last writer of each register itself.
 *
 * The steps are inline: they are the simulator's hot path.
 */
#ifndef ALPHASIM_ISSUE_H
#define ALPHASIM_ISSUE_H

#include <stdbool.h>
#include <stdint.h>
#include "timing/causes.h"
#include "isa/isa.h"
#include "timing/params.h"

/* What an instruction does to the model beyond its pipe and latency (the
 * order groups the cases the steps test). */
enum issue_kind {
	IK_OP, IK_COND, IK_BR, IK_BSR, IK_JMP, IK_JSR, IK_RET, IK_JCR, IK_CALLPAL, IK_REI,
	IK_IMUL, IK_FDIV, IK_MB, IK_WMB, IK_LOAD, IK_STORE,
};

/* Where a constraint comes from. */
enum issue_src {
	ISRC_BLOCK,      /* a new block instance starts a cycle after the last */
	ISRC_REDIRECT,   /* a taken branch, mispredict or PAL entry/exit       */
	ISRC_FETCH,      /* the block's I-cache line arriving                  */
	ISRC_RA, ISRC_RB, ISRC_RC,   /* an operand register (Rc: a CMOV's old
	                                destination)                         */
	ISRC_UNIT,       /* the multiplier or the divider busy                 */
	ISRC_MEM,        /* a MAF or write buffer entry, MB/WMB draining       */
	ISRC_PIPE,       /* no free pipe, load/store pairing, E0 taken by a
	                    multiply's write-back                              */
	ISRC_N
};

/*
 * The issue slots of one cycle, as 4-bit counters in one word: pipes E0,
 * E1, FA, FM, integer and FP instructions, and memory operations (a load
 * counts 1, a store 2, so a load and a store together exceed the limit
 * of 2).  Each counter starts at 7 - its limit, so exceeding the limit
 * sets the counter's top bit: an instruction fits iff
 * (slots + its increment) & SLOT_OVER is 0.  Two counters per pipe pair
 * (E0 <= 1, E1 <= 1, both <= 2) are exactly the condition for some
 * assignment of either-pipe instructions to exist.
 */
enum { SF_E0, SF_E1, SF_INT, SF_FA, SF_FM, SF_FP, SF_MEM };
#define SLOT(f, n)   ((uint32_t)(n) << (4 * (f)))
#define SLOT_EMPTY   (SLOT(SF_E0, 6) | SLOT(SF_E1, 6) | SLOT(SF_INT, 5) | SLOT(SF_FA, 6) | \
                      SLOT(SF_FM, 6) | SLOT(SF_FP, 5) | SLOT(SF_MEM, 5))
#define SLOT_OVER    0x08888888u
/* A multiply's result returning through E0 takes it for that cycle. */
#define SLOT_E0_WB   (SLOT(SF_E0, 1) | SLOT(SF_INT, 1))

/* Per instruction-table line, from isa/insns.def and the parameters. */
struct issue_class {
	uint32_t inc;       /* SLOT increment: its pipes and memory use      */
	uint8_t  kind;      /* enum issue_kind                               */
	uint8_t  dcause;    /* cause a consumer waiting for the result gets  */
	uint16_t tflags;    /* its T_* operand facts (isa/isa.h)             */
	uint32_t lat;       /* cycles from issue to result usable            */
	uint32_t busy;      /* cycles the unit (multiplier, divider) is busy */
};

/* How the next instruction comes after one that issued at t. */
enum issue_xfer {
	IX_TAKEN,        /* a taken branch, predicted: taken_bubble           */
	IX_BMISP,        /* a mispredicted conditional branch: bmisp_penalty  */
	IX_JMISP,        /* a mispredicted JMP/JSR/RET: jmisp_penalty         */
	IX_PAL,          /* entering or leaving PAL mode: pal_penalty         */
	IX_N
};

struct issue_model {
	struct issue_class cls[OP_COUNT + 1];  /* by op; OP_ILLEGAL, last,   */
	                                       /* never issues: it faults    */
	uint64_t penalty[IX_N];                /* by enum issue_xfer         */
	uint64_t nobypass, mulchain;           /* imul_nobypass, imul_chain  */
};

/* Scoreboard indices: R0-R31, the R31 sink, F0-F31, the F31 sink. */
#define ISSUE_SINK 32          /* a destination of R31/F31: nobody reads it */
#define ISSUE_FP   33
#define ISSUE_NREG 66

/* An instruction in its timing form: its op, register fields (a and b
 * as encoded, c its destination or ISSUE_SINK) and which it reads. */
struct issue_insn {
	uint16_t op;
	uint8_t  a, b, c;
	uint8_t  flags;        /* IOP_*: issue_operand_flags               */
};
enum {
	IOP_VALID = 1,                                   /* flags are set        */
	IOP_RA = 2, IOP_RB = 4, IOP_RC = 8,              /* reads Ra, Rb, old Rc */
	IOP_AFP = 16, IOP_BFP = 32, IOP_CFP = 64,        /* ... FP registers     */
	IOP_MEM = 128,                                   /* load or store        */
};

/* The schedule: what the instructions issued so far leave behind. */
struct issue_state {
	uint64_t tl;                   /* cycle the last instruction issued  */
	uint64_t next_seq;             /* PC that continues the current block */
	uint64_t redirect;             /* earliest issue after a transfer    */
	uint8_t  redirect_cause;
	uint8_t  issued;               /* instructions issued in cycle tl    */
	uint32_t slots;                /* SLOT counters of cycle tl          */
	uint64_t imul_free, fdiv_free;
	uint64_t e0_wb[2];             /* cycles multiplies hold E0, newest first (0: none) */
	uint64_t ready[ISSUE_NREG];    /* a register's value usable          */
	uint64_t tready[ISSUE_NREG];   /* ... by a branch or CMOV test       */
	uint8_t  rcause[ISSUE_NREG];   /* cause a reader waiting for it gets */
};

/* A cycle before which an instruction cannot issue, why, and from where;
 * issue_split fills in the head cycles it is charged. */
struct issue_need {
	uint64_t at;
	uint32_t cycles;
	uint8_t  cause;                /* enum truth_cause                   */
	uint8_t  src;                  /* enum issue_src                     */
};
#define ISSUE_MAX_NEEDS 12

/* The instruction being issued: its predecessor's cycle, the earliest
 * cycle found so far, and the constraints (kept in the caller's cs). */
struct issue_rec {
	uint64_t tl, t;
	unsigned n;
	struct issue_need *cs;
};

/* The model's tables for the machine p. */
void issue_model_init(struct issue_model *m, const struct params *p);
/* An empty pipeline whose last issue was cycle 0; nothing may issue in
 * cycle 0 itself (0 is the "none" of the E0 write-back cycles), which a
 * first instruction starting a new block never does. */
void issue_state_init(struct issue_state *s);

/* The IOP_* flags of table line op in word w whose destination is c. */
uint8_t issue_operand_flags(unsigned op, uint32_t w, unsigned c);
/* The timing form of instruction word w (an illegal word: op OP_ILLEGAL,
 * which reads nothing). */
void issue_decode(uint32_t w, struct issue_insn *x);

/* ---- the steps --------------------------------------------------------- */

/* Cycle `at` is the earliest the instruction can issue, for cause and src. */
static inline void issue_need(struct issue_rec *r, uint64_t at, unsigned cause, unsigned src)
{
	if (at > r->tl) {
		struct issue_need *c = &r->cs[r->n++];
		c->at = at;
		c->cause = (uint8_t)cause;
		c->src = (uint8_t)src;
		if (at > r->t)
			r->t = at;
	}
}

/* Start the instruction at pc (constraints into cs): a new block instance
 * (its PC is 16-byte aligned, or it does not continue the block) issues
 * no earlier than the cycle after its predecessor, and after a redirect.
 * True if it is one: its block must be fetched. */
static inline bool issue_begin(const struct issue_state *s, uint64_t pc, struct issue_need *cs,
                               struct issue_rec *r)
{
	r->tl = r->t = s->tl;
	r->n = 0;
	r->cs = cs;
	if (pc == s->next_seq && (pc & 15))
		return false;
	issue_need(r, s->tl + 1, TC_slot, ISRC_BLOCK);
	if (s->redirect > r->t)
		issue_need(r, s->redirect, s->redirect_cause, ISRC_REDIRECT);
	return true;
}

/* The class of the instruction: the steps' first argument. */
static inline const struct issue_class *issue_class_of(const struct issue_model *m,
                                                       const struct issue_insn *x)
{
	return &m->cls[x->op];
}

/* The scoreboard index of register field r, an FP register when the
 * flags f have fp (IOP_AFP, IOP_BFP, IOP_CFP). */
static inline unsigned issue_reg(unsigned r, uint8_t f, uint8_t fp)
{
	return r + ((f & fp) ? ISSUE_FP : 0);
}

/* Its operands ready (a compare's result for a branch or CMOV test in
 * the cycle the compare issues). */
static inline __attribute__((always_inline))
void issue_operands(const struct issue_class *k, const struct issue_state *s,
                    const struct issue_insn *x, struct issue_rec *r)
{
	const uint8_t f = x->flags;
	if (f & (IOP_RA | IOP_RB | IOP_RC)) {
		if (f & IOP_RA) {
			unsigned g = issue_reg(x->a, f, IOP_AFP);
			issue_need(r, (k->tflags & T_TEST) ? s->tready[g] : s->ready[g], s->rcause[g],
			           ISRC_RA);
		}
		if (f & IOP_RB) {
			unsigned g = issue_reg(x->b, f, IOP_BFP);
			issue_need(r, s->ready[g], s->rcause[g], ISRC_RB);
		}
		if (f & IOP_RC) {
			unsigned g = issue_reg(x->c, f, IOP_CFP);
			issue_need(r, s->ready[g], s->rcause[g], ISRC_RC);
		}
	}
}

/* A multiply or divide waits for its unit (kind IK_IMUL, IK_FDIV). */
static inline void issue_unit_wait(const struct issue_class *k, const struct issue_state *s,
                                   struct issue_rec *r)
{
	issue_need(r, k->kind == IK_IMUL ? s->imul_free : s->fdiv_free, TC_unit, ISRC_UNIT);
}

/* Its pipes and load/store pairing in the cycle it would issue; in a
 * later cycle than its predecessor's the pipes are all free, unless a
 * multiply's write-back holds E0.  Returns its issue cycle. */
static inline __attribute__((always_inline))
uint64_t issue_pipes(const struct issue_class *k, const struct issue_state *s,
                     struct issue_rec *r)
{
	const uint32_t inc = k->inc;
	for (;;) {
		uint64_t t = r->t;
		uint32_t slots = t > r->tl ? SLOT_EMPTY : s->slots;
		bool wb = t <= s->e0_wb[0] && (t == s->e0_wb[0] || t == s->e0_wb[1]);
		if (!((slots + inc + (wb ? SLOT_E0_WB : 0)) & SLOT_OVER))
			return t;
		bool unit = wb && !((slots + inc) & SLOT_OVER);
		issue_need(r, t + 1, unit ? TC_unit : TC_slot, ISRC_PIPE);
	}
}

/* Extra latency of a multiply whose operand the multiplier cannot take
 * from a bypass (GCC's config/alpha/ev5.md: IMULL one cycle after the
 * ADDL producing its operand has latency 8 + 2). */
static inline uint64_t issue_mul_extra(const struct issue_model *m, const struct issue_state *s,
                                       unsigned g, uint64_t t)
{
	uint64_t avail = s->ready[g] + (s->rcause[g] == TC_dep_imul ? m->mulchain : m->nobypass);
	return avail > t ? avail - t : 0;
}

/* A multiply or divide (kind IK_IMUL, IK_FDIV) issued at t keeps its
 * unit busy; a multiply's result, due at `ready`, comes later when an
 * operand came too late for the multiplier, and returns through E0.
 * Returns when its result is ready.  Before issue_commit. */
static inline uint64_t issue_unit_take(const struct issue_model *m, const struct issue_class *k,
                                       struct issue_state *s, const struct issue_insn *x,
                                       uint64_t t, uint64_t ready)
{
	if (k->kind == IK_FDIV) {
		s->fdiv_free = t + k->busy;
		return ready;
	}
	const uint8_t f = x->flags;
	uint64_t e = 0;
	if (f & IOP_RA)
		e = issue_mul_extra(m, s, issue_reg(x->a, f, IOP_AFP), t);
	if (f & IOP_RB) {
		uint64_t eb = issue_mul_extra(m, s, issue_reg(x->b, f, IOP_BFP), t);
		e = eb > e ? eb : e;
	}
	ready += e;
	s->imul_free = t + k->busy;
	/* the result returns through E0 (GCC's config/alpha/ev5.md reservation) */
	s->e0_wb[1] = s->e0_wb[0];
	s->e0_wb[0] = ready - 3;
	return ready;
}

/* The instruction at pc issued at t; its result is ready at `ready`
 * (t + its class's latency, or a load's from the memory system, or
 * issue_unit_take's) and a reader waiting for it gets dcause.  The next
 * instruction continues its block unless issue_transfer or
 * issue_new_block says otherwise. */
static inline __attribute__((always_inline))
void issue_commit(const struct issue_class *k, struct issue_state *s, const struct issue_insn *x,
                  uint64_t pc, uint64_t t, uint64_t ready, unsigned dcause)
{
	if (t > s->tl) {
		s->issued = 0;
		s->slots = SLOT_EMPTY;
	}
	s->issued++;
	s->slots += k->inc;
	s->tl = t;
	if (x->c != ISSUE_SINK) {
		unsigned g = issue_reg(x->c, x->flags, IOP_CFP);
		s->ready[g] = ready;
		s->tready[g] = (k->tflags & T_TEST0) ? t : ready;
		s->rcause[g] = (uint8_t)dcause;
	}
	s->next_seq = pc + 4;
}

/* After the instruction that issued (or, for an interrupt, would have
 * issued) at t, the next comes from elsewhere: a new block, no earlier
 * than t + 1 + the transfer's penalty, the wait charged to cause. */
static inline void issue_transfer(const struct issue_model *m, struct issue_state *s, uint64_t t,
                                  enum issue_xfer xfer, unsigned cause)
{
	s->next_seq = ~0ull;
	s->redirect = t + 1 + m->penalty[xfer];
	s->redirect_cause = (uint8_t)cause;
}

/* The next instruction starts a new block instance (an exception's or a
 * trap's new PC). */
static inline void issue_new_block(struct issue_state *s)
{
	s->next_seq = ~0ull;
}

/* Nothing issues until cycle `to` (the CPU waits for an interrupt): the
 * cycle of the last issue is over. */
static inline void issue_idle(struct issue_state *s, uint64_t to)
{
	s->issued = 0;
	s->slots = SLOT_EMPTY;
	s->tl = to;
}

/* Divide the head cycles [tl, t) of an instruction among its n
 * constraints (reordering cs): each cycle goes to the first cause, in
 * enum truth_cause order, whose constraint still held in that cycle;
 * cs[i].cycles gets constraint i's share. */
void issue_split(struct issue_need *cs, unsigned n, uint64_t tl);

/* ---- the steps at once, for callers that know the dynamic part -------- */

/* The dynamic constraints on one instruction, as numbers; all 0 when
 * everything hits and every branch is predicted. */
struct issue_dyn {
	uint32_t fetch;        /* a new block: cycles from when the fetch
	                          stage asks until its line arrives          */
	uint32_t mem;          /* cycles it waits for a MAF or write buffer
	                          entry or MB/WMB, from when it could issue   */
	uint8_t  mem_cause;    /* ... charged to (TC_replay, TC_wbfull, TC_mb) */
	uint8_t  data_cause;   /* a load the D-cache missed: the cause its   */
	uint32_t data;         /* readers get, and its load-to-use cycles    */
	bool     mispredict;   /* a branch or jump whose prediction failed   */
};

/* issue_begin .. issue_pipes for the instruction x at pc; the
 * constraints into cs, their number into *n.  Returns its issue cycle. */
uint64_t issue_next(const struct issue_model *m, const struct issue_state *s,
                    const struct issue_insn *x, uint64_t pc, const struct issue_dyn *d,
                    struct issue_need cs[ISSUE_MAX_NEEDS], unsigned *n);
/* issue_commit, then issue_transfer if the next instruction (at npc)
 * does not continue the block: a taken branch, a mispredict (d), CALL_PAL
 * or HW_REI. */
void issue_retire(const struct issue_model *m, struct issue_state *s, const struct issue_insn *x,
                  uint64_t pc, uint64_t npc, uint64_t t, const struct issue_dyn *d);

/* ---- a basic block's static schedule ------------------------------------- */

/* One instruction of it. */
struct issue_sched {
	uint32_t m;                 /* M_i: cycles at the head of the issue
	                               stage, from its predecessor's issue  */
	uint32_t cause[TC_N];       /* ... by cause (they add up to m)       */
	uint32_t src[ISRC_N];       /* ... by source                          */
	int32_t  producer;          /* the instruction of the block whose
	                               result it waited for longest, or -1  */
};

/* The static schedule of the n instruction words w[0..n) at pc, one basic
 * block (DCPI paper section 6.1.1): every access hits, every branch is
 * predicted, nothing from before the block is still busy.  jumped:
 * control reaches w[0] by a taken branch (a new fetch block); else in
 * sequence (w[0] may issue with the instruction before it). */
void issue_block(const struct issue_model *m, uint64_t pc, const uint32_t *w, size_t n,
                 bool jumped, struct issue_sched *out);

#endif

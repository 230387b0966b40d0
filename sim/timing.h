/*
 * timing.h - the 21164 timing model, one per CPU (DESIGN.md "Simulation
 * is instruction-driven, time is exact"; EV5.md "Pipeline").
 *
 * There is no per-cycle loop.  Each instruction, after the functional
 * core has executed it, gets the cycle it issued: no earlier than its
 * predecessor; a cycle later when it starts a new aligned block of four
 * (the 21164 slots one block at a time and a branch into a block issues
 * from the target to the block's end); no earlier than its I-cache line
 * arrives and a mispredicted branch has been resolved; no earlier than its
 * operands are ready (latency table, the 0-cycle compare-to-branch/CMOV
 * case, the multiplier's missing bypass); no earlier than the multiplier
 * or divider is free; and in a cycle whose pipes (E0, E1, FA, FM) and
 * load/store pairing can take it.  Then the cycle its result is ready is
 * recorded (a load's from the memory system).  The gap from the
 * predecessor's issue is the instruction's time at the head of the issue
 * stage; it is split by cause into the truth records (sim/truth.h).
 *
 * sim/timing.c builds the model and its tables and reports statistics;
 * sim/cpu_timed.c is the run loop that drives it.
 */
#ifndef ALPHASIM_TIMING_H
#define ALPHASIM_TIMING_H

#include "sim/bpred.h"
#include "sim/cpu.h"
#include "sim/fetch.h"
#include "sim/memsys.h"
#include "sim/params.h"
#include "sim/truth.h"

/* What an instruction does to the model beyond its pipe and latency
 * (the order groups the cases the run loop tests). */
enum tkind {
	TK_OP, TK_COND, TK_BR, TK_BSR, TK_JUMP, TK_CALLPAL, TK_REI,
	TK_MB, TK_WMB, TK_IMUL, TK_FDIV, TK_LOAD, TK_STORE,
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

/* Per instruction-table line, built from sim/insns.def and the params. */
struct tclass {
	uint32_t inc;       /* SLOT increment: its pipes and memory use      */
	uint8_t  pipe;      /* enum isa_pipe                                 */
	uint8_t  kind;      /* enum tkind                                    */
	uint8_t  dcause;    /* cause a consumer waiting for the result gets  */
	uint8_t  flags;     /* TCF_*                                         */
	uint16_t lat;       /* cycles from issue to result usable            */
	uint16_t busy;      /* cycles the unit (multiplier, divider) is busy */
	uint32_t pev;       /* counter events its issue is (1 << PEV_*)      */
};
enum {
	TCF_TEST0 = 1,      /* compare/logical: a branch or CMOV test may use
	                       the result in the same cycle                  */
	TCF_TEST  = 2,      /* Ra is a branch or CMOV test operand           */
	TCF_HWPHYS = 4,     /* HW_LD/HW_ST: bit 15 makes the address physical */
	TCF_CMOV  = 8,      /* CMOVxx/FCMOVxx: also reads its destination    */
};

/* Per decoded slot, in struct dinsn's first spare byte (zeroed whenever
 * the slot is decoded again, so it never goes stale). */
enum {
	TS_VALID = 1, TS_SA = 2, TS_SB = 4, TS_SC = 8,    /* reads Ra, Rb, old Rc */
	TS_AFP = 16, TS_BFP = 32, TS_CFP = 64,           /* ... FP registers     */
	TS_MEM = 128,                                    /* load or store        */
};

/* Scoreboard indices: R0-R31, the R31 sink, F0-F31, the F31 sink. */
#define TREG_FP   33
#define TREG_N    66

/* A cycle before which an instruction cannot issue, and why. */
struct tneed {
	uint64_t e;
	unsigned cause;
};

/* The instruction whose issue cycle is known but which has not run yet
 * (sim/cpu_timed.c): an interrupt may still come first, an exception
 * may keep it from issuing. */
struct tissue {
	uint64_t pc, t, pa;            /* its PC, issue cycle, data address  */
	uint64_t fetch_at;             /* when its line was looked up        */
	bool     fetched, imiss;       /* ... and whether it missed          */
	uint64_t dry;                  /* cycle the fetch stage has its block */
	                               /* (a new block; else 0)              */
	uint8_t  mode;                 /* enum pmu_mode it runs in, when the */
	                               /* counters look (c->events)          */
	unsigned n;                    /* constraints in cs                  */
	struct tneed cs[12];
};

struct timing {
	struct cpu     *c;
	struct tclass   tc[OP_COUNT + 1];  /* by op; OP_ILLEGAL, last, never */
	                                   /* issues: it raises OPCDEC     */
	uint64_t        mem_size;

	/* issue state */
	uint64_t tl;                   /* cycle the last instruction issued  */
	uint64_t next_seq;             /* PC that continues the current block */
	uint64_t line_tag;             /* I-cache line being issued from     */
	uint64_t redirect;             /* earliest issue after a transfer    */
	uint8_t  redirect_cause;
	uint8_t  issued;               /* instructions issued in cycle tl    */
	uint32_t slots;                /* SLOT counters of cycle tl          */
	uint64_t imul_free, fdiv_free;
	uint64_t e0_wb[2];             /* cycles multiplies hold E0, newest first */
	uint64_t ready[TREG_N], tready[TREG_N];
	uint8_t  rcause[TREG_N];

	/* machine description, in cycles */
	uint64_t bmisp, jmisp, bubble, pal, replay, nobypass, mulchain;

	/* the instruction in flight, and why PAL was entered last */
	struct tissue   is;
	bool            in_insn;       /* running instructions, not fetching */
	uint8_t         pal_cause;     /* TC_pal, TC_itbmiss or TC_dtbmiss:  */
	                               /* charged again when HW_REI leaves   */
	uint64_t        closed;        /* the last issue cycle the counters  */
	                               /* saw end (single/dual/... issue)    */

	/* structures */
	struct fetch    fe;
	struct memsys   ms;
	struct bpred    bp;
	struct truth_evbuf ev;

	/* truth */
	struct truth      *truth;
	struct truth_page *tp;         /* page of the PC's records           */
	uint64_t           tp_vpage;
	uint32_t           space;      /* ASN or TRUTH_SPACE_PAL             */
	uint64_t           retired;    /* instructions timed                 */

	uint64_t issue_hist[8];        /* cycles issuing 1..4 instructions   */
};

/* The model for CPU c; truth may be NULL (no --truth).  NULL if out of
 * host memory. */
struct timing *timing_new(struct cpu *c, const struct params *p, struct truth *truth,
                          uint64_t mem_size);
void timing_free(struct timing *tm);

/* Run up to budget instructions on the timed loop (sim/cpu_timed.c);
 * the protocol of cpu_run (sim/cpu.h). */
enum cpu_stop timing_run(struct cpu *c, struct timing *tm, int64_t budget);

/* The CPU waits for an interrupt (sim/wait.c): nothing issues before
 * cycle `to`; the cycles go to the next instruction as cause idle. */
void timing_idle(struct timing *tm, uint64_t to);

/* Per-CPU structure statistics as JSON members (no braces). */
void timing_json(const struct timing *tm, FILE *f, const char *indent);

/* IC_FLUSH_CTL (icache) or DC_FLUSH: empty the I-cache and refill
 * buffer, or the D-cache. */
void timing_flush(struct timing *tm, bool icache);

#endif

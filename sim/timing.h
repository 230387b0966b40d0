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
#include "sim/tlb.h"
#include "sim/truth.h"

/* What an instruction does to the model beyond its pipe and latency. */
enum tkind {
	TK_OP, TK_LOAD, TK_STORE, TK_COND, TK_BR, TK_BSR, TK_JUMP, TK_CALLPAL,
	TK_REI, TK_MB, TK_WMB, TK_IMUL, TK_FDIV,
};

/* Per instruction-table line, built from sim/insns.def and the params. */
struct tclass {
	uint8_t  pipe;      /* enum isa_pipe                                 */
	uint8_t  kind;      /* enum tkind                                    */
	uint8_t  dcause;    /* cause a consumer waiting for the result gets  */
	uint8_t  flags;     /* TCF_*                                         */
	uint16_t lat;       /* cycles from issue to result usable            */
	uint16_t busy;      /* cycles the unit (multiplier, divider) is busy */
};
enum {
	TCF_TEST0 = 1,      /* compare/logical: a branch or CMOV test may use
	                       the result in the same cycle                  */
	TCF_TEST  = 2,      /* Ra is a branch or CMOV test operand           */
	TCF_HWPHYS = 4,     /* HW_LD/HW_ST: bit 15 makes the address physical */
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

struct timing {
	struct cpu     *c;
	struct tclass   tc[OP_COUNT];
	uint64_t        mem_size;

	/* issue state */
	uint64_t tl;                   /* cycle the last instruction issued  */
	uint64_t next_seq;             /* PC that continues the current block */
	uint64_t line_tag;             /* I-cache line being issued from     */
	uint64_t redirect;             /* earliest issue after a transfer    */
	uint8_t  redirect_cause;
	uint8_t  n_int, n_e0, n_e1, n_fp, n_fa, n_fm, n_ld, n_st;  /* cycle tl */
	uint64_t imul_free, fdiv_free, e0_wb[2];
	uint64_t ready[TREG_N], tready[TREG_N];
	uint8_t  rcause[TREG_N];

	/* machine description, in cycles */
	uint64_t bmisp, jmisp, bubble, pal, replay, nobypass, mulchain;

	/* structures */
	struct fetch    fe;
	struct memsys   ms;
	struct bpred    bp;
	struct tlb      itb, dtb;
	struct truth_evbuf ev;

	/* truth */
	struct truth      *truth;
	struct truth_page *tp;         /* page of the PC's records           */
	uint64_t           tp_vpage;
	uint32_t           space;      /* ASN or TRUTH_SPACE_PAL             */
	uint64_t           retired;    /* instructions timed                 */

	uint64_t issue_hist[5];        /* cycles issuing 1..4 instructions   */
};

/* The model for CPU c; truth may be NULL (no --truth).  NULL if out of
 * host memory. */
struct timing *timing_new(struct cpu *c, const struct params *p, struct truth *truth,
                          uint64_t mem_size);
void timing_free(struct timing *tm);

/* Run up to budget instructions on the timed loop (sim/cpu_timed.c);
 * the protocol of cpu_run (sim/cpu.h). */
enum cpu_stop timing_run(struct cpu *c, struct timing *tm, int64_t budget);

/* Per-CPU structure statistics as JSON members (no braces). */
void timing_json(const struct timing *tm, FILE *f, const char *indent);

#endif

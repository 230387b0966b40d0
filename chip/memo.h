/*
 * memo.h - the block-schedule memo of the timed run loop (the memo
 * parameter; docs/performance.md "The block-schedule memo"; Schnarr and
 * Larus, "Fast out-of-order processor simulation using memoization",
 * ASPLOS 1998, for an in-order core here).
 *
 * The issue schedule of a block of straight-line code depends only on
 * its instructions and a small entry state, when nothing dynamic
 * happens in it (its fetches and loads hit, its stores find room in the
 * write buffer): the issue model's state as the block reads it, relative
 * to the cycle the instruction before the block issued (tl0): whether
 * the block's first instruction continues its predecessor's fetch block
 * and then the pipes that cycle has taken, a redirect still ahead, the
 * multiplier and divider, E0 held by a multiply's write-back, and for
 * each register the block reads before it writes it, when its value is
 * ready (for a branch or CMOV test too) and the cause a reader waiting
 * for it gets.  Values at or before tl0 cannot hold an instruction of
 * the block back, so they all read as 0.
 *
 * The timed loop (chip/timed_run.c) asks this module to replay the block
 * at a PC, and hands it each instruction of a block being recorded: its
 * schedule, with the head cycles by cause, as the issue model computed
 * it (timing/issue.h: the memo keeps its results, it has no issue rules
 * of its own).  This module is the whole memo: what a block is, the
 * entry state's key, the blocks and their variants, recording, replaying
 * (with the loop's own steps for what a replay still does: the memory
 * system, the predictor, the counters; chip/timed_step.h), and the truth
 * of the replays, which it adds to the records once per block and
 * variant (memo_flush).
 */
#ifndef ALPHASIM_MEMO_H
#define ALPHASIM_MEMO_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "chip/cpu.h"
#include "timing/record.h"

#define MEMO_MAX_INSNS  16     /* instructions in a block            */
#define MEMO_MAX_READS  24     /* registers it reads before writing  */
#define MEMO_VARIANTS   4      /* entry states kept per block        */
#define MEMO_TRIES      4      /* failures in a row before a rest    */
#define MEMO_REST       64     /* executions a resting block skips   */
#define MEMO_MAX_SHARES 3      /* causes of one instruction's head   */
#define MEMO_KEY_MAX    (5 + 2 * MEMO_MAX_READS)  /* words */

/* One instruction of a recorded schedule, its cycles from tl0. */
struct memo_insn {
	uint16_t t;                      /* its issue cycle                */
	uint16_t mem;                    /* a store: when it asks the      */
	                                 /* write buffer for room          */
	uint8_t  nshare;                 /* its head cycles by cause       */
	uint8_t  cause[MEMO_MAX_SHARES];
	uint16_t cycles[MEMO_MAX_SHARES];
};

/* What a whole replay leaves in the issue state, from tl0: the last
 * cycle's pipes, the registers the block writes (in the order of its
 * write list), the units, E0's write-backs, and the cycles issuing
 * 0..7 instructions counted after its first instruction's. */
struct memo_exit {
	uint32_t slots;
	uint8_t  issued;
	uint8_t  hist[8];
	uint32_t e0[2], imul_free, fdiv_free;
	uint32_t ready[MEMO_MAX_INSNS], tready[MEMO_MAX_INSNS];
	uint8_t  rcause[MEMO_MAX_INSNS];
};

/* A block's schedule for one entry state. */
struct memo_block;
struct memo_variant {
	uint32_t key[MEMO_KEY_MAX];
	uint64_t runs;                   /* whole replays whose truth is   */
	                                 /* not in the records yet         */
	struct memo_block *b;            /* its block                      */
	struct memo_variant *dirty;      /* next with runs (memo->dirty)   */
	struct memo_insn in[MEMO_MAX_INSNS];
	struct memo_exit x;
};

/* Register read flags. */
enum { MEMO_RD_TEST = 1,             /* by a branch or CMOV test       */
       MEMO_RD_MUL = 2 };            /* by a multiply (its bypass)     */

struct memo_block {
	struct memo_block *next;         /* hash chain                     */
	const struct dpage *page;        /* its code, as decoded when      */
	uint32_t gen;                    /* page->gen was this             */
	uint64_t pc;                     /* its first instruction's VA     */
	uint32_t space;                  /* address space (truth's)        */
	struct truth_page *tp;           /* its truth records, or NULL     */
	uint8_t  n;                      /* instructions (0: none memoed)  */
	uint8_t  nreads, nplain, klen;   /* reads (the plain ones first)   */
	uint8_t  units;                  /* 1: a multiply, 2: a divide     */
	uint8_t  nmul;                   /* multiplies                     */
	uint8_t  nwrites;
	uint8_t  write_g[MEMO_MAX_INSNS];/* registers it writes            */
	uint16_t newblk;                 /* bit i: instruction i (> 0)     */
	                                 /* starts a fetch block           */
	uint8_t  read_g[MEMO_MAX_READS]; /* scoreboard index               */
	uint8_t  read_f[MEMO_MAX_READS]; /* MEMO_RD_*                      */
	uint8_t  nvar;
	/* a block whose recordings keep being dropped (a load that always
	 * misses in the D-cache, say) or whose replays keep stopping at
	 * their first instruction rests: after MEMO_TRIES such failures in
	 * a row the loop runs its next MEMO_REST executions on the detailed
	 * model without asking the memo (memo_failed) */
	uint8_t  fails, rest;
	struct memo_variant *var[MEMO_VARIANTS];   /* most recently used first */
	/* the blocks that ran after it, most recent first: a hint that
	 * saves the hash look-up, valid while succ_epoch is memo's epoch */
	struct memo_block *succ[2];
	uint64_t succ_epoch;
};

/* A recording under way. */
struct memo_rec {
	struct memo_block *b;            /* NULL: none                     */
	struct memo_variant *v;
	uint64_t tl0;
	unsigned i;                      /* instructions recorded          */
	uint64_t hist0[8];               /* issue_hist after the first     */
};

struct memo {
	struct memo_block **bucket;
	size_t nblocks;
	struct memo_variant *dirty;      /* variants with runs             */
	struct memo_block *prev;         /* the block replayed last, whole */
	uint64_t epoch;                  /* blocks freed so far (succ)     */
	struct memo_rec rec;
	struct memo_variant *spare;      /* a dropped recording's, reused  */
	const struct issue_model *model;
	uint64_t *hist;                  /* the loop's issue histogram     */
	uint64_t mulfloor;               /* cycles a multiply's operand    */
	                                 /* can matter before it is ready  */
	/* how much it replayed (the summary line's: a host figure, as
	 * the MIPS, which differs with the memo parameter) */
	uint64_t replayed;               /* instructions                   */
};

/* hist: the timed loop's cycles by instructions issued (struct timing's
 * issue_hist), to which memo_flush adds the replays'. */
bool memo_init(struct memo *m, const struct issue_model *model, uint64_t *hist);
/* Forget every block (the truth of replays not flushed is lost). */
void memo_free(struct memo *m);
/* Add the replays' truth to the records, and their cycles to the issue
 * histogram (the timed loop does before it returns, so whoever reads
 * them finds it there). */
void memo_flush(struct memo *m);

/* The timed loop's side (chip/timed_run.c): the loop replays the block
 * at pc when memo_may, records one memo_run started, and on an exception
 * asks memo_unwound for the replay it was in. */
struct timing;
struct dinsn;

/* The memo may replay a block now (the one condition of the fast path:
 * a unit that must see every instruction joins it here: the
 * instruction-sampling unit, which tags fetches at the boundaries, and
 * the live view's watch, called at each commit).  A replay skips the
 * boundaries, so nothing may want one but the counting of cycles, whose
 * span memo_run checks, and of I-cache misses, of which a replay has
 * none: each of its new fetch blocks finds its line in the I-cache
 * (fetch_hit) or the replay stops before it.  (DCPI's default events
 * are CYCLES and IMISS: docs/dcpi.md.) */
#define MEMO_PEVS (1ull << PEV_CYCLES | 1ull << PEV_IMISS)
static inline bool memo_may(const struct cpu *c)
{
	return c->memo && !(c->pmu.watch & ~MEMO_PEVS) &&
	       !(c->events & (CPU_EV_IRQ | CPU_EV_PM)) && !c->watch;
}

/*
 * The block starting at *pc, run in counting mode mode, by its memo;
 * 1 when the whole block ran, 0 part of it, -1 none (*pc unchanged; a
 * recording may have started).
 */
int memo_run(struct timing *tm, struct cpu *c, uint64_t *pc, enum pmu_mode mode);
/* Instruction d at pc, issued at t after its predecessor at tl, of the
 * block being recorded (tm->memo.rec.b; clean: nothing dynamic held it
 * back): its schedule, or the recording ends unused. */
void memo_capture(struct timing *tm, const struct cpu *c, const struct dinsn *d,
                  uint64_t pc, uint64_t t, uint64_t tl, bool clean);
/* A recording ends unused (with its block, or an exception). */
void memo_rec_abort(struct memo *m);
/* An exception unwound the instruction in flight: if a replay ran it,
 * the instructions replayed before it commit with their truth, and its
 * recorded schedule is returned (its truth: memo_truth_insn after it
 * commits); NULL when no replay was running. */
const struct memo_insn *memo_unwound(struct timing *tm, struct cpu *c);

/* The truth of one replay of instruction i of b's variant v (count,
 * head cycles by cause), added at once: a replay that stopped part way. */
void memo_truth_insn(const struct memo_block *b, const struct memo_variant *v, unsigned i);

#endif

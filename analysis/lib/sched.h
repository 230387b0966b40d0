/*
 * sched.h - the static schedule the analysis consumes (DCPI paper,
 * section 6.1.1; docs/architecture.md "Analysis and truth": the simulator's own
 * 21164 issue logic run over one basic block with every dynamic event
 * off).  This is the interface: the schedule is the simulator's issue
 * model (analysis/lib/issuesched.h, over timing/issue.h's issue_block), or a
 * test's table.
 *
 * For each instruction i of a block the schedule gives M_i, the cycles i
 * spends at the head of the issue stage when nothing dynamic happens
 * (caches hit, branches are predicted, the write buffer has room): from
 * the cycle its predecessor issued to its own issue, so M_i = 0 when it
 * issues with its predecessor.  Those cycles are split by static cause,
 * with the simulator's truth names (timing/causes.h: dep_int ... slot), so an
 * estimate and the truth use one vocabulary.  A dependency names the
 * instruction it waits for.
 */
#ifndef ANALYSIS_SCHED_H
#define ANALYSIS_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/lib/cfg.h"
#include "timing/causes.h"

/* The static causes: a contiguous run of enum truth_cause. */
#define AN_STATIC_FIRST TC_dep_int
#define AN_STATIC_LAST  TC_slot
#define AN_NSTATIC      (AN_STATIC_LAST - AN_STATIC_FIRST + 1)

struct an_sched_insn {
	uint32_t m;                        /* M_i, cycles                     */
	uint32_t cause[AN_NSTATIC];        /* M_i by cause (they add up to m) */
	int32_t producer;                  /* the instruction (index in the
	                                      block) a dep_* cycle waits for,
	                                      or -1                          */
	uint32_t opnd[3];                  /* of M_i, the cycles it waited
	                                      for Ra, Rb, Rc (a CMOV's old
	                                      destination)                   */
};

/* How control reaches a block's first instruction: in sequence (it may
 * issue with the instruction before it) or by a transfer (it starts a
 * new fetch block). */
enum an_enter { AN_ENTER_FALL, AN_ENTER_JUMP };

/* Schedule the n instructions w[0..n) at pc (one basic block, entered as
 * enter says) into out[0..n).  False if the schedule cannot be made (the
 * analysis then has no estimate for the procedure). */
typedef bool (*an_sched_fn)(void *ctx, uint64_t pc, const uint32_t *w, size_t n,
                            enum an_enter enter, struct an_sched_insn *out);

struct an_sched {
	an_sched_fn fn;
	void *ctx;
};

/* Schedule every block of g into out[0..g->ninsn) (producers become
 * procedure indices).  A block is entered "in sequence" when its only
 * way in is falling through from the block before it. */
bool an_sched_cfg(const struct an_sched *s, const struct an_cfg *g, struct an_sched_insn *out);

#endif

/*
 * model.h - the 21164 timing model's state, one per CPU (docs/architecture.md
 * "Simulation is instruction-driven, time is exact"; docs/ev5.md
 * "Pipeline").
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
 * stage; it is split by cause into the truth records (timing/record.h).
 *
 * The issue rules are the issue model's (timing/issue.h), which knows only
 * the instruction table and the parameters; this model around it owns
 * the structures that give it its dynamic constraints (I-cache and
 * refill buffer, memory system, branch predictor), the ground truth and
 * the counters' events.  chip/model.c builds it and reports statistics;
 * chip/timed_run.c is the run loop that drives it, chip/memo.c its
 * block-schedule memo, chip/timed_pm.c its side of the sampling unit.
 */
#ifndef ALPHASIM_CHIP_MODEL_H
#define ALPHASIM_CHIP_MODEL_H

#include "chip/cpu.h"
#include "chip/memo.h"
#include "timing/bpred.h"
#include "timing/fetch.h"
#include "timing/issue.h"
#include "timing/memsys.h"
#include "timing/params.h"
#include "timing/record.h"
#include "chip/palfor.h"

/* The instruction whose issue cycle is known but which has not run yet
 * (chip/timed_run.c): an interrupt may still come first, an exception
 * may keep it from issuing. */
struct tissue {
	uint64_t pc, t, pa;            /* its PC, issue cycle, data address  */
	uint64_t fetch_at;             /* when its line was looked up        */
	bool     fetched, imiss;       /* ... and whether it missed          */
	uint64_t dry;                  /* cycle the fetch stage has its block */
	                               /* (a new block; else 0)              */
	uint8_t  mode;                 /* enum pmu_mode it runs in, when the */
	                               /* counters look (c->events)          */
	uint64_t mem_at;               /* a load or store: the cycle it asks  */
	                               /* the memory system for room        */
	unsigned n;                    /* constraints in cs                  */
	struct issue_need cs[ISSUE_MAX_NEEDS];
};

struct timing {
	struct cpu     *c;
	struct issue_model model;      /* the issue model's tables, and the  */
	struct issue_state st;         /* schedule so far (timing/issue.h)      */
	uint32_t        pev[OP_COUNT + 1]; /* counter events an instruction's */
	                                   /* issue is (1 << PEV_*), by op  */
	uint64_t        bnd_events;    /* every event counted at a boundary  */
	                               /* (1 << PEV_*): issues, fetches, ... */
	uint64_t        commit_events; /* ... and at a commit, from tm->ev   */
	uint64_t        mem_size;
	uint64_t        line_tag;      /* I-cache line being issued from     */
	uint64_t        replay;        /* replay_penalty                     */

	/* the instruction in flight, and why PAL was entered last */
	struct tissue   is;
	bool            in_insn;       /* running instructions, not fetching */
	uint8_t         pal_cause;     /* TC_pal, TC_itbmiss or TC_dtbmiss:  */
	                               /* charged again when HW_REI leaves   */
	struct palfor   palfor;        /* PAL cycles owed to instructions    */
	uint64_t        closed;        /* the last issue cycle the counters  */
	                               /* saw end (single/dual/... issue)    */

	/* structures */
	struct fetch    fe;
	struct memsys   ms;
	struct bpred    bp;
	struct truth_evbuf ev;

	/* truth */
	struct truth_sink  sink;       /* page: NULL when nobody records     */
	struct truth_page *tp;         /* page of the PC's records           */
	uint64_t           tp_vpage;
	uint32_t           space;      /* ASN or TRUTH_SPACE_PAL             */
	uint64_t           retired;    /* instructions timed                 */

	uint64_t issue_hist[8];        /* cycles issuing 1..4 instructions   */

	/* the instruction-sampling unit (chip/timed_pm.c): the tagged
	 * instruction in flight and what is known of it so far */
	bool             pm_tag;
	uint64_t         pm_idle;      /* cycles of cause idle the truth gave */
	                               /* the next instruction (timing_idle) */
	struct pm_record pm_rec;

	/* the block-schedule memo (chip/memo.h), and the block it replays */
	struct memo memo;
	struct {
		const struct memo_block *b;    /* NULL: none                     */
		const struct memo_variant *v;
		uint64_t tl0;
		unsigned i;                    /* the instruction in flight      */
		uint8_t mode;                  /* enum pmu_mode it runs in       */
		bool counting;                 /* the counters count its cycles  */
	} rep;
};

/* The model for CPU c; it gives its truth records to sink, or to nobody
 * when sink is NULL (no --truth).  NULL if out of host memory. */
struct timing *timing_new(struct cpu *c, const struct params *p,
                          const struct truth_sink *sink, uint64_t mem_size);
void timing_free(struct timing *tm);

/* PAL cycles no instruction has been charged with yet (chip/palfor.h):
 * a run that ends in PAL mode or in a handler PALcode has not returned
 * from. */
uint64_t timing_pal_owed(const struct timing *tm);

/* Run up to budget instructions on the timed loop (chip/timed_run.c);
 * the protocol of cpu_run (chip/cpu.h). */
enum cpu_stop timing_run(struct cpu *c, struct timing *tm, int64_t budget);
/* The counter events (1 << PEV_*) the loop counts from an instruction's
 * event buffer when it commits (chip/timed_run.c). */
uint64_t timing_commit_pevs(void);

/* The CPU waits for an interrupt (platform/wait.c): nothing issues before
 * cycle `to`; the cycles go to the next instruction as cause idle. */
void timing_idle(struct timing *tm, uint64_t to);

/*
 * The instruction-sampling unit c->pm (an alphasim extension:
 * docs/precise.md), driven by the timed loop while it is on (CPU_EV_PM):
 * the instruction at pc reaches the boundary before its issue (a fetch:
 * the unit may tag it); the tagged one retires, issued at t after its
 * predecessor at tl, next PC npc, result at ready; or it is killed
 * (PM_KILL_TRAP, PM_KILL_INTR).  The record gets the head cycles split
 * by cause as the truth gets them, and goes to the latch or the buffer.
 */
void timing_pm_fetch(struct timing *tm, struct cpu *c, uint64_t pc);
void timing_pm_retire(struct timing *tm, struct cpu *c, const struct issue_class *k,
                      uint64_t pc, uint64_t npc, uint64_t tl, uint64_t t, uint64_t ready);
void timing_pm_kill(struct timing *tm, struct cpu *c, unsigned why);

/* Per-CPU structure statistics as JSON members (no braces). */
void timing_json(const struct timing *tm, FILE *f, const char *indent);

/* IC_FLUSH_CTL (icache) or DC_FLUSH: empty the I-cache and refill
 * buffer, or the D-cache. */
void timing_flush(struct timing *tm, bool icache);

#endif

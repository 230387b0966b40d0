/*
 * pmu.h - the 21164 performance counters (docs/ev5.md "Performance counters";
 * the DCPI paper, section 4.1).
 *
 * Three counters, CTR0 and CTR1 of 16 bits and CTR2 of 14 bits, all in
 * the PMCTR IPR with their event selects, control modes and mode kill
 * bits.  Events are counted at the cycle they happen.  When a counter
 * wraps (CTL = 2) or its low 8 bits wrap (CTL = 3), an interrupt becomes
 * deliverable `delay` cycles later (six on the 21164); the CPU delivers
 * it at the first instruction boundary at or after that cycle where PAL
 * mode and the IPL allow, handing the PC of the oldest instruction not
 * yet issued.  This module keeps the counters and the pending overflows
 * and tells a tracer what became of each overflow (the skid trace:
 * obs/skid.c); the CPU decides when delivery is allowed.
 */
#ifndef ALPHASIM_PMU_H
#define ALPHASIM_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/events.h"

/* PMCTR fields (docs/ev5.md "Performance counters"). */
#define PMCTR_CTR0(v)   (((v) >> 48) & 0xffff)
#define PMCTR_CTR1(v)   (((v) >> 32) & 0xffff)
#define PMCTR_SEL0(v)   (((v) >> 31) & 1)
#define PMCTR_KILLU(v)  (((v) >> 30) & 1)
#define PMCTR_CTR2(v)   (((v) >> 16) & 0x3fff)
#define PMCTR_CTL(v, n) (((v) >> (14 - 2 * (n))) & 3)
#define PMCTR_KILLP(v)  (((v) >> 9) & 1)
#define PMCTR_KILLK(v)  (((v) >> 8) & 1)
#define PMCTR_SEL1(v)   (((v) >> 4) & 0xf)
#define PMCTR_SEL2(v)   ((v) & 0xf)

enum { PMU_CTL_OFF, PMU_CTL_COUNT, PMU_CTL_WRAP, PMU_CTL_256 };
enum { PMU_NCTR = 3 };
/* Counting mode of the CPU, for the KILL bits. */
enum pmu_mode { PMU_USER, PMU_KERNEL, PMU_PAL };
/* Why a delivery was late (skid trace "deferred_by"). */
enum pmu_defer { DEFER_NONE, DEFER_PAL, DEFER_IPL };

struct pmu_pending {
	bool     active;
	uint64_t overflow_cycle;    /* the cycle the counter wrapped     */
	uint64_t deliver_cycle;     /* overflow_cycle + delay            */
	uint64_t cause_pc;          /* the instruction whose event it was */
	int      event;             /* enum pmu_event counted            */
	enum pmu_defer deferred;    /* why delivery has waited so far    */
};

/* What became of an overflow: delivered (at deliver_cycle with EXC_ADDR
 * delivered_pc, after waiting for q->deferred), lost (its ISR bit was
 * still set) or cleared (HWINT_CLR before it was delivered). */
enum pmu_fate { PMU_DELIVERED, PMU_LOST, PMU_CLEARED };
struct pmu_trace {
	unsigned cpu;
	int      ctr;
	const struct pmu_pending *q;
	enum pmu_fate fate;
	uint64_t deliver_cycle, delivered_pc;      /* PMU_DELIVERED only     */
};
/* Who is told, row(arg, trace), for every overflow; and, when ack is
 * set, ack(arg, cpu, ctr) each time HWINT_CLR clears a counter's ISR bit
 * that was set (after the row of an overflow that clearing drops): the
 * moment PALcode takes the request for the handler, whatever interrupt
 * it entered for (docs/pmu.md, "Overflow and delivery"). */
struct pmu_tracer {
	void (*row)(void *arg, const struct pmu_trace *t);
	void *arg;
	void (*ack)(void *arg, unsigned cpu, int ctr);
};

struct pmu {
	uint32_t ctr[PMU_NCTR];     /* counter values                    */
	uint8_t  latch;             /* ISR PC0-PC2: set by an overflow,  */
	                            /* cleared by HWINT_CLR (pmu_clear)  */
	uint64_t watch;             /* events a counter selects (bit per */
	                            /* enum pmu_event), CTL not off      */
	uint8_t  ctl[PMU_NCTR];     /* PMU_CTL_*                         */
	uint8_t  sel[PMU_NCTR];     /* SELn                              */
	bool     kill[3];           /* by enum pmu_mode                  */
	bool     enabled;           /* ICSR.PMA/PMP gate (assumed: docs/pmu.md) */
	int      event_of[PMU_NCTR];/* enum pmu_event selected, or -1    */
	uint8_t  ctrs_of[PEV_COUNT];/* counters selecting an event, CTL   */
	                            /* not off (bit n: counter n)        */
	uint8_t  pointed;           /* counters with interrupt points    */
	                            /* (CTL 2 or 3)                      */
	uint32_t smask[PMU_NCTR];   /* pmu_step - 1, by counter          */
	struct pmu_pending pend[PMU_NCTR];
	unsigned delay;             /* overflow -> deliverable, cycles   */
	unsigned cpu;               /* for the skid trace                */
	uint64_t counted[PMU_NCTR]; /* total events counted, for stats   */
	uint64_t overflows[PMU_NCTR];
	uint64_t delivered[PMU_NCTR];
	uint64_t deferred[PMU_NCTR][3]; /* delivered late, by enum pmu_defer */
	uint64_t lost[PMU_NCTR];    /* overflowed while ISR was still set */
	uint64_t cleared[PMU_NCTR]; /* HWINT_CLR before delivery          */
	/* Counts since an overflow that a PMCTR write replaced: the events
	 * between an overflow and the handler's reload of the counter (skid,
	 * deferral, the handler itself), which belong to no sampling period
	 * (docs/pmu.md "Blind spots of sampling"). */
	uint64_t discarded[PMU_NCTR];
	bool     wrapped[PMU_NCTR]; /* overflowed since the last write    */
	struct pmu_tracer trace;    /* row, ack NULL: nobody             */
};

/* trace may be NULL (nobody is told). */
void pmu_init(struct pmu *p, unsigned cpu, unsigned delay, const struct pmu_tracer *trace);

/* PMCTR read and write (HW_MFPR/HW_MTPR 0x11C). */
uint64_t pmu_read(const struct pmu *p);
void pmu_write(struct pmu *p, uint64_t v);

static inline bool pmu_counts(const struct pmu *p, int ctr, int ev,
                              enum pmu_mode mode)
{
	return p->event_of[ctr] == ev && p->ctl[ctr] != PMU_CTL_OFF &&
	       p->enabled && !p->kill[mode];
}

/*
 * Count n occurrences of event ev, the last of them at cycle `cycle`,
 * caused by the instruction at pc.  For PK_CYCLE events, the n cycles
 * are cycle-n+1 .. cycle, so an overflow inside the span is placed at
 * its exact cycle.
 */
void pmu_count(struct pmu *p, int ev, uint64_t n, uint64_t cycle,
               uint64_t pc, enum pmu_mode mode);

/* Counter ctr's interrupt points come every pmu_step events (CTL 2:
 * its wrap; CTL 3: 256); pmu_mask is its wrap - 1. */
static inline uint64_t pmu_mask(int ctr)
{
	return ctr == 2 ? 0x3fff : 0xffff;
}
static inline uint64_t pmu_step(const struct pmu *p, int ctr)
{
	return p->ctl[ctr] == PMU_CTL_256 ? 256 : pmu_mask(ctr) + 1;
}

/*
 * The counters' fast path (the memo parameter, docs/performance.md):
 * n events of kind ev, counted in mode, reach no interrupt point of a
 * counter counting them, so that where and when they happen does not
 * matter (pmu_quiet_room asks, pmu_count_quiet counts them then).
 * Otherwise the caller calls pmu_count, which places the overflows.
 */
static inline bool pmu_quiet_room(const struct pmu *p, int ev, uint64_t n, enum pmu_mode mode)
{
	unsigned m = p->ctrs_of[ev];
	if (!m || !p->enabled || p->kill[mode])
		return true;               /* nothing counts them */
	for (unsigned b = m & p->pointed; b; b &= b - 1) {
		int c = __builtin_ctz(b);
		if (n > p->smask[c] - (p->ctr[c] & p->smask[c]))
			return false;      /* n >= events to its next point */
	}
	return true;
}
/* pmu_count of n events for which pmu_quiet_room said yes (for these
 * n or more, with nothing counted since): no interrupt point to place. */
static inline void pmu_count_quiet(struct pmu *p, int ev, uint64_t n, enum pmu_mode mode)
{
	unsigned m = p->ctrs_of[ev];
	if (!m || !p->enabled || p->kill[mode])
		return;
	for (; m; m &= m - 1) {
		int c = __builtin_ctz(m);
		p->counted[c] += n;
		p->ctr[c] = (uint32_t)((p->ctr[c] + n) & pmu_mask(c));
	}
}

/* Is any overflow interrupt waiting to be delivered? */
static inline bool pmu_pending(const struct pmu *p)
{
	return p->pend[0].active | p->pend[1].active | p->pend[2].active;
}
/* ISR bits 27..29 (PC0..PC2): set when a counter overflows, until
 * HWINT_CLR clears them, delivered or not.  An overflow while its bit is
 * still set is lost (it merges into the request already there). */
uint64_t pmu_isr_bits(const struct pmu *p);

/* Events of kind ev (counted in mode) until the next interrupt point of
 * a counter whose ISR bit is clear: wrap (CTL 2) or 256 boundary (CTL 3);
 * UINT64_MAX when no counter would raise an interrupt on ev. */
uint64_t pmu_next_point(const struct pmu *p, int ev, enum pmu_mode mode);

/* The earliest deliver cycle of an overflow not yet delivered, or
 * UINT64_MAX. */
uint64_t pmu_next_deliver(const struct pmu *p);

/* The pending counter deliverable at cycle now (lowest deliver cycle
 * first), or -1. */
int pmu_deliverable(const struct pmu *p, uint64_t now);

/* Delivery was wanted at `now` but was held back. */
void pmu_defer(struct pmu *p, uint64_t now, enum pmu_defer why);

/* Counter ctr's interrupt is taken at cycle now with EXC_ADDR pc: tell
 * the tracer, end the pending state (the ISR bit stays set). */
void pmu_deliver(struct pmu *p, int ctr, uint64_t now, uint64_t pc);

/* HWINT_CLR: clear the ISR bits of the counters in mask (bit n =
 * counter n); an overflow not yet delivered is dropped (the tracer is
 * told, and of each bit cleared that was set). */
void pmu_clear(struct pmu *p, unsigned mask);

#endif

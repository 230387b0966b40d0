/*
 * record.h - what the timing model tells the ground truth
 * (docs/architecture.md "Simulation is instruction-driven, time is
 * exact"): for every instruction slot of a code page in an address space,
 * how often it ran, its head cycles (from its predecessor's issue to its
 * own), those cycles split by cause (timing/causes.h) and the events it
 * caused.
 *
 * The model adds into the records itself, on its hot path; it gets the
 * record page of the code page it runs from a sink (struct truth_sink)
 * whenever the PC changes page.  Whoever keeps the records (obs/truth.c)
 * gives the sink: the model knows the records' layout and nothing of
 * their keeper.  The caches and the predictor report the events of the
 * instruction being timed into its event buffer (struct truth_evbuf).
 */
#ifndef ALPHASIM_RECORD_H
#define ALPHASIM_RECORD_H

#include <stdint.h>
#include "isa/isa.h"
#include "timing/causes.h"

enum truth_event {
#define X(n, d) TE_##n,
	TRUTH_EVENTS(X)
#undef X
	TE_N
};

enum truth_palfor {
#define X(n, d) TP_##n,
	TRUTH_PALFOR(X)
#undef X
	TP_N
};

/* Address spaces: an ASN (0..127), or PAL code (physical PCs). */
#define TRUTH_SPACE_PAL 0xffffu

struct truth_page {
	struct truth_page *next;                /* hash chain             */
	uint64_t vpage;                         /* VA of the page         */
	uint32_t space;
	uint64_t count[PAGE_INSNS];
	uint64_t head[PAGE_INSNS];
	uint64_t cause[TC_N][PAGE_INSNS];
	uint64_t event[TE_N][PAGE_INSNS];
	uint64_t palfor[TP_N][PAGE_INSNS];     /* PAL cycles run on its   */
	                                        /* behalf, by why         */
};

/* Where the model gets the record page of (space, VA page): a page
 * (zeroed at first), or NULL when none can be had (out of host memory:
 * its instructions then go unrecorded, and the keeper says so). */
struct truth_sink {
	struct truth_page *(*page)(void *arg, uint32_t space, uint64_t vpage);
	void *arg;
};

/* Events the performance counters count that the truth file does not
 * record (pmu/events.def saccess, mafmerge, wbreplay). */
enum counter_event { CE_saccess, CE_mafmerge, CE_wbfull, CE_N };

/* Events of the instruction being timed, filled by the structures
 * (caches, predictor) as they count their own statistics. */
struct truth_evbuf {
	uint32_t n;                             /* any event at all       */
	uint32_t nte;                           /* of them, truth events  */
	uint32_t ev[TE_N];
	uint32_t cev[CE_N];                     /* the counters' only     */
};

static inline void truth_event(struct truth_evbuf *b, enum truth_event e)
{
	b->ev[e]++;
	b->nte++;
	b->n++;
}

static inline void counter_event(struct truth_evbuf *b, enum counter_event e)
{
	b->cev[e]++;
	b->n++;
}

#endif

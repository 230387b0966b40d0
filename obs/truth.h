/*
 * truth.h - the ground truth the timing model knows and a profile can only
 * estimate (DESIGN.md "Simulation is instruction-driven, time is exact").
 *
 * For every instruction executed, keyed by address space and virtual PC:
 * how often it ran, how many cycles it spent at the head of the issue
 * stage (from the cycle its predecessor issued to its own issue; all
 * instructions' head cycles add up to the CPU's cycle count), those cycles
 * split by cause, and the events it caused.  Records live in pages
 * parallel to the 8 KB code pages, indexed by instruction slot.
 *
 * The file format (--truth FILE) is in docs/truth-format.md.
 */
#ifndef ALPHASIM_TRUTH_H
#define ALPHASIM_TRUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "chip/cpu.h"
#include "timing/causes.h"

/* Events an instruction caused; each total equals a structure statistic
 * in --stats (named in docs/truth-format.md). */
#define TRUTH_EVENTS(X) \
	X(imiss,   "I-cache misses (the block this instruction starts)") \
	X(dmiss,   "D-cache load misses") \
	X(smiss,   "S-cache misses (instruction fetch, loads, write buffer)") \
	X(bmiss,   "B-cache misses") \
	X(itbmiss, "ITB misses") \
	X(dtbmiss, "DTB misses") \
	X(bmisp,   "conditional branch mispredicts") \
	X(jmisp,   "JMP/JSR/RET mispredicts") \
	X(replay,  "load replays (miss address file full)")

enum truth_event {
#define X(n, d) TE_##n,
	TRUTH_EVENTS(X)
#undef X
	TE_N
};

extern const char *const truth_cause_name[TC_N];
extern const char *const truth_event_name[TE_N];

#define TRUTH_VERSION 2                 /* docs/truth-format.md */

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
};

struct truth;

struct truth *truth_new(void);
void truth_free(struct truth *t);

/* The record page for (space, VA page), created on first use. */
struct truth_page *truth_page(struct truth *t, uint32_t space, uint64_t vpage);

/* Call fn on every record page, in no particular order (readers of the
 * truth in memory: sim/profile.c). */
void truth_each(const struct truth *t, void (*fn)(const struct truth_page *p, void *arg),
                void *arg);

/* Write the file to f (an output file: util/outfile.h, which sees any
 * write error); params_text is the machine description, cycles/insns
 * the per-CPU totals, hints what the guest announced through simctl
 * (its image hints become the image table, so a record's (space, PC)
 * can be read as an image and an offset).  False when out of host
 * memory. */
struct machine_hint;
bool truth_write(struct truth *t, FILE *f, const char *params_text,
                 unsigned ncpus, const uint64_t *cycles, const uint64_t *insns,
                 const struct machine_hint *hints, size_t nhints);

/* Events the performance counters count that the truth file does not
 * record (pmu/events.def saccess, mafmerge, wbreplay). */
enum counter_event { CE_saccess, CE_mafmerge, CE_wbfull, CE_N };

/* Events of the instruction being timed, filled by the structures
 * (caches, predictor) as they count their own statistics. */
struct truth_evbuf {
	uint32_t n;                             /* any event at all       */
	uint32_t ev[TE_N];
	uint32_t cev[CE_N];                     /* the counters' only     */
};

static inline void truth_event(struct truth_evbuf *b, enum truth_event e)
{
	b->ev[e]++;
	b->n++;
}

static inline void counter_event(struct truth_evbuf *b, enum counter_event e)
{
	b->cev[e]++;
	b->n++;
}

#endif

/*
 * truth.h - the ground truth the timing model knows and a profile can only
 * estimate (docs/architecture.md "Simulation is instruction-driven, time
 * is exact").
 *
 * For every instruction executed, keyed by address space and virtual PC:
 * how often it ran, how many cycles it spent at the head of the issue
 * stage (from the cycle its predecessor issued to its own issue; all
 * instructions' head cycles add up to the CPU's cycle count), those cycles
 * split by cause, and the events it caused.  Records live in pages
 * parallel to the 8 KB code pages, indexed by instruction slot; the
 * timing model fills them (timing/record.h) and this module keeps them
 * and writes them out.
 *
 * The file format (--truth FILE) is in docs/truth-format.md.
 */
#ifndef ALPHASIM_TRUTH_H
#define ALPHASIM_TRUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "timing/record.h"

extern const char *const truth_cause_name[TC_N];
extern const char *const truth_event_name[TE_N];
extern const char *const truth_palfor_name[TP_N];

#define TRUTH_VERSION 3                 /* docs/truth-format.md */

struct truth;

struct truth *truth_new(void);
void truth_free(struct truth *t);

/* The record page for (space, VA page), created on first use; NULL
 * when out of host memory (the records are then incomplete, and
 * truth_write fails). */
struct truth_page *truth_page(struct truth *t, uint32_t space, uint64_t vpage);

/* The sink that hands the timing model t's record pages. */
struct truth_sink truth_sink(struct truth *t);

/* Call fn on every record page, in no particular order (readers of the
 * truth in memory: sim/profile.c). */
void truth_each(const struct truth *t, void (*fn)(const struct truth_page *p, void *arg),
                void *arg);

/* Write the file to f (an output file: util/outfile.h, which sees any
 * write error); params_text is the machine description, cycles/insns
 * the per-CPU totals, owed each CPU's PAL cycles charged to no
 * instruction yet (chip/model.h timing_pal_owed), hints what the guest announced through simctl
 * (its image hints become the image table, so a record's (space, PC)
 * can be read as an image and an offset).  False when out of host
 * memory, now or for a record page during the run. */
struct machine_hint;
bool truth_write(struct truth *t, FILE *f, const char *params_text,
                 unsigned ncpus, const uint64_t *cycles, const uint64_t *insns,
                 const uint64_t *owed, const struct machine_hint *hints, size_t nhints);

#endif

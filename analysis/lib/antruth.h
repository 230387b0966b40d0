/*
 * antruth.h - the truth (docs/truth-format.md) as the analysis compares
 * with it: per image, per offset in the image file, the executions, head
 * cycles and head cycles by cause of the instruction there, added up over
 * every process and address space that ran it, as a profile database
 * adds up their samples (docs/dcpi-db.md).  Records no image covers are
 * left out.
 *
 * An instruction's cycles are its head cycles and the PAL cycles run on
 * its behalf (docs/truth-format.md, "PAL cycles on behalf of an
 * instruction"), those under the cause of the trap (a DTB or ITB miss's
 * under dtbmiss or itbmiss, a sampling interrupt's under profiling, the
 * others' under pal); PALcode's own records keep their executions and
 * no cycles, since every one of their cycles is an instruction's.  This
 * is where the samples land: the counters' interrupts wait in PAL mode
 * until PALcode returns.
 *
 * The truth is never an input of the estimates; the tools print it
 * beside them (--truth) or use its counts in place of the frequency
 * estimate when asked (--true-freq).
 */
#ifndef ANALYSIS_ANTRUTH_H
#define ANALYSIS_ANTRUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "timing/causes.h"
#include "timing/params.h"

struct an_truth_insn {
	uint64_t off;                /* offset in the image file             */
	uint64_t count, head;
	uint64_t cause[TC_N];        /* head cycles by cause                 */
};

struct an_truth_image {
	char *path;
	uint64_t ident;
	struct an_truth_insn *r;     /* sorted by offset, one per offset     */
	size_t n;
};

struct an_truth {
	char *path;
	struct params params;        /* the machine the run used             */
	uint64_t cycles;             /* all CPUs'                            */
	uint64_t pal_head;           /* PALcode's head cycles, all CPUs'     */
	struct an_truth_image *img;  /* one per (path, ident)                */
	size_t nimg;
};

/* Read a truth file; false with one message naming it (not a truth
 * file, truncated, a record whose causes do not add up to its head
 * cycles, a machine description this simulator does not take). */
bool an_truth_load(struct an_truth *t, const char *path, char *err, size_t errlen);
void an_truth_free(struct an_truth *t);

/* The image of that path and identity, or NULL. */
const struct an_truth_image *an_truth_image(const struct an_truth *t, const char *path,
                                            uint64_t ident);

/* The record at offset off, or NULL. */
const struct an_truth_insn *an_truth_at(const struct an_truth_image *ti, uint64_t off);

/* The causes' names, as the truth file spells them. */
extern const char *const an_truth_cause_name[TC_N];

/* The truth causes a stall can have (the dynamic ones: pal .. mb, and
 * idle), and the static ones (the schedule's: dep_int .. slot); the
 * profiler's own interrupts (profiling) are neither: not the program's. */
static inline bool an_truth_dynamic(unsigned c)
{
	return (c < TC_dep_int && c != TC_profiling) || c == TC_idle;
}

#endif

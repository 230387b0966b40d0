/*
 * viewmodel.h - what the live view (docs/view.md) shows, gathered as the
 * simulation runs through narrow interfaces: each instruction's issue
 * cycle (struct cpu_watch, chip/cpu.h: the issue strip), the counters'
 * tracer (struct pmu_tracer, pmu/pmu.h: every overflow, its cause and
 * delivered PC, and each request PALcode acknowledges, whose EXC_ADDR
 * is the sample's PC), the simctl hints (which image
 * a delivered PC is in) and the truth (obs/truth.h: CPI and the cycle
 * breakdown by cause).  Nothing here draws: sim/viewdraw.c does.
 */
#ifndef ALPHASIM_VIEWMODEL_H
#define ALPHASIM_VIEWMODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "analysis/lib/report.h"
#include "platform/machine.h"
#include "pmu/pmu.h"
#include "timing/causes.h"

#define VIEW_STRIP 256           /* cycles the issue strip shows          */
#define VIEW_SLOTS 4             /* the 21164 issues up to four a cycle   */
#define VIEW_OVERFLOWS 12        /* the overflows listed                  */
#define VIEW_MARKS 256           /* overflows remembered for the strip    */
#define VIEW_PROCS 10            /* the procedures listed                 */

/* One CPU's issue strip: instructions issued in each of the last
 * VIEW_STRIP cycles, the newest at cycle `now`; cycles before `from`
 * were not watched. */
struct view_strip {
	uint8_t slots[VIEW_STRIP];   /* ring: cycle t at t % VIEW_STRIP       */
	uint64_t now, from;
};

/* One counter overflow, as the tracer told it (proc: where a delivered
 * one was delivered; its sample is counted where PALcode hands it on,
 * the same place but for the cases docs/pmu.md, "Overflow and
 * delivery", lists). */
struct view_overflow {
	unsigned cpu;
	int ctr, event;
	enum pmu_fate fate;
	enum pmu_defer deferred;
	uint64_t overflow_cycle, deliver_cycle, cause_pc, delivered_pc;
	long proc;                   /* where it landed: index in procs, -1   */
};

/* A place samples land in: a procedure of an image, or a whole region
 * (PAL, an image without the procedure, unknown). */
struct view_proc {
	char name[96];
	const void *image;           /* the an_image, NULL for a region       */
	long index;                  /* the procedure in it, or -1            */
	uint64_t samples;
};

struct view_image;

struct view_model {
	struct machine *m;
	struct report_paths paths;   /* where the guest's images are          */
	const char *program;         /* the program's guest name (as given)   */
	struct view_strip strip[MAX_CPUS];
	struct view_overflow over[VIEW_MARKS]; /* ring of the latest          */
	uint64_t nover;              /* every overflow so far                 */
	uint64_t fate[3];            /* by enum pmu_fate                      */
	uint64_t samples;            /* requests PALcode handed the handler   */
	struct view_proc *procs;
	size_t nprocs;
	struct view_image *images;   /* loaded on first sample in them        */
	size_t nimages;
	struct pmu_tracer next;      /* the skid trace, told after us         */
};

/* A model of machine m (the tracer's rows go on to next, if any). */
void viewmodel_init(struct view_model *v, struct machine *m, const struct report_paths *paths,
                    const char *program, const struct pmu_tracer *next);
void viewmodel_free(struct view_model *v);

/* The tracer that feeds v (give it to machine_configure). */
struct pmu_tracer viewmodel_tracer(struct view_model *v);

/* CPU i issued an instruction in cycle t (struct cpu_watch). */
void viewmodel_insn(struct view_model *v, unsigned i, uint64_t t);

/* Instructions of CPU i's strip at cycle t (0 outside it). */
unsigned viewmodel_slots(const struct view_model *v, unsigned i, uint64_t t);

/* The procedures with samples, most first (ties by name), at most n. */
size_t viewmodel_top(const struct view_model *v, const struct view_proc **out, size_t n);

/* The truth's cycles by cause, and all head cycles, instructions. */
struct truth;
void viewmodel_breakdown(const struct truth *t, uint64_t cause[TC_N], uint64_t *cycles,
                         uint64_t *insns);

#endif

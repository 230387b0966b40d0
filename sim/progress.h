/*
 * progress.h - alphasim's progress line (docs/usage.md, "Progress"): on a
 * terminal, a few times a second, the guest's cycles and instructions so
 * far, the simulation's speed, the samples delivered when profiling and
 * the share done of a --max-insns or --max-cycles bound, on one line of
 * standard error that the next line overwrites and the end erases.  It
 * watches the machine between slices (struct machine_observer) and reads
 * counters only: a run computes the same with the line or without it.
 */
#ifndef ALPHASIM_PROGRESS_H
#define ALPHASIM_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include "platform/machine.h"

/* --progress, --no-progress, or neither (PROGRESS_AUTO: on when standard
 * error is a terminal and the run is not --quiet). */
enum progress_mode { PROGRESS_AUTO, PROGRESS_ON, PROGRESS_OFF };

struct progress {
	struct machine_observer obs;
	struct machine *m;
	FILE *f;
	uint64_t max_insns, max_cycles;  /* the bounds, 0: none           */
	bool samples;                    /* --profile: count the samples  */
	struct timespec t0, next;        /* the start, the next refresh   */
	long refresh_ms;                 /* the time between refreshes    */
	size_t shown;                    /* the line's width, 0: erased   */
};

/* Whether a run shows the line, on f. */
bool progress_wanted(enum progress_mode mode, bool quiet, FILE *f);

/* Watch m (m->observer) from now on, writing to f. */
void progress_start(struct progress *p, struct machine *m, FILE *f, uint64_t max_insns,
                    uint64_t max_cycles, bool samples);

/* Erase the line and stop watching; nothing if p was not started. */
void progress_stop(struct progress *p);

#endif

/*
 * view.h - the live view (--view, --view-png; docs/view.md): a window
 * showing, as the program runs, each CPU's issue slots per cycle, the
 * procedures the samples land in, each counter overflow with its cause
 * and delivered PC, and the CPI and cycle breakdown of the truth; or,
 * without a display, one picture of them at a chosen cycle.
 *
 * It watches the run from outside the timing model: it runs the machine
 * (machine_run) one instruction at a time while the strip is drawn and
 * reads the clocks, and takes the counters' tracer and the truth sink's
 * records (sim/viewmodel.h).  Built only with SDL2 (configure); without
 * it view_open says so.
 */
#ifndef ALPHASIM_VIEW_H
#define ALPHASIM_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/lib/report.h"
#include "chip/cpu.h"
#include "pmu/pmu.h"

struct machine;
struct truth;

struct view_cfg {
	bool window;                 /* --view: the window                     */
	bool exit;                   /* --view-exit: close it when the run ends */
	const char *png;             /* --view-png FILE, or NULL               */
	uint64_t at;                 /* --view-at CYCLE (without --view)       */
	unsigned ncpus;              /* the machine's CPUs (the picture's size) */
};

struct view;

/* Open the window (a display needed) or the picture's file (util/outfile);
 * NULL with one line in err: before the run sets anything else up. */
struct view *view_open(const struct view_cfg *cfg, char *err, size_t errlen);

/* Watch machine m, whose images are where paths say, running program
 * (its host path; truth: its records; next: a tracer told of every
 * overflow after the view, or NULL); the tracer to give
 * machine_configure. */
struct pmu_tracer view_attach(struct view *v, struct machine *m, const struct truth *truth,
                              const struct report_paths *paths, const char *program,
                              const struct pmu_tracer *next);

/* Run the machine as machine_run does (same limits, same reasons), with
 * the window's keys (or up to --view-at for the picture).  The user may
 * quit: STOP_CYCLES then, and view_quit says so.  When the run ends
 * first the window waits for q, or with cfg->exit closes at once. */
enum cpu_stop view_run(struct view *v, uint64_t max_insns, uint64_t max_cycles);
bool view_quit(const struct view *v);

/* After the run: the picture put in place; false with "FILE: reason". */
bool view_finish(struct view *v, char *err, size_t errlen);

/* Close the window, drop an unfinished picture; NULL is a no-op. */
void view_free(struct view *v);

#endif

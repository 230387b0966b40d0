/*
 * opts.h - alphasim's command line (docs/usage.md): the options as a
 * table (sim/opts.c; util/cmd.h turns it into getopt_long's and the
 * --help text), read into one struct sim_opts that a run (sim/run.h)
 * takes whole.
 */
#ifndef ALPHASIM_OPTS_H
#define ALPHASIM_OPTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "sim/progress.h"
#include "timing/params.h"

/* EXIT_PROFILE: sysexits.h's EX_SOFTWARE, an internal error: samples lost
 * between the PMU and the database are a bug of the collection.
 * EXIT_DAEMON_KILLED: EX_UNAVAILABLE, the profile is not there because
 * the profiled program killed dcpid (the guest's doing, not a bug).
 * EXIT_DB_BUSY: EX_TEMPFAIL, another run holds the database; try later.
 * The others: docs/usage.md, "Exit status" (and EXIT_NOMEM,
 * util/xalloc.h). */
enum { EXIT_DAEMON_KILLED = 69, EXIT_PROFILE = 70, EXIT_DB_BUSY = 75, EXIT_LIMIT = 124,
       EXIT_USAGE = 125, EXIT_STUCK = 126 };

/* The output files a run writes, in the order they are opened. */
enum { SIM_OUT_SKID, SIM_OUT_STATS, SIM_OUT_TRUTH, SIM_OUT_N };

struct sim_opts {
	uint64_t max_insns, max_cycles;  /* 0: no limit                    */
	uint64_t model;                  /* 5 (ev5) or 56 (ev56)           */
	uint64_t seed;                   /* --seed, 0: the driver's        */
	const char *out_path[SIM_OUT_N]; /* --skid-trace, --stats, --truth */
	const char *root, *sysroot;      /* sysroot NULL: the default      */
	const char *disasm;              /* --disassemble FILE             */
	const char *minios;              /* NULL: the build's              */
	const char *profile_dir, *events;
	bool quiet, timing, print_config, profile, overhead, trace_syscalls;
	bool view;                       /* --view                         */
	bool view_exit;                  /* --view-exit                    */
	enum progress_mode progress;     /* --progress, --no-progress      */
	const char *view_png;            /* --view-png FILE                */
	uint64_t view_at;                /* --view-at CYCLE, 0: none       */
	struct params params;
	int argc;                        /* the program and its arguments  */
	char **argv;
};

/* What the command line asks for. */
enum sim_action { SIM_RUN, SIM_HELP, SIM_VERSION, SIM_DISASSEMBLE, SIM_PRINT_CONFIG };

/* Read argv into o, checked as a whole: a usage or input error is one
 * line on standard error and exit status 125 ("Try 'alphasim --help'"
 * after a usage error). */
enum sim_action sim_opts_parse(struct sim_opts *o, int argc, char **argv);

/* The --help text. */
void sim_opts_help(FILE *f);

/* What went to standard output (--help, --print-config...) got there:
 * 0, or 125 after one line if some was lost (a full disk). */
int sim_stdout_status(void);

#endif

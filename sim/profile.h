/*
 * profile.h - alphasim --profile (docs/usage.md "Profiling"): DCPI's
 * data collection run for real in the guest.  Before the run: the
 * command line of dcpid (daemon/dcpid.c), which minios runs in place of
 * the program and which runs the program under sampling.  After it: the
 * database and dcpid's totals read back, the `dcpi` figures of the stats
 * file (conservation of samples checked), the overhead measured from the
 * ground truth, and a dcpiprof-style summary.
 */
#ifndef ALPHASIM_PROFILE_H
#define ALPHASIM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "obs/figures.h"
#include "platform/machine.h"

#define PROFILE_DEFAULT_DIR "dcpidb"
/* The default workload (no program): the stress kernels of
 * testprogs/accuracy, sampled as any program, at dcpid's default events
 * unless --events says otherwise (docs/usage.md, "Profiling"). */
#define PROFILE_WORKLOAD "testprogs/accuracy/workload.lnx"
#define PROFILE_MAX_ARGS 16           /* dcpid's own arguments */

struct profile_run {
	const char *root, *sysroot;   /* the guest's / and /lib on the host */
	char db[4096];                /* the database's host path          */
	char gdb[4096];               /* ... and guest path                */
	const char *mount;            /* db, when boot must mount it read-
	                                 write (outside root), else NULL   */
	char stats[4096 + 16];        /* dcpid's stats file (host)         */
	char gstats[4096 + 16];
	char truth[4096 + 8];         /* DB.truth                          */
	char dcpid[4096];             /* daemon/dcpid.lnx                  */
	char demo[4096];              /* the default workload, if used     */
	char seed[24];                /* dcpid --seed's argument           */
	char **argv;                  /* dcpid's argv (malloc'd)           */
	int argc;
	int path_arg;                 /* argv[path_arg]: the program (host) */
	unsigned epoch;               /* the epoch the run wrote            */
	int lock_fd;                  /* db's lock (sim/dblock.h), or -1    */
	bool busy;                    /* profile_prepare failed: another    */
	                              /* run holds the lock                */
};

/* Set pr up: db the --profile directory (NULL: ./dcpidb), anywhere the
 * user can write (outside root, the guest's "/", it is created here and
 * pr->mount names it for boot_config.rwdir; sysroot the cross sysroot,
 * for the images' files); events the --events list (names are
 * checked here, periods by dcpid) or NULL; seed the driver's period
 * generator seed (dcpid --seed) or 0 for its default; prog the user's program
 * (NULL: the default workload, PROFILE_WORKLOAD) and its
 * arguments.  The database is created if need be and locked for the run
 * (sim/dblock.h) until profile_free.
 * False with a one-line reason in err (pr->busy: another run holds the
 * lock). */
bool profile_prepare(struct profile_run *pr, const char *db, const char *root,
                     const char *sysroot, const char *events, uint64_t seed, const char *prog,
                     int argc, char **argv,
                     char *err, size_t errlen);
void profile_free(struct profile_run *pr);

/* After the run: read dcpid's stats and the run's epoch, and measure the
 * collection in the truth (minios the kernel image booted).  False with
 * a reason in err if they cannot be read; fig->conserved says whether
 * samples_delivered = in_db + unknown + dropped. */
struct truth;
bool profile_measure(struct profile_run *pr, struct machine *m, const struct truth *truth,
                     const char *minios, struct dcpi_figures *fig, char *err, size_t errlen);

/* Before the run of the default workload: what its output means. */
void profile_intro(const struct profile_run *pr, FILE *f);

/* The summary (top images per event, top procedures by the first
 * event); the overhead table beside the paper's targets. */
void profile_summary(const struct profile_run *pr, const struct dcpi_figures *fig,
                     const char *minios, FILE *f);
void profile_overhead(const struct dcpi_figures *fig, FILE *f);

#endif

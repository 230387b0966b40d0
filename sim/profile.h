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
#include "sim/machine.h"

#define PROFILE_DEFAULT_DIR "dcpidb"
/* The default workload (no program): the stress kernels of
 * testprogs/accuracy, sampled every 16K cycles and every 2K I-cache
 * misses unless --events says otherwise (docs/usage.md, "Profiling"). */
#define PROFILE_WORKLOAD "testprogs/accuracy/workload.lnx"
#define PROFILE_WORKLOAD_EVENTS "cycles:16384,imiss:2048"
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
};

/* The figures of the stats file's "dcpi" object (docs/usage.md).  A
 * figure dcpid's stats or the truth could not give is UINT64_MAX. */
#define DCPI_FIGURES(X) \
	X(samples_delivered, "counter interrupts the PMU delivered to the handler") \
	X(samples_in_db,     "samples in the image profiles of this run's epoch") \
	X(samples_unknown,   "samples in the unknown profile") \
	X(samples_dropped,   "samples the driver dropped (buffers full)") \
	X(entries_read,      "driver entries the daemon read") \
	X(samples_read,      "samples in them") \
	X(driver_interrupts, "interrupts the driver counted") \
	X(driver_misses,     "hash misses the driver counted") \
	X(driver_cycles,     "head cycles in [__dcpi_intr_start, __dcpi_intr_end)") \
	X(miss_cycles,       "... of them in [__dcpi_miss_start, __dcpi_miss_end)") \
	X(handler_dmisses,   "D-cache misses in the handler") \
	X(miss_dmisses,      "... of them in the miss path") \
	X(daemon_cycles,     "head cycles in dcpid's address space, outside the handler") \
	X(overhead_cycles,   "driver_cycles + daemon_cycles") \
	X(total_cycles,      "all CPUs' cycles") \
	X(memory_bytes,      "the driver's memory (dcpid's driver_memory_bytes)") \
	X(db_bytes,          "bytes of this epoch's profile files") \
	X(image_bytes,       "bytes of the image files they profile")

struct dcpi_figures {
#define X(name, desc) uint64_t name;
	DCPI_FIGURES(X)
#undef X
	double aggregation_factor;    /* samples_read / entries_read        */
	double overhead_pct;          /* overhead_cycles / total_cycles     */
	bool conserved;
};

/* Set pr up: db the --profile directory (NULL: ./dcpidb), anywhere the
 * user can write (outside root, the guest's "/", it is created here and
 * pr->mount names it for boot_config.rwdir; sysroot the cross sysroot,
 * for the images' files); events the --events list (names are
 * checked here, periods by dcpid) or NULL; seed the driver's period
 * generator seed (dcpid --seed) or 0 for its default; prog the user's program
 * (NULL: the default workload, PROFILE_WORKLOAD, and its events) and its
 * arguments.
 * False with a one-line reason in err. */
bool profile_prepare(struct profile_run *pr, const char *db, const char *root,
                     const char *sysroot, const char *events, uint64_t seed, const char *prog,
                     int argc, char **argv,
                     char *err, size_t errlen);
void profile_free(struct profile_run *pr);

/* After the run: read dcpid's stats and the run's epoch, and measure the
 * collection in the truth (minios the kernel image booted).  False with
 * a reason in err if they cannot be read; fig->conserved says whether
 * samples_delivered = in_db + unknown + dropped. */
bool profile_measure(struct profile_run *pr, struct machine *m, const char *minios,
                     struct dcpi_figures *fig, char *err, size_t errlen);

/* The stats file's "dcpi" object, at indentation in. */
void profile_json(const struct dcpi_figures *fig, FILE *f, const char *in);

/* The summary (top images per event, top procedures by the first
 * event); the overhead table beside the paper's targets. */
void profile_summary(const struct profile_run *pr, const struct dcpi_figures *fig,
                     const char *minios, FILE *f);
void profile_overhead(const struct dcpi_figures *fig, FILE *f);

#endif

/*
 * figures.h - the figures of a --profile run (docs/usage.md "Profiling"):
 * what DCPI's collection delivered, kept and cost, measured by
 * alphasim's --profile (sim/profile.c) and written as the "dcpi" object
 * of the stats file (obs/stats.c).
 */
#ifndef ALPHASIM_FIGURES_H
#define ALPHASIM_FIGURES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The figures of the stats file's "dcpi" object (docs/usage.md).  A
 * figure dcpid's stats or the truth could not give is UINT64_MAX. */
#define DCPI_FIGURES(X) \
	X(samples_delivered, "counter interrupts the PMU delivered to the handler") \
	X(samples_in_db,     "counter samples in the image profiles of this run's epoch") \
	X(samples_unknown,   "counter samples in the unknown profile") \
	X(pm_retired,        "instruction-sampling records of retired instructions (pm.retired)") \
	X(pm_killed,         "... of killed ones (pm.killed)") \
	X(pm_sums,           "the records' sums (pm.head.*, pm.ev.*): head cycles and events") \
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

/* The stats file's "dcpi" object, at indentation in. */
void dcpi_figures_json(const struct dcpi_figures *fig, FILE *f, const char *in);

#endif

/*
 * stats.h - the run summary (--stats FILE), JSON.  Field names are stable:
 * "params", "cpus" (per CPU "cycles" and "instructions" by mode) and
 * "total" ("cycles", "instructions", "user_instructions"); with
 * --profile, "dcpi" (sim/profile.h).
 */
#ifndef ALPHASIM_STATS_H
#define ALPHASIM_STATS_H

#include <stdbool.h>
#include "sim/machine.h"
#include "sim/profile.h"

/* Write atomically (temporary file, then rename); false after printing
 * a reason naming the file.  dcpi: the --profile run's figures ("dcpi"
 * object), or NULL. */
bool stats_write(const char *path, struct machine *m, double host_seconds,
                 const struct dcpi_figures *dcpi);

#endif

/*
 * stats.h - the run summary (--stats FILE), JSON.  Field names are stable:
 * "params", "cpus" (per CPU "cycles" and "instructions" by mode) and
 * "total" ("cycles", "instructions", "user_instructions"); with
 * --profile, "dcpi" (obs/figures.h).
 */
#ifndef ALPHASIM_STATS_H
#define ALPHASIM_STATS_H

#include <stdio.h>
#include "platform/machine.h"
#include "obs/figures.h"

/* Write the summary to f (an output file: util/outfile.h, which sees any
 * write error).  dcpi: the --profile run's figures ("dcpi" object), or
 * NULL. */
void stats_write(FILE *f, struct machine *m, double host_seconds,
                 const struct dcpi_figures *dcpi);

#endif

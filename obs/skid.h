/*
 * skid.h - the skid trace (--skid-trace FILE; docs/pmu.md): a CSV row per
 * counter overflow, what became of it, told by the counters (struct
 * pmu_tracer, pmu/pmu.h).
 */
#ifndef ALPHASIM_SKID_H
#define ALPHASIM_SKID_H

#include <stdio.h>
#include "pmu/pmu.h"

/* The header line. */
void skid_header(FILE *f);

/* A tracer that writes its rows to f. */
struct pmu_tracer skid_tracer(FILE *f);

#endif

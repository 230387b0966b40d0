/*
 * handcost.h - the sampling interrupts' own cost in an epoch of the
 * profile database: what the driver measured of its handler with the
 * cycle counter (docs/dcpi.md, "The handler's own cost"), per event, in
 * the epoch's file HANDCOST_FILE (docs/dcpi-db.md, "The handler's
 * cost").  dcpid adds to it at every write; the analysis takes the
 * cycles each sample cannot see from it (docs/analysis.md, "The
 * sampling's blind spot").
 *
 * Both functions return false on error with one message in err naming
 * the file and what is wrong.
 */
#ifndef DAEMON_HANDCOST_H
#define DAEMON_HANDCOST_H

#include <stdbool.h>
#include <stddef.h>
#include "driver/pcount.h"
#include "pmu/events.h"

#define HANDCOST_FILE "handler.cost"

/* Add epoch directory dir's figures into cost[]; *found false (and
 * cost[] untouched) when the epoch has no such file: a database written
 * before the driver measured itself. */
bool handcost_read(const char *dir, struct pcount_cost cost[PEV_COUNT], bool *found,
                   char *err, size_t errlen);

/* Add add[] to dir's figures (created if need be), written as
 * profdb_write writes a profile: a reader sees the old file or the new. */
bool handcost_add(const char *dir, const struct pcount_cost add[PEV_COUNT], char *err,
                  size_t errlen);

#endif

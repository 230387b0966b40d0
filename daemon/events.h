/*
 * events.h - the events dcpid samples: its --events list, checked and
 * spread over the counters.  The events themselves, their numbers (the
 * number a struct pcount_sample carries), names and selects, are
 * pmu/events.h's.
 */
#ifndef DAEMON_EVENTS_H
#define DAEMON_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include "driver/pcount.h"
#include "abi/pm.h"
#include "pmu/events.h"

/* Add the events of "name[:period[:spread]],..." (dcpid --events, docs/dcpi-db.md)
 * to cfg's counters as dcpid configures the driver; false with a
 * one-line reason in err for an unknown or repeated event, a bad period
 * or no counter left.  alphasim --profile checks its --events with it
 * before booting. */
bool dcpi_events_parse(const char *spec, struct pcount_config *cfg,
                       char *err, size_t errlen);

/* The name of a sample's event number, a counter event's
 * (pmu/events.def) or an instruction-sampling kind's ("pm.retired",
 * "pm.killed", "pm.head.CAUSE", "pm.ev.EVENT": driver/pcount.h,
 * docs/precise.md); NULL for a number that is neither. */
const char *dcpi_event_name(unsigned ev);

/* The instruction-sampling unit's default period, in fetched
 * instructions (docs/precise.md). */
#define DCPI_PM_PERIOD 16384

#endif

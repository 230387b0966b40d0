/*
 * events.h - the PMU's events as the daemon sees them: their names in
 * pmu/events.def order (the number a struct pcount_sample carries) and
 * the counters that can count them (its SELECT lines).  The simulator's
 * pmu.c has its own table; this one is built into the guest's dcpid.
 */
#ifndef DAEMON_EVENTS_H
#define DAEMON_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include "driver/pcount.h"

/* The number of events; the name of event ev (NULL if out of range). */
unsigned dcpi_nevents(void);
const char *dcpi_event_name(unsigned ev);
/* The number of the event called name, or -1. */
int dcpi_event_by_name(const char *name);
/* Whether counter ctr (0..2) can count event ev. */
bool dcpi_event_on_counter(unsigned ev, unsigned ctr);

/* Add the events of "name[:period],..." (dcpid --events, docs/dcpi-db.md)
 * to cfg's counters as dcpid configures the driver; false with a
 * one-line reason in err for an unknown or repeated event, a bad period
 * or no counter left.  alphasim --profile checks its --events with it
 * before booting. */
bool dcpi_events_parse(const char *spec, struct pcount_config *cfg,
                       char *err, size_t errlen);

#endif

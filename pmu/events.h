/*
 * events.h - the 21164 performance-counter events as data, from
 * pmu/events.def: their numbers, names and kinds, and which counter
 * selects which (docs/ev5.md "Performance counters"; 21164 HRM 5.1.23).
 *
 * The one lookup of them: the simulator's counters (pmu/pmu.c), the
 * host tools, and, cross-compiled, dcpid and minios's sampling driver
 * use it, so it needs nothing but strcmp.
 */
#ifndef PMU_EVENTS_H
#define PMU_EVENTS_H

#include <stdint.h>

enum pmu_event {
#define EVENT(id, name, kind, desc) PEV_##id,
#include "pmu/events.def"
#undef EVENT
	PEV_COUNT
};

enum pmu_kind { PK_CYCLE, PK_OCCUR };

struct pmu_event_info {
	const char *name;
	uint8_t kind;               /* enum pmu_kind */
};
extern const struct pmu_event_info pmu_events[PEV_COUNT];

/* The event called name, or -1. */
int pmu_event_by_name(const char *name);
/* The SELn value with which counter ctr counts ev, or -1 if it cannot. */
int pmu_select_for(unsigned ctr, unsigned ev);
/* The event select value sel picks on counter ctr, or -1 if none. */
int pmu_event_for(unsigned ctr, unsigned sel);

#endif

/*
 * events.c - the counters' events and selects, from pmu/events.def
 * (pmu/events.h).
 */
#include "pmu/events.h"
#include <string.h>

const struct pmu_event_info pmu_events[PEV_COUNT] = {
#define EVENT(id, nm, k, d) [PEV_##id] = { nm, k },
#include "pmu/events.def"
#undef EVENT
};

static const struct { uint8_t ctr, sel, ev; } selects[] = {
#define SELECT(c, s, id) { c, s, PEV_##id },
#include "pmu/events.def"
#undef SELECT
};

int pmu_event_by_name(const char *name)
{
	for (int e = 0; e < PEV_COUNT; e++)
		if (!strcmp(pmu_events[e].name, name))
			return e;
	return -1;
}

int pmu_select_for(unsigned ctr, unsigned ev)
{
	for (size_t i = 0; i < sizeof selects / sizeof selects[0]; i++)
		if (selects[i].ctr == ctr && selects[i].ev == ev)
			return selects[i].sel;
	return -1;
}

int pmu_event_for(unsigned ctr, unsigned sel)
{
	for (size_t i = 0; i < sizeof selects / sizeof selects[0]; i++)
		if (selects[i].ctr == ctr && selects[i].sel == sel)
			return selects[i].ev;
	return -1;
}

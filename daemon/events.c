/*
 * events.c - event names and counter selects from pmu/events.def.
 */
#include <string.h>
#include "daemon/events.h"
#include "pmu/pmu.h"

static const char *const names[] = {
#define EVENT(id, name, kind, desc) name,
#include "pmu/events.def"
#undef EVENT
};

/* Bit ctr set when counter ctr has a select for ev: the SELECT lines
 * as a chain of comparisons. */
static unsigned counter_mask(unsigned ev)
{
	unsigned m = 0;
#define SELECT(ctr, sel, id) m |= ev == PEV_##id ? 1u << (ctr) : 0;
#include "pmu/events.def"
#undef SELECT
	return m;
}

unsigned dcpi_nevents(void)
{
	return PEV_COUNT;
}

const char *dcpi_event_name(unsigned ev)
{
	return ev < PEV_COUNT ? names[ev] : NULL;
}

int dcpi_event_by_name(const char *name)
{
	for (unsigned i = 0; i < PEV_COUNT; i++)
		if (!strcmp(names[i], name))
			return (int)i;
	return -1;
}

bool dcpi_event_on_counter(unsigned ev, unsigned ctr)
{
	return ev < PEV_COUNT && ctr < 3 && (counter_mask(ev) >> ctr & 1);
}

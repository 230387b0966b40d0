/*
 * ipr.c - IPR index lookup generated from sim/ipr.def.
 */
#include "sim/ipr.h"
#include <stdio.h>

static const struct { const char *name; unsigned index; } iprs[] = {
#define IPR(id, idx) { #id, idx },
#include "sim/ipr.def"
#undef IPR
};

int ipr_lookup(unsigned index)
{
	if (index >= IPR_PALTEMP_BASE && index < IPR_PALTEMP_BASE + 24)
		return IPR_PALTEMP0 + (int)(index - IPR_PALTEMP_BASE);
	for (unsigned i = 0; i < sizeof iprs / sizeof iprs[0]; i++)
		if (iprs[i].index == index)
			return (int)i;
	return -1;
}

const char *ipr_name(unsigned index)
{
	static char buf[16];
	int i = ipr_lookup(index);
	if (i < 0)
		return NULL;
	if (i >= IPR_PALTEMP0) {
		snprintf(buf, sizeof buf, "PALtemp%d", i - IPR_PALTEMP0);
		return buf;
	}
	return iprs[i].name;
}

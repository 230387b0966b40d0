/*
 * ipr.c - IPR index lookup and names, generated from chip/ipr.def.
 */
#include "chip/ipr.h"
#include <stdio.h>

static const char *const names[] = {
#define IPR(id, idx, acc, mask, rd, wr) [IPR_##id] = #id,
#include "chip/ipr.def"
#undef IPR
};

int ipr_lookup(unsigned index)
{
	switch (index) {
#define IPR(id, idx, acc, mask, rd, wr) case idx: return IPR_##id;
#include "chip/ipr.def"
#undef IPR
	}
	if (index >= IPR_PALTEMP_BASE && index < IPR_PALTEMP_BASE + 24)
		return IPR_PALTEMP0 + (int)(index - IPR_PALTEMP_BASE);
	return -1;
}

const char *ipr_name(unsigned index)
{
	static char buf[24];
	int i = ipr_lookup(index);
	if (i < 0)
		return NULL;
	if (i >= IPR_PALTEMP0) {
		snprintf(buf, sizeof buf, "PALtemp%d", i - IPR_PALTEMP0);
		return buf;
	}
	return names[i];
}

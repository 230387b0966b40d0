/*
 * ipr.c - IPR index lookup, generated from chip/ipr.def and the register
 * numbers of abi/ev5_ipr.h.
 */
#include "chip/ipr.h"

int ipr_lookup(unsigned index)
{
	switch (index) {
#define IPR(id, acc, mask, rd, wr) case EV5__##id: return IPR_##id;
#include "chip/ipr.def"
#undef IPR
	}
	if (index >= EV5__PALTEMP0 && index < EV5__PALTEMP0 + EV5__PALTEMP_COUNT)
		return IPR_PALTEMP0 + (int)(index - EV5__PALTEMP0);
	if (index >= EV5X__PM_REC && index < EV5X__PM_REC + EV5X__PM_REC_COUNT)
		return IPR_PM_REC0 + (int)(index - EV5X__PM_REC);
	return -1;
}

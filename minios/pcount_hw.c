/*
 * pcount_hw.c - the hooks the DCPI driver's core calls (the contract:
 * driver/pcount_hw.h): the counters and the instruction-sampling unit
 * through wrperfmon (docs/pal.md), the cycle counter (RPCC), and the
 * reader's wakeup.  The interrupts' entries are pcount_intr.c's, the
 * device pcount_dev.c's.
 */
#include "minios/pcount_state.h"

struct pm_record pcount_pm_area[PCOUNT_MAX_CPUS][PCOUNT_PM_AREA]
	__attribute__((aligned(PM_RECORD_BYTES)));

/* Turning the unit off (ctl 0), the records buffer mode left in a part
 * of the area go to the table too. */
void pcount_hw_pm(uint64_t ctl, uint64_t filt, uint64_t seed)
{
	unsigned id = (unsigned)whami();
	if (ctl) {
		wrperfmon3(PM_SAMPLE_SEED, seed, 0);
		pcount_pm_area_give(id);
	}
	uint64_t left = wrperfmon3(PM_SAMPLE_CONFIGURE, ctl, filt);
	if (!ctl && left)
		pcount_pm_take(id, left, pcount_cpus[id].pm_coll);   /* no newer count */
}

/* PMCTR's fields (docs/pmu.md): where each counter's count and select
 * value go. */
static const unsigned count_shift[PCOUNT_NCOUNTERS] = { 48, 32, 16 };
static const uint64_t sel_field[PCOUNT_NCOUNTERS] = { 1ul << 31, 0xf0, 0x0f };
static const unsigned sel_shift[PCOUNT_NCOUNTERS] = { 31, 4, 0 };

PCOUNT_INTR uint32_t pcount_hw_write(unsigned ctr, uint32_t value)
{
	wrperfmon(PM_WRITE, (1u << ctr) | (uint64_t)value << count_shift[ctr]);
	return pcount_rpcc();
}

PCOUNT_INTR void pcount_hw_select(unsigned ctr, unsigned event)
{
	uint64_t sel = wrperfmon(PM_READ, 0) & (sel_field[0] | sel_field[1] |
	                                        sel_field[2]);
	sel &= ~sel_field[ctr];
	sel |= (uint64_t)pmu_select_for(ctr, event) << sel_shift[ctr];
	wrperfmon(PM_SELECT, sel);
}

/* CTLn (wrperfmon 4's a1): 2 interrupt at wrap, 1 count only */
static const unsigned ctl_shift[PCOUNT_NCOUNTERS] = { 14, 12, 10 };

void pcount_hw_enable(unsigned mask, unsigned intr, unsigned flags)
{
	uint64_t kill = (flags & PCOUNT_NO_USER ? 1ul << 30 : 0) |
	                (flags & PCOUNT_NO_PAL ? 1ul << 9 : 0) |
	                (flags & PCOUNT_NO_KERNEL ? 1ul << 8 : 0);
	uint64_t ctl = 0;
	for (unsigned n = 0; n < PCOUNT_NCOUNTERS; n++)
		ctl |= (uint64_t)(intr >> n & 1 ? 2 : 1) << ctl_shift[n];
	wrperfmon(PM_OPTIONS, kill);
	wrperfmon(PM_FREQ, ctl);
	wrperfmon(PM_ENABLE, mask);
}

PCOUNT_INTR uint32_t pcount_hw_read(unsigned ctr)
{
	return (uint32_t)(wrperfmon(PM_READ, 0) >> count_shift[ctr]) &
	       (pcount_counter_width(ctr) - 1);
}

void pcount_hw_disable(void)
{
	wrperfmon(PM_DISABLE, 7);
}

PCOUNT_INTR uint32_t pcount_hw_rpcc(void)
{
	return pcount_rpcc();
}

uint64_t pcount_hw_cycles(void)
{
	return machine_cycles();
}

/* From the handler at IPL 6 too: acquire raises the IPL to 7, so the
 * scheduler's lock is never held under us on this CPU.  read()
 * (pcount_dev.c) sleeps on the count. */
PCOUNT_MISS void pcount_notify(void)
{
	pcount_notify_gen++;
	wakeup((void *)&pcount_notify_gen);
}

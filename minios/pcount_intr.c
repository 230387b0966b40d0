/*
 * pcount_intr.c - the DCPI driver's interrupts' entries, from trap.c:
 * the counters' and the instruction-sampling unit's (IPL 6), which call
 * into the driver's core without leaving the measured code (docs/dcpi.md,
 * "Measuring the handler"), and the clock's reads of the counters
 * (IPL 5).  The hooks are pcount_hw.c's, the device pcount_dev.c's.
 */
#include "minios/pcount_state.h"

/* The counter interrupt, at IPL 6.  The sample's "pid" is the number
 * of the address space the CPU runs (image.c), as the loader records
 * name it: a thread's samples map through its process's images, and a
 * sample taken before an exec through the old program's.  0 with none
 * (an idle CPU, a process ending).  cpus[] directly, so that no call
 * leaves the bracketed code.  entered: the cycle counter at the
 * kernel's entry (entry.S), for the handler's measure of its own cost,
 * taken last (docs/dcpi.md, "The handler's own cost"). */
PCOUNT_INTR void pcount_interrupt(unsigned ctr, uint64_t pc, uint32_t entered)
{
	unsigned id = (unsigned)whami();
	struct pcount_cpu *c = &pcount_cpus[id];
	struct proc *p = cpus[id].proc;
	if (c->hot.intr && ctr < PCOUNT_NCOUNTERS) {
		unsigned event = c->hot.event[ctr];   /* before a rotation */
		c->hot.intr(c, ctr, pc, p && p->mm ? p->mm->space : 0);
		pcount_cost_add(c, event, entered, pcount_rpcc());
	}
}

/* The instruction-sampling unit's interrupt (entInt 5, at the counters'
 * IPL): PALcode left `bytes` of records in this CPU's area and read the
 * unit's collision count coll; in buffer mode the unit waits for the
 * area back. */
PCOUNT_INTR void pcount_pm_interrupt(uint64_t bytes, uint64_t coll)
{
	unsigned id = (unsigned)whami();
	pcount_pm_take(id, bytes, (uint32_t)coll);
	if (pcount_cpus[id].pm_ctl & PM_CTL_BUFFER)
		pcount_pm_area_give(id);
}

/* The clock interrupt (IPL 5), after the scheduler's tick: the counters
 * read at the clock (PCOUNT_SRC_AT_CLOCK), at the counters' IPL so that
 * their handler, which shares the table, cannot come in. */
void pcount_clock_interrupt(uint64_t pc)
{
	unsigned id = (unsigned)whami();
	struct proc *p = cpus[id].proc;
	if (!pcount_cpus[id].by_source[PCOUNT_SRC_AT_CLOCK])
		return;                        /* the common case: nothing to read */
	uint64_t ipl = swpipl(IPL_PERF);
	pcount_clock(&pcount_cpus[id], pc, p && p->mm ? p->mm->space : 0);
	swpipl(ipl);
}

/*
 * wait.c - simctl WAIT: a CPU waits for an interrupt, its clock jumping
 * to the cycle one is requested, with no instruction retired (platform/wait.h,
 * docs/platform.md "simctl").  CPU 0 waits at IPLR 31, so nothing is
 * taken, and checks that the wait ends: at its timer's next tick; at
 * once when a request is already there; at CPU 1's IPI, not before the
 * cycle CPU 1 sent it (and within about a quantum of it); at the cycle
 * CTR0, counting cycles, wraps, whose interrupt is then taken when IPLR
 * drops.  It prints the cycles its waits took (tests/smp_wait.sh compares
 * them with --stats idle_cycles) and finally waits with nothing left that
 * could end the wait, which stops the machine (exit status 126).
 */
#include "smp.h"
#include "rt_pal.h"

#define IPI_AFTER 20000                /* cycles CPU 1 lets pass */
#define CTR_LEFT  30000                /* cycles to CTR0's wrap */
#define SOON      500                  /* the wait's own instructions and */
                                       /* their device reads          */

static volatile uint64_t go, sent_at;
static uint64_t waited;                /* cycles the waits took */

static inline void mtpr(unsigned ipr, uint64_t v)
{
	__asm__ volatile("hw_mtpr %0, %1" : : "r"(v), "n"(ipr) : "memory");
}
static inline uint64_t mfpr(unsigned ipr)
{
	uint64_t v;
	__asm__ volatile("hw_mfpr %0, %1" : "=r"(v) : "n"(ipr));
	return v;
}

/* Wait for an interrupt; the cycle the wait ended at. */
static uint64_t wait_here(void)
{
	uint64_t i0 = rt_icount(), c0 = cycles();
	*SIMCTL(SIMCTL_WAIT) = 1;
	uint64_t c1 = cycles();
	check("no instructions retired while waiting", rt_icount() - i0 < 30, 1);
	waited += c1 - c0;
	return c1;
}

void rt_secondary(unsigned cpu)
{
	if (cpu != 1)
		return;
	while (!go)
		;
	uint64_t at = cycles() + IPI_AFTER;
	while (cycles() < at)
		;
	sent_at = cycles();
	*IPI(IPI_SEND) = 1;
}

int main(void)
{
	set_iplr(31);

	/* the timer's next tick */
	*TIMER(TIMER_CTRL) = 1;
	uint64_t next = *TIMER(TIMER_NEXT), c = wait_here();
	check("the wait ends at the tick", c >= next && c - next < SOON, 1);
	check("the tick's line is up", !!(read_isr() & ISR_IRQ2), 1);
	*TIMER(TIMER_PENDING) = 1;
	*TIMER(TIMER_CTRL) = 0;

	/* a request already there, held off by IPLR */
	*IPI(IPI_SEND) = 1;
	uint64_t c0 = cycles();
	c = wait_here();
	check("a pending request ends it at once", c - c0 < SOON, 1);
	*IPI(IPI_PENDING) = 1;

	/* CPU 1's IPI */
	if (rt_ncpus() > 1) {
		go = 1;
		c = wait_here();
		check("CPU 1's IPI ends it", *IPI(IPI_PENDING), 2);
		check("not before CPU 1 sent it", c >= sent_at, 1);
		check("within two quanta of it", c - sent_at < 2000, 1);
		*IPI(IPI_PENDING) = 2;
	}

	/* CTR0 counting cycles (SEL0 0, CTL0 2) wraps while waiting */
	uint64_t icsr = mfpr(EV5__ICSR), count = rt_trap.count;
	mtpr(EV5__ICSR, icsr | 1ull << 8);             /* ICSR<PMA> */
	c0 = cycles();
	mtpr(EV5__PMCTR, (uint64_t)(0x10000 - CTR_LEFT) << 48 | 2u << 14);
	c = wait_here() - c0;
	check("the counter's wrap ends it", c >= CTR_LEFT && c - CTR_LEFT < SOON, 1);
	check("ISR<PC0> is set", read_isr() >> 27 & 1, 1);
	check("no interrupt at IPL 31", rt_trap.count, count);
	set_iplr(0);
	check("the counter's interrupt at IPL 0", rt_trap.count, count + 1);
	check("taken at INTERRUPT", rt_trap.entry, 0x100);
	mtpr(EV5__PMCTR, 0);
	mtpr(EV5__HWINT_CLR, 7ull << 27);
	set_iplr(31);
	mtpr(EV5__ICSR, icsr);

	tio_printf("waited %lu\n", waited);
	if (check_end("wait"))
		return 1;
	tio_flush();
	*SIMCTL(SIMCTL_WAIT) = 1;              /* nothing can end this one */
	return 1;
}

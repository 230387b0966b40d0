/*
 * intr.c - the timer and IPIs as interrupts (docs/platform.md
 * "Interrupts"): both arrive on EV5 IRQ2, at EV5 IPL 22 (OSF IPL 5).  The
 * runtime's PALcode (pal.S) records an interrupt in the CPU's trap record
 * with ISR and INTID and raises IPLR to INTID; the program acknowledges
 * the device and lowers IPLR again.  Checked: IPLR 22 holds the request
 * off and 21 lets it in; CPU 0 and CPU 1 interrupt each other with IPIs;
 * each CPU's timer interrupts it TICKS times, each soon after its
 * deadline (printed for tests/smp_intr.sh).
 */
#include "smp.h"

#define TICKS 3
#define ROUNDS 20

static volatile uint64_t late[RT_MAX_CPUS][TICKS], bad[RT_MAX_CPUS], done[RT_MAX_CPUS];
static volatile uint64_t ipis_taken[RT_MAX_CPUS];

/* Wait at IPL 0 for an interrupt; returns with it recorded, IPLR at its
 * level, and checks it came at IPL 22 on IRQ2. */
static void wait_interrupt(volatile struct rt_trap *t, unsigned cpu)
{
	uint64_t count = t->count;
	set_iplr(0);
	while (t->count == count)
		;
	if (t->entry != 0x100 || t->intid != IRQ2_IPL || !(t->isr & ISR_IRQ2) ||
	    read_iplr() != IRQ2_IPL)
		bad[cpu]++;
}

static void timer_ticks(unsigned cpu)
{
	volatile struct rt_trap *t = trap_record(cpu);
	*TIMER(TIMER_CTRL) = 1;
	for (unsigned k = 0; k < TICKS; k++) {
		uint64_t deadline = *TIMER(TIMER_NEXT);
		wait_interrupt(t, cpu);
		late[cpu][k] = cycles() - deadline;
		if (!*TIMER(TIMER_PENDING) || *TIMER(TIMER_TICKS) != k + 1)
			bad[cpu]++;
		*TIMER(TIMER_PENDING) = 1;
	}
	*TIMER(TIMER_CTRL) = 0;
	set_iplr(31);
}

void rt_secondary(unsigned cpu)
{
	volatile struct rt_trap *t = trap_record(cpu);
	if (cpu == 1)
		for (unsigned r = 0; r < ROUNDS; r++) {
			wait_interrupt(t, cpu);
			if (*IPI(IPI_PENDING) != 1)
				bad[cpu]++;
			*IPI(IPI_PENDING) = 1;
			ipis_taken[cpu]++;
			set_iplr(31);
			*IPI(IPI_SEND) = 1;          /* interrupt CPU 0 back */
		}
	timer_ticks(cpu);
	done[cpu] = 1;
}

int main(void)
{
	unsigned n = rt_ncpus();
	volatile struct rt_trap *t = trap_record(0);

	/* masking: OSF IPL 5 (EV5 22) holds IRQ2 off, 4 (EV5 21) does not */
	uint64_t count = t->count;
	set_iplr(IRQ2_IPL);
	*IPI(IPI_SEND) = 1;                          /* to itself */
	for (volatile int i = 0; i < 1000; i++)
		;
	check("no interrupt at IPL 22", t->count, count);
	set_iplr(IRQ2_IPL - 1);
	check("interrupt at IPL 21", t->count, count + 1);
	check("its INTID", t->intid, IRQ2_IPL);
	check("its ISR<22>", !!(t->isr & ISR_IRQ2), 1);
	check("it came in place of the next instruction", t->entry, 0x100);
	*IPI(IPI_PENDING) = 1;
	set_iplr(31);

	/* ping-pong with CPU 1, both interrupt-driven */
	if (n > 1)
		for (unsigned r = 0; r < ROUNDS; r++) {
			while (ipis_taken[1] != r)
				;
			*IPI(IPI_SEND) = 2;
			wait_interrupt(t, 0);
			check("IPI from CPU 1", *IPI(IPI_PENDING), 2);
			*IPI(IPI_PENDING) = 2;
			set_iplr(31);
		}

	timer_ticks(0);
	for (unsigned cpu = 0; cpu < n; cpu++) {
		while (cpu && !done[cpu])
			;
		check("no error", bad[cpu], 0);
		for (unsigned k = 0; k < TICKS; k++)
			tio_printf("cpu %u tick %u late %lu\n", cpu, k + 1, late[cpu][k]);
	}
	tio_printf("intr: %u CPUs\n", n);
	return check_end("intr");
}

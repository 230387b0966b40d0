/*
 * timer.c - the interval timer (docs/platform.md "timer"), polled: each
 * CPU enables its own timer and waits for TICKS ticks, acknowledging each;
 * CPU 0 prints, per CPU and tick, the cycle the tick was seen at, its
 * deadline (the NEXT register before it) and the next deadline, for
 * tests/smp_timer.sh to compare with clock_mhz and timer_hz.  The line
 * (ISR<22>) is up from a tick until it is acknowledged.
 */
#include "smp.h"

#define TICKS 4

struct seen { uint64_t at, deadline, next, ticks; };
static volatile struct seen seen[RT_MAX_CPUS][TICKS];
static volatile uint64_t bad[RT_MAX_CPUS], done[RT_MAX_CPUS];

static void run(unsigned cpu)
{
	if (*TIMER(TIMER_CTRL) || *TIMER(TIMER_PENDING) || *TIMER(TIMER_NEXT))
		bad[cpu]++;
	*TIMER(TIMER_CTRL) = 1;
	uint64_t deadline = *TIMER(TIMER_NEXT);
	for (unsigned k = 0; k < TICKS; k++) {
		while (!*TIMER(TIMER_PENDING))
			;
		uint64_t at = cycles();
		if (!(read_isr() & ISR_IRQ2))
			bad[cpu]++;
		seen[cpu][k].at = at;
		seen[cpu][k].deadline = deadline;
		seen[cpu][k].next = deadline = *TIMER(TIMER_NEXT);
		seen[cpu][k].ticks = *TIMER(TIMER_TICKS);
		*TIMER(TIMER_PENDING) = 1;           /* acknowledge */
		if (*TIMER(TIMER_PENDING) || (read_isr() & ISR_IRQ2))
			bad[cpu]++;
	}
	*TIMER(TIMER_CTRL) = 0;
	done[cpu] = 1;
}

void rt_secondary(unsigned cpu) { run(cpu); }

int main(void)
{
	unsigned n = rt_ncpus();
	check("HZ", *TIMER(TIMER_HZ) > 0, 1);
	run(0);
	for (unsigned cpu = 0; cpu < n; cpu++) {
		while (!done[cpu])
			;
		check("no error", bad[cpu], 0);
		for (unsigned k = 0; k < TICKS; k++) {
			volatile struct seen *s = &seen[cpu][k];
			check("one tick at a time", s->ticks, k + 1);
			tio_printf("cpu %u tick %u at %lu deadline %lu next %lu\n", cpu, k + 1,
			           s->at, s->deadline, s->next);
		}
	}
	tio_printf("timer: %lu Hz\n", *TIMER(TIMER_HZ));
	return check_end("timer");
}

/*
 * ipi.c - interprocessor interrupts between all CPUs (alphasim --cpus N,
 * N >= 2; docs/platform.md "ipi"), by polling the IPI device: CPU 0
 * sends ROUNDS interrupts to every other CPU, each answers with one back;
 * PENDING names the senders, writing it clears them, and the interrupt
 * line (ISR<22>, EV5 IRQ2) is up exactly while something is pending.
 * Then a broadcast, a self-IPI and mask bits of CPUs that do not exist.
 */
#include "smp.h"

#define ROUNDS 50

static volatile uint64_t arrived[RT_MAX_CPUS], answered[RT_MAX_CPUS];
static volatile uint64_t bad[RT_MAX_CPUS];

static uint64_t wait_pending(uint64_t mask)
{
	uint64_t p;
	while (!((p = *IPI(IPI_PENDING)) & mask))
		;
	return p;
}

void rt_secondary(unsigned cpu)
{
	if (*IPI(IPI_WHAMI) != cpu)
		bad[cpu]++;
	for (unsigned r = 0; r < ROUNDS; r++) {
		uint64_t p = wait_pending(1);
		if (p != 1 || !(read_isr() & ISR_IRQ2))
			bad[cpu]++;
		*IPI(IPI_PENDING) = 1;               /* acknowledge */
		if (*IPI(IPI_PENDING) != 0 || (read_isr() & ISR_IRQ2))
			bad[cpu]++;
		arrived[cpu]++;
		*IPI(IPI_SEND) = 1;                  /* answer CPU 0 */
		answered[cpu]++;
	}
}

int main(void)
{
	unsigned n = rt_ncpus();
	uint64_t others = ((1ull << n) - 1) & ~1ull;
	check("IPI WHAMI", *IPI(IPI_WHAMI), 0);
	check("simctl CPUID", rt_cpu_id(), 0);
	check("line down at start", read_isr() & ISR_IRQ2, 0);
	for (unsigned r = 0; r < ROUNDS; r++)
		for (unsigned t = 1; t < n; t++) {
			*IPI(IPI_SEND) = 1ull << t;
			wait_pending(1ull << t);
			check("line up while pending", !!(read_isr() & ISR_IRQ2), 1);
			*IPI(IPI_PENDING) = 1ull << t;
		}
	check("nothing left pending", *IPI(IPI_PENDING), 0);
	check("line down after", read_isr() & ISR_IRQ2, 0);
	for (unsigned t = 1; t < n; t++) {
		while (answered[t] != ROUNDS)
			;
		check("arrived", arrived[t], ROUNDS);
		check("secondary saw no error", bad[t], 0);
	}
	check("received", *IPI(IPI_RECEIVED), (uint64_t)ROUNDS * (n - 1));

	/* a self-IPI, and bits beyond the last CPU are ignored */
	*IPI(IPI_SEND) = ~others;
	check("self-IPI pending", *IPI(IPI_PENDING), 1);
	check("self-IPI line", !!(read_isr() & ISR_IRQ2), 1);
	*IPI(IPI_PENDING) = ~0ull;
	check("self-IPI cleared", *IPI(IPI_PENDING), 0);
	check("received with self", *IPI(IPI_RECEIVED), (uint64_t)ROUNDS * (n - 1) + 1);
	tio_printf("ipi: %u CPUs, %u rounds\n", n, ROUNDS);
	return check_end("ipi");
}

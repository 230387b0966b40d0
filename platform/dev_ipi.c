/*
 * dev_ipi.c - interprocessor interrupts (docs/platform.md "ipi";
 * docs/architecture.md "SMP").  A CPU writes a mask of target CPUs to
 * SEND; each target records the sender in its PENDING mask and has its
 * IPI interrupt source asserted (EV5 IRQ2, OSF IPL 5, the level wripir's
 * interrupts arrive at: docs/ev5.md "The OSF/1 PALcode interface") until
 * it clears every bit.  WHAMI reads the CPU's number, so a
 * bare-metal program can tell its CPUs apart before it has PALcode.
 */
#include "platform/dev.h"

uint64_t ipi_read(struct machine *m, struct cpu *c, uint64_t off, unsigned size)
{
	(void)size;
	const struct ipi_cpu *p = &m->ipi[c->id];
	switch (off) {
	case IPI_WHAMI:    return c->id;
	case IPI_PENDING:  return p->pending;
	case IPI_RECEIVED: return p->received;
	default:           return 0;
	}
}

void ipi_write(struct machine *m, struct cpu *c, uint64_t off, unsigned size,
               uint64_t val)
{
	(void)size;
	if (off == IPI_SEND) {
		uint64_t now = cpu_cycles(c);
		for (unsigned t = 0; t < m->bus.ncpus; t++) {
			if (!(val >> t & 1))
				continue;
			if (!m->ipi[t].pending || now < m->ipi[t].since)
				m->ipi[t].since = now;
			m->ipi[t].pending |= 1ull << c->id;
			m->ipi[t].received++;
			m->ipi[c->id].sent++;
			machine_irq(m, t, IRQS_IPI, true);
		}
	} else if (off == IPI_PENDING) {
		struct ipi_cpu *p = &m->ipi[c->id];
		p->pending &= ~val;
		if (!p->pending)
			machine_irq(m, c->id, IRQS_IPI, false);
	}
}

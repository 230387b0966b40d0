/*
 * dev_timer.c - the interval timer (docs/platform.md "timer"): one per
 * CPU, ticking timer_hz times per second of that CPU's simulated time
 * (clock_mhz), 1024 Hz by default as on Alpha systems running OSF/1 and
 * Linux (docs/architecture.md "Devices").  A tick sets PENDING and asserts
 * the CPU's timer interrupt source (EV5 IRQ2, OSF IPL 5:
 * platform/machine.c) until the guest acknowledges it.  Tick n after
 * enabling falls at cycle start + floor(n * clock / timer_hz), so the rate
 * is exact over time.
 */
#include "platform/dev.h"

static uint64_t deadline(const struct machine *m, const struct timer_cpu *t, uint64_t n)
{
	unsigned __int128 clock = (unsigned __int128)m->params.clock_mhz * 1000000u;
	return t->start + (uint64_t)(clock * n / m->params.timer_hz);
}

void timer_tick(struct machine *m, struct cpu *c, uint64_t now)
{
	struct timer_cpu *t = &m->timer[c->id];
	if (!t->enabled || now < t->next)
		return;
	while (now >= t->next) {
		t->ticks++;
		t->next = deadline(m, t, ++t->n + 1);
	}
	t->pending = true;
	machine_irq(m, c->id, IRQS_TIMER, true);
}

void timer_advance(struct machine *m, struct cpu *c)
{
	timer_tick(m, c, cpu_cycles(c));
}

uint64_t timer_due(const struct machine *m, unsigned cpu)
{
	const struct timer_cpu *t = &m->timer[cpu];
	return t->enabled ? t->next : UINT64_MAX;
}

uint64_t timer_read(struct machine *m, struct cpu *c, uint64_t off, unsigned size)
{
	(void)size;
	struct timer_cpu *t = &m->timer[c->id];
	timer_advance(m, c);
	switch (off) {
	case TIMER_CTRL:    return t->enabled;
	case TIMER_PENDING: return t->pending;
	case TIMER_TICKS:   return t->ticks;
	case TIMER_NEXT:    return t->enabled ? t->next : 0;
	case TIMER_HZ:      return m->params.timer_hz;
	default:            return 0;
	}
}

void timer_write(struct machine *m, struct cpu *c, uint64_t off, unsigned size,
                 uint64_t val)
{
	(void)size;
	struct timer_cpu *t = &m->timer[c->id];
	timer_advance(m, c);
	if (off == TIMER_CTRL) {
		bool on = val & 1;
		if (on && !t->enabled) {
			t->start = cpu_cycles(c);
			t->n = 0;
			t->next = deadline(m, t, 1);
		}
		t->enabled = on;
		/* End the CPU's slice here, so the run loop (machine.c,
		 * run_until) plans its next slice up to the new first tick
		 * instead of finishing one planned without it. */
		cpu_set_budget(c, 0);
	} else if (off == TIMER_PENDING) {
		t->pending = false;
		machine_irq(m, c->id, IRQS_TIMER, false);
	}
}

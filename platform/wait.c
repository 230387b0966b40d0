/*
 * wait.c - a CPU waiting for an interrupt (platform/wait.h): when its wait
 * ends, and the cycles it skips on its clock, its counters and in the
 * timing model.
 */
#include "platform/wait.h"
#include "platform/dev.h"
#include "chip/intr.h"
#include "chip/model.h"

void wait_begin(struct cpu *c)
{
	c->waiting = true;
	cpu_set_budget(c, 0);
	c->held = 0;
}

static inline uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

uint64_t wait_wake(struct machine *m, struct cpu *c)
{
	uint64_t now = cpu_cycles(c), lv = intr_levels(c), w = UINT64_MAX;
	/* the IPI line alone: it requests from its sender's cycle, which in
	 * the CPUs' turns (machine.c) may be ahead of this clock */
	if (m->irq_src[c->id] == 1u << IRQS_IPI) {
		uint64_t ipi = intr_line_level(c, machine_irq_bit(IRQS_IPI));
		if (lv & ipi) {
			w = max64(now, m->ipi[c->id].since);
			lv &= ~ipi;
		}
	}
	if (lv)
		return now;
	w = min64(w, timer_due(m, c->id));
	/* a cycle counter's overflow sets its ISR bit at the cycle it wraps */
	uint64_t k = pmu_next_point(&c->pmu, PEV_CYCLES, cpu_pmu_mode(c));
	if (k != UINT64_MAX)
		w = min64(w, c->intr.cycles_to + k);
	return w;
}

void wait_run(struct machine *m, struct cpu *c, uint64_t target)
{
	uint64_t now = cpu_cycles(c);
	intr_idle(c, now);                   /* the counters up to the wait */
	uint64_t w = wait_wake(m, c), to = min64(w, target);
	if (to > now) {
		if (c->timing)
			timing_idle(c->timing, to);
		intr_idle(c, to);
		c->idle += to - now;
	}
	if (w <= target)
		c->waiting = false;
}

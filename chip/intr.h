/*
 * intr.h - interrupts and the performance counters' delivery, between
 * the run loops, the PAL registers (chip/pal.c) and the counters (pmu/).
 *
 * An interrupt is taken at an instruction boundary, outside PAL mode,
 * when a request's EV5 IPL is above IPLR (docs/ev5.md "PAL mode"; 21164 HRM
 * 5.1 ISR, INTID, IPLR): PAL is entered at INTERRUPT with EXC_ADDR the
 * instruction that has not run.  Requests: the hardware lines set by
 * cpu_irq (IRQ0-3, power fail, machine check, CRD, halt), SIRR, ASTs,
 * and the counters, whose overflow sets ISR<PC0-2> at once but can be
 * delivered only pmu_delay cycles later (the DCPI paper, section 4.1).
 * The timed loop (chip/timed_run.c) calls intr_timed before an
 * instruction whose issue cycle it knows; the functional loop calls
 * intr_functional at the start of each run of instructions, and stops
 * runs at the boundaries that matter.  docs/pal.md and docs/pmu.md.
 */
#ifndef ALPHASIM_INTR_H
#define ALPHASIM_INTR_H

#include "chip/cpu.h"

/* Re-evaluate c->events after a change of a request, a mask, IPLR, the
 * mode or the counters' set-up, and end the current run of instructions
 * (either loop) at the next boundary so the loop looks. */
void intr_update(struct cpu *c);

/* The timed loop: the timer raises its line at cycle `at` (UINT64_MAX:
 * none is near), which the loop checks at every boundary like a
 * counter's deliverable cycle, so the tick is taken at its exact cycle. */
void intr_dev_due(struct cpu *c, uint64_t at);

/* The levels requesting an interrupt, one bit each (bit 32: halt), as
 * INTID sees them: regardless of IPLR and PAL mode; a counter's overflow
 * counts from the cycle it happened. */
uint64_t intr_levels(const struct cpu *c);

/* The ISR value (21164 HRM 5.1.1): what is requesting, by source. */
uint64_t intr_isr(const struct cpu *c);

/*
 * The timed loop, before the instruction at pc issues at cycle t (its
 * predecessor issued at tl; mode: cpu_pmu_mode(c)): raise the timer's line if it is due by t
 * (at its cycle, or tl if later), count the cycles (tl, t] on the
 * counters, unless an interrupt comes first; then count up to the cycle it is
 * taken, enter PAL (c->pc) and return true with that cycle in *at.
 */
bool intr_timed_slow(struct cpu *c, uint64_t pc, uint64_t tl, uint64_t t, uint64_t *at);
/* The fast path (c->memo): no interrupt requested or pending and the
 * timer not due by t, so only a cycle counter reaching an interrupt
 * point in the cycles intr_timed would count up to t could interrupt,
 * and none does: nothing can happen by t but the counting. */
static inline bool intr_quiet(const struct cpu *c, uint64_t tl, uint64_t t, enum pmu_mode mode)
{
	uint64_t from = c->intr.cycles_to > tl ? c->intr.cycles_to : tl;
	return c->memo && !c->pmu.latch && c->intr.dev_due > t && !(c->events & CPU_EV_IRQ) &&
	       (t <= from || pmu_quiet_room(&c->pmu, PEV_CYCLES, t - from, mode));
}
/* intr_timed when intr_quiet said yes for (tl, t] or a longer span
 * from tl: the cycles counted with nothing else to do (intr_timed_slow
 * does the same, slower). */
static inline void intr_count_quiet(struct cpu *c, uint64_t tl, uint64_t t, enum pmu_mode mode)
{
	uint64_t from = c->intr.cycles_to > tl ? c->intr.cycles_to : tl;
	if (t > from)
		pmu_count_quiet(&c->pmu, PEV_CYCLES, t - from, mode);
	c->intr.cycles_to = t > from ? t : from;
}
static inline bool intr_timed(struct cpu *c, uint64_t pc, uint64_t tl, uint64_t t,
                              enum pmu_mode mode, uint64_t *at)
{
	if (intr_quiet(c, tl, t, mode)) {
		intr_count_quiet(c, tl, t, mode);
		return false;
	}
	return intr_timed_slow(c, pc, tl, t, at);
}

/*
 * The functional loop (--timing=off: one cycle per instruction), at the
 * boundary before c->pc: count the instructions run since the last
 * count, take an interrupt that is due (c->pc becomes the PAL entry),
 * and hold budget back so the run stops at the next boundary where a
 * counter overflows or an overflow becomes deliverable.
 */
void intr_functional(struct cpu *c);

/* --timing=off: count the instructions run so far on the counters before
 * the mode or the counters change; `inflight` 1 counts the instruction
 * now executing (at pc) too.  Does nothing in the timed loop, which
 * counts as instructions issue. */
void intr_pmu_sync(struct cpu *c, uint64_t pc, unsigned inflight);

/* The CPU waits for an interrupt (platform/wait.c) from its clock up to cycle
 * `to`, retiring nothing: the counters count those cycles as the next
 * instruction's (c->pc), in the current mode (PAL for minios's wtint, so
 * KILLP leaves them out).  With --timing=off the instructions before the
 * wait are counted first, at their cycles. */
void intr_idle(struct cpu *c, uint64_t to);

/* The level bit (of intr_levels) hardware ISR line isr_bit requests now,
 * or 0 when it is clear or ICSR masks it. */
uint64_t intr_line_level(const struct cpu *c, unsigned isr_bit);

#endif

/*
 * pmu.c - the 21164 performance counters: PMCTR, counting, overflow and
 * the pending interrupts, told to a tracer (see pmu.h).
 */
#include "pmu/pmu.h"
#include <string.h>

void pmu_init(struct pmu *p, unsigned cpu, unsigned delay, const struct pmu_tracer *trace)
{
	memset(p, 0, sizeof *p);
	p->cpu = cpu;
	p->delay = delay;
	if (trace)
		p->trace = *trace;
	p->enabled = true;
	pmu_write(p, 0);
}

uint64_t pmu_read(const struct pmu *p)
{
	return (uint64_t)p->ctr[0] << 48 | (uint64_t)p->ctr[1] << 32 |
	       (uint64_t)p->sel[0] << 31 | (uint64_t)p->kill[PMU_USER] << 30 |
	       (uint64_t)p->ctr[2] << 16 | (uint64_t)p->ctl[0] << 14 |
	       (uint64_t)p->ctl[1] << 12 | (uint64_t)p->ctl[2] << 10 |
	       (uint64_t)p->kill[PMU_PAL] << 9 | (uint64_t)p->kill[PMU_KERNEL] << 8 |
	       (uint64_t)p->sel[1] << 4 | p->sel[2];
}

void pmu_write(struct pmu *p, uint64_t v)
{
	const uint32_t nv[PMU_NCTR] = { (uint32_t)PMCTR_CTR0(v), (uint32_t)PMCTR_CTR1(v),
	                                (uint32_t)PMCTR_CTR2(v) };
	for (int n = 0; n < PMU_NCTR; n++) {
		/* a counter that wrapped and is now rewritten (the next
		 * period) drops what it counted since the wrap */
		if (p->wrapped[n] && nv[n] != p->ctr[n]) {
			p->discarded[n] += p->ctr[n];
			p->wrapped[n] = false;
		}
		p->ctr[n] = nv[n];
	}
	p->sel[0] = (uint8_t)PMCTR_SEL0(v);
	p->sel[1] = (uint8_t)PMCTR_SEL1(v);
	p->sel[2] = (uint8_t)PMCTR_SEL2(v);
	for (int n = 0; n < PMU_NCTR; n++) {
		p->ctl[n] = (uint8_t)PMCTR_CTL(v, n);
		p->event_of[n] = pmu_event_for((unsigned)n, p->sel[n]);
	}
	p->watch = 0;
	p->pointed = 0;
	memset(p->ctrs_of, 0, sizeof p->ctrs_of);
	for (int n = 0; n < PMU_NCTR; n++) {
		p->smask[n] = (uint32_t)pmu_step(p, n) - 1;
		if (p->ctl[n] == PMU_CTL_WRAP || p->ctl[n] == PMU_CTL_256)
			p->pointed |= (uint8_t)(1u << n);
	}
	for (int n = 0; n < PMU_NCTR; n++)
		if (p->ctl[n] != PMU_CTL_OFF && p->event_of[n] >= 0) {
			p->watch |= 1ull << p->event_of[n];
			p->ctrs_of[p->event_of[n]] |= (uint8_t)(1u << n);
		}
	p->kill[PMU_USER] = PMCTR_KILLU(v);
	p->kill[PMU_PAL] = PMCTR_KILLP(v);
	p->kill[PMU_KERNEL] = PMCTR_KILLK(v);
}

static void trace(struct pmu *p, int ctr, const struct pmu_pending *q, enum pmu_fate fate,
                  uint64_t now, uint64_t pc)
{
	if (p->trace.row)
		p->trace.row(p->trace.arg, &(struct pmu_trace){ p->cpu, ctr, q, fate, now, pc });
}

/* Counter ctr passed an interrupt point at cycle `at`. */
static void overflow(struct pmu *p, int ctr, uint64_t at, uint64_t pc)
{
	p->overflows[ctr]++;
	p->wrapped[ctr] = true;
	if (p->latch >> ctr & 1) {
		/* The ISR bit is still set: this overflow merges into the
		 * request already there and is lost (a row says so). */
		struct pmu_pending lost = { true, at, at, pc, p->event_of[ctr], DEFER_NONE };
		trace(p, ctr, &lost, PMU_LOST, 0, 0);
		p->lost[ctr]++;
		return;
	}
	p->latch |= (uint8_t)(1u << ctr);
	p->pend[ctr] = (struct pmu_pending){ true, at, at + p->delay, pc, p->event_of[ctr],
	                                     DEFER_NONE };
}

void pmu_count(struct pmu *p, int ev, uint64_t n, uint64_t cycle,
               uint64_t pc, enum pmu_mode mode)
{
	for (int c = 0; c < PMU_NCTR; c++) {
		if (!pmu_counts(p, c, ev, mode) || n == 0)
			continue;
		uint64_t step = pmu_step(p, c);
		uint64_t v = p->ctr[c];
		p->counted[c] += n;
		if (p->ctl[c] != PMU_CTL_COUNT) {
			/* Events until the next interrupt point; each point
			 * passed inside this span is an overflow at its own
			 * cycle (a PK_OCCUR batch happens all at `cycle`). */
			uint64_t to_point = step - (v % step);
			for (uint64_t k = to_point; k <= n; k += step) {
				uint64_t at = pmu_events[ev].kind == PK_CYCLE
				                  ? cycle - (n - k) : cycle;
				overflow(p, c, at, pc);
			}
		}
		p->ctr[c] = (uint32_t)((v + n) & pmu_mask(c));
	}
}

uint64_t pmu_isr_bits(const struct pmu *p)
{
	return (uint64_t)p->latch << 27;
}

uint64_t pmu_next_point(const struct pmu *p, int ev, enum pmu_mode mode)
{
	uint64_t best = UINT64_MAX;
	for (int c = 0; c < PMU_NCTR; c++) {
		if (!pmu_counts(p, c, ev, mode) || p->ctl[c] == PMU_CTL_COUNT ||
		    (p->latch >> c & 1))
			continue;
		uint64_t step = pmu_step(p, c);
		uint64_t k = step - p->ctr[c] % step;
		if (k < best)
			best = k;
	}
	return best;
}

uint64_t pmu_next_deliver(const struct pmu *p)
{
	uint64_t best = UINT64_MAX;
	for (int c = 0; c < PMU_NCTR; c++)
		if (p->pend[c].active && p->pend[c].deliver_cycle < best)
			best = p->pend[c].deliver_cycle;
	return best;
}

int pmu_deliverable(const struct pmu *p, uint64_t now)
{
	int best = -1;
	for (int c = 0; c < PMU_NCTR; c++)
		if (p->pend[c].active && p->pend[c].deliver_cycle <= now &&
		    (best < 0 || p->pend[c].deliver_cycle < p->pend[best].deliver_cycle))
			best = c;
	return best;
}

void pmu_defer(struct pmu *p, uint64_t now, enum pmu_defer why)
{
	for (int c = 0; c < PMU_NCTR; c++)
		if (p->pend[c].active && p->pend[c].deliver_cycle <= now &&
		    p->pend[c].deferred == DEFER_NONE)
			p->pend[c].deferred = why;
}

void pmu_deliver(struct pmu *p, int ctr, uint64_t now, uint64_t pc)
{
	struct pmu_pending *q = &p->pend[ctr];
	trace(p, ctr, q, PMU_DELIVERED, now, pc);
	p->delivered[ctr]++;
	p->deferred[ctr][q->deferred]++;
	q->active = false;
}

void pmu_clear(struct pmu *p, unsigned mask)
{
	for (int c = 0; c < PMU_NCTR; c++) {
		if (!(mask >> c & 1))
			continue;
		if (p->pend[c].active) {
			trace(p, c, &p->pend[c], PMU_CLEARED, 0, 0);
			p->cleared[c]++;
			p->pend[c].active = false;
		}
		bool set = p->latch >> c & 1;
		p->latch &= (uint8_t)~(1u << c);
		if (set && p->trace.ack)
			p->trace.ack(p->trace.arg, p->cpu, c);
	}
}

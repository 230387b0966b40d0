/*
 * control.c - one CPU's sampling state: its memory, its configuration
 * (read-only copies of the globals in the handler's line, section
 * 4.2.2), start and stop, the two IPI halves of a flush (section 4.2.3)
 * and its statistics.  The pcount_cpu_* functions run on the CPU they
 * change, at IPL >= 6, so the counter interrupt never sees a half-made
 * change; the device (minios/pcount_dev.c) gets them there.
 */
#include "driver/pcount_hw.h"

void pcount_cpu_init(struct pcount_cpu *c, unsigned cpu, void *mem,
                     uint32_t buckets)
{
	struct pcount_slot *s = mem;      /* PCOUNT_CPU_SLOTS(buckets) */
	*c = (struct pcount_cpu){ 0 };
	c->hot.table = s;
	c->staged = s + buckets * PCOUNT_BUCKET;
	c->bufs[0] = c->staged + buckets * PCOUNT_BUCKET;
	c->bufs[1] = c->bufs[0] + PCOUNT_BUF_ENTRIES;
	for (uint32_t i = 0; i < buckets * PCOUNT_BUCKET; i++)
		c->hot.table[i] = (struct pcount_slot){ 0, 0 };
	c->hot.buf = c->bufs[0];
	c->hot.mask = buckets - 1;
	c->hot.cpu = (uint8_t)cpu;
	c->hot.intr = pcount_intr_fast;
	c->hot.seed = pcount_prng_seed(PCOUNT_SEED, cpu);
	c->mux_cycles = PCOUNT_MUX_CYCLES;
}

/* cfg has passed pcount_config_check. */
void pcount_cpu_configure(struct pcount_cpu *c, const struct pcount_config *cfg)
{
	bool mux = false;
	c->ctr_mask = 0;
	for (unsigned s = 0; s < PCOUNT_NSOURCES; s++)
		c->by_source[s] = 0;
	for (unsigned n = 0; n < PCOUNT_NCOUNTERS; n++) {
		const struct pcount_counter_config *cc = &cfg->ctr[n];
		struct pcount_mux *m = &c->mux[n];
		m->nevents = cc->nevents;
		m->index = 0;
		for (unsigned i = 0; i < cc->nevents; i++)
			m->ev[i] = cc->ev[i];
		if (!cc->nevents)
			continue;
		c->ctr_mask |= (uint8_t)(1u << n);
		c->by_source[cc->ev[0].source] |= (uint8_t)(1u << n);
		mux |= cc->nevents > 1;
		c->hot.event[n] = (uint8_t)cc->ev[0].event;
		c->hot.pmin[n] = (uint16_t)cc->ev[0].period_min;
		c->hot.prange[n] = (uint16_t)cc->ev[0].period_range;
	}
	c->flags = cfg->flags;
	c->mux_cycles = cfg->mux_cycles ? cfg->mux_cycles : PCOUNT_MUX_CYCLES;
	c->hot.seed = pcount_prng_seed(cfg->seed ? cfg->seed : PCOUNT_SEED,
	                               c->hot.cpu);
	c->hot.intr = c->by_source[PCOUNT_SRC_AT_OVERFLOW] ? pcount_intr_read
	            : mux ? pcount_intr_general : pcount_intr_fast;
	c->pm_ctl = cfg->pm_ctl;
	c->pm_filt = cfg->pm_filt;
}

void pcount_cpu_start(struct pcount_cpu *c)
{
	if (c->enabled || (!c->ctr_mask && !c->pm_ctl))
		return;
	uint32_t now = pcount_hw_rpcc();
	for (unsigned n = 0; n < PCOUNT_NCOUNTERS; n++) {
		if (!(c->ctr_mask >> n & 1))
			continue;
		struct pcount_hot *h = &c->hot;
		pcount_hw_select(n, h->event[n]);
		c->mux[n].since = now;
		c->last[n] = 0;
		if (!(c->by_source[PCOUNT_SRC_OVERFLOW] >> n & 1)) {
			pcount_hw_write(n, 0);      /* read, never interrupts */
			continue;
		}
		h->seed = pcount_prng_next(h->seed);
		pcount_hw_write(n, pcount_counter_width(n) -
		                   pcount_period(h->seed, h->pmin[n], h->prange[n]));
	}
	c->start_cycles = pcount_hw_cycles();
	c->enabled = true;
	if (c->ctr_mask)
		pcount_hw_enable(c->ctr_mask, c->by_source[PCOUNT_SRC_OVERFLOW], c->flags);
	/* the unit's generator from the run's seed too (docs/precise.md) */
	if (c->pm_ctl) {
		c->pm_seq_seen = false;
		c->pm_coll = 0;          /* writing PM_CTL restarts PM_STAT's count */
		pcount_hw_pm(c->pm_ctl, c->pm_filt, c->hot.seed);
	}
}

/* Stop counting and account the time: every counter's current event
 * was monitored since its last rotation (or the start). */
void pcount_cpu_stop(struct pcount_cpu *c)
{
	if (!c->enabled)
		return;
	pcount_hw_disable();
	if (c->pm_ctl)
		pcount_hw_pm(0, 0, 0);
	uint64_t span = pcount_hw_cycles() - c->start_cycles;
	uint32_t now = pcount_hw_rpcc();
	c->st.enabled_cycles += span;
	for (unsigned n = 0; n < PCOUNT_NCOUNTERS; n++) {
		const struct pcount_mux *m = &c->mux[n];
		if (c->ctr_mask >> n & 1)
			c->monitored[m->ev[m->index].event] +=
				m->nevents > 1 ? (uint32_t)(now - m->since) : span;
	}
	c->enabled = false;
}

void pcount_cpu_flush_begin(struct pcount_cpu *c)
{
	c->hot.flushing = 1;
	c->st.flushes++;
}

/* The table is clear again: back to it, and hand over the partly
 * filled active buffer so that the flush delivers everything. */
void pcount_cpu_flush_end(struct pcount_cpu *c)
{
	c->hot.flushing = 0;
	if (c->hot.fill && c->hot.fill < PCOUNT_BUF_ENTRIES)
		pcount_hand_over(c);
}

void pcount_stats_cpu(const struct pcount_cpu *c, struct pcount_cpu_stats *out)
{
	*out = c->st;
	out->interrupts = c->hot.interrupts;
	out->hits = c->hot.interrupts + c->reads + c->pm_lookups - c->st.misses - c->st.direct;
}

void pcount_stats_add(struct pcount_cpu_stats *sum, const struct pcount_cpu_stats *s)
{
	const uint64_t *a = (const uint64_t *)s;
	uint64_t *t = (uint64_t *)sum;
	for (size_t i = 0; i < sizeof *s / sizeof *a; i++)
		t[i] += a[i];
}

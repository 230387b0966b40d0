/*
 * intr.c - interrupt requests, masking by PAL mode and IPLR, delivery at
 * instruction boundaries, and the performance counters' six-cycle
 * delivery with its deferrals (chip/intr.h; docs/ev5.md "PAL mode" and
 * "Performance counters"; 21164 HRM 5.1; the DCPI paper, section 4.1;
 * docs/architecture.md "Counters, skid and blind spots").
 */
#include "chip/intr.h"
#include "chip/bus.h"

/* Hardware lines in ISR and their EV5 IPL (docs/ev5.md "Interrupt levels";
 * ev5_defs.h ISR).  IRQ0-3 are masked by ICSR.IM0-3, CRD needs ICSR.CRDE;
 * the halt line is taken at any IPL (level 32). */
static const struct { uint8_t bit, level; } lines[] = {
	{ ISR_IRQ0, 20 }, { ISR_IRQ0 + 1, 21 }, { ISR_IRQ0 + 2, 22 }, { ISR_IRQ0 + 3, 23 },
	{ ISR_PFL, 30 }, { ISR_MCK, 31 }, { ISR_CRD, 31 }, { ISR_HLT, 32 },
};
#define LINE_BITS (0xfull << ISR_IRQ0 | 1ull << ISR_PFL | 1ull << ISR_MCK | \
                   1ull << ISR_CRD | 1ull << ISR_SLI | 1ull << ISR_HLT)

enum { AST_LEVEL = 2 };

/* The AST modes each current mode may take: a mode takes its own ASTs
 * and those of the more privileged modes (ARM 14.2; SimH's ast_map). */
static unsigned ast_pending(const struct cpu *c)
{
	return (unsigned)(c->ipr[IPR_ASTRR] & c->ipr[IPR_ASTER]) & ((2u << c->cm) - 1);
}

/* The hardware lines as masked by ICSR. */
static uint64_t lines_on(const struct cpu *c)
{
	uint64_t icsr = c->ipr[IPR_ICSR];
	uint64_t on = c->ipr[IPR_ISR] & LINE_BITS;
	on &= ~(((icsr >> ICSR_IM_SHIFT) & 0xf) << ISR_IRQ0);
	if (!(icsr & ICSR_CRDE))
		on &= ~(1ull << ISR_CRD);
	return on;
}

/* Levels requesting now, the counters aside. */
static uint64_t static_levels(const struct cpu *c)
{
	uint64_t on = lines_on(c), lv = 0;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		if (on >> lines[i].bit & 1)
			lv |= 1ull << lines[i].level;
	lv |= (c->ipr[IPR_SIRR] >> 3) & 0xfffe;   /* SIRR<n+3>: level n */
	if (ast_pending(c))
		lv |= 1ull << AST_LEVEL;
	/* a counter interrupt delivered but not cleared keeps requesting */
	unsigned undelivered = 0;
	for (int n = 0; n < PMU_NCTR; n++)
		undelivered |= (unsigned)c->pmu.pend[n].active << n;
	if (c->pmu.latch & ~undelivered)
		lv |= 1ull << c->intr.pmu_ipl;
	/* the instruction-sampling unit (docs/precise.md): a record in
	 * the latch or a full buffer, at the counters' level */
	if (c->pm.irq)
		lv |= 1ull << c->intr.pmu_ipl;
	return lv;
}

uint64_t intr_levels(const struct cpu *c)
{
	return static_levels(c) | (c->pmu.latch ? 1ull << c->intr.pmu_ipl : 0);
}

uint64_t intr_isr(const struct cpu *c)
{
	uint64_t v = lines_on(c) | (c->ipr[IPR_ASTRR] & c->ipr[IPR_ASTER] & 0xf) |
	             (c->ipr[IPR_SIRR] & (0x7fffull << ISR_SIRR_SHIFT)) | pmu_isr_bits(&c->pmu) |
	             (c->pm.irq ? 1ull << ISR_PM : 0);
	if (ast_pending(c))
		v |= ISR_ATR;
	return v;
}

void intr_update(struct cpu *c)
{
	uint8_t ev = 0;
	uint64_t lv = static_levels(c), masked = (2ull << c->ipr[IPR_IPLR]) - 1;
	/* what IPLR holds back now waits for it (the statistics); a counter
	 * request waits once it is deliverable (due), and a delivered one
	 * still set is the interrupt being handled */
	uint64_t pmu = 1ull << c->intr.pmu_ipl, others = lv & ~pmu;
	c->intr.waited_ipl = (c->intr.waited_ipl | (others & masked)) &
	                     (others | (pmu_pending(&c->pmu) ? pmu : 0));
	/* one that IPLR now holds back no longer waits for PAL mode */
	c->intr.waited_pal &= ~masked;
	if (lv & ~masked)
		ev |= CPU_EV_IRQ;
	if ((c->pmu.enabled && c->pmu.watch) || c->pmu.latch)
		ev |= CPU_EV_PMU;
	if (c->intr.dev_due != UINT64_MAX)
		ev |= CPU_EV_DEV;
	if (pm_enabled(&c->pm))
		ev |= CPU_EV_PM;
	c->events = ev;
	/* end this run of instructions after the current one: the functional
	 * loop looks at the boundary, and both translate the PC again (an
	 * ICM write changes what the I-stream may reach) */
	cpu_stop_after(c, 1);
}

void intr_dev_due(struct cpu *c, uint64_t at)
{
	c->intr.dev_due = at;
	c->events = (uint8_t)((c->events & ~CPU_EV_DEV) | (at != UINT64_MAX ? CPU_EV_DEV : 0));
}

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

static unsigned top_level(uint64_t lv)
{
	return 63u - (unsigned)__builtin_clzll(lv);
}

/*
 * The interrupt due before an instruction that would issue at t (its
 * predecessor issued at tl), a counter interrupt becoming deliverable at
 * pmu_d, the levels `fresh` raised by a device at fresh_at (>= tl): the
 * cycle it is taken (UINT64_MAX: none) and its level in *lvl.  Other
 * requests are there from the start (tl).  Records which levels waited
 * for PAL mode or IPLR.
 */
static uint64_t due(struct cpu *c, uint64_t tl, uint64_t t, uint64_t pmu_d, uint64_t fresh,
                    uint64_t fresh_at, unsigned *lvl)
{
	uint64_t stat = static_levels(c);
	uint64_t pmu = pmu_d <= t ? 1ull << c->intr.pmu_ipl : 0;
	uint64_t req = stat | pmu;
	uint64_t above = req & ~((2ull << c->ipr[IPR_IPLR]) - 1);
	c->intr.waited_ipl |= pmu & ~above;
	c->intr.waited_pal &= req;
	if (!above)
		return UINT64_MAX;
	if (c->pal) {
		c->intr.waited_pal |= above;
		return UINT64_MAX;
	}
	uint64_t pmu_at = max64(pmu_d, tl), at = UINT64_MAX;
	if (above & stat & ~fresh)
		at = tl;
	if ((above & fresh) && fresh_at < at)
		at = fresh_at;
	if ((above & pmu) && pmu_at < at)
		at = pmu_at;
	uint64_t now = (above & stat & ~fresh) | (fresh_at <= at ? above & fresh : 0) |
	               (pmu_at <= at ? above & pmu : 0);
	*lvl = top_level(now);
	return at;
}

/* Take the interrupt of level lvl at cycle at, before the instruction at
 * pc: the counters deliverable then get their skid trace rows. */
static void take(struct cpu *c, uint64_t pc, uint64_t at, unsigned lvl)
{
	struct cpu_intr *in = &c->intr;
	in->taken++;
	in->deferred_pal += in->waited_pal >> lvl & 1;
	in->deferred_ipl += in->waited_ipl >> lvl & 1;
	in->waited_pal &= ~(1ull << lvl);
	in->waited_ipl &= ~(1ull << lvl);
	if (lvl == in->pmu_ipl) {
		in->taken_pmu++;
		for (int n = 0; n < PMU_NCTR; n++)
			if (c->pmu.pend[n].active && c->pmu.pend[n].deliver_cycle <= at)
				pmu_deliver(&c->pmu, n, at, pc);
	}
	cpu_enter_pal(c, PALE_INTERRUPT, pc);
}

/* A counter overflow not yet delivered whose time has come at t waits:
 * say why. */
static void defer_due(struct cpu *c, uint64_t t)
{
	if (pmu_next_deliver(&c->pmu) <= t)
		pmu_defer(&c->pmu, t, c->pal ? DEFER_PAL : DEFER_IPL);
}

/* Count the cycles after the last one counted, up to `to`, as the
 * instruction at pc's. */
static void count_cycles(struct cpu *c, uint64_t to, uint64_t pc, enum pmu_mode mode)
{
	if (to > c->intr.cycles_to) {
		pmu_count(&c->pmu, PEV_CYCLES, to - c->intr.cycles_to, to, pc, mode);
		c->intr.cycles_to = to;
	}
}

bool intr_timed_slow(struct cpu *c, uint64_t pc, uint64_t tl, uint64_t t, uint64_t *at)
{
	struct pmu *p = &c->pmu;
	enum pmu_mode mode = cpu_pmu_mode(c);
	uint64_t from = max64(tl, c->intr.cycles_to);
	uint64_t d = p->latch ? pmu_next_deliver(p) : UINT64_MAX;
	/* a cycle counter that overflows in (from, t] can interrupt first */
	if (t > from && (p->watch >> PEV_CYCLES & 1)) {
		uint64_t k = pmu_next_point(p, PEV_CYCLES, mode);
		if (k <= t - from)
			d = d < from + k + p->delay ? d : from + k + p->delay;
	}
	c->intr.cycles_to = from;
	if (d > t && c->intr.dev_due > t && !(c->events & CPU_EV_IRQ)) {
		count_cycles(c, t, pc, mode);        /* nothing is due by t */
		return false;
	}
	/* the timer's tick at its cycle: a line up from then, not from tl */
	uint64_t fresh = 0, fresh_at = UINT64_MAX;
	if (c->intr.dev_due <= t) {
		uint64_t before = static_levels(c);
		fresh_at = max64(c->intr.dev_due, tl);
		intr_dev_due(c, UINT64_MAX);
		c->bus->ops->timer_tick(c->bus, c, fresh_at);
		fresh = static_levels(c) & ~before;
	}
	unsigned lvl;
	uint64_t x = due(c, tl, t, d, fresh, fresh_at, &lvl);
	if (x <= t) {
		count_cycles(c, x, pc, mode);
		take(c, pc, x, lvl);
		*at = x;
		return true;
	}
	count_cycles(c, t, pc, mode);
	defer_due(c, t);
	return false;
}

/* --timing=off: count instructions (counted, n] as issues and their
 * cycles not counted yet, the last of them at pc.  (Instruction j is
 * cycle j + c->idle: a wait for an interrupt moves the clock on without
 * instructions, and the instructions before it are counted when it
 * starts, intr_idle.  The next one's cycle may have been counted at the
 * boundary before it.) */
static void count_run(struct cpu *c, uint64_t n, uint64_t pc, enum pmu_mode mode)
{
	if (n <= c->intr.pmu_counted)
		return;
	pmu_count(&c->pmu, PEV_ISSUES, n - c->intr.pmu_counted, n + c->idle, pc, mode);
	c->intr.pmu_counted = n;
	c->intr.armed = false;
	count_cycles(c, n + c->idle, pc, mode);
}

/* --timing=off: count the run that ended before c->pc; its last
 * instruction overflowed a counter only when the run was the one armed
 * for it. */
static void count_ended(struct cpu *c, enum pmu_mode mode)
{
	struct cpu_intr *in = &c->intr;
	uint64_t n = cpu_insns(c);
	count_run(c, n, in->armed && n == in->arm_n + 1 ? in->arm_pc : c->pc, mode);
}

void intr_pmu_sync(struct cpu *c, uint64_t pc, unsigned inflight)
{
	if (!c->timing)
		count_run(c, cpu_insns(c) + inflight, pc, cpu_pmu_mode(c));
}

void intr_idle(struct cpu *c, uint64_t to)
{
	enum pmu_mode mode = cpu_pmu_mode(c);
	if (!c->timing)
		count_ended(c, mode);
	count_cycles(c, to, c->pc, mode);
}

uint64_t intr_line_level(const struct cpu *c, unsigned isr_bit)
{
	uint64_t lv = 0;
	if (lines_on(c) >> isr_bit & 1)
		for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
			if (lines[i].bit == isr_bit)
				lv |= 1ull << lines[i].level;
	return lv;
}

void intr_functional(struct cpu *c)
{
	struct cpu_intr *in = &c->intr;
	struct pmu *p = &c->pmu;
	enum pmu_mode mode = cpu_pmu_mode(c);
	uint64_t n = cpu_insns(c), now = n + c->idle;
	count_ended(c, mode);

	/* the next instruction is cycle now + 1: count it now when it wraps
	 * a cycle counter, as the timed loop counts a cycle before the
	 * instruction at the head then issues (so a delay of 0 lands on it) */
	uint64_t k = pmu_next_point(p, PEV_CYCLES, mode);
	if (k != UINT64_MAX && in->cycles_to + k == now + 1)
		count_cycles(c, now + 1, c->pc, mode);
	unsigned lvl;
	uint64_t x = due(c, now, now + 1, pmu_next_deliver(p), 0, UINT64_MAX, &lvl);
	if (x <= now + 1) {
		take(c, c->pc, x, lvl);
		mode = cpu_pmu_mode(c);
	} else
		defer_due(c, now + 1);

	/* where to stop next: before the instruction whose cycle wraps a
	 * cycle counter; before and after the instruction whose issue wraps
	 * an issue counter (armed, to know its PC); before the instruction
	 * whose cycle an overflow becomes deliverable at */
	k = pmu_next_point(p, PEV_CYCLES, mode);
	if (k != UINT64_MAX)
		cpu_stop_after(c, in->cycles_to + k - 1 - now);
	k = pmu_next_point(p, PEV_ISSUES, mode);
	if (k == 1) {
		in->armed = true;
		in->arm_n = n;
		in->arm_pc = c->pc;
		cpu_stop_after(c, 1);
	} else if (k != UINT64_MAX)
		cpu_stop_after(c, k - 1);
	uint64_t d = pmu_next_deliver(p);
	if (d != UINT64_MAX && d > now + 1)
		cpu_stop_after(c, d - 1 - now);
}

void cpu_irq(struct cpu *c, unsigned isr_bit, bool on)
{
	if (isr_bit >= 64 || !(LINE_BITS >> isr_bit & 1))
		return;                    /* not a hardware line */
	if (on)
		c->ipr[IPR_ISR] |= 1ull << isr_bit;
	else
		c->ipr[IPR_ISR] &= ~(1ull << isr_bit);
	intr_update(c);
}

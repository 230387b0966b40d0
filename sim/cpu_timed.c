/*
 * cpu_timed.c - the timed run loop: the functional core's loop (sim/cpu.c,
 * same protocol) with the 21164 timing model around every instruction
 * (sim/timing.h; EV5.md "Pipeline"; 21164 HRM 2.3 issue rules).
 *
 * For each instruction the model first works out the cycle it issues
 * (time_issue: fetch, operands, units, memory, pipes); that is when the
 * boundary before it is, so a due interrupt is taken there, ahead of it,
 * and the counters count the cycles up to it (sim/intr.c; the DCPI
 * paper's "oldest instruction not yet issued").  Then the functional
 * handler runs and the model commits what it did (time_commit): the
 * next PC (branch outcome), results, the memory access.  An exception
 * unwinds with longjmp to the loop; the instruction that faulted does
 * not issue, and the first PAL instruction pays for the pipeline
 * restart, charged to the TB miss when it was one (docs/timing.md).
 */
#include "sim/timing.h"
#include "sim/intr.h"
#include "sim/machine.h"
#include "sim/mem.h"

#define SINK 32                        /* R31/F31 sink slot of struct dinsn */

_Static_assert(OP_jsr == OP_jmp + BJ_JSR && OP_ret == OP_jmp + BJ_RET &&
               OP_jsr_coroutine == OP_jmp + BJ_COROUTINE, "jump kinds follow insns.def");

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* ---- per-slot operand flags (the dinsn's spare byte) ----------------- */

static uint8_t classify(const struct dinsn *d, const struct tclass *k)
{
	if (d->op == OP_ILLEGAL)
		return TS_VALID;                /* it only faults */
	const struct isa_insn *e = &isa_table[d->op];
	bool lit = INSN_ISLIT(d->raw);
	uint8_t f = TS_VALID;
	switch (e->args) {
	case A_OPR:    f |= TS_SA | (lit ? 0 : TS_SB); break;
	case A_OPRBC:  f |= lit ? 0 : TS_SB; break;
	case A_MEM: case A_FMEM: case A_HWMEM:
		f |= TS_SB;
		if (e->flags & (I_LOAD | I_STORE))
			f |= TS_MEM;
		if (e->flags & I_STORE)
			f |= TS_SA;
		break;
	case A_MEMB: case A_JMP: case A_FOPRBC:
		f |= TS_SB; break;
	case A_BRA: case A_FBRA:
		f |= (e->flags & I_COND) ? TS_SA : 0; break;
	case A_FOPR:   f |= TS_SA | TS_SB; break;
	case A_FOPRA:  f |= (e->flags & I_WRA) ? 0 : TS_SA; break;
	case A_ITOF: case A_FTOI: case A_HWMTPR:
		f |= TS_SA; break;
	default:       break;
	}
	/* A conditional move keeps the old destination when the test fails. */
	if ((k->flags & TCF_CMOV) && d->c != SINK)
		f |= TS_SC;
	if (e->flags & I_FPA)
		f |= TS_AFP;
	if (e->flags & I_FPB)
		f |= TS_BFP;
	if (e->flags & I_FPC)
		f |= TS_CFP;
	return f;
}

static inline uint32_t space_of(const struct cpu *c)
{
	return c->pal ? TRUTH_SPACE_PAL : (uint32_t)((c->ipr[IPR_ITB_ASN] >> 4) & 0x7f);
}

/* ---- one instruction ------------------------------------------------- */

/* Split the head cycles [tl, t) by cause: each cycle goes to the first
 * cause (in enum truth_cause order) whose constraint still held then. */
static void attribute(struct truth_page *tp, unsigned slot, uint64_t tl,
                      struct tneed *cs, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && cs[j].cause < cs[j - 1].cause; j--) {
			struct tneed x = cs[j];
			cs[j] = cs[j - 1];
			cs[j - 1] = x;
		}
	uint64_t cur = tl;
	for (unsigned i = 0; i < n; i++)
		if (cs[i].e > cur) {
			tp->cause[cs[i].cause][slot] += cs[i].e - cur;
			cur = cs[i].e;
		}
}

static inline unsigned reg_a(const struct dinsn *d, uint8_t f)
{
	return d->a + ((f & TS_AFP) ? TREG_FP : 0);
}
static inline unsigned reg_b(const struct dinsn *d, uint8_t f)
{
	return d->b + ((f & TS_BFP) ? TREG_FP : 0);
}
static inline unsigned reg_c(const struct dinsn *d, uint8_t f)
{
	return d->c + ((f & TS_CFP) ? TREG_FP : 0);
}

/* Extra latency of a multiply whose operand the multiplier cannot take
 * from a bypass (GCC ev5.md: IMULL one cycle after the ADDL producing its
 * operand has latency 8 + 2). */
static inline uint64_t mul_extra(const struct timing *tm, unsigned r, uint64_t t)
{
	uint64_t avail = tm->ready[r] +
		(tm->rcause[r] == TC_dep_imul ? tm->mulchain : tm->nobypass);
	return avail > t ? avail - t : 0;
}

#define NEED(e_, cause_) do {                                            \
	uint64_t e__ = (e_);                                             \
	if (e__ > tl) {                                                  \
		cs[n].e = e__;                                           \
		cs[n++].cause = (cause_);                                \
		if (e__ > t)                                             \
			t = e__;                                         \
	}                                                                \
} while (0)

/* The memory side of a load or store about to issue at t: its physical
 * address, and in *e and *cause the wait for a MAF or write buffer entry. */
static inline uint64_t mem_need(struct timing *tm, const struct cpu *c,
                                const struct dinsn *d, const struct tclass *k,
                                uint64_t base, uint64_t t, uint64_t *e, unsigned *cause)
{
	uint64_t va = base + (uint64_t)(int64_t)d->imm;
	if (d->op == OP_ldq_u)
		va &= ~7ull;
	bool store = k->kind == TK_STORE;
	uint64_t pa;
	if (((k->flags & TCF_HWPHYS) && (d->raw & 0x8000)) || !mem_probe_data(c, va, store, &pa))
		pa = va & PA_MASK;     /* physical, or it faults and never issues */
	*e = t;
	if (pa >= tm->mem_size && !store)
		return pa;
	if (!store) {
		if (memsys_load_misses(&tm->ms, pa)) {
			uint64_t free = memsys_maf_free(&tm->ms, t);
			if (free > t) {
				*e = free + tm->replay;
				*cause = TC_replay;
			}
		}
	} else {
		uint64_t free = memsys_wb_free(&tm->ms, pa, t);
		if (free > t) {
			*e = free;
			*cause = TC_wbfull;
		}
	}
	return pa;
}

/* A store into a page with decoded code: the functional core has made
 * the slots it wrote decode again; clear their operand flags too, so the
 * next execution reads its base register from the new word. */
static void forget_code(struct machine *m, uint64_t pa)
{
	struct dpage *p = m->dpages[pa >> PAGE_SHIFT];
	unsigned slot = (unsigned)((pa & PAGE_MASK & ~7ull) >> 2);
	p->insn[slot].tflags = 0;
	p->insn[slot + 1].tflags = 0;
}

/* The result of a load or store that issued at t; a load's ready cycle
 * and the cause its consumers get. */
static inline uint64_t mem_issue(struct timing *tm, struct machine *m,
                                 const struct tclass *k, uint64_t pa, uint64_t t,
                                 unsigned *dcause)
{
	uint64_t ready = t + k->lat;
	if (k->kind == TK_STORE) {
		if (pa >= tm->mem_size)
			memsys_io_store(&tm->ms, t);
		else {
			memsys_store(&tm->ms, pa, t);
			if (m->pflags[pa >> PAGE_SHIFT] & PF_CODE)
				forget_code(m, pa);
		}
	} else if (pa >= tm->mem_size) {
		ready = memsys_io_load(&tm->ms, t);
		*dcause = TC_dmiss_m;
	} else {
		enum mem_level lv = memsys_load(&tm->ms, pa, t, &ready);
		if (lv != LV_D)
			*dcause = TC_dmiss_s + (lv - LV_S);
	}
	return ready;
}

/* Where and when the instruction after a control transfer issued at t
 * can come from.  Leaving PAL after a TB miss charges the miss again. */
static inline __attribute__((always_inline))
void control(struct timing *tm, struct cpu *c, const struct dinsn *d,
             const struct tclass *k, uint64_t pc, uint64_t npc, uint64_t t)
{
	bool taken = npc != pc + 4, redirect = taken;
	uint64_t when = t + 1 + tm->bubble;
	unsigned why = TC_slot;
	switch (k->kind) {
	case TK_COND:
		if (bpred_cond(&tm->bp, pc, taken)) {
			redirect = true;
			when = t + 1 + tm->bmisp;
			why = TC_bmisp;
		}
		break;
	case TK_BSR:
		bpred_push(&tm->bp, pc + 4);
		break;
	case TK_JUMP:
		if (bpred_jump(&tm->bp, (enum bpred_jump)(d->op - OP_jmp), pc,
		               (uint32_t)d->imm, npc)) {
			redirect = true;
			when = t + 1 + tm->jmisp;
			why = TC_jmisp;
		}
		break;
	case TK_CALLPAL:
		redirect = true;
		when = t + 1 + tm->pal;
		why = tm->pal_cause = TC_pal;
		break;
	case TK_REI:
		redirect = true;
		when = t + 1 + tm->pal;
		why = c->pal ? TC_pal : tm->pal_cause;
		if (!c->pal)
			tm->pal_cause = TC_pal;
		break;
	default:
		break;
	}
	if (redirect) {
		tm->next_seq = ~0ull;
		tm->redirect = when;
		tm->redirect_cause = (uint8_t)why;
	}
	if (taken && (c->pmu.watch >> PEV_FLOWCHANGE & 1))
		pmu_count(&c->pmu, PEV_FLOWCHANGE, 1, t, pc, (enum pmu_mode)tm->is.mode);
}

/* The cycle the instruction at pc (slot d, not run yet; base: its base
 * register) can issue at, into tm->is; fetches its line. */
static inline __attribute__((always_inline))
uint64_t time_issue(struct timing *tm, const struct cpu *c, const struct dinsn *d,
                    uint64_t pc, uint64_t base)
{
	const struct tclass *k = &tm->tc[d->op];
	const uint8_t f = d->tflags;
	struct tissue *is = &tm->is;
	struct tneed *cs = is->cs;
	const uint64_t tl = tm->tl;
	uint64_t t = tl;
	unsigned n = 0;

	/* fetch: a new block instance issues no earlier than the next cycle,
	 * after a redirect and when its I-cache line has arrived */
	is->fetched = false;
	is->dry = 0;
	bool newblk = pc != tm->next_seq || !(pc & 15);
	if (newblk) {
		NEED(tl + 1, TC_slot);
		if (tm->redirect > t)
			NEED(tm->redirect, tm->redirect_cause);
		uint64_t tag = fetch_tag(&tm->fe, pc, tm->space);
		if (tag != tm->line_tag) {
			tm->line_tag = tag;
			uint32_t misses = tm->ev.ev[TE_imiss];
			uint64_t a = fetch_line(&tm->fe, &tm->ms, tag,
			                        c->ipage->pa | (pc & PAGE_MASK), t);
			is->fetched = true;
			is->fetch_at = t;
			is->imiss = tm->ev.ev[TE_imiss] != misses;
			if (a > t)
				NEED(a, TC_imiss);
			is->dry = a;
		}
		/* the cycle the fetch stage has the block: before it the pipe
		 * is dry */
		is->dry = max64(is->dry, tm->redirect);
	}

	/* operands */
	if (f & (TS_SA | TS_SB | TS_SC)) {
		if (f & TS_SA) {
			unsigned r = reg_a(d, f);
			NEED((k->flags & TCF_TEST) ? tm->tready[r] : tm->ready[r], tm->rcause[r]);
		}
		if (f & TS_SB) {
			unsigned r = reg_b(d, f);
			NEED(tm->ready[r], tm->rcause[r]);
		}
		if (f & TS_SC) {
			unsigned r = reg_c(d, f);
			NEED(tm->ready[r], tm->rcause[r]);
		}
	}

	/* units and the memory system */
	if (k->kind >= TK_MB) {
		switch (k->kind) {
		case TK_IMUL:
			NEED(tm->imul_free, TC_unit);
			break;
		case TK_FDIV:
			NEED(tm->fdiv_free, TC_unit);
			break;
		case TK_MB:
			NEED(memsys_drained(&tm->ms), TC_mb);
			break;
		case TK_WMB:
			NEED(memsys_wb_drained(&tm->ms), TC_mb);
			break;
		default: {
			unsigned why = TC_slot;
			uint64_t e;
			is->pa = mem_need(tm, c, d, k, base, t, &e, &why);
			if (e > t)
				NEED(e, why);
			break;
		}
		}
	}

	/* pipes and load/store pairing in the cycle it would issue; in a
	 * later cycle than its predecessor's the pipes are all free, unless
	 * a multiply's write-back holds E0 */
	for (;;) {
		uint32_t slots = t > tl ? SLOT_EMPTY : tm->slots;
		bool wb = t <= tm->e0_wb[0] && (t == tm->e0_wb[0] || t == tm->e0_wb[1]);
		if (!((slots + k->inc + (wb ? SLOT_E0_WB : 0)) & SLOT_OVER))
			break;
		bool unit = wb && !((slots + k->inc) & SLOT_OVER);
		NEED(t + 1, unit ? TC_unit : TC_slot);
	}
	is->pc = pc;
	is->t = t;
	is->n = n;
	return t;
}

/* Count an event at cycle `at` caused by the instruction at pc, if a
 * counter selects it. */
static inline void count(struct cpu *c, int ev, uint64_t n, uint64_t at, uint64_t pc,
                         enum pmu_mode mode)
{
	if (c->pmu.watch >> ev & 1)
		pmu_count(&c->pmu, ev, n, at, pc, mode);
}

/* Events in the truth buffer the counters count too: a MAF-full replay
 * is one of the write-buffer-or-MAF-full replays as well. */
static const uint8_t te_pev[][2] = {
	{ TE_dmiss, PEV_DMISS }, { TE_smiss, PEV_SMISS }, { TE_bmisp, PEV_BRMISS },
	{ TE_jmisp, PEV_JSRMISS }, { TE_replay, PEV_LDREPLAY }, { TE_replay, PEV_REPLAY },
	{ TE_replay, PEV_WBREPLAY },
};
/* ... and the events only the counters count (sim/truth.h). */
static const uint8_t ce_pev[CE_N] = {
	[CE_saccess] = PEV_SACCESS, [CE_mafmerge] = PEV_MAFMERGE, [CE_wbfull] = PEV_WBREPLAY,
};

/* The truth events of the instruction in tm->ev go to its record (at pc
 * in tp), counted or not. */
static void flush_events(struct timing *tm, struct truth_page *tp, uint64_t pc)
{
	if (tp && tm->ev.n) {
		unsigned slot = (unsigned)((pc & PAGE_MASK) >> 2);
		for (unsigned i = 0; i < TE_N; i++)
			tp->event[i][slot] += tm->ev.ev[i];
	}
	tm->ev = (struct truth_evbuf){ 0 };
}

/* Cycle tm->tl is over, the instruction at pc next: the counters see
 * how many issued in it (once), and that it issued its block only in
 * part when pc continues the block. */
static void close_cycle(struct timing *tm, struct cpu *c, uint64_t pc, enum pmu_mode mode)
{
	const uint64_t tl = tm->tl;
	if (tm->closed != tl && tm->issued >= 1 && tm->issued <= 4) {
		count(c, PEV_SINGLE + tm->issued - 1, 1, tl, pc, mode);
		if (pc == tm->next_seq && (pc & 15))
			count(c, PEV_SPLIT, 1, tl, pc, mode);
		tm->closed = tl;
	}
}

/*
 * The boundary before the instruction in tm->is, when c->events asks:
 * its fetch's events, the cycles up to its issue on the counters, and an
 * interrupt due by then (taken instead of it: true).  Otherwise the
 * events of its issue.
 */
static bool boundary(struct timing *tm, struct cpu *c, uint64_t pc)
{
	struct tissue *is = &tm->is;
	enum pmu_mode mode = cpu_pmu_mode(c);
	const uint64_t tl = tm->tl, t = is->t;
	is->mode = (uint8_t)mode;
	if (is->fetched) {
		count(c, PEV_IACCESS, 1, is->fetch_at, pc, mode);
		if (is->imiss)
			count(c, PEV_IMISS, 1, is->fetch_at, pc, mode);
	}
	/* the cycle tl is over when this one issues later (once, should an
	 * interrupt come first) */
	if (t > tl)
		close_cycle(tm, c, pc, mode);
	uint64_t at;
	if (intr_timed(c, pc, tl, t, &at)) {
		/* it does not issue: the PAL entry restarts the pipeline */
		flush_events(tm, tm->tp, pc);
		tm->next_seq = ~0ull;
		tm->redirect = at + 1 + tm->pal;
		tm->redirect_cause = tm->pal_cause = TC_pal;
		return true;
	}
	const struct tclass *k = &tm->tc[c->ipage->insn[(pc & PAGE_MASK) >> 2].op];
	if (t > tl + 1)
		count(c, PEV_NONISSUE, t - tl - 1, t - 1, pc, mode);
	/* of those, the cycles before the fetch stage had the block */
	uint64_t dry = is->dry < t ? is->dry : t;
	if (dry > tl + 1)
		count(c, PEV_PIPEDRY, dry - tl - 1, dry - 1, pc, mode);
	if (t - tl > 15)
		count(c, PEV_LONGSTALL, 1, t, pc, mode);
	if ((k->kind == TK_MB || k->kind == TK_WMB) && t > tl)
		count(c, PEV_MBSTALL, t - tl, t, pc, mode);
	for (uint32_t ev = k->pev & (uint32_t)c->pmu.watch; ev; ev &= ev - 1)
		pmu_count(&c->pmu, __builtin_ctz(ev), 1, t, pc, mode);
	return false;
}

/* The instruction in tm->is (slot d) has run (next PC npc): it issues,
 * its results, its truth. */
static inline __attribute__((always_inline))
void time_commit(struct timing *tm, struct cpu *c, const struct dinsn *d, uint64_t pc,
                 uint64_t npc, uint64_t t)
{
	const struct tclass *k = &tm->tc[d->op];
	const uint8_t f = d->tflags;
	struct tissue *is = &tm->is;
	const uint64_t tl = tm->tl;

	/* issue at t */
	if (t > tl) {
		tm->issue_hist[tm->issued & 7]++;
		tm->issued = 0;
		tm->slots = SLOT_EMPTY;
	}
	tm->issued++;
	tm->slots += k->inc;
	tm->tl = t;
	c->cycles = t;

	/* results */
	uint64_t ready = t + k->lat;
	unsigned dcause = k->dcause;
	if (k->kind >= TK_MB) {
		if (k->kind >= TK_LOAD)
			ready = mem_issue(tm, c->m, k, is->pa, t, &dcause);
		else if (k->kind == TK_IMUL) {
			uint64_t x = 0;
			if (f & TS_SA)
				x = mul_extra(tm, reg_a(d, f), t);
			if (f & TS_SB)
				x = max64(x, mul_extra(tm, reg_b(d, f), t));
			ready += x;
			tm->imul_free = t + k->busy;
			/* the result returns through E0 (GCC ev5.md reservation) */
			tm->e0_wb[1] = tm->e0_wb[0];
			tm->e0_wb[0] = ready - 3;
		} else if (k->kind == TK_FDIV)
			tm->fdiv_free = t + k->busy;
	}
	if (d->c != SINK) {
		unsigned r = reg_c(d, f);
		tm->ready[r] = ready;
		tm->tready[r] = (k->flags & TCF_TEST0) ? t : ready;
		tm->rcause[r] = (uint8_t)dcause;
	}

	tm->next_seq = pc + 4;
	if (k->kind >= TK_COND && k->kind <= TK_REI)
		control(tm, c, d, k, pc, npc, t);
	else if (npc != pc + 4) {
		/* an exception's or a trap's new PC: see trapped() */
		tm->next_seq = ~0ull;
	}

	/* the truth */
	tm->retired++;
	struct truth_page *tp = tm->tp;
	if (tp) {
		unsigned slot = (unsigned)((pc & PAGE_MASK) >> 2);
		tp->count[slot]++;
		if (t > tl) {
			tp->head[slot] += t - tl;
			if (is->n == 1)
				tp->cause[is->cs[0].cause][slot] += t - tl;
			else
				attribute(tp, slot, tl, is->cs, is->n);
		}
	}
	if (tm->ev.n) {
		/* the counters: what the structures saw it do */
		if (c->pmu.watch) {
			for (size_t i = 0; i < sizeof te_pev / sizeof te_pev[0]; i++)
				if (tm->ev.ev[te_pev[i][0]])
					count(c, te_pev[i][1], tm->ev.ev[te_pev[i][0]], t, pc,
					      (enum pmu_mode)is->mode);
			for (size_t i = 0; i < CE_N; i++)
				if (tm->ev.cev[i])
					count(c, ce_pev[i], tm->ev.cev[i], t, pc,
					      (enum pmu_mode)is->mode);
		}
		flush_events(tm, tp, pc);
	}
}

/* A TB miss is an event of the instruction whose translation missed,
 * counted at cycle `at` in the mode it ran in. */
static void tb_miss(struct timing *tm, struct cpu *c, int te, uint64_t at, uint64_t pc)
{
	truth_event(&tm->ev, (enum truth_event)te);
	enum pmu_mode mode = (c->ipr[IPR_EXC_ADDR] & 1) ? PMU_PAL
	                     : c->cm == MODE_USER ? PMU_USER : PMU_KERNEL;
	count(c, te == TE_itbmiss ? PEV_ITBMISS : PEV_DTBMISS, 1, at, pc, mode);
}

/* An exception unwound the instruction in flight.  An arithmetic trap
 * completed it (cpu_arith_trap counts it): it issues.  A fault did not:
 * its events (its fetch, a DTB miss) stay with it.  An ITB miss came
 * before any instruction: the one whose fetch missed gets the event.
 * Either way the PAL entry restarts the pipeline; a TB miss's restarts
 * are charged to the miss (docs/timing.md). */
static void trapped(struct timing *tm, struct cpu *c)
{
	uint64_t entry = c->pc - c->ipr[IPR_PAL_BASE];
	uint8_t cause = entry == PALE_ITB_MISS ? TC_itbmiss
	                : entry == PALE_DTB_MISS_SINGLE || entry == PALE_DTB_MISS_DOUBLE ? TC_dtbmiss
	                : TC_pal;
	if (tm->in_insn) {
		uint64_t pc = tm->is.pc;
		if (cpu_insns(c) > tm->retired)
			time_commit(tm, c, &c->ipage->insn[(pc & PAGE_MASK) >> 2], pc, c->pc,
			            tm->is.t);
		else {
			if (cause == TC_dtbmiss)
				tb_miss(tm, c, TE_dtbmiss, tm->is.t, pc);
			flush_events(tm, tm->tp, pc);
		}
	} else if (cause == TC_itbmiss) {
		uint64_t pc = c->ipr[IPR_EXC_ADDR] & ~3ull;
		tb_miss(tm, c, TE_itbmiss, tm->tl + 1, pc);
		flush_events(tm, tm->truth ? truth_page(tm->truth,
		             (uint32_t)((c->ipr[IPR_ITB_ASN] >> 4) & 0x7f), pc & ~PAGE_MASK) : NULL, pc);
	}
	tm->retired = cpu_insns(c);
	tm->next_seq = ~0ull;
	tm->redirect = tm->tl + 1 + tm->pal;
	tm->redirect_cause = tm->pal_cause = cause;
}

/* ---- waiting for an interrupt ----------------------------------------- */

/* Nothing issues until cycle `to` (sim/wait.c): the cycle of the last
 * issue is over, and the cycles after it are head cycles of the next
 * instruction (c->pc), of cause idle. */
void timing_idle(struct timing *tm, uint64_t to)
{
	struct cpu *c = tm->c;
	uint64_t tl = tm->tl;
	if (to <= tl)
		return;
	close_cycle(tm, c, c->pc, cpu_pmu_mode(c));
	tm->issue_hist[tm->issued & 7]++;
	tm->issued = 0;
	tm->slots = SLOT_EMPTY;
	tm->tl = to;
	c->cycles = to;
	if (tm->truth) {
		struct truth_page *tp = truth_page(tm->truth, space_of(c), c->pc & ~PAGE_MASK);
		unsigned slot = (unsigned)((c->pc & PAGE_MASK) >> 2);
		tp->head[slot] += to - tl;
		tp->cause[TC_idle][slot] += to - tl;
	}
}

/* ---- the loop --------------------------------------------------------- */

enum cpu_stop timing_run(struct cpu *c, struct timing *tm, int64_t budget)
{
	c->budget = budget;
	c->held = 0;
	c->stop = STOP_NONE;
	if (setjmp(c->trap_jmp))           /* exceptions resume here */
		trapped(tm, c);
	for (;;) {
		if (c->budget <= 0) {
			if (c->held <= 0 || c->stop != STOP_NONE)
				break;
			c->budget = c->held;
			c->held = 0;
		}
		uint64_t pc = c->pc;
		uint64_t tag = (pc & ~PAGE_MASK) | c->pal;
		if (tag != c->ipage_tag) {
			tm->in_insn = false;   /* an exception now is the fetch's */
			c->ipage = mem_fetch_page(c, pc);
			c->ipage_tag = tag;
		}
		tm->in_insn = true;
		uint32_t space = space_of(c);
		if (tm->truth && (tag != tm->tp_vpage || space != tm->space))
			tm->tp = truth_page(tm->truth, space, pc & ~PAGE_MASK);
		tm->tp_vpage = tag;
		tm->space = space;
		struct dpage *p = c->ipage;
		do {
			struct dinsn *d = &p->insn[(pc & PAGE_MASK) >> 2];
			unsigned mode = cpu_count_index(c);
			uint8_t f = d->tflags;
			if (!(f & TS_VALID)) {
				cpu_decode_slot(c, d);
				d->tflags = f = classify(d, &tm->tc[d->op]);
			}
			uint64_t t = time_issue(tm, c, d, pc, (f & TS_MEM) ? c->r[d->b] : 0);
			if (__builtin_expect(c->events, 0) && boundary(tm, c, pc)) {
				pc = c->pc;            /* an interrupt came first */
				break;
			}
			uint64_t npc = d->fn(c, d, pc);
			c->icount[mode]++;
			c->budget--;
			time_commit(tm, c, d, pc, npc, t);
			pc = npc;
		} while (((pc & ~PAGE_MASK) | c->pal) == tag && c->budget > 0);
		c->pc = pc;
	}
	return c->stop == STOP_NONE ? STOP_BUDGET : c->stop;
}

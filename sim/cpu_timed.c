/*
 * cpu_timed.c - the timed run loop: the functional core's loop (sim/cpu.c,
 * same protocol) with the 21164 timing model after every instruction
 * (sim/timing.h; EV5.md "Pipeline"; 21164 HRM 2.3 issue rules).
 *
 * The functional handler runs first and the timing model observes what it
 * did: the next PC (branch outcome), the decoded slot, the address of a
 * memory access (its base register is read before the handler runs, since
 * a load may overwrite it).  An exception unwinds with longjmp to the
 * loop; the instruction that faulted does not issue, and the first PAL
 * instruction pays for the pipeline restart.
 */
#include "sim/timing.h"
#include "sim/machine.h"
#include "sim/mem.h"

#define SINK 32                        /* R31/F31 sink slot of struct dinsn */

_Static_assert(OP_jsr == OP_jmp + BJ_JSR && OP_ret == OP_jmp + BJ_RET &&
               OP_jsr_coroutine == OP_jmp + BJ_COROUTINE, "jump kinds follow insns.def");

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* ---- per-slot operand flags (the dinsn's spare byte) ----------------- */

static uint8_t classify(const struct dinsn *d, const struct tclass *k)
{
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

/* ---- addresses -------------------------------------------------------- */

/* The physical address of a data access that has just executed: the
 * soft TLB entry it used, else the superpage, else the VA's low bits
 * (an access the soft TLB does not cache: I/O space or code pages). */
static inline uint64_t data_pa(const struct cpu *c, uint64_t va, bool store)
{
	const struct stlb_entry *e =
		stlb_slot((struct stlb_entry *)(store ? c->stlb_st[c->cm] : c->stlb_ld[c->cm]), va);
	if (e->tag == (va & ~PAGE_MASK))
		return (uint64_t)(e->host - c->m->ram) + (va & PAGE_MASK);
	return KSEG_PA(va);
}

static inline uint32_t space_of(const struct cpu *c)
{
	return c->pal ? TRUTH_SPACE_PAL : (uint32_t)((c->ipr[IPR_ITB_ASN] >> 4) & 0x7f);
}

/* ---- one instruction ------------------------------------------------- */

struct need {
	uint64_t e;
	unsigned cause;
};

/* Split the head cycles [tl, t) by cause: each cycle goes to the first
 * cause (in enum truth_cause order) whose constraint still held then. */
static void attribute(struct truth_page *tp, unsigned slot, uint64_t tl,
                      struct need *cs, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && cs[j].cause < cs[j - 1].cause; j--) {
			struct need x = cs[j];
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
	uint64_t pa = (k->flags & TCF_HWPHYS) && (d->raw & 0x8000) ? va & PA_MASK
	                                                           : data_pa(c, va, store);
	*e = t;
	if (pa >= tm->mem_size)
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
			memsys_io_store(&tm->ms);
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
 * can come from. */
static inline void control(struct timing *tm, const struct dinsn *d, const struct tclass *k,
                           uint64_t pc, uint64_t npc, uint64_t t)
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
	case TK_CALLPAL: case TK_REI:
		redirect = true;
		when = t + 1 + tm->pal;
		why = TC_pal;
		break;
	default:
		break;
	}
	if (redirect) {
		tm->next_seq = ~0ull;
		tm->redirect = when;
		tm->redirect_cause = (uint8_t)why;
	}
}

/* The issue cycle of the instruction at pc (slot d, just executed, next
 * PC npc, base register value before it ran), its results, its truth. */
static inline __attribute__((always_inline))
void time_insn(struct timing *tm, struct cpu *c, struct dinsn *d, uint64_t pc,
               uint64_t npc, uint64_t base)
{
	const struct tclass *k = &tm->tc[d->op];
	uint8_t f = d->tflags;
	if (__builtin_expect(!(f & TS_VALID), 0))
		d->tflags = f = classify(d, k);
	const uint64_t tl = tm->tl;
	uint64_t t = tl;
	struct need cs[12];
	unsigned n = 0;

	/* fetch: a new block instance issues no earlier than the next cycle,
	 * after a redirect and when its I-cache line has arrived */
	bool newblk = pc != tm->next_seq || !(pc & 15);
	if (newblk) {
		NEED(tl + 1, TC_slot);
		if (tm->redirect > t)
			NEED(tm->redirect, tm->redirect_cause);
		uint64_t tag = fetch_tag(&tm->fe, pc, tm->space);
		if (tag != tm->line_tag) {
			tm->line_tag = tag;
			uint64_t a = fetch_line(&tm->fe, &tm->ms, tag,
			                        c->ipage->pa | (pc & PAGE_MASK), t);
			if (a > t)
				NEED(a, TC_imiss);
		}
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
	uint64_t pa = 0;
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
			pa = mem_need(tm, c, d, k, base, t, &e, &why);
			if (e > t)
				NEED(e, why);
			break;
		}
		}
	}

	/* pipes and load/store pairing in the cycle it would issue; in a
	 * later cycle than its predecessor's the pipes are all free, unless
	 * a multiply's write-back holds E0 */
	uint32_t slots;
	for (;;) {
		slots = t > tl ? SLOT_EMPTY : tm->slots;
		bool wb = t <= tm->e0_wb[0] && (t == tm->e0_wb[0] || t == tm->e0_wb[1]);
		if (!((slots + k->inc + (wb ? SLOT_E0_WB : 0)) & SLOT_OVER))
			break;
		bool unit = wb && !((slots + k->inc) & SLOT_OVER);
		NEED(t + 1, unit ? TC_unit : TC_slot);
	}

	/* issue at t */
	if (t > tl) {
		tm->issue_hist[tm->issued & 7]++;
		tm->issued = 0;
	}
	tm->issued++;
	tm->slots = slots + k->inc;
	tm->tl = t;
	c->cycles = t;

	/* results */
	uint64_t ready = t + k->lat;
	unsigned dcause = k->dcause;
	if (k->kind >= TK_MB) {
		if (k->kind >= TK_LOAD)
			ready = mem_issue(tm, c->m, k, pa, t, &dcause);
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
		control(tm, d, k, pc, npc, t);
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
			if (n == 1)
				tp->cause[cs[0].cause][slot] += t - tl;
			else
				attribute(tp, slot, tl, cs, n);
		}
		if (tm->ev.n) {
			for (unsigned i = 0; i < TE_N; i++)
				tp->event[i][slot] += tm->ev.ev[i];
			tm->ev = (struct truth_evbuf){ 0 };
		}
	} else if (tm->ev.n) {
		tm->ev = (struct truth_evbuf){ 0 };
	}
}

/* An exception unwound the instruction in flight.  An arithmetic trap
 * completed it (cpu_arith_trap counts it): time it; a fault did not.
 * Either way the PAL entry restarts the pipeline. */
static void trapped(struct timing *tm, struct cpu *c)
{
	uint64_t done = cpu_insns(c);
	if (done > tm->retired && c->ipage) {
		uint64_t pc = (c->ipr[IPR_EXC_ADDR] & ~3ull) - 4;
		time_insn(tm, c, &c->ipage->insn[(pc & PAGE_MASK) >> 2], pc, c->pc, 0);
	}
	tm->retired = done;
	tm->next_seq = ~0ull;
	tm->redirect = tm->tl + 1 + tm->pal;
	tm->redirect_cause = TC_pal;
}

/* ---- the loop --------------------------------------------------------- */

enum cpu_stop timing_run(struct cpu *c, struct timing *tm, int64_t budget)
{
	c->budget = budget;
	c->stop = STOP_NONE;
	if (setjmp(c->trap_jmp))           /* exceptions resume here */
		trapped(tm, c);
	while (c->budget > 0) {
		uint64_t pc = c->pc;
		uint64_t tag = (pc & ~PAGE_MASK) | c->pal;
		if (tag != c->ipage_tag) {
			c->ipage = mem_fetch_page(c, pc);
			c->ipage_tag = tag;
		}
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
			uint64_t base;
			if (f & TS_VALID)
				base = (f & TS_MEM) ? c->r[d->b] : 0;
			else {
				/* not decoded yet: Rb from the instruction word */
				uint32_t w;
				memcpy(&w, c->m->ram + p->pa + (pc & PAGE_MASK), 4);
				base = c->r[INSN_RB(w)];
			}
			uint64_t npc = d->fn(c, d, pc);
			c->icount[mode]++;
			c->budget--;
			time_insn(tm, c, d, pc, npc, base);
			pc = npc;
		} while (((pc & ~PAGE_MASK) | c->pal) == tag && c->budget > 0);
		c->pc = pc;
	}
	return c->stop == STOP_NONE ? STOP_BUDGET : c->stop;
}

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

static uint8_t classify(const struct dinsn *d)
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
	bool cmov = e->lat == L_CMOV || (e->opcode == 0x17 && e->func >= 0x2a && e->func <= 0x2f);
	if (cmov && d->c != SINK)
		f |= TS_SC;
	if (e->flags & I_FPA)
		f |= TS_AFP;
	if (e->flags & I_FPB)
		f |= TS_BFP;
	if (e->flags & I_FPC)
		f |= TS_CFP;
	return f;
}

/* ---- issue slots of one cycle ---------------------------------------- */

static inline void cycle_reset(struct timing *tm)
{
	unsigned n = tm->n_int + tm->n_fp;
	tm->issue_hist[n > 4 ? 4 : n]++;
	tm->n_int = tm->n_e0 = tm->n_e1 = tm->n_fp = tm->n_fa = tm->n_fm = 0;
	tm->n_ld = tm->n_st = 0;
}

/* Could the pipes of the current cycle take one more instruction of this
 * pipe class?  E0-only, E1-only and either-pipe instructions fit when
 * some assignment exists (and likewise FA/FM), E0 may be taken by a
 * multiply's write-back. */
static inline bool pipes_fit(const struct timing *tm, unsigned pipe, bool e0ok)
{
	unsigned e0 = e0ok, ints = e0 + 1;
	switch (pipe) {
	case P_E0:  return tm->n_e0 + 1u <= e0 && tm->n_int + 1u <= ints;
	case P_E1:  return tm->n_e1 + 1u <= 1 && tm->n_int + 1u <= ints;
	case P_EE:  return tm->n_int + 1u <= ints;
	case P_FA:  return tm->n_fa + 1u <= 1 && tm->n_fp + 1u <= 2;
	case P_FM:  return tm->n_fm + 1u <= 1 && tm->n_fp + 1u <= 2;
	case P_FAM: return tm->n_fp + 1u <= 2;
	default:    return true;
	}
}

static inline void pipes_take(struct timing *tm, unsigned pipe)
{
	switch (pipe) {
	case P_E0:  tm->n_e0++; tm->n_int++; break;
	case P_E1:  tm->n_e1++; tm->n_int++; break;
	case P_EE:  tm->n_int++; break;
	case P_FA:  tm->n_fa++; tm->n_fp++; break;
	case P_FM:  tm->n_fm++; tm->n_fp++; break;
	case P_FAM: tm->n_fp++; break;
	default:    break;
	}
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

static void time_insn(struct timing *tm, struct cpu *c, struct dinsn *d, uint64_t pc,
                      uint64_t npc, uint64_t base)
{
	uint8_t f = d->pad[0];
	if (!(f & TS_VALID))
		d->pad[0] = f = classify(d);
	const struct tclass *k = &tm->tc[d->op];
	const uint64_t tl = tm->tl;
	uint64_t t = tl;
	struct need cs[12];
	unsigned n = 0;

	/* fetch: a new block instance issues no earlier than the next cycle,
	 * after a redirect and when its I-cache line has arrived */
	bool newblk = pc != tm->next_seq || !(pc & 15);
	if (newblk) {
		NEED(tl + 1, TC_slot);
		if (tm->redirect > tl + 1) {
			NEED(tm->redirect, tm->redirect_cause);
		}
		uint64_t tag = fetch_tag(&tm->fe, pc, tm->space);
		if (tag != tm->line_tag) {
			tm->line_tag = tag;
			uint64_t pa = c->ipage->pa | (pc & PAGE_MASK);
			uint64_t a = fetch_line(&tm->fe, &tm->ms, tag, pa, t);
			if (a > t)
				NEED(a, TC_imiss);
		}
	}

	/* operands */
	bool test = k->flags & TCF_TEST;
	if (f & TS_SA) {
		unsigned r = reg_a(d, f);
		NEED(test ? tm->tready[r] : tm->ready[r], tm->rcause[r]);
	}
	if (f & TS_SB) {
		unsigned r = reg_b(d, f);
		NEED(tm->ready[r], tm->rcause[r]);
	}
	if (f & TS_SC) {
		unsigned r = reg_c(d, f);
		NEED(tm->ready[r], tm->rcause[r]);
	}

	/* units and the memory system */
	uint64_t pa = 0;
	bool io = false;
	switch (k->kind) {
	case TK_IMUL:
		NEED(tm->imul_free, TC_unit);
		break;
	case TK_FDIV:
		NEED(tm->fdiv_free, TC_unit);
		break;
	case TK_LOAD: case TK_STORE: {
		uint64_t va = base + (uint64_t)(int64_t)d->imm;
		if (d->op == OP_ldq_u)
			va &= ~7ull;
		bool store = k->kind == TK_STORE;
		pa = (k->flags & TCF_HWPHYS) && (d->raw & 0x8000) ? va & PA_MASK
		                                                   : data_pa(c, va, store);
		io = pa >= tm->mem_size;
		if (io)
			break;
		if (!store) {
			if (memsys_load_misses(&tm->ms, pa)) {
				uint64_t e = memsys_maf_free(&tm->ms, t);
				if (e > t)
					NEED(e + tm->replay, TC_replay);
			}
		} else {
			uint64_t e = memsys_wb_free(&tm->ms, pa, t);
			if (e > t)
				NEED(e, TC_wbfull);
		}
		break;
	}
	case TK_MB:
		NEED(memsys_drained(&tm->ms), TC_mb);
		break;
	case TK_WMB:
		NEED(memsys_wb_drained(&tm->ms), TC_mb);
		break;
	default:
		break;
	}

	/* pipes and load/store pairing in the cycle it would issue; in a
	 * later cycle than its predecessor's the pipes are all free, unless
	 * a multiply's write-back holds E0 */
	bool ld = k->kind == TK_LOAD, st = k->kind == TK_STORE;
	for (;;) {
		bool e0ok = t != tm->e0_wb[0] && t != tm->e0_wb[1];
		bool pair = !(ld && tm->n_st) && !(st && tm->n_ld);
		if (t > tl ? k->pipe != P_E0 || e0ok : pair && pipes_fit(tm, k->pipe, e0ok))
			break;
		bool unit = t > tl || (pair && pipes_fit(tm, k->pipe, true));
		NEED(t + 1, unit ? TC_unit : TC_slot);
	}

	/* issue at t */
	if (t > tl)
		cycle_reset(tm);
	pipes_take(tm, k->pipe);
	tm->n_ld += ld;
	tm->n_st += st;
	tm->tl = t;
	c->cycles = t;

	/* results */
	uint64_t ready = t + k->lat;
	unsigned dcause = k->dcause;
	switch (k->kind) {
	case TK_LOAD:
		if (io) {
			ready = memsys_io_load(&tm->ms, t);
			dcause = TC_dmiss_m;
		} else {
			enum mem_level lv = memsys_load(&tm->ms, pa, t, &ready);
			if (lv != LV_D)
				dcause = TC_dmiss_s + (lv - LV_S);
		}
		break;
	case TK_STORE:
		if (io)
			memsys_io_store(&tm->ms);
		else
			memsys_store(&tm->ms, pa, t);
		break;
	case TK_IMUL: {
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
		break;
	}
	case TK_FDIV:
		tm->fdiv_free = t + k->busy;
		break;
	default:
		break;
	}
	if (d->c != SINK) {
		unsigned r = reg_c(d, f);
		tm->ready[r] = ready;
		tm->tready[r] = (k->flags & TCF_TEST0) ? t : ready;
		tm->rcause[r] = (uint8_t)dcause;
	}

	/* control flow: where and when the next instruction can come from */
	tm->next_seq = pc + 4;
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

	/* the truth */
	tm->retired++;
	struct truth_page *tp = tm->tp;
	if (tp) {
		unsigned slot = (unsigned)((pc & PAGE_MASK) >> 2);
		tp->count[slot]++;
		if (t > tl) {
			tp->head[slot] += t - tl;
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
	uint64_t done = c->icount[CNT_USER] + c->icount[CNT_KERNEL] + c->icount[CNT_PAL];
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
			uint8_t f = d->pad[0];
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

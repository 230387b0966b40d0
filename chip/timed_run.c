/*
 * cpu_timed.c - the timed run loop: the functional core's loop (chip/cpu.c,
 * same protocol) with the 21164 timing model around every instruction
 * (chip/timing.h; docs/ev5.md "Pipeline"; 21164 HRM 2.3 issue rules).
 *
 * The issue rules are the issue model's (timing/issue.h); this loop runs
 * its steps and supplies what it leaves to its caller: the I-cache line
 * (timing/fetch.c), the memory system's waits and load latencies
 * (timing/memsys.c), the branch predictor's verdicts (timing/bpred.c), the
 * truth records and the counters' events.
 *
 * For each instruction the model first works out the cycle it issues
 * (time_issue: fetch, operands, units, memory, pipes); that is when the
 * boundary before it is, so a due interrupt is taken there, ahead of it,
 * and the counters count the cycles up to it (chip/intr.c; the DCPI
 * paper's "oldest instruction not yet issued").  Then the functional
 * handler runs and the model commits what it did (time_commit): the
 * next PC (branch outcome), results, the memory access.  An exception
 * unwinds with longjmp to the loop; the instruction that faulted does
 * not issue, and the first PAL instruction pays for the pipeline
 * restart, charged to the TB miss when it was one (docs/timing.md).
 */
#include "chip/timing.h"
#include "chip/intr.h"
#include "chip/bus.h"
#include "chip/mem.h"
#include "chip/pal.h"

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The jump kinds the predictor tells apart (timing/bpred.h). */
static const uint8_t jump_kind[] = {
	[IK_JMP] = BJ_JMP, [IK_JSR] = BJ_JSR, [IK_RET] = BJ_RET, [IK_JCR] = BJ_COROUTINE,
};

static inline uint32_t space_of(const struct cpu *c)
{
	return c->pal ? TRUTH_SPACE_PAL : (uint32_t)((c->ipr[IPR_ITB_ASN] >> 4) & 0x7f);
}

/* ---- PAL cycles on behalf of an instruction (chip/palfor.h) ---------- */

static inline uint32_t asn_of(const struct cpu *c)
{
	return (uint32_t)((c->ipr[IPR_ITB_ASN] >> 4) & 0x7f);
}

/* PAL mode was entered, after the issue at cycle enter, for why (enum
 * truth_palfor): a frame for the instruction it returns to (EXC_ADDR),
 * unless it came from PAL mode itself (EXC_ADDR<0>). */
static void pal_entered(struct timing *tm, const struct cpu *c, unsigned why, uint64_t enter)
{
	uint64_t ea = c->ipr[IPR_EXC_ADDR];
	if (!(ea & 1))
		palfor_enter(&tm->palfor, asn_of(c), ea & ~3ull, c->cm != MODE_USER, why, enter);
}

/* HW_REI, issued at t, left PAL mode for npc: the cycles PALcode ran for
 * the instruction there go to its record; the restart's cause (cause:
 * what it would be) is the sampling interrupt's when it returns from one
 * (docs/truth-format.md). */
static unsigned pal_left(struct timing *tm, const struct cpu *c, uint64_t npc, uint64_t t,
                         unsigned cause)
{
	struct palfor_frame f;
	if (!palfor_leave(&tm->palfor, asn_of(c), npc, t, &f))
		return cause;
	struct truth_page *tp = tm->sink.page ? tm->sink.page(tm->sink.arg, f.space, npc & ~PAGE_MASK)
	                                      : NULL;
	if (tp)
		tp->palfor[f.why][(npc & PAGE_MASK) >> 2] += f.cycles;
	return f.why == TP_profiling && cause == TC_pal ? TC_profiling : cause;
}

/* ---- one instruction ------------------------------------------------- */

/* The physical address of the load or store d (base: its base
 * register) into *pa: through the DTB, or the address itself for HW_LD
 * or HW_ST with HW_PHYS set (chip/pal.h); false, with the
 * VA's bits, if it faults and never issues. */
static inline bool mem_pa(const struct cpu *c, const struct dinsn *d,
                          const struct issue_class *k, uint64_t base, uint64_t *pa)
{
	uint64_t va = base + (uint64_t)(int64_t)d->imm;
	if (k->tflags & T_QUAD)
		va &= ~7ull;
	const bool phys = (k->tflags & T_PHYS) && (d->raw & HW_PHYS);
	if (phys || !mem_probe_data(c, va, k->kind == IK_STORE, pa)) {
		*pa = va & PA_MASK;
		return phys;
	}
	return true;
}

/* The memory side of a load or store about to issue at t: its physical
 * address, and in *e and *cause the wait for a MAF or write buffer entry. */
static inline uint64_t mem_need(struct timing *tm, const struct cpu *c,
                                const struct dinsn *d, const struct issue_class *k,
                                uint64_t base, uint64_t t, uint64_t *e, unsigned *cause)
{
	bool store = k->kind == IK_STORE;
	uint64_t pa;
	mem_pa(c, d, k, base, &pa);
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
static void forget_code(struct bus *b, uint64_t pa)
{
	struct dpage *p = b->dpages[pa >> PAGE_SHIFT];
	unsigned slot = (unsigned)((pa & PAGE_MASK & ~7ull) >> 2);
	p->insn[slot].tflags = 0;
	p->insn[slot + 1].tflags = 0;
}

/* The result of a load or store that issued at t; a load's ready cycle
 * and the cause its consumers get. */
static inline uint64_t mem_issue(struct timing *tm, struct bus *b,
                                 const struct issue_class *k, uint64_t pa, uint64_t t,
                                 unsigned *dcause)
{
	uint64_t ready = t + k->lat;
	if (k->kind == IK_STORE) {
		if (pa >= tm->mem_size)
			memsys_io_store(&tm->ms, t);
		else {
			memsys_store(&tm->ms, pa, t);
			if (b->pflags[pa >> PAGE_SHIFT] & PF_CODE)
				forget_code(b, pa);
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
 * can come from: the predictor says whether it guessed right.  Leaving
 * PAL after a TB miss charges the miss again. */
static inline __attribute__((always_inline))
void control(struct timing *tm, struct cpu *c, const struct dinsn *d,
             const struct issue_class *k, uint64_t pc, uint64_t npc, uint64_t t)
{
	bool taken = npc != pc + 4;
	switch (k->kind) {
	case IK_COND:
		if (bpred_cond(&tm->bp, pc, taken))
			issue_transfer(&tm->model, &tm->st, t, IX_BMISP, TC_bmisp);
		else if (taken)
			issue_transfer(&tm->model, &tm->st, t, IX_TAKEN, TC_slot);
		break;
	case IK_JMP: case IK_JSR: case IK_RET: case IK_JCR:
		if (bpred_jump(&tm->bp, (enum bpred_jump)jump_kind[k->kind], pc, (uint32_t)d->imm, npc))
			issue_transfer(&tm->model, &tm->st, t, IX_JMISP, TC_jmisp);
		else if (taken)
			issue_transfer(&tm->model, &tm->st, t, IX_TAKEN, TC_slot);
		break;
	case IK_CALLPAL:
		pal_entered(tm, c, TP_callpal, t);
		issue_transfer(&tm->model, &tm->st, t, IX_PAL, tm->pal_cause = TC_pal);
		break;
	case IK_REI:
		if (c->pal) {
			/* HW_REI from the kernel into PAL mode (minios's boot):
			 * nothing to return to, its PAL cycles are owed */
			if (tm->space != TRUTH_SPACE_PAL)
				tm->palfor.enter = t;
			issue_transfer(&tm->model, &tm->st, t, IX_PAL, TC_pal);
			break;
		}
		issue_transfer(&tm->model, &tm->st, t, IX_PAL, pal_left(tm, c, npc, t, tm->pal_cause));
		tm->pal_cause = TC_pal;
		break;
	default:                /* BR, BSR: always right */
		if (k->kind == IK_BSR)
			bpred_push(&tm->bp, pc + 4);
		if (taken)
			issue_transfer(&tm->model, &tm->st, t, IX_TAKEN, TC_slot);
		break;
	}
	if (taken && (c->pmu.watch >> PEV_FLOWCHANGE & 1))
		pmu_count(&c->pmu, PEV_FLOWCHANGE, 1, t, pc, (enum pmu_mode)tm->is.mode);
}

/* The cycle the instruction at pc (slot d, not run yet; base: its base
 * register) can issue at, into tm->is: the issue model's steps, with the
 * I-cache line (fetched here) and the memory system's waits between. */
static inline __attribute__((always_inline))
uint64_t time_issue(struct timing *tm, const struct cpu *c, const struct dinsn *d,
                    uint64_t pc, uint64_t base)
{
	const struct issue_insn *x = &d->ti;
	const struct issue_class *k = issue_class_of(&tm->model, x);
	struct tissue *is = &tm->is;
	struct issue_rec r;

	/* fetch: a new block instance waits for its I-cache line */
	is->fetched = false;
	is->dry = 0;
	if (issue_begin(&tm->st, pc, is->cs, &r)) {
		uint64_t tag = fetch_tag(&tm->fe, pc, tm->space);
		if (tag != tm->line_tag) {
			tm->line_tag = tag;
			uint32_t misses = tm->ev.ev[TE_imiss];
			uint64_t a = fetch_line(&tm->fe, &tm->ms, tag,
			                        c->ipage->pa | (pc & PAGE_MASK), r.t);
			is->fetched = true;
			is->fetch_at = r.t;
			is->imiss = tm->ev.ev[TE_imiss] != misses;
			if (a > r.t)
				issue_need(&r, a, TC_imiss, ISRC_FETCH);
			is->dry = a;
		}
		/* the cycle the fetch stage has the block: before it the pipe
		 * is dry */
		is->dry = max64(is->dry, tm->st.redirect);
	}

	issue_operands(k, &tm->st, x, &r);

	/* the multiplier or divider, or the memory system */
	if (k->kind >= IK_IMUL) {
		if (k->kind <= IK_FDIV)
			issue_unit_wait(k, &tm->st, &r);
		else if (k->kind == IK_MB)
			issue_need(&r, memsys_drained(&tm->ms), TC_mb, ISRC_MEM);
		else if (k->kind == IK_WMB)
			issue_need(&r, memsys_wb_drained(&tm->ms), TC_mb, ISRC_MEM);
		else {
			unsigned why = TC_slot;
			uint64_t e;
			is->mem_at = r.t;
			is->pa = mem_need(tm, c, d, k, base, r.t, &e, &why);
			if (e > r.t)
				issue_need(&r, e, why, ISRC_MEM);
		}
	}

	uint64_t t = issue_pipes(k, &tm->st, &r);
	is->pc = pc;
	is->t = t;
	is->n = r.n;
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
/* ... and the events only the counters count (timing/record.h). */
static const uint8_t ce_pev[CE_N] = {
	[CE_saccess] = PEV_SACCESS, [CE_mafmerge] = PEV_MAFMERGE, [CE_wbfull] = PEV_WBREPLAY,
};

uint64_t timing_commit_pevs(void)
{
	uint64_t m = 0;
	for (size_t i = 0; i < sizeof te_pev / sizeof te_pev[0]; i++)
		m |= 1ull << te_pev[i][1];
	for (size_t i = 0; i < CE_N; i++)
		m |= 1ull << ce_pev[i];
	return m;
}

/* The truth events of the instruction in tm->ev go to its record (at pc
 * in tp), counted or not (the counters' own events, such as a store's
 * S-cache access, have none to add). */
static void flush_events(struct timing *tm, struct truth_page *tp, uint64_t pc)
{
	if (tp && tm->ev.nte) {
		unsigned slot = (unsigned)((pc & PAGE_MASK) >> 2);
		for (unsigned i = 0; i < TE_N; i++)
			tp->event[i][slot] += tm->ev.ev[i];
	}
	tm->ev = (struct truth_evbuf){ 0 };
}

/* Cycle tm->st.tl is over, the instruction at pc next: the counters see
 * how many issued in it (once), and that it issued its block only in
 * part when pc continues the block; quiet: they watch neither. */
static inline void close_cycle(struct timing *tm, struct cpu *c, uint64_t pc,
                               enum pmu_mode mode, bool quiet)
{
	const uint64_t tl = tm->st.tl;
	const unsigned issued = tm->st.issued;
	if (tm->closed != tl && issued >= 1 && issued <= 4) {
		if (!quiet) {
			count(c, PEV_SINGLE + (int)issued - 1, 1, tl, pc, mode);
			if (pc == tm->st.next_seq && (pc & 15))
				count(c, PEV_SPLIT, 1, tl, pc, mode);
		}
		tm->closed = tl;
	}
}

/*
 * The boundary before the instruction in tm->is (run in counting mode
 * mode), when c->events asks:
 * its fetch's events, the cycles up to its issue on the counters, and an
 * interrupt due by then (taken instead of it: true).  Otherwise the
 * events of its issue.
 */
static inline __attribute__((always_inline))
bool boundary(struct timing *tm, struct cpu *c, uint64_t pc, enum pmu_mode mode)
{
	struct tissue *is = &tm->is;
	const uint64_t tl = tm->st.tl, t = is->t;
	/* the fast path (c->memo): the counters watch none of the events
	 * counted here (DCPI's cycles alone), so they only count cycles */
	const bool quiet = c->memo && !(c->pmu.watch & tm->bnd_events);
	is->mode = (uint8_t)mode;
	if (c->events & CPU_EV_PM)
		timing_pm_fetch(tm, c, pc);
	if (is->fetched && !quiet) {
		count(c, PEV_IACCESS, 1, is->fetch_at, pc, mode);
		if (is->imiss)
			count(c, PEV_IMISS, 1, is->fetch_at, pc, mode);
	}
	/* the cycle tl is over when this one issues later (once, should an
	 * interrupt come first) */
	if (t > tl)
		close_cycle(tm, c, pc, mode, quiet);
	uint64_t at, pmu_taken = c->intr.taken_pmu;
	if (intr_timed(c, pc, tl, t, mode, &at)) {
		/* it does not issue: the PAL entry restarts the pipeline */
		if (tm->pm_tag)
			timing_pm_kill(tm, c, PM_KILL_INTR);
		flush_events(tm, tm->tp, pc);
		pal_entered(tm, c, c->intr.taken_pmu != pmu_taken ? TP_profiling : TP_intr, tm->st.tl);
		issue_transfer(&tm->model, &tm->st, at, IX_PAL, tm->pal_cause = TC_pal);
		return true;
	}
	if (quiet)
		return false;
	const unsigned op = c->ipage->insn[(pc & PAGE_MASK) >> 2].op;
	const unsigned kind = tm->model.cls[op].kind;
	if (t > tl + 1)
		count(c, PEV_NONISSUE, t - tl - 1, t - 1, pc, mode);
	/* of those, the cycles before the fetch stage had the block */
	uint64_t dry = is->dry < t ? is->dry : t;
	if (dry > tl + 1)
		count(c, PEV_PIPEDRY, dry - tl - 1, dry - 1, pc, mode);
	if (t - tl > 15)
		count(c, PEV_LONGSTALL, 1, t, pc, mode);
	if ((kind == IK_MB || kind == IK_WMB) && t > tl)
		count(c, PEV_MBSTALL, t - tl, t, pc, mode);
	for (uint32_t ev = tm->pev[op] & (uint32_t)c->pmu.watch; ev; ev &= ev - 1)
		pmu_count(&c->pmu, __builtin_ctz(ev), 1, t, pc, mode);
	return false;
}

/* The events of the instruction at pc that issued at t: to the counters
 * and its truth record (in tp). */
static void commit_events(struct timing *tm, struct cpu *c, struct truth_page *tp, uint64_t pc,
                          uint64_t t)
{
	const struct tissue *is = &tm->is;
	/* the counters: what the structures saw it do, if they count any */
	if (c->pmu.watch & tm->commit_events) {
		for (size_t i = 0; i < sizeof te_pev / sizeof te_pev[0]; i++)
			if (tm->ev.ev[te_pev[i][0]])
				count(c, te_pev[i][1], tm->ev.ev[te_pev[i][0]], t, pc,
				      (enum pmu_mode)is->mode);
		for (size_t i = 0; i < CE_N; i++)
			if (tm->ev.cev[i])
				count(c, ce_pev[i], tm->ev.cev[i], t, pc, (enum pmu_mode)is->mode);
	}
	flush_events(tm, tp, pc);
}

/* The instruction in tm->is (slot d) has run (next PC npc): it issues,
 * its results, its truth (mi: a memo replay's instruction, whose truth
 * but its events memo_run adds).  True unless it is a load whose data
 * was not in the D-cache. */
static inline __attribute__((always_inline))
bool time_commit(struct timing *tm, struct cpu *c, const struct dinsn *d, uint64_t pc,
                 uint64_t npc, uint64_t t, const struct memo_insn *mi)
{
	const struct issue_insn *x = &d->ti;
	const struct issue_class *k = issue_class_of(&tm->model, x);
	struct tissue *is = &tm->is;
	const uint64_t tl = tm->st.tl;

	/* issue at t; a load's result comes from the memory system */
	if (t > tl)
		tm->issue_hist[tm->st.issued & 7]++;
	c->cycles = t;
	uint64_t ready = t + k->lat;
	unsigned dcause = k->dcause;
	if (k->kind >= IK_IMUL) {
		if (k->kind <= IK_FDIV)
			ready = issue_unit_take(&tm->model, k, &tm->st, x, t, ready);
		else if (k->kind >= IK_LOAD)
			ready = mem_issue(tm, c->bus, k, is->pa, t, &dcause);
	}
	const bool hit = k->kind != IK_LOAD || (ready == t + k->lat && dcause == k->dcause);
	issue_commit(k, &tm->st, x, pc, t, ready, dcause);
	if (k->kind >= IK_COND && k->kind <= IK_REI)
		control(tm, c, d, k, pc, npc, t);
	else if (npc != pc + 4)
		issue_new_block(&tm->st);       /* an exception's or a trap's */
		                                /* new PC: see trapped()      */

	/* the truth */
	tm->retired++;
	/* (a memo replay adds its truth per block: memo_ran) */
	struct truth_page *tp = tm->tp;
	if (tp && !mi) {
		unsigned slot = (unsigned)((pc & PAGE_MASK) >> 2);
		tp->count[slot]++;
		if (t > tl) {
			tp->head[slot] += t - tl;
			if (is->n == 1)
				tp->cause[is->cs[0].cause][slot] += t - tl;
			else {
				issue_split(is->cs, is->n, tl);
				for (unsigned i = 0; i < is->n; i++)
					tp->cause[is->cs[i].cause][slot] += is->cs[i].cycles;
			}
		}
	}
	if (__builtin_expect(tm->pm_tag, 0))
		timing_pm_retire(tm, c, k, pc, npc, tl, t, ready);
	if (tm->ev.n)
		commit_events(tm, c, tp, pc, t);
	return hit;
}

/* Instruction d at pc, replayed, issued at t: what time_commit does to
 * the issue state (a load's data was in the D-cache). */
static void memo_commit(struct timing *tm, struct cpu *c, const struct dinsn *d, uint64_t pc,
                        uint64_t t)
{
	const struct issue_class *k = issue_class_of(&tm->model, &d->ti);
	if (t > tm->st.tl)
		tm->issue_hist[tm->st.issued & 7]++;
	c->cycles = t;
	uint64_t ready = t + k->lat;
	if (k->kind == IK_IMUL || k->kind == IK_FDIV)
		ready = issue_unit_take(&tm->model, k, &tm->st, &d->ti, t, ready);
	issue_commit(k, &tm->st, &d->ti, pc, t, ready, k->dcause);
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

/* Why PALcode runs for an exception at that entry (enum truth_palfor). */
static unsigned palfor_of(uint64_t entry)
{
	switch (entry) {
	case PALE_DTB_MISS_SINGLE: case PALE_DTB_MISS_DOUBLE: return TP_dtb;
	case PALE_ITB_MISS:        return TP_itb;
	case PALE_UNALIGN:         return TP_unalign;
	case PALE_ARITH:           return TP_arith;
	case PALE_INTERRUPT:       return TP_intr;
	default:                   return TP_fault;
	}
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
	memo_rec_abort(&tm->memo);
	if (tm->in_insn) {
		uint64_t pc = tm->is.pc;
		const struct memo_insn *mi = NULL;
		if (tm->rep.b) {
			/* a replay: the counters count up to its boundary, the
			 * instructions before it get their truth */
			mi = &tm->rep.v->in[tm->rep.i];
			if (tm->rep.counting)
				intr_count_quiet(c, tm->rep.tl0, tm->is.t, (enum pmu_mode)tm->rep.mode);
			const struct memo_block *b = tm->rep.b;
			for (unsigned i = 0; i < tm->rep.i; i++) {
				memo_commit(tm, c, &c->ipage->insn[((b->pc & PAGE_MASK) >> 2) + i],
				            b->pc + 4ull * i, tm->rep.tl0 + tm->rep.v->in[i].t);
				memo_truth_insn(b, tm->rep.v, i);
			}
		}
		if (cpu_insns(c) > tm->retired) {
			time_commit(tm, c, dpage_slot(c->ipage, pc), pc, c->pc,
			            tm->is.t, mi);
			if (mi)
				memo_truth_insn(tm->rep.b, tm->rep.v, tm->rep.i);
		} else {
			if (cause == TC_dtbmiss)
				tb_miss(tm, c, TE_dtbmiss, tm->is.t, pc);
			if (tm->pm_tag)
				timing_pm_kill(tm, c, PM_KILL_TRAP);
			flush_events(tm, tm->tp, pc);
		}
	} else if (cause == TC_itbmiss) {
		uint64_t pc = c->ipr[IPR_EXC_ADDR] & ~3ull;
		tb_miss(tm, c, TE_itbmiss, tm->st.tl + 1, pc);
		flush_events(tm, tm->sink.page ? tm->sink.page(tm->sink.arg,
		             (uint32_t)((c->ipr[IPR_ITB_ASN] >> 4) & 0x7f), pc & ~PAGE_MASK) : NULL, pc);
	}
	tm->rep.b = NULL;
	tm->retired = cpu_insns(c);
	pal_entered(tm, c, palfor_of(entry), tm->st.tl);
	issue_transfer(&tm->model, &tm->st, tm->st.tl, IX_PAL, tm->pal_cause = cause);
}

/* ---- the block-schedule memo (chip/memo.h) ----------------------------- */

/* The memo may replay a block now (the one condition of the fast path:
 * a unit that must see every instruction joins it here: the
 * instruction-sampling unit, which tags fetches at the boundaries, and
 * the live view's watch, called at each commit).  A replay skips the
 * boundaries, so nothing may want one but the counting of cycles, whose
 * span memo_run checks. */
static inline bool memo_may(const struct cpu *c)
{
	return c->memo && !(c->pmu.watch & ~(1ull << PEV_CYCLES)) &&
	       !(c->events & (CPU_EV_IRQ | CPU_EV_PM)) && !c->watch;
}

/* The memory side of a replayed load or store d (base: its base
 * register) issuing at t: it hits (a load's data is in the D-cache, a
 * store finds room in the write buffer when it asks at cycle ask), is no
 * I/O and no store into code.  *pa: its physical address.  Otherwise
 * false, with nothing done that the detailed model would not do again. */
static inline bool mem_clean(struct timing *tm, const struct cpu *c, const struct dinsn *d,
                             const struct issue_class *k, uint64_t base, uint64_t ask,
                             uint64_t t, uint64_t *pa)
{
	if (!mem_pa(c, d, k, base, pa) || *pa >= tm->mem_size)
		return false;                  /* it faults, or I/O */
	if (k->kind == IK_STORE)
		return !(c->bus->pflags[*pa >> PAGE_SHIFT] & PF_CODE) &&
		       memsys_wb_room(&tm->ms, *pa, ask);
	return memsys_load_hits(&tm->ms, *pa, t);
}

/* The issue state after a whole replay of b's variant v from tl0, its
 * last instruction at pc issued (entry_issued: the instructions that
 * had issued in cycle tl0); the cycles the block itself closes reach
 * the issue histogram through memo_ran. */
static void memo_exit(struct timing *tm, const struct memo_block *b,
                      const struct memo_variant *v, uint64_t tl0, unsigned entry_issued,
                      uint64_t pc)
{
	struct issue_state *st = &tm->st;
	const struct memo_exit *x = &v->x;
	if (v->in[0].t)
		tm->issue_hist[entry_issued & 7]++;
	st->tl = tl0 + v->in[b->n - 1].t;
	st->issued = x->issued;
	st->slots = x->slots;
	st->next_seq = pc + 4;
	for (unsigned i = 0; i < b->nwrites; i++) {
		unsigned g = b->write_g[i];
		st->ready[g] = tl0 + x->ready[i];
		st->tready[g] = tl0 + x->tready[i];
		st->rcause[g] = x->rcause[i];
	}
	if (b->nmul) {
		st->e0_wb[1] = b->nmul > 1 ? tl0 + x->e0[1] : st->e0_wb[0];
		st->e0_wb[0] = tl0 + x->e0[0];
		st->imul_free = tl0 + x->imul_free;
	}
	if (b->units & 2)
		st->fdiv_free = tl0 + x->fdiv_free;
}

/*
 * The block starting at *pc, run in counting mode mode, by its memo:
 * each instruction issues at the cycle recorded for the entry state,
 * after its fetch (a new fetch block: the I-cache has the line) and its
 * memory access (mem_clean) are checked; it runs, and its load or store
 * goes to the memory system at that cycle.  At the end the issue state
 * becomes what the recording left (memo_exit), the predictor sees the
 * block's control transfer (control), the counters count the cycles
 * (after checking, before the block, that none reaches an interrupt
 * point and nothing else is due by the block's last issue), and the
 * truth gets the block's static part later (memo_ran).  A check that
 * fails stops the replay before that instruction, which the detailed
 * model then runs; so does the end of the budget: the instructions
 * replayed then commit one by one (memo_commit).  Returns 1 when the
 * whole block ran, 0 part of it, -1 none (*pc unchanged; a recording
 * may have started).
 */
static int memo_run(struct timing *tm, struct cpu *c, uint64_t *pcp, enum pmu_mode mode)
{
	uint64_t pc = *pcp;
	struct memo *m = &tm->memo;
	struct memo_block *b = memo_block(m, c, pc, tm->space, tm->tp);
	uint32_t key[MEMO_KEY_MAX];
	m->prev = NULL;
	if (!b || !b->n || memo_resting(b) || !memo_key(m, b, &tm->st, pc, key))
		return -1;
	const uint64_t tl0 = tm->st.tl;
	struct memo_variant *v = memo_find(b, key);
	if (!v) {
		memo_rec_start(m, b, key, tl0);
		return -1;
	}
	const bool counting = c->events;
	if (counting && !intr_quiet(c, tl0, tl0 + v->in[b->n - 1].t, mode))
		return -1;
	struct tissue *is = &tm->is;
	struct dpage *p = c->ipage;
	const unsigned s0 = (unsigned)((pc & PAGE_MASK) >> 2);
	const uint32_t newblk = b->newblk | (key[0] == UINT32_MAX ? 1u : 0u);
	tm->rep.b = b;
	tm->rep.v = v;
	tm->rep.tl0 = tl0;
	tm->rep.mode = (uint8_t)mode;
	tm->rep.counting = counting;
	is->mode = (uint8_t)mode;
	uint64_t npc = pc;
	unsigned i;
	for (i = 0; i < b->n; i++) {
		struct dinsn *d = &p->insn[s0 + i];
		const struct memo_insn *mi = &v->in[i];
		const uint64_t t = tl0 + mi->t;
		if (newblk >> i & 1) {
			uint64_t tag = fetch_tag(&tm->fe, pc, tm->space);
			if (tag != tm->line_tag) {
				if (!fetch_hit(&tm->fe, tag))
					break;
				tm->line_tag = tag;
			}
		}
		const bool mem = d->tflags & IOP_MEM;
		const struct issue_class *k = mem ? issue_class_of(&tm->model, &d->ti) : NULL;
		if (mem && !mem_clean(tm, c, d, k, c->r[d->b], tl0 + mi->mem, t, &is->pa))
			break;
		is->pc = pc;
		is->t = t;
		tm->rep.i = i;
		npc = d->fn(c, d, pc);
		c->budget--;
		tm->retired++;
		if (mem) {
			unsigned dcause = 0;
			mem_issue(tm, c->bus, k, is->pa, t, &dcause);
			if (tm->ev.n)
				commit_events(tm, c, tm->tp, pc, t);
		}
		pc = npc;
		if (c->budget <= 0) {
			i++;
			break;
		}
	}
	tm->rep.b = NULL;
	if (counting && i)
		intr_count_quiet(c, tl0, tl0 + v->in[i - 1].t, mode);
	*pcp = pc;
	if (i == b->n) {
		const uint64_t last = b->pc + 4ull * (b->n - 1), t = tl0 + v->in[b->n - 1].t;
		const struct dinsn *d = &p->insn[s0 + b->n - 1];
		const struct issue_class *k = issue_class_of(&tm->model, &d->ti);
		memo_exit(tm, b, v, tl0, tm->st.issued, last);
		c->cycles = t;
		if (k->kind >= IK_COND && k->kind <= IK_REI)
			control(tm, c, d, k, last, npc, t);
		if (tm->ev.n)                  /* the predictor's */
			commit_events(tm, c, tm->tp, last, t);
		memo_ran(m, v);
		m->prev = b;
		return 1;
	}
	if (!i)
		memo_failed(b);
	for (unsigned j = 0; j < i; j++) {
		memo_commit(tm, c, &p->insn[s0 + j], b->pc + 4ull * j, tl0 + v->in[j].t);
		memo_truth_insn(b, v, j);
	}
	return i ? 0 : -1;
}

/* Instruction d at pc, issued at t after its predecessor at tl, of the
 * block being recorded: its schedule, if nothing dynamic held it back
 * (clean: no event before it issued, no miss of its load); otherwise
 * the recording ends unused. */
static void memo_capture(struct timing *tm, const struct cpu *c, const struct dinsn *d,
                         uint64_t pc, uint64_t t, uint64_t tl, bool clean)
{
	struct memo_rec *r = &tm->memo.rec;
	const struct memo_block *b = r->b;
	const struct issue_class *k = issue_class_of(&tm->model, &d->ti);
	const struct tissue *is = &tm->is;
	struct memo_insn *mi = &r->v->in[r->i];
	bool ok = clean && pc == b->pc + 4ull * r->i && t - r->tl0 <= UINT16_MAX;
	if (k->kind == IK_LOAD || k->kind == IK_STORE) {
		ok = ok && is->pa < tm->mem_size && is->mem_at - r->tl0 <= UINT16_MAX;
		if (k->kind == IK_STORE)
			ok = ok && !(c->bus->pflags[is->pa >> PAGE_SHIFT] & PF_CODE);
		mi->mem = (uint16_t)(is->mem_at - r->tl0);
	}
	mi->t = (uint16_t)(t - r->tl0);
	mi->nshare = 0;
	if (t > tl && is->n == 1) {
		mi->nshare = 1;
		mi->cause[0] = is->cs[0].cause;
		mi->cycles[0] = (uint16_t)(t - tl);
	} else if (t > tl) {
		/* time_commit split them when it kept truth */
		struct issue_need cs[ISSUE_MAX_NEEDS];
		memcpy(cs, is->cs, is->n * sizeof cs[0]);
		issue_split(cs, is->n, tl);
		for (unsigned j = 0; j < is->n; j++)
			if (cs[j].cycles) {
				if (mi->nshare == MEMO_MAX_SHARES) {
					ok = false;
					break;
				}
				mi->cause[mi->nshare] = cs[j].cause;
				mi->cycles[mi->nshare++] = (uint16_t)cs[j].cycles;
			}
	}
	if (ok && r->i == 0)
		memcpy(r->hist0, tm->issue_hist, sizeof r->hist0);
	if (ok && r->i + 1 == b->n) {
		/* what the block leaves; its last cycle without tl0's */
		const struct issue_state *st = &tm->st;
		struct memo_exit *x = &r->v->x;
		ok = t > r->tl0;
		for (unsigned j = 0; j < 8; j++) {
			x->hist[j] = (uint8_t)(tm->issue_hist[j] - r->hist0[j]);
		}
		x->slots = st->slots;
		x->issued = st->issued;
		x->e0[0] = (uint32_t)(st->e0_wb[0] - r->tl0);
		x->e0[1] = (uint32_t)(st->e0_wb[1] - r->tl0);
		x->imul_free = (uint32_t)(st->imul_free - r->tl0);
		x->fdiv_free = (uint32_t)(st->fdiv_free - r->tl0);
		for (unsigned j = 0; j < b->nwrites; j++) {
			unsigned g = b->write_g[j];
			x->ready[j] = (uint32_t)(st->ready[g] - r->tl0);
			x->tready[j] = (uint32_t)(st->tready[g] - r->tl0);
			x->rcause[j] = st->rcause[g];
		}
	}
	if (!ok)
		memo_rec_abort(&tm->memo);
	else if (++r->i == b->n)
		memo_rec_done(&tm->memo);
}

/* ---- waiting for an interrupt ----------------------------------------- */

/* Nothing issues until cycle `to` (platform/wait.c): the cycle of the last
 * issue is over, and the cycles after it are head cycles of the next
 * instruction (c->pc), of cause idle. */
void timing_idle(struct timing *tm, uint64_t to)
{
	struct cpu *c = tm->c;
	uint64_t tl = tm->st.tl;
	if (to <= tl)
		return;
	close_cycle(tm, c, c->pc, cpu_pmu_mode(c), false);
	if (c->events & CPU_EV_PM)
		tm->pm_idle += to - tl;
	tm->issue_hist[tm->st.issued & 7]++;
	issue_idle(&tm->st, to);
	c->cycles = to;
	struct truth_page *tp = tm->sink.page
	                        ? tm->sink.page(tm->sink.arg, space_of(c), c->pc & ~PAGE_MASK) : NULL;
	if (tp) {
		unsigned slot = (unsigned)((c->pc & PAGE_MASK) >> 2);
		tp->head[slot] += to - tl;
		tp->cause[TC_idle][slot] += to - tl;
	}
}

/* ---- the loop --------------------------------------------------------- */

/* The loop proper, apart from timing_run's setjmp as cpu_run's is
 * (chip/cpu.c). */
static __attribute__((noinline)) void run(struct cpu *c, struct timing *tm)
{
	for (;;) {
		if (c->budget <= 0) {
			if (c->held <= 0 || c->stop != STOP_NONE)
				return;
			cpu_set_budget(c, c->held);
			c->held = 0;
		}
		uint64_t pc = c->pc;
		uint64_t tag = (pc & ~PAGE_MASK) | c->pal;
		if (tag != c->ipage_tag) {
			tm->in_insn = false;   /* an exception now is the fetch's */
			if (!(c->ipage = mem_fetch_page(c, pc)))
				return;            /* out of host memory: c->stop */
			c->ipage_tag = tag;
		}
		tm->in_insn = true;
		uint32_t space = space_of(c);
		if (tm->sink.page && (tag != tm->tp_vpage || space != tm->space))
			tm->tp = tm->sink.page(tm->sink.arg, space, pc & ~PAGE_MASK);
		tm->tp_vpage = tag;
		tm->space = space;
		struct dpage *p = c->ipage;
		const uint64_t page = pc & ~PAGE_MASK;
		/* one page and one mode, as in cpu_run */
		const unsigned mode = cpu_count_index(c);
		cpu_run_begin(c, mode);
		bool start = true;             /* pc may start a memo block */
		do {
			if (start && memo_may(c)) {
				int r = memo_run(tm, c, &pc, (enum pmu_mode)mode);
				start = r > 0;
				if (r >= 0)
					continue;
			}
			struct dinsn *d = dpage_slot(p, pc);
			uint8_t f = d->tflags;
			if (!(f & IOP_VALID)) {
				cpu_decode_slot(c, d);
				d->tflags = f = issue_operand_flags(d->op, d->raw, d->c);
			}
			uint64_t t = time_issue(tm, c, d, pc, (f & IOP_MEM) ? c->r[d->b] : 0);
			if (__builtin_expect(c->events, 0) && boundary(tm, c, pc, (enum pmu_mode)mode)) {
				pc = c->pc;            /* an interrupt came first */
				break;
			}
			const bool quiet = !tm->ev.n;
			const uint64_t tl = tm->st.tl;
			uint64_t npc = d->fn(c, d, pc);
			c->budget--;
			bool hit = time_commit(tm, c, d, pc, npc, t, NULL);
			if (__builtin_expect(c->watch != NULL, 0))
				c->watch->insn(c->watch->arg, c, pc, npc, t);
			if (__builtin_expect(tm->memo.rec.b != NULL, 0))
				memo_capture(tm, c, d, pc, t, tl, quiet && hit);
			const unsigned kind = tm->model.cls[d->op].kind;
			start = kind >= IK_COND && kind <= IK_REI;
			pc = npc;
		} while ((pc & ~PAGE_MASK) == page && c->budget > 0);
		/* a recording ends with its block, within the run */
		memo_rec_abort(&tm->memo);
		cpu_run_end(c);
		c->pc = pc;
	}
}

enum cpu_stop timing_run(struct cpu *c, struct timing *tm, int64_t budget)
{
	cpu_set_budget(c, budget);
	c->held = 0;
	c->stop = STOP_NONE;
	if (setjmp(c->trap_jmp)) {         /* exceptions resume here */
		cpu_run_end(c);
		trapped(tm, c);
	}
	run(c, tm);
	memo_flush(&tm->memo);
	return c->stop == STOP_NONE ? STOP_BUDGET : c->stop;
}

/*
 * timed_run.c - the timed run loop: the functional core's loop (chip/cpu.c,
 * same protocol) with the 21164 timing model around every instruction
 * (chip/model.h; docs/ev5.md "Pipeline"; 21164 HRM 2.3 issue rules).
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
 * Where it may, the block-schedule memo (chip/memo.c) runs a whole block
 * from a recorded schedule instead.
 */
#include "chip/timed_step.h"
#include "chip/memo.h"

/* ---- one instruction ------------------------------------------------- */

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

uint64_t timing_commit_pevs(void)
{
	uint64_t m = 0;
	for (size_t i = 0; i < sizeof te_pev / sizeof te_pev[0]; i++)
		m |= 1ull << te_pev[i][1];
	for (size_t i = 0; i < CE_N; i++)
		m |= 1ull << ce_pev[i];
	return m;
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
	 * counted here but I-cache misses (DCPI's default, cycles and
	 * imiss), so they count cycles and the fetch's miss alone */
	const bool quiet = c->memo && !(c->pmu.watch & tm->bnd_events & ~(1ull << PEV_IMISS));
	is->mode = (uint8_t)mode;
	if (c->events & CPU_EV_PM)
		timing_pm_fetch(tm, c, pc);
	if (is->fetched) {
		if (!quiet)
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
		/* a replay: the instructions before it commit */
		const struct memo_insn *mi = memo_unwound(tm, c);
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

/*
 * timed_step.h - the steps of one instruction on the timed loop that a
 * block-schedule replay takes too (chip/timed_run.c, chip/memo.c): PAL
 * cycles on behalf of an instruction, a load's or store's physical
 * address and its result from the memory system, a control transfer
 * through the branch predictor, the events to the counters and the
 * truth.  Inline, as the loop's own steps; private to those two files.
 */
#ifndef ALPHASIM_TIMED_STEP_H
#define ALPHASIM_TIMED_STEP_H

#include "chip/model.h"
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
static inline void pal_entered(struct timing *tm, const struct cpu *c, unsigned why,
                               uint64_t enter)
{
	uint64_t ea = c->ipr[IPR_EXC_ADDR];
	if (!(ea & 1))
		palfor_enter(&tm->palfor, asn_of(c), ea & ~3ull, c->cm != MODE_USER, why, enter);
}

/* HW_REI, issued at t, left PAL mode for npc: the cycles PALcode ran for
 * the instruction there go to its record; the restart's cause (cause:
 * what it would be) is the sampling interrupt's when it returns from one
 * (docs/truth-format.md). */
static inline unsigned pal_left(struct timing *tm, const struct cpu *c, uint64_t npc, uint64_t t,
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

/* A store into a page with decoded code: the functional core has made
 * the slots it wrote decode again; clear their operand flags too, so the
 * next execution reads its base register from the new word. */
static inline void forget_code(struct bus *b, uint64_t pa)
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

/* The truth events of the instruction in tm->ev go to its record (at pc
 * in tp), counted or not (the counters' own events, such as a store's
 * S-cache access, have none to add). */
static inline void flush_events(struct timing *tm, struct truth_page *tp, uint64_t pc)
{
	if (tp && tm->ev.nte) {
		unsigned slot = (unsigned)((pc & PAGE_MASK) >> 2);
		for (unsigned i = 0; i < TE_N; i++)
			tp->event[i][slot] += tm->ev.ev[i];
	}
	tm->ev = (struct truth_evbuf){ 0 };
}

/* The events of the instruction at pc that issued at t: to the counters
 * and its truth record (in tp). */
static inline void commit_events(struct timing *tm, struct cpu *c, struct truth_page *tp, uint64_t pc,
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


#endif

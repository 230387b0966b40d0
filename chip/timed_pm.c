/*
 * timed_pm.c - the timed loop's side of the instruction-sampling unit
 * (pmu/pm.h; docs/precise.md): an alphasim extension after ProfileMe and
 * ARM's SPE, which the real 21164 never had.  The loop hands the unit
 * every fetch; for the instruction it tags, this fills the record from
 * what the model worked out for the truth (chip/timed_run.c time_commit):
 * the head cycles and their split by cause, the events, the load's
 * latency, so that the records' sums estimate the truth's figures with
 * sampling error alone.  A kept record waits in the latch (interrupt
 * mode) or is stored into the buffer in RAM (buffer mode).
 */
#include <string.h>
#include "chip/model.h"
#include "chip/bus.h"
#include "chip/intr.h"

/* The record's operation class, by the issue model's kind. */
static const uint8_t pm_op[] = {
	[IK_COND] = PM_OP_BRANCH, [IK_JMP] = PM_OP_JUMP, [IK_JSR] = PM_OP_JUMP,
	[IK_RET] = PM_OP_JUMP, [IK_JCR] = PM_OP_JUMP,
	[IK_LOAD] = PM_OP_LOAD, [IK_STORE] = PM_OP_STORE,
};

void timing_pm_fetch(struct timing *tm, struct cpu *c, uint64_t pc)
{
	/* idle cycles belong to the instruction at whose boundary they end */
	uint64_t idle = tm->pm_idle;
	tm->pm_idle = 0;
	if (!pm_counts(&c->pm, tm->is.mode) || !pm_fetch(&c->pm, tm->st.tl))
		return;
	const struct dinsn *d = dpage_slot(c->ipage, pc);
	const struct issue_class *k = issue_class_of(&tm->model, &d->ti);
	struct pm_record *r = &tm->pm_rec;
	memset(r, 0, sizeof *r);
	r->pc = pc;
	/* the base register before the instruction runs (as mem_need) */
	if (k->kind == IK_LOAD || k->kind == IK_STORE) {
		r->ea = c->r[d->b] + (uint64_t)(int64_t)d->imm;
		if (k->tflags & T_QUAD)
			r->ea &= ~7ull;
	}
	unsigned op = k->kind < sizeof pm_op ? pm_op[k->kind] : PM_OP_OTHER;
	r->flags = op << 5 | (uint32_t)tm->is.mode << 8;
	r->cause[TC_idle] = (uint32_t)idle;
	r->head = (uint32_t)idle;
	tm->pm_tag = true;
}

/* The record's events: a bit per truth event the instruction caused. */
static uint16_t pm_events(const struct truth_evbuf *ev)
{
	uint16_t bits = 0;
	for (unsigned i = 0; i < TE_N; i++)
		if (ev->ev[i])
			bits |= (uint16_t)(1u << i);
	return bits;
}

/* Buffer mode: the kept record(s) into RAM as a device writes them,
 * past the caches (not timed: docs/precise.md "Buffer writes are not
 * timed"). */
static void pm_store(struct cpu *c, struct pm *u)
{
	uint64_t pa;
	for (unsigned i = 0; i < 2; i++) {
		const struct pm_record rec = u->rec[i];
		if (!pm_buffer_slot(u, i, &pa))
			continue;
		uint8_t *p = bus_ram(c->bus, pa);
		if (p && pa + PM_RECORD_BYTES <= c->bus->mem_size) {
			memcpy(p, &rec, sizeof rec);
			bus_dma_write(c->bus, pa, PM_RECORD_BYTES);
		}
	}
}

/* The unit is done with the tagged instruction: latch or store, and
 * request the interrupt when the unit asks for it. */
static void pm_finish(struct timing *tm, struct cpu *c, unsigned kill, uint64_t end)
{
	struct pm *u = &c->pm;
	const bool irq = u->irq;
	tm->pm_tag = false;
	tm->pm_rec.events = pm_events(&tm->ev);
	if (pm_done(u, &tm->pm_rec, kill, end) && (u->ctl & PM_CTL_BUFFER))
		pm_store(c, u);
	/* at the counters' level, deferred as theirs (chip/intr.c) */
	if (u->irq && !irq)
		intr_update(c);
}

void timing_pm_retire(struct timing *tm, struct cpu *c, const struct issue_class *k,
                      uint64_t pc, uint64_t npc, uint64_t tl, uint64_t t, uint64_t ready)
{
	struct pm_record *r = &tm->pm_rec;
	struct tissue *is = &tm->is;
	/* the split as time_commit gives it to the truth (issue_split is
	 * idempotent: the truth may have split already) */
	if (t > tl) {
		r->head += (uint32_t)(t - tl);
		if (is->n == 1)
			r->cause[is->cs[0].cause] += (uint32_t)(t - tl);
		else {
			issue_split(is->cs, is->n, tl);
			for (unsigned i = 0; i < is->n; i++)
				r->cause[is->cs[i].cause] += is->cs[i].cycles;
		}
	}
	r->lat = (uint32_t)(ready - t);
	if (k->kind >= IK_COND && k->kind <= IK_JCR && npc != pc + 4)
		r->flags |= PM_F_TAKEN;
	pm_finish(tm, c, PM_KILL_NONE, t);
}

void timing_pm_kill(struct timing *tm, struct cpu *c, unsigned why)
{
	/* it never issued: the truth gives its PC no head cycles (they are
	 * the PAL entry's), only the idle cycles before it */
	pm_finish(tm, c, why, tm->is.t);
}

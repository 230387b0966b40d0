/*
 * issue.c - the 21164 issue model's tables, built from the instruction
 * table (isa/insns.def) and the machine description: each line's pipes
 * (docs/ev5.md "Pipe classes"), latency and the cause its readers wait for
 * (docs/ev5.md "Latencies"), the unit it keeps busy (GCC config/alpha/ev5.md),
 * its kind; the operands an instruction word reads; the division of head
 * cycles by cause; and the steps run at once (timing/issue.h).
 */
#include "timing/issue.h"
#include <stddef.h>
#include <string.h>

/* Latency class -> latency parameter, the cause a waiting reader gets,
 * and for the multiplier and the divider, the kind and how long the unit
 * stays busy. */
static const struct {
	size_t  lat;
	uint8_t cause;
	uint8_t kind;       /* IK_OP, IK_IMUL, IK_FDIV */
	size_t  busy;       /* with IK_IMUL, IK_FDIV   */
} lat_class[] = {
/* an operate's result after params.LAT; a reader waits as TC_dep_CAUSE */
#define OP(lat, cause) { offsetof(struct params, lat), TC_dep_##cause, IK_OP, 0 }
/* ... and the unit of KIND stays busy params.BUSY cycles */
#define UNIT(lat, cause, kind, busy) \
	{ offsetof(struct params, lat), TC_dep_##cause, kind, offsetof(struct params, busy) }
	[L_NONE]  = OP(lat_int, int),
	[L_INT]   = OP(lat_int, int),
	[L_SHIFT] = OP(lat_shift, int),
	[L_CMOV]  = OP(lat_cmov, cmov),
	[L_MVI]   = OP(lat_mvi, cmov),
	[L_RPCC]  = OP(lat_rpcc, cmov),
	[L_LOAD]  = OP(lat_dcache, load),
	/* the result of a store conditional comes back from the S-cache */
	[L_STORE] = OP(lat_scache, load),
	[L_IMULL] = UNIT(lat_imull, imul, IK_IMUL, imull_busy),
	[L_IMULQ] = UNIT(lat_imulq, imul, IK_IMUL, imulq_busy),
	[L_UMULH] = UNIT(lat_umulh, imul, IK_IMUL, imulq_busy),
	[L_FADD]  = OP(lat_fadd, fp),
	[L_FMUL]  = OP(lat_fmul, fp),
	[L_FCPYS] = OP(lat_fcpys, fp),
	[L_FDIVS] = UNIT(lat_fdivs, fdiv, IK_FDIV, fdivs_busy),
	[L_FDIVT] = UNIT(lat_fdivt, fdiv, IK_FDIV, fdivt_busy),
	[L_FBR]   = OP(lat_int, int),
	[L_BR]    = OP(lat_int, int),
	[L_MISC]  = OP(lat_misc, cmov),
#undef OP
#undef UNIT
};

/* The timing column's kinds (isa/isa.h enum isa_timing). */
static const uint8_t column_kind[T_KIND + 1] = {
	[T_BR] = IK_BR, [T_BSR] = IK_BSR, [T_JMP] = IK_JMP, [T_JSR] = IK_JSR,
	[T_RET] = IK_RET, [T_JCR] = IK_JCR, [T_CALLPAL] = IK_CALLPAL, [T_REI] = IK_REI,
	[T_MB] = IK_MB, [T_WMB] = IK_WMB,
};

/* Pipe class -> SLOT increment (docs/ev5.md "Pipe classes"). */
static const uint32_t pipe_inc[] = {
	[P_NONE] = 0,
	[P_E0]   = SLOT(SF_E0, 1) | SLOT(SF_INT, 1),
	[P_E1]   = SLOT(SF_E1, 1) | SLOT(SF_INT, 1),
	[P_EE]   = SLOT(SF_INT, 1),
	[P_FA]   = SLOT(SF_FA, 1) | SLOT(SF_FP, 1),
	[P_FM]   = SLOT(SF_FM, 1) | SLOT(SF_FP, 1),
	[P_FAM]  = SLOT(SF_FP, 1),
};

static uint64_t param_at(const struct params *p, size_t off)
{
	return *(const uint64_t *)((const char *)p + off);
}

static enum issue_kind kind_of(const struct isa_insn *e)
{
	if (e->timing & T_KIND)
		return (enum issue_kind)column_kind[e->timing & T_KIND];
	if (e->flags & I_LOAD)
		return IK_LOAD;
	if (e->flags & I_STORE)
		return IK_STORE;
	if (e->flags & I_COND)
		return IK_COND;
	return (enum issue_kind)lat_class[e->lat].kind;
}

void issue_model_init(struct issue_model *m, const struct params *p)
{
	memset(m, 0, sizeof *m);
	for (unsigned op = 0; op < OP_COUNT; op++) {
		const struct isa_insn *e = &isa_table[op];
		struct issue_class *k = &m->cls[op];
		k->kind = (uint8_t)kind_of(e);
		k->lat = (uint32_t)param_at(p, lat_class[e->lat].lat);
		k->dcause = lat_class[e->lat].cause;
		if (lat_class[e->lat].busy)
			k->busy = (uint32_t)param_at(p, lat_class[e->lat].busy);
		k->inc = pipe_inc[e->pipe];
		if (k->kind == IK_LOAD)
			k->inc += SLOT(SF_MEM, 1);
		if (k->kind == IK_STORE)
			k->inc += SLOT(SF_MEM, 2);
		k->tflags = (uint16_t)(e->timing & ~T_KIND);
	}
	/* an illegal word is timed up to its fault like an operate with no
	 * operands */
	m->cls[OP_ILLEGAL].lat = (uint32_t)p->lat_int;
	m->cls[OP_ILLEGAL].dcause = TC_dep_int;
	m->penalty[IX_TAKEN] = p->taken_bubble;
	m->penalty[IX_BMISP] = p->bmisp_penalty;
	m->penalty[IX_JMISP] = p->jmisp_penalty;
	m->penalty[IX_PAL] = p->pal_penalty;
	m->nobypass = p->imul_nobypass;
	m->mulchain = p->imul_chain;
}

void issue_state_init(struct issue_state *s)
{
	memset(s, 0, sizeof *s);
	s->next_seq = ~0ull;
	s->slots = SLOT_EMPTY;
}

/* The register fields an operand layout names as sources.  Ra may be the
 * destination instead (I_WRA), except in a store conditional, which
 * stores it and then writes the success flag into it. */
static const uint8_t layout_reads[A_COUNT] = {
	[A_MEM] = IOP_RA | IOP_RB, [A_FMEM] = IOP_RA | IOP_RB, [A_HWMEM] = IOP_RA | IOP_RB,
	[A_MEMB] = IOP_RB, [A_BRA] = IOP_RA, [A_FBRA] = IOP_RA, [A_JMP] = IOP_RB,
	[A_OPR] = IOP_RA | IOP_RB, [A_OPRBC] = IOP_RB,
	[A_FOPR] = IOP_RA | IOP_RB, [A_FOPRBC] = IOP_RB, [A_FOPRA] = IOP_RA,
	[A_ITOF] = IOP_RA, [A_FTOI] = IOP_RA, [A_HWMTPR] = IOP_RA,
};

uint8_t issue_operand_flags(unsigned op, uint32_t w, unsigned c)
{
	if (op >= OP_COUNT)
		return IOP_VALID;               /* it only faults */
	const struct isa_insn *e = &isa_table[op];
	uint8_t f = layout_reads[e->args];
	if ((e->flags & I_WRA) && !(e->flags & I_STORE))
		f &= (uint8_t)~IOP_RA;
	/* an operate's Rb field may hold a literal */
	if ((e->args == A_OPR || e->args == A_OPRBC) && INSN_ISLIT(w))
		f &= (uint8_t)~IOP_RB;
	/* a conditional move keeps the old destination when the test fails */
	if ((e->timing & T_CMOV) && c != ISSUE_SINK)
		f |= IOP_RC;
	if (e->flags & (I_LOAD | I_STORE))
		f |= IOP_MEM;
	if (e->flags & I_FPA)
		f |= IOP_AFP;
	if (e->flags & I_FPB)
		f |= IOP_BFP;
	if (e->flags & I_FPC)
		f |= IOP_CFP;
	return f | IOP_VALID;
}

void issue_decode(uint32_t w, struct issue_insn *x)
{
	unsigned op = isa_decode(w, NULL);
	unsigned ra = INSN_RA(w), rc = INSN_RC(w), dst = 31;
	if (op < OP_COUNT) {
		/* the destination field (ARM 3.3): Ra for loads, links and
		 * the like, Rc for operates */
		uint32_t fl = isa_table[op].flags;
		dst = (fl & I_WRA) ? ra : (fl & I_WRC) ? rc : 31;
	}
	x->op = (uint16_t)op;
	x->a = (uint8_t)ra;
	x->b = (uint8_t)INSN_RB(w);
	x->c = (uint8_t)(dst == 31 ? ISSUE_SINK : dst);
	x->flags = issue_operand_flags(op, w, x->c);
}

void issue_split(struct issue_need *cs, unsigned n, uint64_t tl)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && cs[j].cause < cs[j - 1].cause; j--) {
			struct issue_need x = cs[j];
			cs[j] = cs[j - 1];
			cs[j - 1] = x;
		}
	uint64_t cur = tl;
	for (unsigned i = 0; i < n; i++) {
		cs[i].cycles = 0;
		if (cs[i].at > cur) {
			cs[i].cycles = (uint32_t)(cs[i].at - cur);
			cur = cs[i].at;
		}
	}
}

uint64_t issue_next(const struct issue_model *m, const struct issue_state *s,
                    const struct issue_insn *x, uint64_t pc, const struct issue_dyn *d,
                    struct issue_need cs[ISSUE_MAX_NEEDS], unsigned *n)
{
	struct issue_rec r;
	if (issue_begin(s, pc, cs, &r) && d->fetch)
		issue_need(&r, r.t + d->fetch, TC_imiss, ISRC_FETCH);
	const struct issue_class *k = issue_class_of(m, x);
	issue_operands(k, s, x, &r);
	if (k->kind == IK_IMUL || k->kind == IK_FDIV)
		issue_unit_wait(k, s, &r);
	if (d->mem)
		issue_need(&r, r.t + d->mem, d->mem_cause, ISRC_MEM);
	uint64_t t = issue_pipes(k, s, &r);
	*n = r.n;
	return t;
}

void issue_retire(const struct issue_model *m, struct issue_state *s, const struct issue_insn *x,
                  uint64_t pc, uint64_t npc, uint64_t t, const struct issue_dyn *d)
{
	const struct issue_class *k = issue_class_of(m, x);
	bool data = k->kind == IK_LOAD && d->data_cause;
	uint64_t ready = t + (data ? d->data : k->lat);
	if (k->kind == IK_IMUL || k->kind == IK_FDIV)
		ready = issue_unit_take(m, k, s, x, t, ready);
	issue_commit(k, s, x, pc, t, ready, data ? d->data_cause : k->dcause);
	if (k->kind == IK_CALLPAL || k->kind == IK_REI)
		issue_transfer(m, s, t, IX_PAL, TC_pal);
	else if (d->mispredict && k->kind == IK_COND)
		issue_transfer(m, s, t, IX_BMISP, TC_bmisp);
	else if (d->mispredict && k->kind >= IK_JMP && k->kind <= IK_JCR)
		issue_transfer(m, s, t, IX_JMISP, TC_jmisp);
	else if (npc != pc + 4)
		issue_transfer(m, s, t, IX_TAKEN, TC_slot);
}

void issue_block(const struct issue_model *m, uint64_t pc, const uint32_t *w, size_t n,
                 bool jumped, struct issue_sched *out)
{
	static const struct issue_dyn none;
	struct issue_state s;
	int32_t writer[ISSUE_NREG];
	issue_state_init(&s);
	/* the predecessor issued in cycle 1: w[0] may issue with it when it
	 * comes in sequence, and nothing issues in cycle 0 */
	s.tl = 1;
	if (jumped)
		issue_transfer(m, &s, s.tl, IX_TAKEN, TC_slot);
	else
		s.next_seq = pc;
	for (unsigned g = 0; g < ISSUE_NREG; g++)
		writer[g] = -1;
	for (size_t i = 0; i < n; i++, pc += 4) {
		struct issue_insn x;
		struct issue_need cs[ISSUE_MAX_NEEDS];
		struct issue_sched *o = &out[i];
		unsigned k;
		uint32_t most = 0;
		issue_decode(w[i], &x);
		uint64_t tl = s.tl, t = issue_next(m, &s, &x, pc, &none, cs, &k);
		issue_split(cs, k, tl);
		memset(o, 0, sizeof *o);
		o->m = (uint32_t)(t - tl);
		o->producer = -1;
		for (unsigned j = 0; j < k; j++) {
			o->cause[cs[j].cause] += cs[j].cycles;
			o->src[cs[j].src] += cs[j].cycles;
			unsigned g = cs[j].src == ISRC_RA ? issue_reg(x.a, x.flags, IOP_AFP)
			           : cs[j].src == ISRC_RB ? issue_reg(x.b, x.flags, IOP_BFP)
			           : cs[j].src == ISRC_RC ? issue_reg(x.c, x.flags, IOP_CFP)
			           : ISSUE_NREG;
			if (g < ISSUE_NREG && cs[j].cycles > most) {
				most = cs[j].cycles;
				o->producer = writer[g];
			}
		}
		issue_retire(m, &s, &x, pc, pc + 4, t, &none);
		if (x.c != ISSUE_SINK)
			writer[issue_reg(x.c, x.flags, IOP_CFP)] = (int32_t)i;
	}
}

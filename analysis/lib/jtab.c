/*
 * jtab.c - computed-jump targets from GCC's jump tables (analysis/lib/jtab.h).
 *
 * A forward data-flow pass over the CFG built so far.  Each integer
 * register holds one of a few symbolic values; the meet of two different
 * values is "unknown".  The lattice is finite (constants come from the
 * code, bounds from its compares), and a block visited too often is
 * widened to all-unknown, so the pass ends.
 */
#include "analysis/lib/jtab.h"
#include "isa/isa.h"
#include <stdlib.h>
#include <string.h>

#define NOBOUND UINT64_MAX
#define MAX_VISITS 32
#define R_RA  26
#define R_T12 27
#define R_GP  29
#define R_ZERO 31

enum vkind {
	V_UNK,    /* unknown, <= bound (unsigned) when bound != NOBOUND;
	             the value vn names, when vn != 0                         */
	V_K,      /* the constant c                                           */
	V_SCL,    /* idx * size, idx <= bound                                 */
	V_IDX,    /* c + idx * size: the address of a table slot              */
	V_ENT,    /* add + the entry idx of the table at c (size bytes each)  */
	V_CMP,    /* 1 when the value compared <= bound (unsigned), else 0:
	             register reg held it, reg2 is the one it was zero-
	             extended from (NOREG: none, or redefined since); vn names
	             the value compared, when known                           */
	V_ZX,     /* register reg zero-extended from 32 bits                  */
};

#define NOREG 0xff
#define MAX_FACTS 8

/* A value number (docs/analysis.md, "Jump tables"): the value the latest
 * execution of instruction vn - 1 produced, ANDed with mask when mask is
 * not 0.  Two registers with the same number hold the same value, so a
 * bound learnt on one copy holds for the other: GCC tests
 * "and t0,0xff,t1; cmpule t1,N,t1" and indexes with a second
 * "and t0,0xff,t0".  When the instruction runs again every number it
 * named is forgotten, so a number never names an older execution's
 * value. */
struct vnum {
	uint32_t vn;
	uint64_t mask;
};

struct val {
	uint8_t kind, size, reg, reg2;
	int64_t c, add;
	uint64_t bound;
	struct vnum id;
};

/* A bound proved for a numbered value. */
struct fact {
	struct vnum id;
	uint64_t bound;
};

struct state {
	bool seen;
	unsigned visits, phase;      /* phase: propagate's pass that reached it */
	struct val r[32];
	struct fact f[MAX_FACTS];
	unsigned nf;
};

static const struct val UNK = { V_UNK, 0, NOREG, NOREG, 0, 0, NOBOUND, { 0, 0 } };

static struct val konst(int64_t c)
{
	return (struct val){ V_K, 0, NOREG, NOREG, c, 0, NOBOUND, { 0, 0 } };
}

static struct val bounded(uint64_t bound)
{
	return (struct val){ V_UNK, 0, NOREG, NOREG, 0, 0, bound, { 0, 0 } };
}

/* What v is to an operation other than an addition and the jump: an
 * entry read at a constant address (load) is an unknown value. */
static struct val an_unknown(struct val v)
{
	if (v.kind == V_ENT && v.id.vn) {
		struct val u = UNK;
		u.id = v.id;
		return u;
	}
	return v;
}

static bool same_id(struct vnum a, struct vnum b)
{
	return a.vn == b.vn && a.mask == b.mask;
}

static bool same(const struct val *a, const struct val *b)
{
	return a->kind == b->kind && a->size == b->size && a->reg == b->reg &&
	       a->reg2 == b->reg2 && a->c == b->c && a->add == b->add &&
	       a->bound == b->bound && same_id(a->id, b->id);
}

static struct val meet(struct val a, struct val b)
{
	if (same(&a, &b))
		return a;
	if (a.kind == b.kind && a.kind != V_K && a.kind != V_CMP && a.kind != V_ZX &&
	    a.size == b.size && a.c == b.c && a.add == b.add) {
		a.bound = a.bound > b.bound ? a.bound : b.bound;
		if (!same_id(a.id, b.id))
			a.id = (struct vnum){ 0, 0 };
		return a;
	}
	/* a constant on one path, a bounded value on the other (an index
	 * set before a dispatch loop and loaded in it) */
	if (a.kind == V_K && b.kind == V_UNK)
		return bounded((uint64_t)a.c > b.bound ? (uint64_t)a.c : b.bound);
	if (b.kind == V_K && a.kind == V_UNK)
		return bounded((uint64_t)b.c > a.bound ? (uint64_t)b.c : a.bound);
	return UNK;
}

/* The bound known for value number id (NOBOUND: none). */
static uint64_t fact_bound(const struct state *s, struct vnum id)
{
	for (unsigned k = 0; id.vn && k < s->nf; k++)
		if (same_id(s->f[k].id, id))
			return s->f[k].bound;
	return NOBOUND;
}

/* Learn that value id is <= bound, in the facts and in every register
 * holding it.  (When the facts are full the registers still learn it.) */
static void learn(struct state *s, struct vnum id, uint64_t bound)
{
	if (!id.vn)
		return;
	unsigned k = 0;
	while (k < s->nf && !same_id(s->f[k].id, id))
		k++;
	if (k < s->nf && s->f[k].bound > bound)
		s->f[k].bound = bound;
	else if (k == s->nf && k < MAX_FACTS)
		s->f[s->nf++] = (struct fact){ id, bound };
	for (unsigned r = 0; r < 32; r++) {
		if (same_id(s->r[r].id, id))
			s->r[r] = an_unknown(s->r[r]);
		if (s->r[r].kind == V_UNK && same_id(s->r[r].id, id) && s->r[r].bound > bound)
			s->r[r].bound = bound;
	}
}

static struct val add(struct val a, struct val b)
{
	if (a.kind == V_K && b.kind != V_K) {
		struct val t = a;
		a = b;
		b = t;
	}
	if (b.kind != V_K)
		return UNK;
	switch (a.kind) {
	case V_K:
		return konst((int64_t)((uint64_t)a.c + (uint64_t)b.c));
	case V_SCL:
		a.kind = V_IDX;
		a.c = b.c;
		return a;
	case V_IDX:
		a.c = (int64_t)((uint64_t)a.c + (uint64_t)b.c);
		return a;
	case V_ENT:
		a.add = (int64_t)((uint64_t)a.add + (uint64_t)b.c);
		return a;
	default:
		return UNK;
	}
}

static struct val scaled(struct val a, unsigned s)
{
	if (a.kind == V_K)
		return konst((int64_t)((uint64_t)a.c * s));
	if (a.kind == V_UNK)
		return (struct val){ V_SCL, (uint8_t)s, NOREG, NOREG, 0, 0, a.bound, { 0, 0 } };
	return UNK;
}

static struct val operand_b(const struct state *s, uint32_t w)
{
	return INSN_ISLIT(w) ? konst(INSN_LIT(w)) : s->r[INSN_RB(w)];
}

/* Register r changes: what v says of its old value is forgotten. */
static void forget(struct val *v, unsigned r)
{
	if (v->kind == V_ZX && v->reg == r) {
		*v = UNK;
	} else if (v->kind == V_CMP) {
		v->reg = v->reg == r ? NOREG : v->reg;
		v->reg2 = v->reg2 == r ? NOREG : v->reg2;
		if (v->reg == NOREG && v->reg2 == NOREG && !v->id.vn)
			*v = UNK;
	}
}

/* Register r gets v. */
static void def(struct state *s, unsigned r, struct val v)
{
	if (r == R_ZERO)
		return;
	forget(&v, r);
	for (unsigned k = 0; k < 32; k++)
		forget(&s->r[k], r);
	s->r[r] = v;
}

/* The value instruction i computes, unknown but numbered: what earlier
 * executions of i computed is no longer named by its number. */
static struct val fresh(struct state *s, uint32_t i)
{
	uint32_t vn = i + 1;
	for (unsigned r = 0; r < 32; r++)
		if (s->r[r].id.vn == vn) {
			s->r[r].id = (struct vnum){ 0, 0 };
			if (s->r[r].kind == V_CMP && s->r[r].reg == NOREG && s->r[r].reg2 == NOREG)
				s->r[r] = UNK;
		}
	unsigned n = 0;
	for (unsigned k = 0; k < s->nf; k++)
		if (s->f[k].id.vn != vn)
			s->f[n++] = s->f[k];
	s->nf = n;
	struct val v = UNK;
	v.id.vn = vn;
	return v;
}

/* The procedure's gp, when its prologue sets one.  GCC's code has only
 * that one gp: every reload (from the return address after a call) gives
 * the same value, so gp is taken to hold it everywhere, also after a
 * call to a procedure that does not return (the analysis assumes every
 * call returns, and the code after such a call may be the next label). */
struct proc_gp {
	bool known;
	int64_t gp;
};

/* The registers a called procedure (or PALcode) may change: the calling
 * standard's temporaries, arguments, v0, ra, pv, at and gp. */
static void clobber(struct state *s, const struct proc_gp *pg)
{
	for (unsigned r = 0; r < 32; r++)
		if (r <= 8 || (r >= 16 && r <= R_GP))
			def(s, r, UNK);
	if (pg->known)
		def(s, R_GP, konst(pg->gp));
}

/* A compare of a register against a constant.  When the register holds
 * another one's low 32 bits zero-extended, the bound holds for that one
 * too: GCC tests an int that way, and the calling standard keeps ints
 * sign-extended, so a value that passes the test is the same either way. */
static struct val compare(const struct state *s, uint32_t w, bool lt)
{
	struct val a = an_unknown(s->r[INSN_RA(w)]), b = operand_b(s, w);
	if (b.kind != V_K)
		return UNK;
	uint64_t k = (uint64_t)b.c;
	if (a.kind == V_K)
		return konst(lt ? (uint64_t)a.c < k : (uint64_t)a.c <= k);
	if (lt && !k)
		return konst(0);
	return (struct val){ V_CMP, 0, (uint8_t)INSN_RA(w), a.kind == V_ZX ? a.reg : NOREG,
	                     0, 0, lt ? k - 1 : k, a.kind == V_UNK ? a.id : (struct vnum){ 0, 0 } };
}

/* A load: a table entry, or (a 64-bit load gp-relative from a constant
 * address in the image's data holding an address in the image) a
 * constant: GCC loads a table's address from the GOT that way, and the
 * linker has filled the GOT of an executable.  Else unknown, numbered
 * when i is an instruction. */
static struct val load(struct state *s, const struct an_image *im, uint32_t w,
                       unsigned size, uint32_t i)
{
	struct val a = add(s->r[INSN_RB(w)], konst(INSN_DISP16(w)));
	if (a.kind == V_IDX && a.size == size)
		return (struct val){ V_ENT, (uint8_t)size, NOREG, NOREG, a.c, 0, a.bound, { 0, 0 } };
	unsigned char b[8], probe;
	/* a table indexed by a constant (the first dispatch of an
	 * interpreter whose first instruction the compiler knew), or a
	 * variable: numbered, and an unknown value to every use but a jump
	 * (an_unknown) */
	if (a.kind == V_K && INSN_RB(w) != R_GP && INSN_RB(w) != R_ZERO &&
	    !an_image_is_text(im, (uint64_t)a.c)) {
		struct val v = fresh(s, i);
		return (struct val){ V_ENT, (uint8_t)size, NOREG, NOREG, a.c, 0, 0, v.id };
	}
	if (a.kind == V_K && size == 8 && INSN_RB(w) == R_GP &&
	    !an_image_is_text(im, (uint64_t)a.c) && an_image_read(im, (uint64_t)a.c, b, 8)) {
		uint64_t x = 0;
		for (unsigned j = 0; j < 8; j++)
			x |= (uint64_t)b[j] << (8 * j);
		if (an_image_read(im, x, &probe, 1))
			return konst((int64_t)x);
	}
	return fresh(s, i);
}

/* What instruction i of g does to s. */
static void step(struct state *s, const struct an_cfg *g, const struct an_image *im,
                 uint32_t i, const struct proc_gp *pg)
{
	uint32_t w = g->word[i];
	unsigned op = g->op[i];
	uint64_t pc = an_cfg_pc(g, i);
	const struct isa_insn *d = &isa_table[op < OP_COUNT ? op : 0];
	unsigned ra = INSN_RA(w), rc = INSN_RC(w);
	switch (op) {
	case OP_lda:
		def(s, ra, add(s->r[INSN_RB(w)], konst(INSN_DISP16(w))));
		return;
	case OP_ldah:
		def(s, ra, add(s->r[INSN_RB(w)], konst((int64_t)INSN_DISP16(w) * 65536)));
		return;
	case OP_addq:
		def(s, rc, add(s->r[ra], operand_b(s, w)));
		return;
	case OP_subq: {
		struct val b = operand_b(s, w);
		def(s, rc, b.kind == V_K ? add(s->r[ra], konst(-b.c)) : UNK);
		return;
	}
	case OP_addl: {
		/* sextl (addl zero, x) of a value below 2^31 is that value */
		struct val a = an_unknown(s->r[ra]), b = an_unknown(operand_b(s, w));
		if (a.kind == V_K && b.kind == V_K)
			def(s, rc, konst((int32_t)(uint32_t)((uint64_t)a.c + (uint64_t)b.c)));
		else if (a.kind == V_K && !a.c && b.kind == V_UNK && b.bound <= INT32_MAX)
			def(s, rc, b);
		else if (b.kind == V_K && !b.c && a.kind == V_UNK && a.bound <= INT32_MAX)
			def(s, rc, a);
		else
			def(s, rc, fresh(s, i));
		return;
	}
	case OP_s4addq:
	case OP_s8addq:
		def(s, rc, add(scaled(an_unknown(s->r[ra]), op == OP_s4addq ? 4 : 8), operand_b(s, w)));
		return;
	case OP_sll: {
		struct val b = operand_b(s, w);
		def(s, rc, b.kind == V_K && (b.c == 2 || b.c == 3)
		               ? scaled(an_unknown(s->r[ra]), 1u << b.c) : UNK);
		return;
	}
	case OP_bis: {
		struct val a = s->r[ra], b = operand_b(s, w);
		if (a.kind == V_K && !a.c)
			def(s, rc, b);
		else if (b.kind == V_K && !b.c)
			def(s, rc, a);
		else
			def(s, rc, a.kind == V_K && b.kind == V_K ? konst(a.c | b.c) : UNK);
		return;
	}
	case OP_zapnot: {
		struct val a = an_unknown(s->r[ra]), b = an_unknown(operand_b(s, w));
		if (b.kind != V_K || b.c != 0x0f)
			def(s, rc, fresh(s, i));
		else if (a.kind == V_UNK && a.bound <= UINT32_MAX)
			def(s, rc, a);      /* already its own low 32 bits */
		else if (a.kind == V_K)
			def(s, rc, konst((int64_t)((uint64_t)a.c & 0xffffffffu)));
		else
			def(s, rc, (struct val){ V_ZX, 0, (uint8_t)ra, NOREG, 0, 0, NOBOUND, { 0, 0 } });
		return;
	}
	case OP_and: {
		/* a mask bounds the result, and names it after the value
		 * masked: the same mask of the same value is the same value */
		struct val a = an_unknown(s->r[ra]), b = an_unknown(operand_b(s, w));
		if (b.kind != V_K) {
			def(s, rc, fresh(s, i));
			return;
		}
		uint64_t m = (uint64_t)b.c;
		if (a.kind == V_K || !m || (a.kind == V_UNK && a.id.mask && !(a.id.mask & m))) {
			def(s, rc, konst(a.kind == V_K ? a.c & b.c : 0));
			return;
		}
		struct val v;
		if (a.kind == V_UNK && a.id.vn) {
			v = bounded(m);
			v.id = (struct vnum){ a.id.vn, a.id.mask ? a.id.mask & m : m };
		} else {
			v = fresh(s, i);
			v.bound = m;
		}
		if (a.kind == V_UNK && a.bound < v.bound)
			v.bound = a.bound;
		uint64_t f = fact_bound(s, v.id);
		v.bound = f < v.bound ? f : v.bound;
		def(s, rc, v);
		return;
	}
	case OP_cmpule:
	case OP_cmpult:
		def(s, rc, compare(s, w, op == OP_cmpult));
		return;
	case OP_ldl:
	case OP_ldq:
		def(s, ra, load(s, im, w, op == OP_ldl ? 4 : 8, i));
		return;
	case OP_bsr:
	case OP_jsr:
	case OP_jsr_coroutine:
	case OP_call_pal:
		clobber(s, pg);
		if (op != OP_call_pal)
			def(s, ra, konst((int64_t)(pc + 4)));
		return;
	case OP_jmp:
	case OP_ret:
	case OP_br:
		def(s, ra, konst((int64_t)(pc + 4)));
		return;
	default:
		break;
	}
	if (op >= OP_COUNT)
		return;
	if ((d->flags & I_WRC) && !(d->flags & I_FPC))
		def(s, rc, fresh(s, i));
	if ((d->flags & I_WRA) && !(d->flags & I_FPA))
		def(s, ra, fresh(s, i));
}

/* Learn from a conditional branch: on the edge where the compare it
 * tests was true, the compared register is bounded. */
static void refine(struct state *s, uint32_t w, unsigned op, bool taken)
{
	const struct val t = s->r[INSN_RA(w)];
	if (t.kind != V_CMP)
		return;
	bool true_edge = (op == OP_bne || op == OP_blbs) ? taken
	               : (op == OP_beq || op == OP_blbc) ? !taken : false;
	if (true_edge)
		learn(s, t.id, t.bound);
	const uint8_t regs[2] = { t.reg, t.reg2 };
	for (int k = 0; true_edge && k < 2; k++) {
		if (regs[k] == NOREG)
			continue;
		struct val *x = &s->r[regs[k]];
		*x = an_unknown(*x);
		if (x->kind == V_ZX)
			*x = bounded(t.bound);
		else if (x->kind == V_UNK && t.bound < x->bound)
			x->bound = t.bound;
	}
}

static void init_entry(struct state *s, const struct an_cfg *g, uint32_t b,
                       const struct proc_gp *pg)
{
	for (unsigned r = 0; r < 32; r++)
		s->r[r] = UNK;
	s->nf = 0;
	s->r[R_ZERO] = konst(0);
	if (g->b[b].first == 0)
		s->r[R_T12] = konst((int64_t)g->start);   /* the calling standard */
	if (pg->known)
		s->r[R_GP] = konst(pg->gp);
}

/* The gp value the standard prologue computes, if it starts the code. */
static struct proc_gp prologue_gp(const struct an_cfg *g)
{
	struct proc_gp pg = { false, 0 };
	if (g->ninsn < 2 || g->op[0] != OP_ldah || INSN_RA(g->word[0]) != R_GP ||
	    INSN_RB(g->word[0]) != R_T12 || g->op[1] != OP_lda ||
	    INSN_RA(g->word[1]) != R_GP || INSN_RB(g->word[1]) != R_GP)
		return pg;
	pg.known = true;
	pg.gp = (int64_t)(g->start + (uint64_t)((int64_t)INSN_DISP16(g->word[0]) * 65536 +
	                                        INSN_DISP16(g->word[1])));
	return pg;
}

static bool merge_into(struct state *dst, const struct state *src)
{
	if (!dst->seen) {
		unsigned phase = dst->phase;
		*dst = *src;
		dst->seen = true;
		dst->visits = 0;
		dst->phase = phase;
		return true;
	}
	bool changed = false;
	for (unsigned r = 0; r < 32; r++) {
		struct val m = meet(dst->r[r], src->r[r]);
		if (!same(&m, &dst->r[r])) {
			dst->r[r] = m;
			changed = true;
		}
	}
	/* the facts both sides know, each with the weaker bound */
	unsigned n = 0;
	for (unsigned k = 0; k < dst->nf; k++) {
		uint64_t o = fact_bound(src, dst->f[k].id);
		if (o == NOBOUND)
			continue;
		struct fact f = dst->f[k];
		if (o > f.bound)
			f.bound = o;
		changed |= f.bound != dst->f[k].bound;
		dst->f[n++] = f;
	}
	changed |= n != dst->nf;
	dst->nf = n;
	return changed;
}

/* Blocks entered from ENTRY by an edge of kind k seeded with what is known
 * at an entry, and the states propagated from there.  The blocks of a
 * later phase do not flow into those of an earlier one. */
static bool run_phase(const struct an_cfg *g, const struct an_image *im,
                      const struct proc_gp *pg, struct state *in, enum an_edge_kind kind,
                      unsigned phase, uint32_t *work, bool *queued)
{
	size_t nb = g->nb, head = 0, tail = 0;   /* a ring of at most nb entries */
	for (uint32_t k = g->succ_at[g->entry]; k < g->succ_at[g->entry + 1]; k++) {
		const struct an_edge *e = &g->e[g->succ[k]];
		uint32_t b = e->dst;
		if (e->kind != kind || b >= nb || (in[b].seen && in[b].phase != phase))
			continue;
		struct state s;
		init_entry(&s, g, b, pg);
		s.seen = true;
		in[b].phase = in[b].seen ? in[b].phase : phase;
		merge_into(&in[b], &s);
		if (!queued[b]) {
			queued[b] = true;
			work[tail++ % nb] = b;
		}
	}
	while (head != tail) {
		uint32_t b = work[head++ % nb];
		queued[b] = false;
		struct state s = in[b];
		if (++in[b].visits > MAX_VISITS) {
			/* a safety net (the lattice is finite): know nothing more
			 * here than at an entry */
			unsigned visits = in[b].visits;
			init_entry(&in[b], g, b, pg);
			in[b].r[R_T12] = UNK;
			in[b].visits = visits;
			s = in[b];
		}
		const struct an_block *bl = &g->b[b];
		uint32_t last = bl->first + bl->n - 1;
		for (uint32_t i = bl->first; i < last; i++)
			step(&s, g, im, i, pg);
		/* a conditional branch defines nothing: its edges differ only in
		 * what the compare it tests says */
		bool cond = g->op[last] < OP_COUNT && (isa_table[g->op[last]].flags & I_COND);
		struct state before = s;
		step(&s, g, im, last, pg);
		for (uint32_t k = g->succ_at[b]; k < g->succ_at[b + 1]; k++) {
			const struct an_edge *e = &g->e[g->succ[k]];
			if (e->dst >= nb || (in[e->dst].seen && in[e->dst].phase != phase))
				continue;
			struct state t = s;
			if (cond) {
				t = before;
				refine(&t, g->word[last], g->op[last], e->kind == AN_E_taken);
			}
			in[e->dst].phase = phase;
			if (merge_into(&in[e->dst], &t) && !queued[e->dst]) {
				queued[e->dst] = true;
				work[tail++ % nb] = e->dst;
			}
		}
	}
	return true;
}

/* Optimistic: what the entry points reach first, then the blocks only an
 * orphan edge enters (code reached by jumps not resolved yet), which do
 * not change what the entry points' code knows.  Not optimistic: every
 * block ENTRY enters is seeded together, so code no path reaches may flow
 * anywhere (analysis/lib/jtab.h). */
static bool propagate(const struct an_cfg *g, const struct an_image *im,
                      const struct proc_gp *pg, struct state *in, bool optimistic)
{
	size_t nb = g->nb;
	uint32_t *work = malloc((nb + 1) * sizeof *work);
	bool *queued = calloc(nb + 1, 1);
	bool ok = work && queued;
	if (ok && optimistic)
		ok = run_phase(g, im, pg, in, AN_E_entry, 1, work, queued) &&
		     run_phase(g, im, pg, in, AN_E_orphan, 2, work, queued);
	else if (ok) {
		ok = run_phase(g, im, pg, in, AN_E_entry, 1, work, queued);
		for (size_t b = 0; b < nb; b++)
			in[b].phase = 1;
		ok = ok && run_phase(g, im, pg, in, AN_E_orphan, 1, work, queued);
	}
	free(work);
	free(queued);
	return ok;
}

/* The targets register value v gives: 1 found, 0 none, -1 out of memory. */
static int table_targets(const struct an_image *im, const struct val *v, struct an_jtab *t)
{
	if (v->kind != V_K && (v->kind != V_ENT || v->bound >= AN_JTAB_MAX))
		return 0;
	size_t n = v->kind == V_K ? 1 : (size_t)v->bound + 1;
	if (!(t->target = malloc(n * sizeof *t->target)))
		return -1;
	t->n = n;
	if (v->kind == V_K) {
		t->target[0] = (uint64_t)v->c;
		return 1;
	}
	for (size_t k = 0; k < n; k++) {
		unsigned char b[8];
		uint64_t slot = (uint64_t)v->c + k * v->size, x = 0;
		if (!an_image_read(im, slot, b, v->size)) {
			free(t->target);
			t->target = NULL;
			return 0;
		}
		for (unsigned j = 0; j < v->size; j++)
			x |= (uint64_t)b[j] << (8 * j);
		if (v->size == 4)
			x = (uint64_t)(int64_t)(int32_t)(uint32_t)x;
		t->target[k] = x + (uint64_t)v->add;
	}
	t->table = (uint64_t)v->c;
	return 1;
}

void an_jtab_free(struct an_jtab *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(t[i].target);
	free(t);
}

bool an_jtab_find(const struct an_cfg *g, const struct an_image *im, bool optimistic,
                  struct an_jtab **out, size_t *nout)
{
	*out = NULL;
	*nout = 0;
	if (!g->nb)
		return true;
	struct proc_gp pg = prologue_gp(g);
	struct state *in = calloc(g->nb, sizeof *in);
	if (!in || !propagate(g, im, &pg, in, optimistic)) {
		free(in);
		return false;
	}
	struct an_jtab *v = NULL;
	size_t n = 0;
	bool ok = true;
	for (size_t b = 0; ok && b < g->nb; b++) {
		uint32_t last = g->b[b].first + g->b[b].n - 1;
		if (g->op[last] != OP_jmp || !in[b].seen)
			continue;
		struct state s = in[b];
		for (uint32_t i = g->b[b].first; i < last; i++)
			step(&s, g, im, i, &pg);
		struct an_jtab t = { last, 0, NULL, 0 };
		int found = table_targets(im, &s.r[INSN_RB(g->word[last])], &t);
		if (found <= 0) {
			ok = found == 0;
			continue;
		}
		struct an_jtab *nv = realloc(v, (n + 1) * sizeof *nv);
		if (!nv) {
			free(t.target);
			ok = false;
			break;
		}
		v = nv;
		v[n++] = t;
	}
	free(in);
	if (!ok) {
		an_jtab_free(v, n);
		return false;
	}
	*out = v;
	*nout = n;
	return true;
}

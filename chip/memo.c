/*
 * memo.c - the blocks of the block-schedule memo, their entry states and
 * recordings (chip/memo.h).
 */
#include "chip/memo.h"
#include "chip/pal.h"
#include <stdlib.h>
#include <string.h>

#define MEMO_HASH       4096
/* Past this many blocks the memo starts again empty (a bound on host
 * memory; blocks are made again as they run). */
#define MEMO_MAX_BLOCKS 65536

bool memo_init(struct memo *m, const struct issue_model *model, uint64_t *hist)
{
	memset(m, 0, sizeof *m);
	m->model = model;
	m->hist = hist;
	m->mulfloor = model->nobypass > model->mulchain ? model->nobypass : model->mulchain;
	m->bucket = calloc(MEMO_HASH, sizeof *m->bucket);
	return m->bucket != NULL;
}

static void add_truth(const struct memo_block *b, const struct memo_variant *v, unsigned i,
                      uint64_t runs)
{
	struct truth_page *tp = b->tp;
	unsigned slot = (unsigned)((b->pc & PAGE_MASK) >> 2) + i;
	const struct memo_insn *mi = &v->in[i];
	tp->count[slot] += runs;
	uint64_t head = mi->t - (i ? v->in[i - 1].t : 0);
	if (head) {
		tp->head[slot] += runs * head;
		for (unsigned j = 0; j < mi->nshare; j++)
			tp->cause[mi->cause[j]][slot] += runs * mi->cycles[j];
	}
}

void memo_truth_insn(const struct memo_block *b, const struct memo_variant *v, unsigned i)
{
	if (b->tp)
		add_truth(b, v, i, 1);
}

void memo_flush(struct memo *m)
{
	for (struct memo_variant *v = m->dirty; v; v = v->dirty) {
		for (unsigned j = 0; j < 8; j++)
			m->hist[j] += v->runs * v->x.hist[j];
		if (v->b->tp)
			for (unsigned i = 0; i < v->b->n; i++)
				add_truth(v->b, v, i, v->runs);
		v->runs = 0;
	}
	m->dirty = NULL;
}

static void free_block(struct memo_block *b)
{
	for (unsigned k = 0; k < b->nvar; k++)
		free(b->var[k]);
	free(b);
}

static void forget_all(struct memo *m)
{
	memo_flush(m);
	memo_rec_abort(m);
	for (unsigned h = 0; h < MEMO_HASH; h++) {
		for (struct memo_block *b = m->bucket[h], *n; b; b = n) {
			n = b->next;
			free_block(b);
		}
		m->bucket[h] = NULL;
	}
	m->nblocks = 0;
	m->prev = NULL;
	m->epoch++;
}

void memo_free(struct memo *m)
{
	if (!m->bucket)
		return;
	memo_rec_abort(m);
	free(m->spare);
	m->spare = NULL;
	m->dirty = NULL;
	m->prev = NULL;
	for (unsigned h = 0; h < MEMO_HASH; h++)
		for (struct memo_block *b = m->bucket[h], *n; b; b = n) {
			n = b->next;
			free_block(b);
		}
	free(m->bucket);
	m->bucket = NULL;
}

static unsigned hash(uint64_t pc, uint32_t space)
{
	uint64_t h = (pc >> 2) * 0x9e3779b97f4a7c15ull ^ space;
	return (unsigned)(h >> 40) & (MEMO_HASH - 1);
}

/* The instruction in slot d, decoded, with its operand flags (the timed
 * loop's lazy decoding, done ahead). */
static const struct dinsn *decoded(struct cpu *c, struct dinsn *d)
{
	exec_fn was = d->fn;
	cpu_decode_slot(c, d);
	if (d->fn != was || !(d->tflags & IOP_VALID))
		d->tflags = issue_operand_flags(d->op, d->raw, d->c);
	return d;
}

/* Instructions a block holds: they wait for nothing but what the entry
 * state and the hit checks cover, and change nothing the replay's
 * conditions (memo_may, intr_quiet) read, except HW_REI, which may end a
 * block: leaving PAL mode takes effect after it, as in the detailed
 * model.  So: no RPCC (it reads the cycle count, which a replay sets at
 * its end), CALL_PAL, MB or WMB; of the PAL instructions, HW_LD, HW_ST,
 * HW_REI and the IPR accesses chip/pal.c calls replayable (the TB-miss
 * flows' own: VA, EXC_ADDR, the PALtemps, DTB_PTE, DTB_TAG...). */
static bool memoable(const struct issue_class *k, const struct dinsn *d)
{
	const unsigned op = d->op;
	if (op >= OP_COUNT || op == OP_rpcc)
		return false;
	if (op == OP_hw_mfpr || op == OP_hw_mtpr)
		return pal_ipr_replayable((unsigned)d->imm, op == OP_hw_mtpr);
	if ((isa_table[op].flags & I_PRIV) &&
	    op != OP_hw_ld && op != OP_hw_st && op != OP_hw_rei)
		return false;
	switch (k->kind) {
	case IK_CALLPAL: case IK_MB: case IK_WMB:
		return false;
	default:
		return true;
	}
}

static void add_read(struct memo_block *b, unsigned g, uint8_t f, const bool *written)
{
	if (written[g] || g == 31 || g == 31 + ISSUE_FP)
		return;                          /* R31, F31: always ready */
	for (unsigned i = 0; i < b->nreads; i++)
		if (b->read_g[i] == g) {
			b->read_f[i] |= f;
			return;
		}
	b->read_g[b->nreads] = (uint8_t)g;
	b->read_f[b->nreads++] = f;
}

/* What the block at pc is: up to and including its first control
 * transfer, within the page, of memoable instructions. */
static void scan(const struct memo *m, struct memo_block *b, struct cpu *c)
{
	struct dpage *p = c->ipage;
	bool written[ISSUE_NREG] = { false };
	unsigned s0 = (unsigned)((b->pc & PAGE_MASK) >> 2);
	for (unsigned i = 0; i < MEMO_MAX_INSNS && s0 + i < PAGE_INSNS; i++) {
		const struct dinsn *d = decoded(c, &p->insn[s0 + i]);
		const struct issue_insn *x = &d->ti;
		const struct issue_class *k = issue_class_of(m->model, x);
		if (!memoable(k, d) || b->nreads + 3 > MEMO_MAX_READS)
			break;
		const uint8_t f = x->flags;
		uint8_t mul = k->kind == IK_IMUL ? MEMO_RD_MUL : 0;
		if (f & IOP_RA)
			add_read(b, issue_reg(x->a, f, IOP_AFP),
			         (uint8_t)(mul | ((k->tflags & T_TEST) ? MEMO_RD_TEST : 0)), written);
		if (f & IOP_RB)
			add_read(b, issue_reg(x->b, f, IOP_BFP), mul, written);
		if (f & IOP_RC)
			add_read(b, issue_reg(x->c, f, IOP_CFP), 0, written);
		if (x->c != ISSUE_SINK) {
			unsigned g = issue_reg(x->c, f, IOP_CFP);
			if (!written[g])
				b->write_g[b->nwrites++] = (uint8_t)g;
			written[g] = true;
		}
		if (k->kind == IK_IMUL) {
			b->units |= 1;
			b->nmul++;
		}
		if (k->kind == IK_FDIV)
			b->units |= 2;
		if (i && !((b->pc + 4 * i) & 15))
			b->newblk |= (uint16_t)(1u << i);
		b->n = (uint8_t)(i + 1);
		if (k->kind >= IK_COND && k->kind <= IK_REI)
			break;
	}
	/* the plain reads first: memo_key's tight loop */
	unsigned plain = 0;
	for (unsigned i = 0; i < b->nreads; i++)
		if (!b->read_f[i]) {
			uint8_t g = b->read_g[i], f = b->read_f[i];
			b->read_g[i] = b->read_g[plain];
			b->read_f[i] = b->read_f[plain];
			b->read_g[plain] = g;
			b->read_f[plain++] = f;
		}
	b->nplain = (uint8_t)plain;
	unsigned klen = 3 + __builtin_popcount(b->units);
	for (unsigned i = 0; i < b->nreads; i++)
		klen += (b->read_f[i] & MEMO_RD_TEST) ? 2 : 1;
	b->klen = (uint8_t)klen;
}

/* memo_block's look-up in the hash table, and the making of a block. */
static struct memo_block *lookup(struct memo *m, const struct dpage *p, uint64_t pc,
                                 uint32_t space, struct truth_page *tp, struct cpu *c)
{
	unsigned h = hash(pc, space);
	for (struct memo_block **q = &m->bucket[h], *b; (b = *q); q = &b->next)
		if (b->pc == pc && b->space == space && b->page == p) {
			if (b->gen == p->gen)
				return b;
			/* its code changed: made again below */
			*q = b->next;
			if (m->rec.b == b)
				memo_rec_abort(m);
			memo_flush(m);
			free_block(b);
			m->nblocks--;
			m->prev = NULL;
			m->epoch++;
			break;
		}
	if (m->nblocks >= MEMO_MAX_BLOCKS)
		forget_all(m);
	struct memo_block *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->page = p;
	b->gen = p->gen;
	b->pc = pc;
	b->space = space;
	b->tp = tp;
	scan(m, b, c);
	b->next = m->bucket[h];
	m->bucket[h] = b;
	m->nblocks++;
	return b;
}

struct memo_block *memo_block(struct memo *m, struct cpu *c, uint64_t pc, uint32_t space,
                              struct truth_page *tp)
{
	const struct dpage *p = c->ipage;
	struct memo_block *prev = m->prev;
	if (prev && prev->succ_epoch == m->epoch)
		for (unsigned i = 0; i < 2; i++) {
			struct memo_block *b = prev->succ[i];
			if (b && b->pc == pc && b->space == space && b->page == p && b->gen == p->gen)
				return b;
		}
	struct memo_block *b = lookup(m, p, pc, space, tp, c);
	if (b && (prev = m->prev)) {
		/* the hint (freeing a block clears m->prev) */
		if (prev->succ_epoch != m->epoch) {
			prev->succ[0] = NULL;
			prev->succ_epoch = m->epoch;
		}
		prev->succ[1] = prev->succ[0];
		prev->succ[0] = b;
	}
	return b;
}

/* A cycle relative to base into *out, 0 at or before it; nonzero if
 * it is too far ahead for a key (2^24 cycles). */
static inline uint32_t rel(uint64_t x, uint64_t base, uint32_t *out)
{
	uint64_t r = x > base ? x - base : 0;
	*out = (uint32_t)r & 0xffffff;
	return r >> 24 ? 1 : 0;
}

bool memo_key(const struct memo *m, const struct memo_block *b, const struct issue_state *s,
              uint64_t pc, uint32_t *key)
{
	const uint64_t tl = s->tl;
	uint32_t r, r1, bad = 0;
	/* continuing its predecessor's fetch block: the pipes of cycle tl
	 * (SLOT counters never have all bits set) */
	key[0] = pc == s->next_seq && (pc & 15) ? s->slots : UINT32_MAX;
	/* a redirect counts only after tl + 1, the earliest a new block
	 * instance issues; with its cause */
	bad |= rel(s->redirect, tl + 1, &r);
	key[1] = r ? r | (uint32_t)s->redirect_cause << 24 : 0;
	/* E0 taken in cycle tl itself matters to a co-issued instruction */
	bad |= rel(s->e0_wb[0] + 1, tl, &r) | rel(s->e0_wb[1] + 1, tl, &r1);
	key[2] = r | r1 << 12;
	bad |= (r | r1) >> 12;
	unsigned j = 3;
	if (b->units & 1)
		bad |= rel(s->imul_free, tl, &key[j++]);
	if (b->units & 2)
		bad |= rel(s->fdiv_free, tl, &key[j++]);
	for (unsigned i = 0; i < b->nplain; i++) {
		unsigned g = b->read_g[i];
		uint64_t x = s->ready[g];
		uint64_t d = x > tl ? x - tl : 0;
		bad |= (uint32_t)(d >> 24);
		key[j++] = d ? (uint32_t)d | (uint32_t)s->rcause[g] << 24 : 0;
	}
	for (unsigned i = b->nplain; i < b->nreads; i++) {
		unsigned g = b->read_g[i];
		/* a multiply's operand counts from mulfloor before tl (its
		 * missing bypass), with the cause that says which */
		uint64_t base = (b->read_f[i] & MEMO_RD_MUL) && tl > m->mulfloor ? tl - m->mulfloor : tl;
		bad |= rel(s->ready[g], base, &r);
		r1 = 0;
		if (b->read_f[i] & MEMO_RD_TEST)
			bad |= rel(s->tready[g], tl, &r1);
		key[j++] = r | r1 ? r | (uint32_t)s->rcause[g] << 24 : 0;
		if (b->read_f[i] & MEMO_RD_TEST)
			key[j++] = r1;
	}
	return !bad;
}

bool memo_rec_start(struct memo *m, struct memo_block *b, const uint32_t *key, uint64_t tl0)
{
	if (b->nvar == MEMO_VARIANTS) {
		/* the variant used longest ago makes room, its truth first */
		memo_flush(m);
		free(b->var[--b->nvar]);
	}
	/* a recording is dropped more often than kept: its memory is the
	 * next one's */
	struct memo_variant *v = m->spare ? m->spare : malloc(sizeof *v);
	if (!v)
		return false;
	m->spare = NULL;
	memset(v, 0, sizeof *v);
	v->b = b;
	memcpy(v->key, key, b->klen * sizeof *key);
	m->rec = (struct memo_rec){ .b = b, .v = v, .tl0 = tl0 };
	return true;
}

void memo_rec_done(struct memo *m)
{
	struct memo_block *b = m->rec.b;
	b->fails = 0;
	b->var[b->nvar++] = b->var[0];      /* the new one first */
	b->var[0] = m->rec.v;
	m->rec.b = NULL;
}

void memo_rec_abort(struct memo *m)
{
	if (m->rec.b) {   /* the spare is empty: memo_rec_start took it */
		memo_failed(m->rec.b);
		m->spare = m->rec.v;
	}
	m->rec.b = NULL;
}

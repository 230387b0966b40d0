/*
 * memo.c - the block-schedule memo (chip/memo.h): its blocks, their
 * entry states, recordings and replays on the timed loop.
 */
#include "chip/memo.h"
#include "chip/timed_step.h"
#include <stdlib.h>
#include <string.h>

#define MEMO_HASH       4096
/* Past this many blocks the memo starts again empty (a bound on host
 * memory; blocks are made again as they run). */
#define MEMO_MAX_BLOCKS 65536

/* One more whole replay of v: its truth (count, head cycles by cause:
 * the static part) and its issue cycles wait for memo_flush; its block's
 * failures in a row (memo_failed) end. */
static inline void memo_ran(struct memo *m, struct memo_variant *v)
{
	v->b->fails = 0;
	if (!v->runs++) {
		v->dirty = m->dirty;
		m->dirty = v;
	}
}

/* b's variant for key, or NULL; the one found moves to the front.
 * (Keys are a few words: a loop without branches beats a call of
 * memcmp.) */
static inline struct memo_variant *memo_find(struct memo_block *b, const uint32_t *key)
{
	for (unsigned i = 0; i < b->nvar; i++) {
		struct memo_variant *v = b->var[i];
		uint32_t diff = 0;
		for (unsigned j = 0; j < b->klen; j++)
			diff |= v->key[j] ^ key[j];
		if (!diff) {
			b->var[i] = b->var[0];
			b->var[0] = v;
			return v;
		}
	}
	return NULL;
}

/* A recording of b dropped, or a replay of it stopped at its first
 * instruction: the MEMO_TRIES-th in a row sets it resting. */
static inline void memo_failed(struct memo_block *b)
{
	if (++b->fails >= MEMO_TRIES) {
		b->fails = 0;
		b->rest = MEMO_REST;
	}
}

/* Whether b rests this execution (which counts against its rest). */
static inline bool memo_resting(struct memo_block *b)
{
	if (!b->rest)
		return false;
	b->rest--;
	return true;
}

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

/* The block starting at pc (slot of c->ipage, in address space `space`,
 * truth page tp), found or made; NULL if out of host memory.  n is 0
 * when no block can start there.  m->prev, when the caller has set it,
 * is where to look first (the block before, replayed whole). */
static struct memo_block *memo_block(struct memo *m, struct cpu *c, uint64_t pc,
                                     uint32_t space, struct truth_page *tp)
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

/* The entry state of block b after the schedule s (tl0 = s->tl) into
 * key; false if it is out of the memo's range. */
static bool memo_key(const struct memo *m, const struct memo_block *b,
                     const struct issue_state *s, uint64_t pc, uint32_t *key)
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

/* Start recording b for key (false: out of host memory).  The variant
 * joins the block when the recording ends whole (memo_rec_done). */
static bool memo_rec_start(struct memo *m, struct memo_block *b, const uint32_t *key,
                           uint64_t tl0)
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

static void memo_rec_done(struct memo *m)
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

/* ---- replaying and recording on the timed loop ------------------------ */

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
int memo_run(struct timing *tm, struct cpu *c, uint64_t *pcp, enum pmu_mode mode)
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
		m->replayed += b->n;
		m->prev = b;
		return 1;
	}
	if (!i)
		memo_failed(b);
	m->replayed += i;
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
void memo_capture(struct timing *tm, const struct cpu *c, const struct dinsn *d,
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

const struct memo_insn *memo_unwound(struct timing *tm, struct cpu *c)
{
	if (!tm->rep.b)
		return NULL;
	/* the counters count up to its boundary, the instructions before
	 * it get their truth */
	if (tm->rep.counting)
		intr_count_quiet(c, tm->rep.tl0, tm->is.t, (enum pmu_mode)tm->rep.mode);
	const struct memo_block *b = tm->rep.b;
	for (unsigned i = 0; i < tm->rep.i; i++) {
		memo_commit(tm, c, &c->ipage->insn[((b->pc & PAGE_MASK) >> 2) + i],
		            b->pc + 4ull * i, tm->rep.tl0 + tm->rep.v->in[i].t);
		memo_truth_insn(b, tm->rep.v, i);
	}
	tm->memo.replayed += tm->rep.i;
	return &tm->rep.v->in[tm->rep.i];
}

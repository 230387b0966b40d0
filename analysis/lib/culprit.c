/*
 * culprit.c - the dynamic culprits that cannot be ruled out
 * (analysis/lib/culprit.h).
 */
#include "analysis/lib/culprit.h"
#include "isa/isa.h"
#include "timing/issue.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct an_culprit_info an_culprit_table[AN_C_N] = {
#define CULPRIT(id, letter, truth, desc) [AN_C_##id] = { #id, letter, truth, desc },
#include "analysis/lib/culprit.def"
#undef CULPRIT
};

#define BIT(c) (1u << AN_C_##c)
#define FP 32                 /* register numbers: F0-F31 are 32-63 */

void an_culprit_defaults(struct an_culprit_opts *o, const struct params *p)
{
	uint64_t wb = p->wb_entries * p->wb_retire;
	*o = (struct an_culprit_opts){
		.z = 2.0,
		.min_stall = 0.5,
		.dmiss_window = (uint32_t)p->lat_mem,
		.wb_window = (uint32_t)wb,
		.imul_window = (uint32_t)p->imulq_busy,
		.fdiv_window = (uint32_t)p->fdivt_busy,
		.icache_line = (uint32_t)p->icache_line,
		.page = 8192,          /* docs/ev5.md "Memory system" */
		.imiss_cost = (uint32_t)p->lat_mem,
		.imiss_period = 0,
		.slot_window = 1,
	};
	/* the schedule's own latencies (timing/issue.h), for a result of a
	 * preceding block */
	struct issue_model m;
	issue_model_init(&m, p);
	for (unsigned op = 0; op < OP_COUNT; op++) {
		o->lat[op] = m.cls[op].lat;
		if (o->lat[op] > o->lat_window)
			o->lat_window = o->lat[op];
	}
}

void an_culprit_codes(uint32_t set, char *buf, size_t len)
{
	size_t n = 0;
	for (unsigned c = 0; c < AN_C_N && n + 1 < len; c++)
		if (set >> c & 1)
			buf[n++] = an_culprit_table[c].letter;
	if (len)
		buf[n] = 0;
}

/* ---- registers ------------------------------------------------------------ */

static bool named(unsigned op, const char *prefix)
{
	return op < OP_COUNT && !strncmp(isa_table[op].name, prefix, strlen(prefix));
}

/* The registers instruction (w, op) reads, R31 and F31 left out. */
static size_t sources(uint32_t w, unsigned op, unsigned *r)
{
	if (op >= OP_COUNT)
		return 0;
	const struct isa_insn *d = &isa_table[op];
	unsigned a = INSN_RA(w) + (d->flags & I_FPA ? FP : 0);
	unsigned b = INSN_RB(w) + (d->flags & I_FPB ? FP : 0);
	unsigned c = INSN_RC(w) + (d->flags & I_FPC ? FP : 0);
	bool lit = INSN_ISLIT(w);
	unsigned v[3], n = 0;
	switch (d->args) {
	case A_MEM:
	case A_FMEM:
	case A_HWMEM:
		if (d->flags & I_STORE)
			v[n++] = a;
		v[n++] = INSN_RB(w);
		break;
	case A_OPR:
		v[n++] = a;
		/* fallthrough */
	case A_OPRBC:
		if (!lit)
			v[n++] = INSN_RB(w);
		if (named(op, "cmov"))
			v[n++] = INSN_RC(w);
		break;
	case A_FOPR:
		v[n++] = a;
		/* fallthrough */
	case A_FOPRBC:
		v[n++] = b;
		if (named(op, "fcmov"))
			v[n++] = c;
		break;
	case A_BRA:
		if (d->flags & I_COND)
			v[n++] = a;
		break;
	case A_FBRA:
	case A_FTOI:
	case A_ITOF:
	case A_HWMTPR:
		v[n++] = a;
		break;
	case A_FOPRA:
		if (!(d->flags & I_WRA))
			v[n++] = a;
		break;
	case A_JMP:
	case A_MEMB:
		v[n++] = INSN_RB(w);
		break;
	default:
		break;
	}
	size_t k = 0;
	for (unsigned j = 0; j < n; j++)
		if (v[j] % 32 != 31)
			r[k++] = v[j];
	return k;
}

/* The register it writes, or -1. */
static int dest(uint32_t w, unsigned op)
{
	if (op >= OP_COUNT)
		return -1;
	const struct isa_insn *d = &isa_table[op];
	int fp = d->flags & I_FPC ? FP : 0;
	int r = d->flags & I_WRC ? (int)INSN_RC(w) : d->flags & I_WRA ? (int)INSN_RA(w) : -1;
	return r < 0 || r == 31 ? -1 : r + fp;
}

static unsigned lat_class(const struct an_cfg *g, uint32_t i)
{
	return g->op[i] < OP_COUNT ? isa_table[g->op[i]].lat : L_NONE;
}

static unsigned flags(const struct an_cfg *g, uint32_t i)
{
	return g->op[i] < OP_COUNT ? isa_table[g->op[i]].flags : 0;
}

static bool is_imul(const struct an_cfg *g, uint32_t i)
{
	unsigned l = lat_class(g, i);
	return l == L_IMULL || l == L_IMULQ || l == L_UMULH;
}

static bool is_fdiv(const struct an_cfg *g, uint32_t i)
{
	unsigned l = lat_class(g, i);
	return l == L_FDIVS || l == L_FDIVT;
}

/* ---- walking backwards ------------------------------------------------------ */

/* What a backward walk looks for. */
struct look {
	unsigned reg;                /* WANT_PRODUCER: the register         */
	enum { WANT_PRODUCER, WANT_STORE, WANT_IMUL, WANT_FDIV, WANT_XBLOCK } want;
	uint32_t window;
	bool found;                  /* a match within the window           */
	bool entry;                  /* the walk left the procedure in time */
	int32_t load;                /* WANT_PRODUCER: the load found       */
};

/* Is instruction j (dist cycles before, crossed: in another block
 * instance) what the look wants?  True ends the path there. */
static bool visit(const struct an_cfg *g, const struct an_culprit_opts *o, struct look *l,
                  uint32_t j, uint32_t dist, bool crossed)
{
	switch (l->want) {
	case WANT_XBLOCK:
		/* the nearest writer, of another block instance, whose result
		 * comes later than the schedule lets i issue */
		if (dest(g->word[j], g->op[j]) != (int)l->reg)
			return false;
		l->found |= crossed && g->op[j] < OP_COUNT && dist < o->lat[g->op[j]];
		return true;
	case WANT_PRODUCER:
		if (dest(g->word[j], g->op[j]) != (int)l->reg)
			return false;
		if (flags(g, j) & I_LOAD) {
			l->found = true;
			if (l->load < 0)
				l->load = (int32_t)j;
		}
		return true;
	case WANT_STORE:
		l->found |= (flags(g, j) & I_STORE) != 0;
		return l->found;
	case WANT_IMUL:
		l->found |= crossed && is_imul(g, j);
		return l->found;
	case WANT_FDIV:
		l->found |= crossed && is_fdiv(g, j);
		return l->found;
	}
	return true;
}

struct at {
	uint32_t insn, dist;
	bool crossed;
};

struct walk {
	struct at *stack;
	size_t sp;
	uint32_t *best;              /* least distance each insn was reached at */
};

/* Reach instruction j at distance d: visit it, and go on from it unless
 * the look ends the path there or it was reached closer before. */
static bool reach(const struct an_cfg *g, const struct an_culprit_opts *o, struct look *l,
                  struct walk *w, uint32_t j, uint32_t d, bool crossed)
{
	if (d >= w->best[j])
		return true;
	w->best[j] = d;
	if (visit(g, o, l, j, d, crossed))
		return true;
	if (!xalloc_room((void **)&w->stack, w->sp, sizeof *w->stack))
		return false;
	w->stack[w->sp++] = (struct at){ j, d, crossed };
	return true;
}

/* Walk back from instruction i along every path while the static cycles
 * in between (the M of the instructions after the one visited, up to and
 * including i) stay below the window. */
static bool walk(const struct an_cfg *g, const struct an_sched_insn *s,
                 const struct an_culprit_opts *o, uint32_t i, struct look *l, struct walk *w)
{
	for (size_t j = 0; j < g->ninsn; j++)
		w->best[j] = UINT32_MAX;
	w->sp = 0;
	bool ok = true;
	for (struct at cur = { i, 0, false };; cur = w->stack[--w->sp]) {
		uint32_t d = cur.dist + s[cur.insn].m;
		uint32_t b = g->block_of[cur.insn];
		if (d < l->window && cur.insn > g->b[b].first)
			ok = reach(g, o, l, w, cur.insn - 1, d, cur.crossed);
		for (uint32_t k = g->pred_at[b];
		     d < l->window && cur.insn == g->b[b].first && ok && k < g->pred_at[b + 1]; k++) {
			const struct an_edge *e = &g->e[g->pred[k]];
			if (e->src >= g->nb)
				l->entry = true;    /* the caller's code: unknown */
			else
				ok = reach(g, o, l, w, g->b[e->src].first + g->b[e->src].n - 1, d, true);
		}
		if (!ok || !w->sp)
			return ok;
	}
}

/* ---- the rules ------------------------------------------------------------------ */

/* Is block b entered other than by falling into it in sequence? */
static bool transfer_target(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t k = g->pred_at[b]; k < g->pred_at[b + 1]; k++)
		if (g->e[g->pred[k]].kind != AN_E_fall)
			return true;
	return false;
}

/* Is block b reached from a conditional branch (either way) or as the
 * target of a computed transfer (a jump, a return, a call)? */
static bool after_prediction(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t k = g->pred_at[b]; k < g->pred_at[b + 1]; k++) {
		const struct an_edge *e = &g->e[g->pred[k]];
		switch (e->kind) {
		case AN_E_taken:
		case AN_E_table:
		case AN_E_hint:
		case AN_E_entry:
		case AN_E_orphan:
			return true;
		case AN_E_fall:
			if (e->src < g->nb &&
			    (flags(g, g->b[e->src].first + g->b[e->src].n - 1) & I_COND))
				return true;
			break;
		case AN_E_callret: {
			unsigned op = g->op[g->b[e->src].first + g->b[e->src].n - 1];
			if (op != OP_call_pal)
				return true;     /* the callee's RET comes back here */
			break;
		}
		default:
			break;
		}
	}
	return false;
}

/* Is block b entered by falling into it from the block before? */
static bool fallen_into(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t k = g->pred_at[b]; k < g->pred_at[b + 1]; k++)
		if (g->e[g->pred[k]].kind == AN_E_fall)
			return true;
	return false;
}

static bool after_call_pal(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t k = g->pred_at[b]; k < g->pred_at[b + 1]; k++) {
		const struct an_edge *e = &g->e[g->pred[k]];
		if (e->kind == AN_E_callret &&
		    g->op[g->b[e->src].first + g->b[e->src].n - 1] == OP_call_pal)
			return true;
	}
	return false;
}

/* With IMISS samples: could I-cache misses explain the stall of i and
 * leave no IMISS sample on it?  The fewest misses that explain it are
 * its stall cycles over the most one miss costs; with 3 or more IMISS
 * samples expected from those, none seen rules misses out (Poisson:
 * e^-3 = 5%). */
static bool imiss_possible(const struct an_culprit_opts *o, double imiss, double stall_cycles)
{
	if (o->imiss_period <= 0 || imiss > 0)
		return true;
	double misses = stall_cycles / o->imiss_cost;
	return misses / o->imiss_period < 3;
}

static uint32_t rules(const struct an_cfg *g, const struct an_sched_insn *s, uint32_t i,
                      double stall_cycles, double imiss, const struct an_culprit_opts *o,
                      struct walk *w, int32_t *load, bool *ok)
{
	uint32_t set = 0, b = g->block_of[i];
	bool first = g->b[b].first == i;
	uint64_t pc = an_cfg_pc(g, i);
	unsigned f = flags(g, i);
	if (((first && transfer_target(g, b)) || pc % o->icache_line == 0) &&
	    imiss_possible(o, imiss, stall_cycles))
		set |= BIT(icache);
	if ((first && transfer_target(g, b)) || pc % o->page == 0)
		set |= BIT(itb);
	unsigned r[3];
	size_t nr = sources(g->word[i], g->op[i], r);
	for (size_t k = 0; *ok && k < nr; k++) {
		struct look l = { r[k], WANT_PRODUCER, o->dmiss_window, false, false, -1 };
		*ok = walk(g, s, o, i, &l, w);
		if (l.found) {
			set |= BIT(dcache);
			if (*load < 0)
				*load = l.load;
		}
	}
	/* a preceding block's: a result the schedule, which starts each
	 * block with every register ready, does not wait for; or the issue
	 * pairs of the block's first cycles, which follow where the block
	 * before left off rather than the schedule's fresh start */
	for (size_t k = 0; *ok && k < nr && !(set & BIT(xblock)); k++) {
		struct look l = { r[k], WANT_XBLOCK, o->lat_window, false, false, -1 };
		*ok = walk(g, s, o, i, &l, w);
		if (l.found)
			set |= BIT(xblock);
	}
	uint32_t since = 0;
	for (uint32_t k = g->b[b].first + 1; k <= i; k++)
		since += s[k].m;
	if (since < o->slot_window && fallen_into(g, b))
		set |= BIT(xblock);
	if (f & (I_LOAD | I_STORE))
		set |= BIT(dtb);
	if (f & I_STORE) {
		struct look l = { 0, WANT_STORE, o->wb_window, false, false, -1 };
		*ok = *ok && walk(g, s, o, i, &l, w);
		if (l.found || l.entry)
			set |= BIT(wbuf);
	}
	if (first && after_prediction(g, b))
		set |= BIT(misp);
	if (is_imul(g, i) || is_fdiv(g, i)) {
		bool mul = is_imul(g, i);
		struct look l = { 0, mul ? WANT_IMUL : WANT_FDIV, mul ? o->imul_window : o->fdiv_window,
		                  false, false, -1 };
		*ok = *ok && walk(g, s, o, i, &l, w);
		if (l.found || l.entry)
			set |= mul ? BIT(imul) : BIT(fdiv);
	}
	if (g->op[i] == OP_mb || g->op[i] == OP_wmb || (f & I_LOCK))
		set |= BIT(sync);
	if (first && after_call_pal(g, b))
		set |= BIT(pal);
	return set ? set : BIT(none);
}

bool an_culprits_find(struct an_culprits *out, const struct an_cfg *g,
                      const struct an_equiv *q, const struct an_estimate *e,
                      const struct an_sched_insn *s, const double *imiss,
                      const struct an_culprit_opts *o)
{
	struct walk w = { NULL, 0, malloc((g->ninsn + 1) * sizeof *w.best) };
	bool ok = w.best != NULL;
	for (uint32_t i = 0; ok && i < g->ninsn; i++) {
		const struct an_insn_est *x = &e->insn[i];
		double f = e->cls[q->class_of[g->block_of[i]]].freq, mean = f * x->m;
		double excess = x->samples - mean;
		out[i] = (struct an_culprits){ false, 0, -1 };
		if (excess <= o->z * sqrt(mean) + 1 || (!isnan(x->stall) && x->stall < o->min_stall))
			continue;
		out[i].stalled = true;
		/* the cycles beyond M over all its executions */
		double stall_cycles = x->cycles - x->count * x->m;
		out[i].set = rules(g, s, i, stall_cycles, imiss ? imiss[i] : 0, o, &w,
		                   &out[i].load, &ok);
	}
	free(w.stack);
	free(w.best);
	return ok;
}

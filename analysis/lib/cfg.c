/*
 * cfg.c - basic blocks and edges of one procedure (analysis/lib/cfg.h).
 *
 * Leaders are the entry points, the targets of branches and resolved
 * computed jumps inside the procedure, and every instruction after a
 * transfer of control (a call included: DCPI schedules each block
 * separately, and the instruction after a call issues after a return,
 * not in sequence).  Jump tables are found on the graph built so far;
 * their targets become leaders and the graph is built again, until no
 * new table appears.
 */
#include "analysis/lib/cfg.h"
#include "analysis/lib/jtab.h"
#include "isa/isa.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const an_edge_kind_name[AN_E_N] = {
#define X(n, v, d) #n,
	AN_EDGE_KINDS(X)
#undef X
};

/* Resolved computed jumps, by instruction, and the jumps whose table a
 * check refused (never resolved again). */
struct resolved {
	struct an_jtab *t;
	size_t n;
	uint32_t *banned;
	size_t nbanned;
};

static bool banned(const struct resolved *r, uint32_t insn)
{
	for (size_t k = 0; k < r->nbanned; k++)
		if (r->banned[k] == insn)
			return true;
	return false;
}

static const struct an_jtab *resolved_at(const struct resolved *r, uint32_t insn)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->t[i].insn == insn)
			return &r->t[i];
	return NULL;
}

static unsigned flags_of(const struct an_cfg *g, size_t i)
{
	return g->op[i] < OP_COUNT ? isa_table[g->op[i]].flags : 0;
}

static bool is_call(unsigned op)
{
	return op == OP_bsr || op == OP_jsr || op == OP_jsr_coroutine || op == OP_call_pal;
}

/* Does instruction i end its block whatever follows? */
static bool ends_block(const struct an_cfg *g, size_t i)
{
	return g->op[i] >= OP_COUNT || (flags_of(g, i) & I_BRANCH);
}

/* Where the branch at i goes (BR, BSR, conditional branches). */
static uint64_t branch_target(const struct an_cfg *g, size_t i)
{
	return an_cfg_pc(g, i) + 4 + 4 * (int64_t)INSN_DISP21(g->word[i]);
}

/* A JMP/JSR hint, a displacement from PC + 4 (0: none). */
static bool hint_target(const struct an_cfg *g, size_t i, uint64_t *to)
{
	uint32_t h = INSN_JHINT(g->word[i]);
	*to = an_cfg_pc(g, i) + 4 + 4 * (int64_t)INSN_DISP14(g->word[i]);
	return h != 0;
}

long an_cfg_insn_at(const struct an_cfg *g, uint64_t pc)
{
	if ((pc & 3) || pc < g->start || (pc - g->start) / 4 >= g->ninsn)
		return -1;
	return (long)((pc - g->start) / 4);
}

long an_cfg_block_at(const struct an_cfg *g, uint64_t pc)
{
	long i = an_cfg_insn_at(g, pc);
	if (i < 0 || g->b[g->block_of[i]].first != (uint32_t)i)
		return -1;
	return (long)g->block_of[i];
}

bool an_cfg_has_edge(const struct an_cfg *g, uint32_t a, uint32_t b, enum an_edge_kind k)
{
	for (uint32_t j = g->succ_at[a]; j < g->succ_at[a + 1]; j++)
		if (g->e[g->succ[j]].dst == b && g->e[g->succ[j]].kind == k)
			return true;
	return false;
}

static void mark(const struct an_cfg *g, bool *leader, uint64_t pc)
{
	long i = an_cfg_insn_at(g, pc);
	if (i >= 0)
		leader[i] = true;
}

/* Is word w a no-op GCC pads with (NOP, UNOP, FNOP)? */
static bool pad_word(uint32_t w)
{
	return w == 0x47ff041f || w == 0x2ffe0000 || w == 0x5fff041f;
}

/* Does instruction i never go on to i + 1 (BR, JMP, RET, HW_REI)? */
static bool unconditional(const struct an_cfg *g, size_t i)
{
	unsigned op = g->op[i];
	return op == OP_br || op == OP_jmp || op == OP_ret || op == OP_hw_rei;
}

static void find_leaders(const struct an_cfg *g, bool *leader, const uint64_t *entries,
                         size_t nentries, const struct resolved *r)
{
	memset(leader, 0, g->ninsn);
	leader[0] = true;
	for (size_t k = 0; k < nentries; k++)
		mark(g, leader, entries[k]);
	for (size_t i = 0; i < g->ninsn; i++) {
		if (!ends_block(g, i))
			continue;
		if (i + 1 < g->ninsn)
			leader[i + 1] = true;
		/* the alignment padding after a transfer that does not fall
		 * through is a block of its own: the code after it starts one
		 * even when no transfer the graph knows yet goes there (a case
		 * of a table not resolved), so the never-run padding is never
		 * counted with it (docs/analysis.md, "Control flow") */
		size_t j = i + 1;
		while (unconditional(g, i) && j < g->ninsn && pad_word(g->word[j]))
			j++;
		if (j > i + 1 && j < g->ninsn)
			leader[j] = true;
		uint64_t to;
		if ((flags_of(g, i) & I_COND) || g->op[i] == OP_br)
			mark(g, leader, branch_target(g, i));
		else if (g->op[i] == OP_jmp && hint_target(g, i, &to))
			mark(g, leader, to);
	}
	for (size_t k = 0; k < r->n; k++)
		for (size_t j = 0; j < r->t[k].n; j++)
			mark(g, leader, r->t[k].target[j]);
}

/* ---- edges ---------------------------------------------------------------- */

struct edges {
	struct an_edge *e;
	size_t n;
};

static bool push_edge(struct edges *v, uint32_t src, uint32_t dst, enum an_edge_kind k)
{
	if (!xalloc_room((void **)&v->e, v->n, sizeof *v->e))
		return false;
	v->e[v->n++] = (struct an_edge){ src, dst, (uint8_t)k };
	return true;
}

/* An edge to the block at pc when it is in the procedure, else to EXIT. */
static bool edge_to(const struct an_cfg *g, struct edges *v, uint32_t src, uint64_t pc,
                    enum an_edge_kind in, enum an_edge_kind out)
{
	long t = an_cfg_block_at(g, pc);
	return t >= 0 ? push_edge(v, src, (uint32_t)t, in) : push_edge(v, src, g->exit, out);
}

static bool push_call(struct an_cfg *g, uint32_t insn, uint64_t target)
{
	struct an_call *c = realloc(g->call, (g->ncall + 1) * sizeof *c);
	if (!c)
		return false;
	g->call = c;
	g->call[g->ncall++] = (struct an_call){ insn, target };
	return true;
}

/* The edges leaving block b, by what its last instruction does. */
static bool block_edges(struct an_cfg *g, struct edges *v, uint32_t b, const struct resolved *r)
{
	uint32_t i = g->b[b].first + g->b[b].n - 1;
	uint64_t next = an_cfg_pc(g, i + 1), to;
	unsigned op = g->op[i];
	if (op >= OP_COUNT)
		return push_edge(v, b, g->exit, AN_E_stop);
	if (flags_of(g, i) & I_COND)
		return edge_to(g, v, b, branch_target(g, i), AN_E_taken, AN_E_tail) &&
		       edge_to(g, v, b, next, AN_E_fall, AN_E_out);
	if (op == OP_br)
		return edge_to(g, v, b, branch_target(g, i), AN_E_br, AN_E_tail);
	if (is_call(op)) {
		uint64_t callee = op == OP_bsr ? branch_target(g, i)
		                : op == OP_call_pal ? 0 : (hint_target(g, i, &to) ? to : 0);
		return push_call(g, i, callee) && edge_to(g, v, b, next, AN_E_callret, AN_E_out);
	}
	if (op == OP_ret || op == OP_hw_rei)
		return push_edge(v, b, g->exit, AN_E_ret);
	if (op == OP_jmp) {
		const struct an_jtab *t = resolved_at(r, i);
		if (t) {
			/* one edge per distinct target (cases often share one) */
			for (size_t k = 0; k < t->n; k++) {
				size_t j = 0;
				while (j < k && t->target[j] != t->target[k])
					j++;
				if (j == k && !push_edge(v, b, (uint32_t)an_cfg_block_at(g, t->target[k]),
				                         AN_E_table))
					return false;
			}
			return true;
		}
		if (hint_target(g, i, &to)) {
			if (an_cfg_block_at(g, to) < 0)
				return push_edge(v, b, g->exit, AN_E_tail);
			g->unresolved++;
			return push_edge(v, b, (uint32_t)an_cfg_block_at(g, to), AN_E_hint) &&
			       push_edge(v, b, g->exit, AN_E_unknown);
		}
		g->unresolved++;
		return push_edge(v, b, g->exit, AN_E_unknown);
	}
	return edge_to(g, v, b, next, AN_E_fall, AN_E_out);
}

/* ---- adjacency and the virtual edges ------------------------------------- */

static bool build_csr(struct an_cfg *g)
{
	size_t nn = an_cfg_nnodes(g);
	free(g->succ_at);
	free(g->succ);
	free(g->pred_at);
	free(g->pred);
	g->succ_at = calloc(nn + 1, sizeof *g->succ_at);
	g->pred_at = calloc(nn + 1, sizeof *g->pred_at);
	g->succ = malloc((g->ne + 1) * sizeof *g->succ);
	g->pred = malloc((g->ne + 1) * sizeof *g->pred);
	if (!g->succ_at || !g->pred_at || !g->succ || !g->pred)
		return false;
	for (size_t k = 0; k < g->ne; k++) {
		g->succ_at[g->e[k].src + 1]++;
		g->pred_at[g->e[k].dst + 1]++;
	}
	for (size_t v = 0; v < nn; v++) {
		g->succ_at[v + 1] += g->succ_at[v];
		g->pred_at[v + 1] += g->pred_at[v];
	}
	uint32_t *fs = malloc((nn + 1) * sizeof *fs), *fp = malloc((nn + 1) * sizeof *fp);
	if (!fs || !fp) {
		free(fs);
		free(fp);
		return false;
	}
	memcpy(fs, g->succ_at, (nn + 1) * sizeof *fs);
	memcpy(fp, g->pred_at, (nn + 1) * sizeof *fp);
	for (size_t k = 0; k < g->ne; k++) {
		g->succ[fs[g->e[k].src]++] = (uint32_t)k;
		g->pred[fp[g->e[k].dst]++] = (uint32_t)k;
	}
	free(fs);
	free(fp);
	return true;
}

/* Nodes reached from v (forward) or reaching v (backward), into seen. */
static void reach(const struct an_cfg *g, uint32_t v, bool backward, bool *seen, uint32_t *stack)
{
	size_t sp = 0;
	if (seen[v])
		return;
	seen[v] = true;
	stack[sp++] = v;
	while (sp) {
		uint32_t u = stack[--sp];
		const uint32_t *at = backward ? g->pred_at : g->succ_at;
		const uint32_t *adj = backward ? g->pred : g->succ;
		for (uint32_t k = at[u]; k < at[u + 1]; k++) {
			const struct an_edge *e = &g->e[adj[k]];
			uint32_t w = backward ? e->src : e->dst;
			if (!seen[w]) {
				seen[w] = true;
				stack[sp++] = w;
			}
		}
	}
}

/* Is block b only no-ops (NOP, UNOP, FNOP: GCC's alignment padding)? */
static bool padding(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t i = g->b[b].first; i < g->b[b].first + g->b[b].n; i++)
		if (!pad_word(g->word[i]))
			return false;
	return true;
}

/* ENTRY -> the first unreached block until all are reached (in address
 * order, so a region's first block gets the edge; unreached padding goes
 * to EXIT, not into what follows it); then, from the last block that
 * cannot reach EXIT, an edge to EXIT, until all can. */
static bool close_graph(struct an_cfg *g, struct edges *v)
{
	size_t nn = an_cfg_nnodes(g);
	bool *seen = calloc(nn, 1);
	uint32_t *stack = malloc(nn * sizeof *stack);
	bool ok = seen && stack;
	for (int pass = 0; ok && pass < 2; pass++) {
		bool backward = pass == 1;
		memset(seen, 0, nn);
		reach(g, backward ? g->exit : g->entry, backward, seen, stack);
		for (size_t k = 0; ok && k < g->nb; k++) {
			uint32_t b = backward ? (uint32_t)(g->nb - 1 - k) : (uint32_t)k;
			if (seen[b])
				continue;
			for (size_t j = 0; !backward && padding(g, b) && j < v->n; j++)
				if (v->e[j].src == b)
					v->e[j] = (struct an_edge){ b, g->exit, AN_E_padding };
			ok = backward ? push_edge(v, b, g->exit, AN_E_noexit)
			              : push_edge(v, g->entry, b, AN_E_orphan);
			g->e = v->e;
			g->ne = v->n;
			ok = ok && build_csr(g);
			if (ok)
				reach(g, b, backward, seen, stack);
		}
	}
	free(seen);
	free(stack);
	return ok;
}

/* ---- building ------------------------------------------------------------ */

static void free_graph(struct an_cfg *g)
{
	free(g->b);
	free(g->e);
	free(g->succ_at);
	free(g->succ);
	free(g->pred_at);
	free(g->pred);
	free(g->call);
	g->b = NULL;
	g->e = NULL;
	g->succ_at = g->succ = g->pred_at = g->pred = NULL;
	g->call = NULL;
	g->nb = g->ne = g->ncall = g->unresolved = g->tables = 0;
}

static bool build_graph(struct an_cfg *g, const bool *leader, const uint64_t *entries,
                        size_t nentries, const struct resolved *r)
{
	free_graph(g);
	size_t nb = 0;
	for (size_t i = 0; i < g->ninsn; i++)
		nb += leader[i];
	if (!(g->b = malloc(nb * sizeof *g->b)))
		return false;
	for (size_t i = 0; i < g->ninsn; i++) {
		if (leader[i])
			g->b[g->nb++] = (struct an_block){ (uint32_t)i, 0 };
		g->b[g->nb - 1].n++;
		g->block_of[i] = (uint32_t)(g->nb - 1);
	}
	g->entry = (uint32_t)g->nb;
	g->exit = (uint32_t)g->nb + 1;
	g->tables = r->n;
	struct edges v = { NULL, 0 };
	bool ok = push_edge(&v, g->entry, 0, AN_E_entry);
	for (size_t k = 0; ok && k < nentries; k++) {
		long b = an_cfg_block_at(g, entries[k]);
		if (b > 0)
			ok = push_edge(&v, g->entry, (uint32_t)b, AN_E_entry);
	}
	for (uint32_t b = 0; ok && b < g->nb; b++)
		ok = block_edges(g, &v, b, r);
	g->e = v.e;
	g->ne = v.n;
	return ok && build_csr(g) && close_graph(g, &v);
}

/* Jumps newly resolved (optimistically: analysis/lib/jtab.h) to targets all
 * inside the procedure: kept in r; true in *more when there are some. */
static bool resolve(struct an_cfg *g, const struct an_image *im, struct resolved *r, bool *more)
{
	struct an_jtab *t;
	size_t n;
	*more = false;
	if (!an_jtab_find(g, im, true, &t, &n))
		return false;
	for (size_t k = 0; k < n; k++) {
		/* a table found again with more entries (a path it did not know
		 * brings a weaker bound) replaces the one resolved before */
		struct an_jtab *old = (struct an_jtab *)resolved_at(r, t[k].insn);
		bool inside = (!old || old->n < t[k].n) && !banned(r, t[k].insn);
		for (size_t j = 0; inside && j < t[k].n; j++)
			inside = an_cfg_insn_at(g, t[k].target[j]) >= 0;
		if (!inside)
			continue;
		if (old) {
			free(old->target);
			*old = t[k];
			t[k].target = NULL;
			*more = true;
			continue;
		}
		struct an_jtab *nr = realloc(r->t, (r->n + 1) * sizeof *nr);
		if (!nr) {
			an_jtab_free(t, n);
			return false;
		}
		r->t = nr;
		r->t[r->n++] = t[k];
		t[k].target = NULL;
		*more = true;
	}
	an_jtab_free(t, n);
	return true;
}

/* The tables of r checked on the final graph without optimism: one the
 * pass no longer finds with the same targets (a path it did not know
 * changes its base or bound) is dropped and never resolved again; true
 * in *more when one was. */
static bool check_resolved(struct an_cfg *g, const struct an_image *im, struct resolved *r,
                           bool *more)
{
	struct an_jtab *t;
	size_t n;
	*more = false;
	if (!r->n)
		return true;
	if (!an_jtab_find(g, im, false, &t, &n))
		return false;
	size_t kept = 0;
	bool ok = true;
	for (size_t k = 0; k < r->n; k++) {
		const struct an_jtab *now = NULL;
		for (size_t j = 0; j < n && !now; j++)
			if (t[j].insn == r->t[k].insn)
				now = &t[j];
		if (now && now->n == r->t[k].n &&
		    !memcmp(now->target, r->t[k].target, now->n * sizeof *now->target)) {
			r->t[kept++] = r->t[k];
			continue;
		}
		uint32_t *nb = realloc(r->banned, (r->nbanned + 1) * sizeof *nb);
		if (!nb) {
			ok = false;
			r->t[kept++] = r->t[k];
			continue;
		}
		r->banned = nb;
		r->banned[r->nbanned++] = r->t[k].insn;
		free(r->t[k].target);
		*more = true;
	}
	r->n = kept;
	an_jtab_free(t, n);
	return ok;
}

void an_cfg_free(struct an_cfg *g)
{
	free_graph(g);
	free(g->word);
	free(g->op);
	free(g->block_of);
	memset(g, 0, sizeof *g);
}

bool an_cfg_build(struct an_cfg *g, const struct an_image *im, uint64_t start, size_t n,
                  const uint64_t *entries, size_t nentries, char *err, size_t errlen)
{
	memset(g, 0, sizeof *g);
	g->start = start;
	g->ninsn = n;
	if (!n) {
		snprintf(err, errlen, "0x%llx: an empty procedure", (unsigned long long)start);
		return false;
	}
	g->word = malloc(n * sizeof *g->word);
	g->op = malloc(n * sizeof *g->op);
	g->block_of = malloc(n * sizeof *g->block_of);
	bool *leader = malloc(n);
	struct resolved r = { NULL, 0, NULL, 0 };
	bool ok = g->word && g->op && g->block_of && leader, more = true;
	for (size_t i = 0; ok && i < n; i++) {
		if (!an_image_word(im, an_cfg_pc(g, i), &g->word[i])) {
			snprintf(err, errlen, "0x%llx: no instruction loaded there",
			         (unsigned long long)an_cfg_pc(g, i));
			free(leader);
			an_cfg_free(g);
			return false;
		}
		g->op[i] = (uint16_t)isa_decode(g->word[i], NULL);
	}
	while (ok && more) {
		find_leaders(g, leader, entries, nentries, &r);
		ok = build_graph(g, leader, entries, nentries, &r) && resolve(g, im, &r, &more);
		if (ok && !more)
			ok = check_resolved(g, im, &r, &more);
	}
	free(leader);
	an_jtab_free(r.t, r.n);
	free(r.banned);
	if (!ok) {
		snprintf(err, errlen, "0x%llx: out of memory building the CFG",
		         (unsigned long long)start);
		an_cfg_free(g);
	}
	return ok;
}

bool an_cfg_build_proc(struct an_cfg *g, const struct an_image *im, size_t p,
                       char *err, size_t errlen)
{
	const uint64_t *entries;
	size_t ne = an_image_proc_entries(im, p, &entries);
	return an_cfg_build(g, im, im->proc[p].addr, im->proc[p].size / 4, entries, ne,
	                    err, errlen);
}

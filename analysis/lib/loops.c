/*
 * loops.c - natural loops and irreducible regions (analysis/lib/loops.h).
 */
#include "analysis/lib/loops.h"
#include <stdlib.h>
#include <string.h>

static bool real_edge(const struct an_cfg *g, const struct an_edge *e)
{
	return e->src < g->nb && e->dst < g->nb;
}

struct work {
	struct an_loop *l;
	size_t n;
	uint8_t *set;                /* per loop, a byte per block          */
};

static bool new_loop(struct work *w, size_t nb, uint32_t header, bool irreducible)
{
	struct an_loop *l = realloc(w->l, (w->n + 1) * sizeof *l);
	if (!l)
		return false;
	w->l = l;
	uint8_t *s = realloc(w->set, (w->n + 1) * nb + 1);
	if (!s)
		return false;
	w->set = s;
	memset(w->set + w->n * nb, 0, nb);
	w->l[w->n++] = (struct an_loop){ header, AN_NONE, 0, 0, irreducible };
	return true;
}

/* Blocks reaching tail backwards without passing header, into set. */
static void body(const struct an_cfg *g, uint32_t header, uint32_t tail, uint8_t *set,
                 uint32_t *stack)
{
	size_t sp = 0;
	set[header] = 1;
	if (set[tail])
		return;
	set[tail] = 1;
	stack[sp++] = tail;
	while (sp) {
		uint32_t v = stack[--sp];
		for (uint32_t k = g->pred_at[v]; k < g->pred_at[v + 1]; k++) {
			const struct an_edge *e = &g->e[g->pred[k]];
			if (e->src < g->nb && !set[e->src]) {
				set[e->src] = 1;
				stack[sp++] = e->src;
			}
		}
	}
}

/* Tarjan's strongly connected components of the blocks, iteratively:
 * comp[v] gets the component number. */
static bool components(const struct an_cfg *g, uint32_t *comp)
{
	size_t nb = g->nb;
	uint32_t *index = malloc(nb * sizeof *index), *low = malloc(nb * sizeof *low);
	uint32_t *stack = malloc(nb * sizeof *stack), *call = malloc(nb * sizeof *call);
	uint32_t *next = malloc(nb * sizeof *next);
	uint8_t *on = calloc(nb ? nb : 1, 1);
	bool ok = index && low && stack && call && next && on;
	uint32_t counter = 0, ncomp = 0;
	size_t sp = 0, cp = 0;
	for (size_t v = 0; ok && v < nb; v++)
		index[v] = AN_NONE;
	for (uint32_t root = 0; ok && root < nb; root++) {
		if (index[root] != AN_NONE)
			continue;
		call[cp++] = root;
		index[root] = low[root] = counter++;
		next[root] = g->succ_at[root];
		stack[sp++] = root;
		on[root] = 1;
		while (cp) {
			uint32_t v = call[cp - 1];
			if (next[v] < g->succ_at[v + 1]) {
				const struct an_edge *e = &g->e[g->succ[next[v]++]];
				uint32_t w = e->dst;
				if (w >= nb)
					continue;
				if (index[w] == AN_NONE) {
					index[w] = low[w] = counter++;
					next[w] = g->succ_at[w];
					stack[sp++] = w;
					on[w] = 1;
					call[cp++] = w;
				} else if (on[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			cp--;
			if (cp && low[v] < low[call[cp - 1]])
				low[call[cp - 1]] = low[v];
			if (low[v] == index[v]) {
				uint32_t w;
				do {
					w = stack[--sp];
					on[w] = 0;
					comp[w] = ncomp;
				} while (w != v);
				ncomp++;
			}
		}
	}
	free(index);
	free(low);
	free(stack);
	free(call);
	free(next);
	free(on);
	return ok;
}

/* A DFS from ENTRY marks the retreating edges (to a node on the path);
 * those whose target does not dominate their source make their strongly
 * connected component an irreducible loop. */
static bool irreducible(const struct an_cfg *g, const struct an_dom *dom, struct work *w)
{
	size_t nn = an_cfg_nnodes(g), nb = g->nb;
	uint32_t *stack = malloc(nn * sizeof *stack), *next = malloc(nn * sizeof *next);
	uint32_t *comp = malloc((nb ? nb : 1) * sizeof *comp);
	uint8_t *state = calloc(nn, 1);       /* 0 new, 1 on the path, 2 done */
	uint8_t *made = calloc(nb ? nb : 1, 1); /* per component: a loop made */
	bool ok = stack && next && comp && state && made && components(g, comp);
	size_t sp = 0;
	if (ok) {
		stack[sp++] = g->entry;
		next[g->entry] = g->succ_at[g->entry];
		state[g->entry] = 1;
	}
	while (ok && sp) {
		uint32_t v = stack[sp - 1];
		if (next[v] == g->succ_at[v + 1]) {
			state[v] = 2;
			sp--;
			continue;
		}
		const struct an_edge *e = &g->e[g->succ[next[v]++]];
		uint32_t t = e->dst;
		if (state[t] == 0) {
			state[t] = 1;
			next[t] = g->succ_at[t];
			stack[sp++] = t;
		} else if (state[t] == 1 && real_edge(g, e) && !an_dom_dominates(dom, t, v) &&
		           !made[comp[t]]) {
			made[comp[t]] = 1;
			ok = new_loop(w, nb, AN_NONE, true);
			for (uint32_t b = 0; ok && b < nb; b++)
				w->set[(w->n - 1) * nb + b] = comp[b] == comp[t];
		}
	}
	free(stack);
	free(next);
	free(comp);
	free(state);
	free(made);
	return ok;
}

void an_loops_free(struct an_loops *L)
{
	free(L->l);
	free(L->member);
	free(L->inner);
	free(L->depth);
	memset(L, 0, sizeof *L);
}

bool an_loops_same_nest(const struct an_loops *L, uint32_t a, uint32_t b)
{
	return !memcmp(L->member + (size_t)a * L->words, L->member + (size_t)b * L->words,
	               L->words * sizeof *L->member);
}

static bool subset(const uint8_t *a, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] && !b[i])
			return false;
	return true;
}

bool an_loops_build(struct an_loops *L, const struct an_cfg *g, const struct an_dom *dom)
{
	size_t nb = g->nb, nn = an_cfg_nnodes(g);
	memset(L, 0, sizeof *L);
	struct work w = { NULL, 0, NULL };
	uint32_t *stack = malloc(nn * sizeof *stack);
	bool ok = stack != NULL;
	/* natural loops, one per header, in header order */
	for (uint32_t h = 0; ok && h < nb; h++) {
		bool have = false;
		for (uint32_t k = g->pred_at[h]; ok && k < g->pred_at[h + 1]; k++) {
			const struct an_edge *e = &g->e[g->pred[k]];
			if (!real_edge(g, e) || !an_dom_dominates(dom, h, e->src))
				continue;
			if (!have)
				ok = new_loop(&w, nb, h, false);
			have = true;
			if (ok)
				body(g, h, e->src, w.set + (w.n - 1) * nb, stack);
		}
	}
	ok = ok && irreducible(g, dom, &w);
	free(stack);
	L->n = w.n;
	L->l = w.l;
	L->nnodes = nn;
	L->words = (w.n + 63) / 64;
	L->member = calloc(nn * (L->words ? L->words : 1), sizeof *L->member);
	L->inner = malloc(nn * sizeof *L->inner);
	L->depth = calloc(nn, sizeof *L->depth);
	ok = ok && L->member && L->inner && L->depth;
	for (size_t k = 0; ok && k < w.n; k++)
		for (uint32_t b = 0; b < nb; b++)
			if (w.set[k * nb + b]) {
				L->member[(size_t)b * L->words + k / 64] |= 1ull << (k % 64);
				L->l[k].nblocks++;
				L->depth[b]++;
			}
	/* the parent: the smallest other loop holding all of it (of two
	 * with the same blocks, the first made is the outer one) */
	for (size_t k = 0; ok && k < w.n; k++)
		for (size_t j = 0; j < w.n; j++) {
			if (j == k || !subset(w.set + k * nb, w.set + j * nb, nb) ||
			    (L->l[j].nblocks == L->l[k].nblocks && j > k))
				continue;
			uint32_t p = L->l[k].parent;
			if (p == AN_NONE || L->l[j].nblocks < L->l[p].nblocks)
				L->l[k].parent = (uint32_t)j;
		}
	for (size_t k = 0; ok && k < w.n; k++)
		for (uint32_t p = (uint32_t)k; p != AN_NONE; p = L->l[p].parent)
			L->l[k].depth++;
	for (size_t v = 0; ok && v < nn; v++) {
		L->inner[v] = AN_NONE;
		for (size_t k = 0; v < nb && k < w.n; k++)
			if (w.set[k * nb + v] &&
			    (L->inner[v] == AN_NONE || L->l[k].depth > L->l[L->inner[v]].depth))
				L->inner[v] = (uint32_t)k;
	}
	free(w.set);
	if (!ok)
		an_loops_free(L);
	return ok;
}

/*
 * dom.c - Cooper-Harvey-Kennedy dominators (analysis/lib/dom.h).
 */
#include "analysis/lib/dom.h"
#include <stdlib.h>
#include <string.h>

/* The neighbours of v in the direction dominance looks at: the nodes an
 * edge reaches v from (predecessors; successors for post-dominators). */
static void in_edges(const struct an_cfg *g, bool post, uint32_t v, const uint32_t **adj,
                     uint32_t *lo, uint32_t *hi)
{
	const uint32_t *at = post ? g->succ_at : g->pred_at;
	*adj = post ? g->succ : g->pred;
	*lo = at[v];
	*hi = at[v + 1];
}

/* The end of an edge a walk from the root leaves by, and the one it
 * arrives at (the walk runs backwards for post-dominators). */
static uint32_t from_end(const struct an_cfg *g, bool post, uint32_t edge)
{
	return post ? g->e[edge].dst : g->e[edge].src;
}

static uint32_t to_end(const struct an_cfg *g, bool post, uint32_t edge)
{
	return post ? g->e[edge].src : g->e[edge].dst;
}

/* Postorder numbers of the nodes reached from the root (AN_NONE for the
 * others) and the nodes in reverse postorder; returns how many. */
static size_t order(const struct an_cfg *g, bool post, uint32_t root, uint32_t *po,
                    uint32_t *rpo)
{
	size_t n = an_cfg_nnodes(g), count = 0, sp = 0;
	uint32_t *stack = malloc(n * sizeof *stack), *next = malloc(n * sizeof *next);
	if (!stack || !next) {
		free(stack);
		free(next);
		return 0;
	}
	for (size_t v = 0; v < n; v++)
		po[v] = AN_NONE;
	const uint32_t *at = post ? g->pred_at : g->succ_at;
	const uint32_t *adj = post ? g->pred : g->succ;
	uint32_t visiting = AN_NONE - 1;
	stack[sp++] = root;
	next[root] = at[root];
	po[root] = visiting;
	while (sp) {
		uint32_t v = stack[sp - 1];
		if (next[v] < at[v + 1]) {
			uint32_t w = to_end(g, post, adj[next[v]++]);
			if (po[w] == AN_NONE) {
				po[w] = visiting;
				next[w] = at[w];
				stack[sp++] = w;
			}
			continue;
		}
		po[v] = (uint32_t)count;
		rpo[n - 1 - count++] = v;
		sp--;
	}
	memmove(rpo, rpo + n - count, count * sizeof *rpo);
	free(stack);
	free(next);
	return count;
}

static uint32_t intersect(const uint32_t *idom, const uint32_t *po, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (po[a] < po[b])
			a = idom[a];
		while (po[b] < po[a])
			b = idom[b];
	}
	return a;
}

/* Preorder numbers of the dominator tree, iteratively. */
static bool number(struct an_dom *d)
{
	size_t n = d->n;
	uint32_t *child_at = calloc(n + 1, sizeof *child_at), *child = malloc(n * sizeof *child);
	uint32_t *stack = malloc(n * sizeof *stack), *fill = malloc((n + 1) * sizeof *fill);
	bool ok = child_at && child && stack && fill;
	if (ok) {
		for (size_t v = 0; v < n; v++)
			if (d->idom[v] != AN_NONE)
				child_at[d->idom[v] + 1]++;
		for (size_t v = 0; v < n; v++)
			child_at[v + 1] += child_at[v];
		memcpy(fill, child_at, (n + 1) * sizeof *fill);
		for (size_t v = 0; v < n; v++)
			if (d->idom[v] != AN_NONE)
				child[fill[d->idom[v]]++] = (uint32_t)v;
		for (size_t v = 0; v < n; v++)
			d->pre[v] = d->last[v] = AN_NONE;
		uint32_t count = 0;
		size_t sp = 0;
		stack[sp++] = d->root;
		d->pre[d->root] = count++;
		fill[d->root] = child_at[d->root];
		while (sp) {
			uint32_t v = stack[sp - 1];
			if (fill[v] < child_at[v + 1]) {
				uint32_t c = child[fill[v]++];
				d->pre[c] = count++;
				fill[c] = child_at[c];
				stack[sp++] = c;
			} else {
				d->last[v] = count - 1;
				sp--;
			}
		}
	}
	free(child_at);
	free(child);
	free(stack);
	free(fill);
	return ok;
}

void an_dom_free(struct an_dom *d)
{
	free(d->idom);
	free(d->pre);
	free(d->last);
	memset(d, 0, sizeof *d);
}

bool an_dom_build(struct an_dom *d, const struct an_cfg *g, bool post)
{
	size_t n = an_cfg_nnodes(g);
	memset(d, 0, sizeof *d);
	d->n = n;
	d->root = post ? g->exit : g->entry;
	d->idom = malloc(n * sizeof *d->idom);
	d->pre = malloc(n * sizeof *d->pre);
	d->last = malloc(n * sizeof *d->last);
	uint32_t *po = malloc(n * sizeof *po), *rpo = malloc(n * sizeof *rpo);
	size_t count = d->idom && d->pre && d->last && po && rpo
	               ? order(g, post, d->root, po, rpo) : 0;
	if (!count) {
		free(po);
		free(rpo);
		an_dom_free(d);
		return false;
	}
	for (size_t v = 0; v < n; v++)
		d->idom[v] = AN_NONE;
	d->idom[d->root] = d->root;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t k = 1; k < count; k++) {
			uint32_t v = rpo[k], nd = AN_NONE;
			const uint32_t *adj;
			uint32_t lo, hi;
			in_edges(g, post, v, &adj, &lo, &hi);
			for (uint32_t j = lo; j < hi; j++) {
				uint32_t p = from_end(g, post, adj[j]);
				if (d->idom[p] == AN_NONE)
					continue;
				nd = nd == AN_NONE ? p : intersect(d->idom, po, p, nd);
			}
			if (nd != d->idom[v]) {
				d->idom[v] = nd;
				changed = true;
			}
		}
	}
	d->idom[d->root] = AN_NONE;
	free(po);
	free(rpo);
	if (!number(d)) {
		an_dom_free(d);
		return false;
	}
	return true;
}

/*
 * loops.h - the loops of a procedure's CFG (docs/analysis.md, "Loops").
 *
 * A natural loop is the header h of back edges t -> h (h dominates t)
 * and every block that reaches a t without passing h; back edges to one
 * header make one loop.  A cycle entered at more than one block (an
 * irreducible region: a retreating edge whose target does not dominate
 * its source) is a loop too, made of the strongly connected component
 * that holds it, with no single header.  Loops nest by inclusion.
 */
#ifndef ANALYSIS_LOOPS_H
#define ANALYSIS_LOOPS_H

#include "analysis/lib/dom.h"

struct an_loop {
	uint32_t header;             /* AN_NONE for an irreducible region   */
	uint32_t parent;             /* the smallest loop around it, AN_NONE */
	uint32_t depth;              /* 1 for an outermost loop             */
	uint32_t nblocks;
	bool irreducible;
};

struct an_loops {
	size_t n;
	struct an_loop *l;
	size_t nnodes, words;        /* membership: words bits per node     */
	uint64_t *member;            /* loop k holds node v: bit k of row v */
	uint32_t *inner;             /* per node: innermost loop, AN_NONE   */
	uint32_t *depth;             /* per node: loops holding it          */
};

bool an_loops_build(struct an_loops *L, const struct an_cfg *g, const struct an_dom *dom);
void an_loops_free(struct an_loops *L);

static inline bool an_loops_holds(const struct an_loops *L, uint32_t loop, uint32_t v)
{
	return L->member[(size_t)v * L->words + loop / 64] >> (loop % 64) & 1;
}

/* Are a and b in exactly the same loops? */
bool an_loops_same_nest(const struct an_loops *L, uint32_t a, uint32_t b);

#endif

/*
 * dom.h - dominators and post-dominators of a procedure's CFG, by the
 * iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
 * Dominance Algorithm", 2001): intersect the predecessors' dominators in
 * reverse postorder until nothing changes.  Post-dominators are the
 * dominators of the reversed graph rooted at EXIT.  Equivalence classes
 * (analysis/lib/equiv.h) and loops (analysis/lib/loops.h) are built from them.
 */
#ifndef ANALYSIS_DOM_H
#define ANALYSIS_DOM_H

#include "analysis/lib/cfg.h"

#define AN_NONE UINT32_MAX

struct an_dom {
	size_t n;                    /* nodes (blocks, ENTRY, EXIT)         */
	uint32_t root;               /* ENTRY, or EXIT for post-dominators  */
	uint32_t *idom;              /* immediate (post-)dominator; AN_NONE
	                                for the root and unreachable nodes  */
	uint32_t *pre, *last;        /* preorder of the dominator tree, and
	                                the last preorder number below     */
};

/* Dominators (post false) or post-dominators (post true) of g. */
bool an_dom_build(struct an_dom *d, const struct an_cfg *g, bool post);
void an_dom_free(struct an_dom *d);

/* Does a (post-)dominate b?  Every node dominates itself. */
static inline bool an_dom_dominates(const struct an_dom *d, uint32_t a, uint32_t b)
{
	return d->pre[a] != AN_NONE && d->pre[b] != AN_NONE &&
	       d->pre[a] <= d->pre[b] && d->pre[b] <= d->last[a];
}

#endif

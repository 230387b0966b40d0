/*
 * equiv.h - equivalence classes of basic blocks that must execute the
 * same number of times (DCPI paper, section 6.1.1: frequency is estimated
 * per class, from all of its issue points; docs/analysis.md,
 * "Equivalence classes").
 *
 * Blocks A and B are in one class when A dominates B, B post-dominates A
 * and no cycle passes through one of them without the other (so each run
 * through the procedure alternates A, B, A, B ... A, B).  The test is
 * made in two cheap steps first: the two must be in the same loops
 * (analysis/lib/loops.h), then the cycle test itself.  The relation is an
 * equivalence, so each block is compared with its dominators only until
 * the first that qualifies.  All instructions of a block are in its
 * class.
 */
#ifndef ANALYSIS_EQUIV_H
#define ANALYSIS_EQUIV_H

#include "analysis/lib/loops.h"

struct an_equiv {
	size_t nclass;
	uint32_t *class_of;          /* per block                           */
	uint32_t *at, *block;        /* CSR: blocks of class c, in address
	                                order: block[at[c] .. at[c + 1])    */
};

bool an_equiv_build(struct an_equiv *q, const struct an_cfg *g, const struct an_dom *dom,
                    const struct an_dom *pdom, const struct an_loops *L);
void an_equiv_free(struct an_equiv *q);

/* What the frequency analysis stands on, from a procedure's CFG g: its
 * dominators, post-dominators, loops and classes, each built from those
 * before it.  False on failure (out of memory); free them with
 * an_structure_free either way. */
bool an_structure_build(const struct an_cfg *g, struct an_dom *dom, struct an_dom *pdom,
                        struct an_loops *L, struct an_equiv *q);
void an_structure_free(struct an_dom *dom, struct an_dom *pdom, struct an_loops *L,
                       struct an_equiv *q);

#endif

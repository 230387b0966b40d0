/*
 * flow.h - class frequencies from flow conservation (DCPI paper, section
 * 6.1.1: frequencies are propagated through the CFG to classes with too
 * few samples; docs/analysis.md, "Flow propagation").
 *
 * What enters a block leaves it: the sum over its incoming edges equals
 * its frequency equals the sum over its outgoing edges.  ENTRY and EXIT
 * are free (calls from and returns to the rest of the program).  Starting
 * from the known classes, repeat until nothing changes: an edge is known
 * when it is its source's only way out or its target's only way in, or
 * when every other edge on one side of a known block is known (the
 * remainder, never below 0); a block is known when all the edges on one
 * side of it are, and then its whole class is.
 */
#ifndef ANALYSIS_FLOW_H
#define ANALYSIS_FLOW_H

#include "analysis/lib/equiv.h"

/* freq[c] is class c's frequency where known[c]; classes found get
 * freq[c], known[c] and filled[c] set.  edge[k] receives every edge's
 * frequency, NAN where it stays unknown.  False when out of memory. */
bool an_flow_propagate(const struct an_cfg *g, const struct an_equiv *q, double *freq,
                       bool *known, bool *filled, double *edge);

#endif

/*
 * callgraph.h - a program's static call graph weighted by the estimated
 * calls (docs/tools.md, "dcpi2dot"): procedure -> procedure, each edge
 * the call sites (analysis/lib/callsite.h) of a caller reaching a callee,
 * its calls the sum of the calling blocks' estimated executions (the
 * samples carry no stack: DCPI paper, section 2), the truth's exact
 * counts beside.  Indirect calls go to one node, "(indirect)": the code
 * does not say where.  Only callers with CYCLES samples are drawn (one
 * without ran for less than a sampling period; libc has thousands).
 */
#ifndef ANALYSIS_CALLGRAPH_H
#define ANALYSIS_CALLGRAPH_H

#include <stdio.h>
#include "analysis/lib/callsite.h"
#include "analysis/lib/session.h"

struct an_skips;

#define AN_CG_INDIRECT ((size_t)-1)   /* a node's image: "(indirect)" */

struct an_cg_node {
	size_t image, proc;          /* proc an index of the image's procs  */
	const char *name;            /* owned by the graph                  */
	double samples;              /* CYCLES samples                      */
};

struct an_cg_edge {
	size_t from, to;             /* indices of nodes                    */
	size_t sites, estimated;     /* its call sites; those estimated     */
	double calls, truth;         /* summed; truth NAN without one       */
};

struct an_cg_image;
struct an_cg_site;

struct an_callgraph {
	struct an_cg_image *img;     /* one per image of the session        */
	size_t nimg;
	struct an_cg_site *site;
	size_t nsite;
	struct an_cg_node *node;
	size_t nnode;
	struct an_cg_edge *edge;
	size_t nedge;
};

/* Find the call sites of every image of s (the callers: those of image
 * index `callers`, or of every image when it is AN_CG_INDIRECT; their
 * callees in any image); an image that cannot be read is reported to k
 * (an_skips_add). */
void an_callgraph_scan(struct an_callgraph *g, const struct an_session *s, size_t callers,
                       struct an_skips *k);
/* The visitor of an analysed procedure: its sites' estimated calls. */
bool an_callgraph_visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                        const struct an_proc *a);
/* The sites summed into nodes and edges (edges by calls, most first). */
void an_callgraph_finish(struct an_callgraph *g, bool truth);
/* The graph as Graphviz DOT; title its label.  Only the first
 * max_edges edges (those with the most calls) and the procedures they
 * join are drawn, as gprof2dot's edge threshold keeps a large program's
 * graph readable; the label says how many edges were left out. */
void an_callgraph_dot(FILE *f, const struct an_callgraph *g, const struct an_session *s,
                      const char *title, size_t max_edges);
void an_callgraph_free(struct an_callgraph *g);

#endif

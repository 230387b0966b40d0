/*
 * cfg.h - the control-flow graph of one procedure (DCPI paper, section
 * 6.1.1: the analysis "builds the control flow graph" of each procedure
 * before it estimates frequencies; docs/analysis.md, "Control flow").
 *
 * Nodes are the basic blocks, numbered in address order, then two
 * virtual nodes: ENTRY (nb) with an edge to every entry point, and EXIT
 * (nb + 1) with an edge from every way out of the procedure.  Calls
 * (BSR, JSR, JSR_COROUTINE, CALL_PAL) end a block and are assumed to
 * return: the block after them is their only successor.  A computed jump
 * goes to the targets of its jump table when it is one of GCC's
 * (analysis/lib/jtab.c), to its hint when the hint lies in the procedure,
 * and to EXIT as "unknown" otherwise.  Blocks that no path from ENTRY
 * reaches get an edge from ENTRY (and when they are only the no-ops GCC
 * puts between a return and an aligned label, their way out goes to EXIT
 * instead of into the code after them), and blocks from which no path
 * reaches EXIT an edge to it, so that dominators and post-dominators
 * exist for every block.
 */
#ifndef ANALYSIS_CFG_H
#define ANALYSIS_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/lib/image.h"

/* Edge kinds: X(name, virtual, description).  A virtual edge is not a
 * transfer the code makes (it only closes the graph). */
#define AN_EDGE_KINDS(X) \
	X(fall,    0, "falls through into the next block") \
	X(taken,   0, "conditional branch taken") \
	X(br,      0, "unconditional branch") \
	X(callret, 0, "the call returns to the next instruction") \
	X(table,   0, "jump-table target of a computed jump") \
	X(hint,    0, "computed jump to its hint, inside the procedure") \
	X(ret,     0, "return (RET, HW_REI)") \
	X(tail,    0, "branch or jump out of the procedure") \
	X(unknown, 0, "computed jump with an unknown target") \
	X(out,     0, "falls off the end of the procedure") \
	X(stop,    0, "an illegal instruction word: no successor") \
	X(entry,   1, "an entry point of the procedure") \
	X(orphan,  1, "a block no path from an entry reaches") \
	X(padding, 1, "unreachable alignment padding, not followed into the code after it") \
	X(noexit,  1, "a block from which no path leaves the procedure")

enum an_edge_kind {
#define X(n, v, d) AN_E_##n,
	AN_EDGE_KINDS(X)
#undef X
	AN_E_N
};
extern const char *const an_edge_kind_name[AN_E_N];

struct an_edge {
	uint32_t src, dst;           /* node numbers                        */
	uint8_t kind;                /* enum an_edge_kind                   */
};

struct an_block {
	uint32_t first, n;           /* its instructions: [first, first + n) */
};

/* A call site: the instruction and its target (0 when unknown: a JSR
 * without a hint, CALL_PAL). */
struct an_call {
	uint32_t insn;
	uint64_t target;
};

struct an_cfg {
	uint64_t start;              /* address of instruction 0            */
	size_t ninsn;
	uint32_t *word;              /* the instruction words               */
	uint16_t *op;                /* decoded (isa/isa.h), OP_ILLEGAL too */
	uint32_t *block_of;          /* instruction -> block                */
	struct an_block *b;
	size_t nb;                   /* blocks; nodes are nb + 2            */
	uint32_t entry, exit;        /* the virtual nodes: nb, nb + 1       */
	struct an_edge *e;
	size_t ne;
	uint32_t *succ_at, *succ;    /* CSR: edges leaving node v are       */
	uint32_t *pred_at, *pred;    /* succ[succ_at[v] .. succ_at[v + 1])  */
	struct an_call *call;
	size_t ncall;
	size_t unresolved;           /* computed jumps with unknown targets */
	size_t tables;               /* jump tables recognised              */
};

/* The CFG of the n instructions at start in im (their words must be
 * loaded), entered at start and at the extra entry points given.  False
 * with a message when out of memory or when a word is not loaded. */
bool an_cfg_build(struct an_cfg *g, const struct an_image *im, uint64_t start, size_t n,
                  const uint64_t *entries, size_t nentries, char *err, size_t errlen);
void an_cfg_free(struct an_cfg *g);

/* The CFG of procedure p of im (its symbol's range and entry points). */
bool an_cfg_build_proc(struct an_cfg *g, const struct an_image *im, size_t p,
                       char *err, size_t errlen);

static inline size_t an_cfg_nnodes(const struct an_cfg *g) { return g->nb + 2; }

/* The address of instruction i, and the instruction at an address (-1). */
static inline uint64_t an_cfg_pc(const struct an_cfg *g, size_t i) { return g->start + 4 * i; }
long an_cfg_insn_at(const struct an_cfg *g, uint64_t pc);

/* The block starting at pc, or -1. */
long an_cfg_block_at(const struct an_cfg *g, uint64_t pc);

/* Does an edge of kind k go from block a to node b? */
bool an_cfg_has_edge(const struct an_cfg *g, uint32_t a, uint32_t b, enum an_edge_kind k);

#endif

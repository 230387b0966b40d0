/*
 * jtab.h - the targets of a procedure's computed jumps, where the code
 * says them (docs/analysis.md, "Jump tables").
 *
 * GCC compiles a dense switch on Alpha as
 *
 *     cmpule  idx, N, t          (or cmpult idx, N + 1)
 *     beq     t, default
 *     ldah    base, hi(gp)       table address, gp-relative
 *     lda     base, lo(base)
 *     s4addq  idx, base, p
 *     ldl     e, 0(p)            a 32-bit entry: target - gp
 *     addq    gp, e, target
 *     jmp     (target)
 *
 * with gp computed by the procedure's prologue from its own address
 * (ldah gp,X(t12); lda gp,Y(gp)) or after a call from the return address.
 * A forward propagation over the CFG gives every integer register a
 * symbolic value (a constant, an index with an unsigned bound learnt from
 * a compare-and-branch, the address of a table slot, a table entry plus a
 * constant); a JMP whose register holds "entry of a bounded table + c"
 * has the targets c + entry[0..N] (32-bit entries read with LDL, or 64-bit
 * absolute ones read with LDQ: GCC's computed goto through a static table
 * of label addresses), a JMP whose register holds a constant has that
 * target.  Values are numbered (the same mask of the same value is the
 * same value), so a bound proved on one copy of an index holds for
 * another; a table's address loaded from the GOT is the address the
 * linker put there.
 *
 * Optimistic: the code no path from an entry point reaches yet (code
 * behind computed jumps not resolved so far) does not change what the
 * reached code knows, so a table base formed before a dispatch loop stays
 * known around the loop even while the cases are not in the graph; the
 * caller checks the tables found so on the final graph without it.
 */
#ifndef ANALYSIS_JTAB_H
#define ANALYSIS_JTAB_H

#include "analysis/lib/cfg.h"

/* Most entries a table may have (a larger bound is not believed). */
#define AN_JTAB_MAX 4096

struct an_jtab {
	uint32_t insn;               /* the JMP                              */
	uint64_t table;              /* the table's address (0: a constant)  */
	uint64_t *target;            /* its targets, in table order          */
	size_t n;
};

/* The computed jumps of g (built so far) whose targets the code gives,
 * optimistically or not (above); targets are not checked against the
 * procedure.  False when out of memory. */
bool an_jtab_find(const struct an_cfg *g, const struct an_image *im, bool optimistic,
                  struct an_jtab **out, size_t *nout);
void an_jtab_free(struct an_jtab *t, size_t n);

#endif

/*
 * an_fixture.h - the analysis of a test program (tests/an_asm.h): its
 * image, CFG, dominators, post-dominators, loops and classes, freed by
 * a cmocka teardown; and the procedures several of the analysis tests
 * draw their answers for.
 */
#ifndef TESTS_AN_FIXTURE_H
#define TESTS_AN_FIXTURE_H

#include "tests/an_asm.h"
#include "analysis/lib/equiv.h"

struct fixture {
	struct an_image im;
	struct an_cfg g;
	struct an_dom dom, pdom;
	struct an_loops L;
	struct an_equiv q;
};

/* Analyse procedure k of an image already made; false on any failure. */
static inline bool fixture_proc(struct fixture *f, size_t k)
{
	char err[256];
	return an_cfg_build_proc(&f->g, &f->im, k, err, sizeof err) &&
	       an_structure_build(&f->g, &f->dom, &f->pdom, &f->L, &f->q);
}

/* Analyse p as the one procedure of its image. */
static inline bool fixture_build(struct fixture *f, struct prog *p)
{
	memset(f, 0, sizeof *f);
	return prog_image(p, &f->im) && fixture_proc(f, 0);
}

/* Start f on an image holding p's words, its procedures yet to add. */
static inline void fixture_image(struct fixture *f, struct prog *p)
{
	memset(f, 0, sizeof *f);
	an_image_init(&f->im);
	prog_seg(p, &f->im);
}

/* Analyse an image of p holding two procedures: "p", every word before
 * label far, and "far", the one word at far (a callee of its own). */
static inline bool fixture_build_far(struct fixture *f, struct prog *p, int far)
{
	fixture_image(f, p);
	return an_image_add_proc(&f->im, "p", p->base, addr_of(p, far) - p->base) &&
	       an_image_add_proc(&f->im, "far", addr_of(p, far), 4) &&
	       an_image_finish(&f->im) && fixture_proc(f, 0);
}

/* Free what was built (all of it, some or none: freeing twice is safe). */
static inline void fixture_free(struct fixture *f)
{
	an_structure_free(&f->dom, &f->pdom, &f->L, &f->q);
	an_cfg_free(&f->g);
	an_image_free(&f->im);
}

/* cmocka teardown of a test whose state is its fixture: frees it after
 * the test, whether it passed or failed half-way. */
static inline int fixture_teardown(void **state)
{
	fixture_free(*state);
	return 0;
}

/* The cmocka table entry of test t on fixture *F, freed after it. */
#define fixture_unit_test(t, F) cmocka_unit_test_prestate_setup_teardown(t, NULL, fixture_teardown, F)

/* The block starting at label k. */
static inline uint32_t blk(const struct fixture *f, const struct prog *p, int k)
{
	return (uint32_t)an_cfg_block_at(&f->g, addr_of(p, k));
}

/* How many edges of kind k the CFG has. */
static inline size_t count_kind(const struct an_cfg *g, enum an_edge_kind k)
{
	size_t n = 0;
	for (size_t e = 0; e < g->ne; e++)
		n += g->e[e].kind == k;
	return n;
}

/* ---- procedures the tests share ------------------------------------------ */

/* Their labels; a test's own labels start at FIX_LABELS. */
enum { FIX_ELSE, FIX_JOIN, FIX_LOOP, FIX_OUTER, FIX_INNER, FIX_LABELS };

static inline void fixture_ret(struct prog *p)
{
	jmp(p, OP_ret, ZERO, RA, -1);
}

/* v0 = a0 == 0 ? a1 - 1 : a1 + 1: blocks 0 (cmpeq, beq), 1 then (addq, br),
 * 2 else (subq), 3 join (ret). */
static inline void fixture_if_else(struct prog *p, uint64_t base)
{
	prog_init(p, base);
	lit(p, OP_cmpeq, A0, 0, T0);
	bra(p, OP_beq, T0, FIX_ELSE);
	lit(p, OP_addq, A1, 1, V0);
	bra(p, OP_br, ZERO, FIX_JOIN);
	here(p, FIX_ELSE);
	lit(p, OP_subq, A1, 1, V0);
	here(p, FIX_JOIN);
	fixture_ret(p);
}

/* v0 = 0; do v0 += a0; while (--a0): blocks 0 (bis), 1 the loop (addq,
 * subq, bne), 2 (ret). */
static inline void fixture_loop(struct prog *p, uint64_t base)
{
	prog_init(p, base);
	opr(p, OP_bis, ZERO, ZERO, V0);
	here(p, FIX_LOOP);
	opr(p, OP_addq, V0, A0, V0);
	lit(p, OP_subq, A0, 1, A0);
	bra(p, OP_bne, A0, FIX_LOOP);
	fixture_ret(p);
}

/* v0 counts a0 x a1 in two loops: blocks 0 entry, 1 the outer header,
 * 2 the inner loop, 3 the outer latch, 4 the exit. */
static inline void fixture_nested_loops(struct prog *p, uint64_t base)
{
	prog_init(p, base);
	opr(p, OP_bis, ZERO, ZERO, V0);
	here(p, FIX_OUTER);
	opr(p, OP_bis, ZERO, A1, T0);
	here(p, FIX_INNER);
	lit(p, OP_addq, V0, 1, V0);
	lit(p, OP_subq, T0, 1, T0);
	bra(p, OP_bne, T0, FIX_INNER);
	lit(p, OP_subq, A0, 1, A0);
	bra(p, OP_bne, A0, FIX_OUTER);
	fixture_ret(p);
}

#endif

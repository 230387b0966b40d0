/*
 * an_fixture.h - the analysis of a test program (tests/an_asm.h): its
 * image, CFG, dominators, post-dominators, loops and classes.
 */
#ifndef TESTS_AN_FIXTURE_H
#define TESTS_AN_FIXTURE_H

#include "tests/an_asm.h"
#include "analysis/equiv.h"

struct fixture {
	struct an_image im;
	struct an_cfg g;
	struct an_dom dom, pdom;
	struct an_loops L;
	struct an_equiv q;
};

/* Analyse procedure 0 of an image already made; false on any failure. */
static inline bool fixture_proc(struct fixture *f)
{
	char err[256];
	return an_cfg_build_proc(&f->g, &f->im, 0, err, sizeof err) &&
	       an_dom_build(&f->dom, &f->g, false) && an_dom_build(&f->pdom, &f->g, true) &&
	       an_loops_build(&f->L, &f->g, &f->dom) &&
	       an_equiv_build(&f->q, &f->g, &f->dom, &f->pdom, &f->L);
}

static inline bool fixture_build(struct fixture *f, struct prog *p)
{
	memset(f, 0, sizeof *f);
	return prog_image(p, &f->im) && fixture_proc(f);
}

static inline void fixture_free(struct fixture *f)
{
	an_equiv_free(&f->q);
	an_loops_free(&f->L);
	an_dom_free(&f->pdom);
	an_dom_free(&f->dom);
	an_cfg_free(&f->g);
	an_image_free(&f->im);
}

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

#endif

/*
 * test_dom.c - dominators and post-dominators (analysis/lib/dom.c, Cooper-
 * Harvey-Kennedy) and loops (analysis/lib/loops.c) on hand-assembled
 * procedures whose answers are drawn by hand: if/else, a loop, nested
 * loops, an irreducible cycle entered at two blocks, an endless loop.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_fixture.h"

#define BASE 0x10000

enum { X = FIX_LABELS, Y, OUT };

static struct prog p;
static struct fixture f;

/* Stands in a list of immediate (post-)dominators for the tree's root:
 * the entry node for dominators, the exit node for post-dominators. */
#define ROOT (-1)

/* The procedure has as many blocks as want lists, and block b's
 * immediate (post-)dominator in d, whose root is root, is want[b]. */
static void idoms(const struct an_dom *d, uint32_t root, const int *want, size_t n)
{
	assert_int_equal(f.g.nb, n);
	for (uint32_t b = 0; b < n; b++)
		if (d->idom[b] != (want[b] == ROOT ? root : (uint32_t)want[b]))
			fail_msg("block %u: idom %u, not %d", b, d->idom[b], want[b]);
}
#define IDOMS(d, root, ...) \
	idoms(d, root, (const int[]){ __VA_ARGS__ }, sizeof (int[]){ __VA_ARGS__ } / sizeof (int))
#define DOMS(...) IDOMS(&f.dom, f.g.entry, __VA_ARGS__)
#define PDOMS(...) IDOMS(&f.pdom, f.g.exit, __VA_ARGS__)

/* Loop k is a natural loop with this header, this many blocks, at this
 * depth, inside loop parent (AN_NONE: none). */
static void natural_loop(uint32_t k, uint32_t header, uint32_t nblocks, uint32_t depth,
                         uint32_t parent)
{
	const struct an_loop *l = &f.L.l[k];
	assert_false(l->irreducible);
	assert_int_equal(l->header, header);
	assert_int_equal(l->nblocks, nblocks);
	assert_int_equal(l->depth, depth);
	assert_int_equal(l->parent, parent);
}

static void test_if_else(void **state)
{
	(void)state;
	fixture_if_else(&p, BASE);
	assert_true(fixture_build(&f, &p));
	const struct an_dom *d = &f.dom, *pd = &f.pdom;
	DOMS(ROOT, 0, 0, 0);
	assert_int_equal(d->idom[f.g.entry], AN_NONE);
	PDOMS(3, 3, 3, ROOT);
	assert_true(an_dom_dominates(d, 0, 3));
	assert_true(an_dom_dominates(d, 2, 2));
	assert_false(an_dom_dominates(d, 1, 3));
	assert_false(an_dom_dominates(d, 3, 0));
	assert_true(an_dom_dominates(pd, 3, 0));
	assert_false(an_dom_dominates(pd, 1, 0));
	assert_false(an_dom_dominates(pd, 0, 3));
	assert_int_equal(f.L.n, 0);
}

static void test_loop(void **state)
{
	(void)state;
	fixture_loop(&p, BASE);
	assert_true(fixture_build(&f, &p));
	DOMS(ROOT, 0, 1);
	PDOMS(1, 2, ROOT);
	assert_int_equal(f.L.n, 1);
	natural_loop(0, 1, 1, 1, AN_NONE);
	assert_int_equal(f.L.inner[1], 0);
	assert_int_equal(f.L.inner[0], AN_NONE);
	assert_true(an_loops_same_nest(&f.L, 0, 2));
	assert_false(an_loops_same_nest(&f.L, 0, 1));
}

static void test_nested_loops(void **state)
{
	(void)state;
	fixture_nested_loops(&p, BASE);
	assert_true(fixture_build(&f, &p));
	/* blocks: 0 entry, 1 outer header, 2 inner loop, 3 outer latch, 4 exit */
	DOMS(ROOT, 0, 1, 2, 3);
	PDOMS(1, 2, 3, 4, ROOT);
	assert_int_equal(f.L.n, 2);
	uint32_t outer = f.L.l[0].header == 1 ? 0 : 1, inner = 1 - outer;
	natural_loop(outer, 1, 3, 1, AN_NONE);
	natural_loop(inner, 2, 1, 2, outer);
	assert_int_equal(f.L.depth[2], 2);
	assert_int_equal(f.L.depth[3], 1);
	assert_int_equal(f.L.inner[2], inner);
	assert_int_equal(f.L.inner[3], outer);
	assert_true(an_loops_same_nest(&f.L, 1, 3));
	assert_false(an_loops_same_nest(&f.L, 1, 2));
	assert_true(an_loops_same_nest(&f.L, 0, 4));
}

/* X and Y form a cycle entered at both: no natural loop, one irreducible
 * region of exactly those two blocks. */
static void test_irreducible(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	bra(&p, OP_beq, A0, Y);
	here(&p, X);
	lit(&p, OP_addq, V0, 1, V0);
	bra(&p, OP_beq, A1, OUT);
	here(&p, Y);
	lit(&p, OP_addq, V0, 2, V0);
	bra(&p, OP_bne, A2, X);
	here(&p, OUT);
	fixture_ret(&p);
	assert_true(fixture_build(&f, &p));
	uint32_t x = blk(&f, &p, X), y = blk(&f, &p, Y), o = blk(&f, &p, OUT);
	assert_int_equal(f.dom.idom[x], 0);
	assert_int_equal(f.dom.idom[y], 0);
	assert_int_equal(f.pdom.idom[0], o);
	assert_int_equal(f.L.n, 1);
	assert_true(f.L.l[0].irreducible);
	assert_int_equal(f.L.l[0].header, AN_NONE);
	assert_int_equal(f.L.l[0].nblocks, 2);
	assert_true(an_loops_holds(&f.L, 0, x));
	assert_true(an_loops_holds(&f.L, 0, y));
	assert_false(an_loops_holds(&f.L, 0, 0));
	assert_false(an_loops_holds(&f.L, 0, o));
}

/* An endless loop still has post-dominators (through its noexit edge). */
static void test_endless(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_addq, A0, A1, V0);
	here(&p, FIX_LOOP);
	lit(&p, OP_addq, V0, 1, V0);
	bra(&p, OP_bne, A0, FIX_LOOP);
	lit(&p, OP_addq, V0, 1, V0);
	bra(&p, OP_br, ZERO, FIX_LOOP);
	assert_true(fixture_build(&f, &p));
	for (uint32_t b = 0; b < f.g.nb; b++)
		assert_int_not_equal(f.pdom.pre[b], AN_NONE);
	assert_int_equal(f.pdom.idom[0], 1);
	assert_int_equal(f.L.n, 1);
	assert_int_equal(f.L.l[0].nblocks, 2);
}

UNIT_MAIN(NULL, NULL,
	fixture_unit_test(test_if_else, &f),
	fixture_unit_test(test_loop, &f),
	fixture_unit_test(test_nested_loops, &f),
	fixture_unit_test(test_irreducible, &f),
	fixture_unit_test(test_endless, &f),
)

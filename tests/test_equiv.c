/*
 * test_equiv.c - equivalence classes (analysis/lib/equiv.c) on hand-made
 * procedures: the blocks of each class must run equally often, and no
 * two blocks that may run a different number of times may share one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_fixture.h"

#define BASE 0x10000

enum { H = FIX_LABELS, B, OUT, FAR };

static struct prog p;
static struct fixture f;

/* The classes, given as a class label per block (blocks with one label
 * must share a class, blocks with different labels must not). */
static void classes(const int *label, size_t nb)
{
	assert_int_equal(f.g.nb, nb);
	for (uint32_t a = 0; a < nb; a++)
		for (uint32_t b = 0; b < nb; b++)
			if ((label[a] == label[b]) != (f.q.class_of[a] == f.q.class_of[b]))
				fail_msg("blocks %u and %u: %s", a, b,
				         label[a] == label[b] ? "should share a class" : "should not");
	size_t n = 0;
	for (uint32_t a = 0; a < nb; a++) {
		bool first = true;
		for (uint32_t b = 0; b < a; b++)
			first &= label[b] != label[a];
		n += first;
	}
	assert_int_equal(f.q.nclass, n);
	/* the lists agree with class_of */
	for (size_t c = 0; c < f.q.nclass; c++)
		for (uint32_t k = f.q.at[c]; k < f.q.at[c + 1]; k++)
			assert_int_equal(f.q.class_of[f.q.block[k]], c);
}

/* classes() of the labels listed, as many as the procedure has blocks. */
#define CLASSES(...) classes((const int[]){ __VA_ARGS__ }, \
                             sizeof (const int[]){ __VA_ARGS__ } / sizeof (int))

static void test_straight_and_call(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_addq, A0, A1, V0);
	bra(&p, OP_bsr, RA, FAR);
	opr(&p, OP_addq, V0, V0, V0);
	fixture_ret(&p);
	here(&p, FAR);
	fixture_ret(&p);
	/* p is the first four words; FAR is a procedure of its own */
	assert_true(fixture_build_far(&f, &p, FAR));
	CLASSES(0, 0);
}

static void test_if_else(void **state)
{
	(void)state;
	fixture_if_else(&p, BASE);
	assert_true(fixture_build(&f, &p));
	CLASSES(0, 1, 2, 0);
}

static void test_loops(void **state)
{
	(void)state;
	fixture_nested_loops(&p, BASE);
	assert_true(fixture_build(&f, &p));
	/* entry and exit; the outer loop's header and latch; the inner loop */
	CLASSES(0, 1, 2, 1, 0);
}

/* An if/else inside a loop: the loop's head and its join run equally
 * often, each arm on its own. */
static void test_diamond_in_loop(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_bis, ZERO, ZERO, V0);
	here(&p, FIX_LOOP);
	bra(&p, OP_blbc, A0, FIX_ELSE);
	lit(&p, OP_addq, V0, 1, V0);
	bra(&p, OP_br, ZERO, FIX_JOIN);
	here(&p, FIX_ELSE);
	lit(&p, OP_addq, V0, 2, V0);
	here(&p, FIX_JOIN);
	lit(&p, OP_subq, A0, 1, A0);
	bra(&p, OP_bne, A0, FIX_LOOP);
	fixture_ret(&p);
	assert_true(fixture_build(&f, &p));
	CLASSES(0, 1, 2, 3, 1, 0);
}

/* H dominates B, B post-dominates H and both are in the one loop (its
 * back edges H -> H and B -> H share a header), yet H runs more often
 * (its own back edge): the cycle test keeps them apart. */
static void test_shared_header(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_bis, ZERO, ZERO, V0);
	here(&p, H);
	lit(&p, OP_addq, V0, 1, V0);
	bra(&p, OP_beq, A0, H);
	here(&p, B);
	lit(&p, OP_addq, V0, 2, V0);
	bra(&p, OP_bne, A1, H);
	here(&p, OUT);
	fixture_ret(&p);
	assert_true(fixture_build(&f, &p));
	uint32_t h = blk(&f, &p, H), b = blk(&f, &p, B);
	assert_true(an_dom_dominates(&f.dom, h, b));
	assert_true(an_dom_dominates(&f.pdom, b, h));
	assert_true(an_loops_same_nest(&f.L, h, b));
	CLASSES(0, 1, 2, 0);
}

UNIT_MAIN(NULL, NULL,
	fixture_unit_test(test_straight_and_call, &f),
	fixture_unit_test(test_if_else, &f),
	fixture_unit_test(test_loops, &f),
	fixture_unit_test(test_diamond_in_loop, &f),
	fixture_unit_test(test_shared_header, &f),
)

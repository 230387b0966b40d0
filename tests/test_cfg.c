/*
 * test_cfg.c - basic blocks and edges (analysis/lib/cfg.c) and jump tables
 * (analysis/lib/jtab.c) on hand-assembled procedures with known graphs:
 * straight line, if/else, loops, calls, computed jumps with and without
 * hints, GCC-style jump tables (bounded and not, 32-bit gp-relative and
 * 64-bit absolute entries), interpreters' dispatch (the table's address
 * formed before the loop, the bound proved on a copy of the index, a
 * computed goto through a table of label addresses, its address from the
 * GOT), alignment padding after a transfer, falling off the end,
 * unreachable code, endless loops, illegal words and extra entry points.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "tests/an_fixture.h"

#define BASE 0x10000

static struct prog p;
static struct fixture f;

static void build(void)
{
	assert_true(fixture_build(&f, &p));
}

/* Is there an edge of kind k from node a to node b? */
static void edge(uint32_t a, uint32_t b, enum an_edge_kind k)
{
	if (!an_cfg_has_edge(&f.g, a, b, k))
		fail_msg("no %s edge %u -> %u", an_edge_kind_name[k], a, b);
}

static void test_straight(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_addq, A0, A1, V0);
	lit(&p, OP_subq, V0, 1, V0);
	opr(&p, OP_addq, V0, V0, V0);
	fixture_ret(&p);
	build();
	assert_int_equal(f.g.nb, 1);
	assert_int_equal(f.g.b[0].n, 4);
	assert_int_equal(f.g.ne, 2);
	edge(f.g.entry, 0, AN_E_entry);
	edge(0, f.g.exit, AN_E_ret);
}

enum { C0 = FIX_LABELS, C1, C2, DEF, TAB, FAR, MID, END };

static void test_if_else(void **state)
{
	(void)state;
	fixture_if_else(&p, BASE);
	build();
	assert_int_equal(f.g.nb, 4);
	uint32_t e = blk(&f, &p, FIX_ELSE), j = blk(&f, &p, FIX_JOIN);
	assert_int_equal(e, 2);
	assert_int_equal(j, 3);
	edge(0, 1, AN_E_fall);
	edge(0, e, AN_E_taken);
	edge(1, j, AN_E_br);
	edge(e, j, AN_E_fall);
	edge(j, f.g.exit, AN_E_ret);
	assert_int_equal(f.g.ne, 6);
	assert_int_equal(count_kind(&f.g, AN_E_orphan) + count_kind(&f.g, AN_E_noexit), 0);
}

static void test_loop(void **state)
{
	(void)state;
	fixture_loop(&p, BASE);
	build();
	assert_int_equal(f.g.nb, 3);
	uint32_t l = blk(&f, &p, FIX_LOOP);
	assert_int_equal(l, 1);
	assert_int_equal(f.g.b[l].n, 3);
	edge(0, l, AN_E_fall);
	edge(l, l, AN_E_taken);
	edge(l, 2, AN_E_fall);
}

static void test_nested_loops(void **state)
{
	(void)state;
	fixture_nested_loops(&p, BASE);
	build();
	assert_int_equal(f.g.nb, 5);
	uint32_t o = blk(&f, &p, FIX_OUTER), i = blk(&f, &p, FIX_INNER);
	edge(i, i, AN_E_taken);
	edge(i, 3, AN_E_fall);
	edge(3, o, AN_E_taken);
	edge(3, 4, AN_E_fall);
}

/* A GCC-style switch on a0 over n table entries (targets by label) with
 * the standard prologue: gp = BASE + 0x20000, the table at gp - 0x10000.
 * guard: 0 none, 1 cmpule #n-1, 2 cmpult #n, 3 cmpule on the wrong
 * register, 4 cmpule against a register holding n-1, 5 cmpule on a0's
 * low 32 bits zero-extended (GCC's test of an int), 6 a mask (and a0,
 * #n-1) instead of a test, 7 cmpule on an index loaded from a global
 * variable (at a constant address); call: a call first (gp is lost, and
 * the index comes from a saved register). */
#define GPVAL (BASE + 0x20000)
#define TABLE (GPVAL - 0x10000)

static void switch_code(int guard, bool absolute, int n, bool call)
{
	prog_init(&p, BASE);
	mem(&p, OP_ldah, GP, 2, T12);
	mem(&p, OP_lda, GP, 0, GP);
	if (call) {
		jmp(&p, OP_jsr, RA, T12, -1);
		opr(&p, OP_bis, ZERO, S0, A0);
	}
	switch (guard) {
	case 1: lit(&p, OP_cmpule, A0, (unsigned)n - 1, T0); break;
	case 2: lit(&p, OP_cmpult, A0, (unsigned)n, T0); break;
	case 3: lit(&p, OP_cmpule, A1, (unsigned)n - 1, T0); break;
	case 4:
		mem(&p, OP_lda, T1, n - 1, ZERO);
		opr(&p, OP_cmpule, A0, T1, T0);
		break;
	case 5:
		lit(&p, OP_zapnot, A0, 0xf, T0);
		lit(&p, OP_cmpule, T0, (unsigned)n - 1, T0);
		break;
	case 6: lit(&p, OP_and, A0, (unsigned)n - 1, A0); break;
	case 7:
		mem(&p, OP_ldah, T1, -3, GP);
		mem(&p, OP_ldl, A0, 0x40, T1);
		lit(&p, OP_cmpule, A0, (unsigned)n - 1, T0);
		break;
	}
	if (guard && guard != 6)
		bra(&p, OP_beq, T0, DEF);
	mem(&p, OP_ldah, T0, -1, GP);
	mem(&p, OP_lda, T0, 0, T0);
	if (absolute) {
		opr(&p, OP_s8addq, A0, T0, A0);
		mem(&p, OP_ldq, T0, 0, A0);
	} else {
		opr(&p, OP_s4addq, A0, T0, A0);
		mem(&p, OP_ldl, T0, 0, A0);
		opr(&p, OP_addq, GP, T0, T0);
	}
	here(&p, TAB);
	jmp(&p, OP_jmp, ZERO, T0, -1);
	for (int c = C0; c <= C2; c++) {
		here(&p, c);
		mem(&p, OP_lda, V0, 10 + c, ZERO);
		fixture_ret(&p);
	}
	here(&p, DEF);
	opr(&p, OP_bis, ZERO, ZERO, V0);
	fixture_ret(&p);
}

/* The image with the table: entries for labels C0, C1, C2, C0 ... */
static void switch_image(bool absolute, int n, uint64_t bad_target)
{
	fixture_image(&f, &p);
	unsigned char t[8 * 16] = { 0 };
	for (int k = 0; k < n; k++) {
		uint64_t to = k == n - 1 && bad_target ? bad_target : addr_of(&p, C0 + k % 3);
		uint64_t v = absolute ? to : to - GPVAL;
		for (int b = 0; b < (absolute ? 8 : 4); b++)
			t[(absolute ? 8 : 4) * k + b] = (unsigned char)(v >> (8 * b));
	}
	assert_true(an_image_add_seg(&f.im, TABLE, 0x1000, t, sizeof t, false));
	assert_true(an_image_add_proc(&f.im, "p", BASE, 4 * p.n));
	assert_true(an_image_finish(&f.im));
	assert_true(fixture_proc(&f, 0));
}

/* The switch resolved: table edges to the three cases, each once;
 * nothing unreachable but the default case when nothing branches to it. */
static void resolved(size_t orphans)
{
	uint32_t j = f.g.block_of[an_cfg_insn_at(&f.g, addr_of(&p, TAB))];
	assert_int_equal(f.g.tables, 1);
	assert_int_equal(f.g.unresolved, 0);
	assert_int_equal(f.g.succ_at[j + 1] - f.g.succ_at[j], 3);
	for (int c = C0; c <= C2; c++)
		edge(j, blk(&f, &p, c), AN_E_table);
	assert_int_equal(count_kind(&f.g, AN_E_orphan), orphans);
	assert_int_equal(count_kind(&f.g, AN_E_unknown), 0);
}

static void test_jump_table(void **state)
{
	(void)state;
	for (int guard = 1; guard <= 7; guard++) {
		if (guard == 3)
			continue;                   /* the wrong register: refused below */
		for (int call = 0; call < 2; call++) {
			switch_code(guard, false, 4, call);
			switch_image(false, 4, 0);
			resolved(guard == 6);
			if (guard != 6)
				edge(call, blk(&f, &p, DEF), AN_E_taken);
			fixture_free(&f);
		}
	}
	switch_code(1, true, 4, false);     /* 64-bit absolute entries */
	switch_image(true, 4, 0);
	resolved(0);
}

/* Without a bound, with the bound on another register, or with a target
 * outside the procedure, the jump stays unknown and the cases are only
 * reached through orphan edges. */
static void test_jump_table_refused(void **state)
{
	(void)state;
	for (int k = 0; k < 3; k++) {
		switch_code(k == 0 ? 0 : k == 1 ? 3 : 1, false, 4, false);
		switch_image(false, 4, k == 2 ? BASE + 0x4000 : 0);
		assert_int_equal(f.g.tables, 0);
		assert_int_equal(f.g.unresolved, 1);
		assert_int_equal(count_kind(&f.g, AN_E_unknown), 1);
		assert_int_equal(count_kind(&f.g, AN_E_table), 0);
		assert_true(count_kind(&f.g, AN_E_orphan) >= 1);
		fixture_free(&f);
	}
}

/* An interpreter's dispatch loop on the bytes at a0 over a 3-entry
 * table of 32-bit gp-relative entries (switch_image), as GCC compiles
 * one: base_before, the table's address formed before the loop (else in
 * it); copy, the bound tested on a copy of the index
 * ("and t0,#255,t1; cmpule t1,#2,t1; beq; and t0,#255,t0"), else on the
 * index itself; change, case C1 moves the table base before it loops.
 * Each case and the default branch back; alignment padding after each
 * transfer. */
static void dispatch_code(bool base_before, bool copy, bool change)
{
	prog_init(&p, BASE);
	mem(&p, OP_ldah, GP, 2, T12);
	mem(&p, OP_lda, GP, 0, GP);
	if (base_before) {
		mem(&p, OP_ldah, T5, -1, GP);
		mem(&p, OP_lda, T5, 0, T5);
	}
	here(&p, FIX_LOOP);
	mem(&p, OP_ldq_u, T0, 0, A0);
	mem(&p, OP_lda, A0, 1, A0);
	if (!base_before) {
		mem(&p, OP_ldah, T5, -1, GP);
		mem(&p, OP_lda, T5, 0, T5);
	}
	if (copy) {
		lit(&p, OP_and, T0, 0xff, T1);
		lit(&p, OP_cmpule, T1, 2, T1);
	} else {
		lit(&p, OP_and, T0, 0xff, T0);
		lit(&p, OP_cmpule, T0, 2, T1);
	}
	bra(&p, OP_beq, T1, DEF);
	if (copy)
		lit(&p, OP_and, T0, 0xff, T0);
	opr(&p, OP_s4addq, T0, T5, T0);
	mem(&p, OP_ldl, T0, 0, T0);
	opr(&p, OP_addq, GP, T0, T0);
	here(&p, TAB);
	jmp(&p, OP_jmp, ZERO, T0, -1);
	for (int c = C0; c <= C2; c++) {
		mem(&p, OP_ldq_u, ZERO, 0, SP);     /* unop */
		here(&p, c);
		lit(&p, OP_addq, V0, (unsigned)c, V0);
		if (change && c == C1)
			mem(&p, OP_lda, T5, 8, T5);
		bra(&p, OP_br, ZERO, FIX_LOOP);
	}
	mem(&p, OP_ldq_u, ZERO, 0, SP);
	opr(&p, OP_bis, ZERO, ZERO, ZERO);   /* nop */
	here(&p, DEF);
	fixture_ret(&p);
}

/* The dispatch resolved whichever way the bound and the base come:
 * before, the cases were only reached through orphan edges and a table
 * base formed before the loop or a bound on a copy was never found. */
static void test_dispatch_loop(void **state)
{
	(void)state;
	for (int k = 0; k < 4; k++) {
		dispatch_code(k & 1, k & 2, false);
		switch_image(false, 3, 0);
		resolved(4);                       /* the padding blocks */
		edge(blk(&f, &p, C1), blk(&f, &p, FIX_LOOP), AN_E_br);
		fixture_free(&f);
	}
}

/* A table base that a case changes before it loops back: the pass that
 * sees only the loop finds the table, the pass over the final graph
 * does not, and the table is refused. */
static void test_dispatch_base_changed(void **state)
{
	(void)state;
	dispatch_code(true, false, true);
	switch_image(false, 3, 0);
	assert_int_equal(f.g.tables, 0);
	assert_int_equal(f.g.unresolved, 1);
	assert_int_equal(count_kind(&f.g, AN_E_table), 0);
}

/* Lua 5.4's dispatch: "goto *disptab[op]" through a static table of
 * 64-bit label addresses, the index masked and sign-extended
 * ("and t2,#7,t2; sextl t2,t2"), the table's address in t3 before the
 * first dispatch (from gp, or got: loaded from the GOT) and every
 * handler ending in a dispatch of its own; 8 entries for C0, C1, C2. */
#define GOTSLOT (GPVAL - 0x8000)

static void dispatch_one(void)
{
	mem(&p, OP_ldq_u, T2, 0, A0);
	mem(&p, OP_lda, A0, 1, A0);
	lit(&p, OP_and, T2, 7, T2);
	opr(&p, OP_addl, ZERO, T2, T2);
	opr(&p, OP_s8addq, T2, T3, T2);
	mem(&p, OP_ldq, T2, 0, T2);
	jmp(&p, OP_jmp, ZERO, T2, -1);
}

static void test_computed_goto(void **state)
{
	(void)state;
	for (int got = 0; got < 2; got++) {
		prog_init(&p, BASE);
		mem(&p, OP_ldah, GP, 2, T12);
		mem(&p, OP_lda, GP, 0, GP);
		if (got) {
			mem(&p, OP_ldq, T3, GOTSLOT - GPVAL, GP);
		} else {
			mem(&p, OP_ldah, T3, -1, GP);
			mem(&p, OP_lda, T3, 0, T3);
		}
		dispatch_one();
		for (int c = C0; c <= C2; c++) {
			here(&p, c);
			lit(&p, OP_addq, V0, (unsigned)c, V0);
			dispatch_one();
		}
		fixture_image(&f, &p);
		unsigned char t[8 * 8], gotw[8];
		for (int k = 0; k < 8; k++)
			for (int b = 0; b < 8; b++)
				t[8 * k + b] = (unsigned char)(addr_of(&p, C0 + k % 3) >> (8 * b));
		for (int b = 0; b < 8; b++)
			gotw[b] = (unsigned char)((uint64_t)TABLE >> (8 * b));
		assert_true(an_image_add_seg(&f.im, TABLE, 0x1000, t, sizeof t, false));
		assert_true(an_image_add_seg(&f.im, GOTSLOT, 0x2000, gotw, sizeof gotw, false));
		assert_true(an_image_add_proc(&f.im, "p", BASE, 4 * p.n));
		assert_true(an_image_finish(&f.im));
		assert_true(fixture_proc(&f, 0));
		assert_int_equal(f.g.tables, 4);
		assert_int_equal(f.g.unresolved, 0);
		assert_int_equal(count_kind(&f.g, AN_E_orphan), 0);
		for (int from = 0; from < 4; from++) {
			uint32_t j = from ? blk(&f, &p, C0 + from - 1) : 0;
			for (int c = C0; c <= C2; c++)
				edge(j, blk(&f, &p, c), AN_E_table);
		}
		fixture_free(&f);
	}
}

/* GCC's alignment padding after a BR, a JMP or a RET is a block of its
 * own, never the start of the code after it, even when nothing the graph
 * knows goes there (a case of a jump not resolved); unreached, it goes
 * to EXIT and the code after it gets the orphan edge. */
static void test_padding_after_transfer(void **state)
{
	(void)state;
	for (int k = 0; k < 3; k++) {
		prog_init(&p, BASE);
		bra(&p, OP_beq, A0, END);
		if (k == 0)
			bra(&p, OP_br, ZERO, END);
		else if (k == 1)
			jmp(&p, OP_jmp, ZERO, T0, -1);
		else
			fixture_ret(&p);
		mem(&p, OP_ldq_u, ZERO, 0, SP);      /* unop */
		opr(&p, OP_bis, ZERO, ZERO, ZERO);   /* nop */
		here(&p, MID);
		opr(&p, OP_addq, A0, A1, V0);
		here(&p, END);
		fixture_ret(&p);
		build();
		assert_int_equal(f.g.nb, 5);
		long m = an_cfg_block_at(&f.g, addr_of(&p, MID));
		assert_true(m == 3);
		assert_int_equal(f.g.b[2].n, 2);
		edge(2, f.g.exit, AN_E_padding);
		edge(f.g.entry, 2, AN_E_orphan);
		edge(f.g.entry, 3, AN_E_orphan);
		edge(3, blk(&f, &p, END), AN_E_fall);
		fixture_free(&f);
	}
}

static void test_calls(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_addq, A0, A1, A0);
	bra(&p, OP_bsr, RA, FAR);
	opr(&p, OP_addq, V0, V0, A0);
	jmp(&p, OP_jsr, RA, T12, FAR);
	jmp(&p, OP_jsr, RA, T12, -1);
	emit(&p, isa_encode(OP_call_pal, 0, 0, 0, 0) | 0x83);   /* callsys */
	fixture_ret(&p);
	here(&p, FAR);
	fixture_ret(&p);
	assert_true(fixture_build_far(&f, &p, FAR));
	assert_int_equal(f.g.nb, 5);
	for (uint32_t b = 0; b < 4; b++)
		edge(b, b + 1, AN_E_callret);
	assert_int_equal(f.g.ncall, 4);
	assert_int_equal(f.g.call[0].insn, 1);
	assert_int_equal(f.g.call[0].target, addr_of(&p, FAR));
	assert_int_equal(f.g.call[1].target, addr_of(&p, FAR));    /* the JSR's hint */
	assert_int_equal(f.g.call[2].target, 0);                   /* no hint */
	assert_int_equal(f.g.call[3].target, 0);                   /* CALL_PAL */
}

static void test_computed_jumps(void **state)
{
	(void)state;
	/* no hint: unknown; a hint inside: that target and unknown; a hint
	 * outside: a tail call (to "far", before p: a hint to the very next
	 * instruction would be 0, no hint) */
	prog_init(&p, BASE);
	here(&p, FAR);
	fixture_ret(&p);
	bra(&p, OP_beq, A0, MID);
	jmp(&p, OP_jmp, ZERO, T0, -1);
	here(&p, MID);
	bra(&p, OP_beq, A1, END);
	jmp(&p, OP_jmp, ZERO, T0, MID);
	here(&p, END);
	mem(&p, OP_ldq, T12, 0, GP);
	jmp(&p, OP_jmp, ZERO, T12, FAR);
	fixture_image(&f, &p);
	assert_true(an_image_add_proc(&f.im, "p", BASE + 4, 4 * (p.n - 1)));
	assert_true(an_image_add_proc(&f.im, "far", BASE, 4));
	assert_true(an_image_finish(&f.im));
	assert_int_equal(f.im.proc[1].addr, BASE + 4);
	assert_true(fixture_proc(&f, 1));
	assert_int_equal(f.g.nb, 5);
	uint32_t m = blk(&f, &p, MID), e = blk(&f, &p, END);
	edge(1, f.g.exit, AN_E_unknown);
	edge(3, m, AN_E_hint);
	edge(3, f.g.exit, AN_E_unknown);
	edge(e, f.g.exit, AN_E_tail);
	assert_int_equal(f.g.unresolved, 2);
	assert_int_equal(count_kind(&f.g, AN_E_orphan), 0);
}

static void test_falls_off_end(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	bra(&p, OP_beq, A0, END);
	bra_to(&p, OP_bsr, RA, BASE + 0x100);   /* a call that never returns */
	here(&p, END);
	opr(&p, OP_addq, A0, A1, V0);
	build();
	assert_int_equal(f.g.nb, 3);
	edge(1, 2, AN_E_callret);
	edge(2, f.g.exit, AN_E_out);
}

static void test_orphans_and_endless_loops(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	fixture_ret(&p);
	opr(&p, OP_addq, A0, A1, V0);   /* never reached */
	fixture_ret(&p);
	build();
	assert_int_equal(f.g.nb, 2);
	edge(f.g.entry, 1, AN_E_orphan);
	assert_int_equal(count_kind(&f.g, AN_E_orphan), 1);
	fixture_free(&f);

	prog_init(&p, BASE);
	opr(&p, OP_addq, A0, A1, V0);
	here(&p, FIX_LOOP);
	opr(&p, OP_addq, V0, A1, V0);
	bra(&p, OP_br, ZERO, FIX_LOOP);
	build();
	assert_int_equal(f.g.nb, 2);
	edge(1, 1, AN_E_br);
	edge(1, f.g.exit, AN_E_noexit);   /* only from the loop's block */
	assert_int_equal(count_kind(&f.g, AN_E_noexit), 1);
}

static void test_illegal_word(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	opr(&p, OP_addq, A0, A1, V0);
	emit(&p, 0x04000000);           /* opcode 1: reserved */
	fixture_ret(&p);
	build();
	assert_int_equal(f.g.nb, 2);
	edge(0, f.g.exit, AN_E_stop);
	edge(f.g.entry, 1, AN_E_orphan);
}

/* A BSR past another procedure's gp prologue makes an entry point. */
static void test_extra_entry(void **state)
{
	(void)state;
	prog_init(&p, BASE);
	bra(&p, OP_bsr, RA, MID);
	fixture_ret(&p);
	here(&p, FAR);
	mem(&p, OP_ldah, GP, 1, T12);
	mem(&p, OP_lda, GP, 0, GP);
	here(&p, MID);
	opr(&p, OP_addq, A0, A1, V0);
	fixture_ret(&p);
	fixture_image(&f, &p);
	assert_true(an_image_add_proc(&f.im, "q", addr_of(&p, FAR), 16));
	assert_true(an_image_add_proc(&f.im, "p", BASE, 8));
	assert_true(an_image_finish(&f.im));
	assert_int_equal(f.im.nproc, 2);
	assert_string_equal(f.im.proc[1].name, "q");
	assert_true(f.im.proc[1].gpload);
	assert_int_equal(f.im.nentries, 1);
	assert_int_equal(f.im.entries[0], addr_of(&p, MID));
	char err[256];
	assert_true(an_cfg_build_proc(&f.g, &f.im, 1, err, sizeof err));
	assert_int_equal(f.g.nb, 2);
	edge(f.g.entry, 0, AN_E_entry);
	edge(f.g.entry, 1, AN_E_entry);
	edge(0, 1, AN_E_fall);
}

UNIT_MAIN(NULL, NULL,
	fixture_unit_test(test_straight, &f),
	fixture_unit_test(test_if_else, &f),
	fixture_unit_test(test_loop, &f),
	fixture_unit_test(test_nested_loops, &f),
	fixture_unit_test(test_jump_table, &f),
	fixture_unit_test(test_jump_table_refused, &f),
	fixture_unit_test(test_dispatch_loop, &f),
	fixture_unit_test(test_dispatch_base_changed, &f),
	fixture_unit_test(test_computed_goto, &f),
	fixture_unit_test(test_padding_after_transfer, &f),
	fixture_unit_test(test_calls, &f),
	fixture_unit_test(test_computed_jumps, &f),
	fixture_unit_test(test_falls_off_end, &f),
	fixture_unit_test(test_orphans_and_endless_loops, &f),
	fixture_unit_test(test_illegal_word, &f),
	fixture_unit_test(test_extra_entry, &f),
)

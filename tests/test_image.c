/*
 * test_image.c - the analysis on a program built as a user builds one
 * (tests/anprogs/switch.c, alpha-linux-gnu-gcc -O2, dynamic) and on a
 * stripped copy: procedures from the symbol table and, without it, from
 * the code; GCC's jump table in the real code resolved (every case body
 * reached from the entry, only padding left unreachable); the local call
 * from main making a second entry point; file offsets and addresses;
 * a file that is not an image refused with a message naming it; and the
 * interpreters of tests/anprogs/dispatch.c (a switch and a computed goto
 * through a table of label addresses) with every dispatch resolved.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "analysis/lib/cfg.h"
#include "isa/isa.h"

static char path[512], stripped[512], dispatch[512], err[512];

static void paths(void)
{
	const char *top = getenv("top_builddir");
	snprintf(path, sizeof path, "%s/tests/anprogs/switch.dyn", top ? top : ".");
	snprintf(stripped, sizeof stripped, "%s/tests/anprogs/switch.stripped", top ? top : ".");
	snprintf(dispatch, sizeof dispatch, "%s/tests/anprogs/dispatch.dyn", top ? top : ".");
}

static size_t count_kind(const struct an_cfg *g, enum an_edge_kind k)
{
	size_t n = 0;
	for (size_t e = 0; e < g->ne; e++)
		n += g->e[e].kind == k;
	return n;
}

static bool padding_block(const struct an_cfg *g, uint32_t b)
{
	for (uint32_t i = g->b[b].first; i < g->b[b].first + g->b[b].n; i++)
		if (g->word[i] != 0x47ff041f && g->word[i] != 0x2ffe0000)   /* nop, unop */
			return false;
	return true;
}

/* pick's switch: one table of 8 distinct targets, nothing unknown, and
 * every block that is not padding reached from the entries. */
static void check_pick(const struct an_cfg *g)
{
	assert_int_equal(g->tables, 1);
	assert_int_equal(g->unresolved, 0);
	assert_int_equal(count_kind(g, AN_E_table), 8);
	assert_int_equal(count_kind(g, AN_E_unknown), 0);
	for (size_t e = 0; e < g->ne; e++)
		if (g->e[e].kind == AN_E_orphan && !padding_block(g, g->e[e].dst))
			fail_msg("code at 0x%llx only reached by an orphan edge",
			         (unsigned long long)an_cfg_pc(g, g->b[g->e[e].dst].first));
	/* the cases that load their constant (lda) are table targets */
	static const int loaded[] = { 1001, -1003, 1004, 1005, 1008 };
	for (size_t c = 0; c < sizeof loaded / sizeof *loaded; c++) {
		bool seen = false;
		for (size_t e = 0; e < g->ne && !seen; e++) {
			const struct an_block *b = &g->b[g->e[e].dst];
			for (uint32_t i = b->first; g->e[e].kind == AN_E_table && i < b->first + b->n; i++)
				seen |= g->op[i] == OP_lda && INSN_DISP16(g->word[i]) == loaded[c];
		}
		if (!seen)
			fail_msg("case %d not among the table's targets", loaded[c]);
	}
}

static void test_symbols(void **state)
{
	(void)state;
	struct an_image im;
	assert_true(an_image_load(&im, path, err, sizeof err));
	assert_true(im.had_symbols);
	long p = an_image_proc_named(&im, "pick"), m = an_image_proc_named(&im, "main");
	assert_true(p >= 0 && m >= 0);
	assert_false(im.proc[p].synthetic);
	assert_true(im.proc[p].gpload);
	assert_int_equal(an_image_proc_at(&im, im.proc[p].addr + 4), p);
	/* offsets and addresses agree both ways */
	uint64_t off, va;
	assert_true(an_image_va2off(&im, im.proc[p].addr, &off));
	assert_true(an_image_off2va(&im, off, &va));
	assert_int_equal(va, im.proc[p].addr);
	/* main calls pick past its gp prologue: a second entry */
	const uint64_t *entries;
	assert_int_equal(an_image_proc_entries(&im, (size_t)p, &entries), 1);
	assert_int_equal(entries[0], im.proc[p].addr + 8);
	struct an_cfg g;
	assert_true(an_cfg_build_proc(&g, &im, (size_t)p, err, sizeof err));
	check_pick(&g);
	assert_int_equal(count_kind(&g, AN_E_entry), 2);
	an_cfg_free(&g);
	an_image_free(&im);
}

/* Without symbols the procedures come from the code: pick is found at
 * the same address, and its graph is the same. */
static void test_stripped(void **state)
{
	(void)state;
	struct an_image im, st;
	assert_true(an_image_load(&im, path, err, sizeof err));
	assert_true(an_image_load(&st, stripped, err, sizeof err));
	assert_false(st.had_symbols);
	const struct an_proc_sym *pick = &im.proc[an_image_proc_named(&im, "pick")];
	long p = an_image_proc_at(&st, pick->addr);
	assert_true(p >= 0);
	assert_int_equal(st.proc[p].addr, pick->addr);
	assert_true(st.proc[p].synthetic);
	char name[64];
	snprintf(name, sizeof name, "proc@0x%llx", (unsigned long long)pick->addr);
	assert_string_equal(st.proc[p].name, name);
	/* main too (a gp prologue), and every procedure lies in the text */
	long m = an_image_proc_named(&im, "main");
	assert_int_equal(st.proc[an_image_proc_at(&st, im.proc[m].addr)].addr, im.proc[m].addr);
	for (size_t k = 0; k < st.nproc; k++)
		assert_true(an_image_is_text(&st, st.proc[k].addr));
	struct an_cfg a, b;
	assert_true(an_cfg_build_proc(&a, &im, (size_t)(pick - im.proc), err, sizeof err));
	assert_true(an_cfg_build_proc(&b, &st, (size_t)p, err, sizeof err));
	check_pick(&b);
	/* the same blocks, but for padding past the symbol's end */
	assert_true(b.nb >= a.nb);
	for (uint32_t k = 0; k < b.nb; k++) {
		if (k >= a.nb) {
			assert_true(padding_block(&b, k));
			continue;
		}
		assert_int_equal(a.b[k].first, b.b[k].first);
		assert_int_equal(a.b[k].n, b.b[k].n);
	}
	an_cfg_free(&a);
	an_cfg_free(&b);
	an_image_free(&im);
	an_image_free(&st);
}

/* Every block of procedure name of im that is not padding reached from
 * the entries, no computed jump unknown, at least tables tables. */
static void check_all_reached(const struct an_image *im, const char *name, size_t tables)
{
	long p = an_image_proc_named(im, name);
	assert_true(p >= 0);
	struct an_cfg g;
	assert_true(an_cfg_build_proc(&g, im, (size_t)p, err, sizeof err));
	if (g.tables < tables || g.unresolved)
		fail_msg("%s: %zu tables, %zu computed jumps unknown", name, g.tables, g.unresolved);
	for (size_t e = 0; e < g.ne; e++)
		if (g.e[e].kind == AN_E_orphan && !padding_block(&g, g.e[e].dst))
			fail_msg("%s: code at 0x%llx only reached by an orphan edge", name,
			         (unsigned long long)an_cfg_pc(&g, g.b[g.e[e].dst].first));
	an_cfg_free(&g);
}

/* The switch interpreter's one table (its address formed before the
 * loop) and the computed goto's dispatch at the end of each of its 8
 * handlers (a table of 64-bit label addresses). */
static void test_dispatch(void **state)
{
	(void)state;
	struct an_image im;
	assert_true(an_image_load(&im, dispatch, err, sizeof err));
	check_all_reached(&im, "run_switch", 1);
	check_all_reached(&im, "run_goto", 8);
	an_image_free(&im);
}

static void test_not_an_image(void **state)
{
	(void)state;
	char junk[] = "/tmp/an-image-XXXXXX";
	int fd = mkstemp(junk);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "not an ELF file\n", 16), 16);
	close(fd);
	struct an_image im;
	assert_false(an_image_load(&im, junk, err, sizeof err));
	assert_non_null(strstr(err, junk));
	unlink(junk);
	assert_false(an_image_load(&im, "/nonexistent/image", err, sizeof err));
	assert_non_null(strstr(err, "/nonexistent/image"));
}

int main(void)
{
	paths();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symbols),
		cmocka_unit_test(test_stripped),
		cmocka_unit_test(test_dispatch),
		cmocka_unit_test(test_not_an_image),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

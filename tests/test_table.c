/*
 * test_table.c - the analysis tools' one table writer
 * (analysis/report/table.h) on tables made here, each format's bytes
 * compared whole: columns left to their defaults (as wide as the widest
 * cell, two spaces apart, numbers whole or to ten digits in CSV and
 * JSON, NaN "-", empty and null); and the columns a listing describes
 * (its own head, separator and width, CSV's and JSON's own number
 * formats and JSON writer, the text's and the data's only columns, short
 * counts, text as it is, printf's "nan" where a column asks for it), an
 * absent string (nothing in the text, its separator neither; empty in
 * CSV; null in JSON); sorting and keeping the first rows.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "analysis/report/table.h"

enum { TEXT, CSV, JSON };

/* t printed in format fmt, compared with want */
static void printed(const struct an_table *t, int fmt, const char *want)
{
	char *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);
	assert_non_null(f);
	if (fmt == TEXT)
		an_table_text(t, f, "");
	else if (fmt == CSV)
		an_table_csv(t, f);
	else
		an_table_json(t, f);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(got, want);
	free(got);
}

static void test_defaults(void **state)
{
	(void)state;
	static const struct an_tcol cols[] = {
		{ .name = "name" }, { .name = "n", .text = "%.0f" }, { .name = "share", .text = "%.2f" },
	};
	struct an_table t;
	an_table_init(&t, cols, 3);
	an_table_str(&t, "a,b");
	an_table_num(&t, 12);
	an_table_num(&t, 0.5);
	an_table_str(&t, "long name");
	an_table_num(&t, 3);
	an_table_num(&t, NAN);
	assert_false(t.nomem);
	assert_int_equal(an_table_rows(&t), 2);
	printed(&t, TEXT, "name        n  share\n"
	                  "a,b        12   0.50\n"
	                  "long name   3      -\n");
	printed(&t, CSV, "name,n,share\n\"a,b\",12,0.5\nlong name,3,\n");
	printed(&t, JSON, "[\n  {\"name\": \"a,b\", \"n\": 12, \"share\": 0.5},\n"
	                  "  {\"name\": \"long name\", \"n\": 3, \"share\": null}]");
	an_table_free(&t);
}

static void test_listing(void **state)
{
	(void)state;
	static const struct an_tcol cols[] = {
		{ .name = "pct", .head = "%", .text = "%5.1f%%", .width = 6, .sep = "",
		  .data = "%.4f" },
		{ .name = "cycles", .text = "%.0f", .width = 7, .sep = " ", .data = "%.0f",
		  .flags = AN_TCOL_SHORT },
		{ .name = "avg", .text = "%.1f", .width = 5, .sep = " ", .data = "%.3f",
		  .json = an_out_json_num, .flags = AN_TCOL_NAN },
		{ .name = "pc", .flags = AN_TCOL_DATA },
		{ .name = "where", .head = "procedure", .width = -10, .sep = "  ",
		  .flags = AN_TCOL_TEXT },
		{ .name = "src", .sep = "  ", .flags = AN_TCOL_TEXT | AN_TCOL_ASIS },
		{ .name = "src_file", .flags = AN_TCOL_DATA },
	};
	struct an_table t;
	an_table_init(&t, cols, sizeof cols / sizeof *cols);
	an_table_num(&t, 12.5);
	an_table_num(&t, 123456);
	an_table_num(&t, 2.25);
	an_table_str(&t, "0x120001000");
	an_table_str(&t, "main (a.out)");
	an_table_str(&t, "a.c:3");
	an_table_str(&t, "a.c");
	an_table_num(&t, 100);
	an_table_num(&t, 7);
	an_table_num(&t, NAN);
	an_table_str(&t, "0x120001004");
	an_table_str(&t, "f (a.out)");
	an_table_str(&t, NULL);
	an_table_str(&t, NULL);
	printed(&t, TEXT, "     %  cycles   avg  procedure   src\n"
	                  " 12.5%    123k   2.2  main (a.out)  a.c:3\n"
	                  "100.0%       7     -  f (a.out) \n");
	printed(&t, CSV, "pct,cycles,avg,pc,src_file\n"
	                 "12.5000,123456,2.250,0x120001000,a.c\n"
	                 "100.0000,7,nan,0x120001004,\n");
	printed(&t, JSON, "[\n  {\"pct\": 12.5000, \"cycles\": 123456, \"avg\": 2.25, "
	                  "\"pc\": \"0x120001000\", \"src_file\": \"a.c\"},\n"
	                  "  {\"pct\": 100.0000, \"cycles\": 7, \"avg\": null, "
	                  "\"pc\": \"0x120001004\", \"src_file\": null}]");
	an_table_free(&t);
}

static int by_n(const struct an_tcell *a, const struct an_tcell *b)
{
	return a[1].v < b[1].v ? 1 : a[1].v > b[1].v ? -1 : 0;
}

static void test_sort_truncate(void **state)
{
	(void)state;
	static const struct an_tcol cols[] = { { .name = "k" }, { .name = "n", .text = "%.0f" } };
	struct an_table t;
	an_table_init(&t, cols, 2);
	const char *k[] = { "a", "b", "c" };
	for (int i = 0; i < 3; i++) {
		an_table_str(&t, k[i]);
		an_table_num(&t, i);
	}
	an_table_sort(&t, by_n);
	an_table_truncate(&t, 2);
	printed(&t, CSV, "k,n\nc,2\nb,1\n");
	an_table_truncate(&t, 0);
	printed(&t, JSON, "[]");
	an_table_free(&t);
}

UNIT_MAIN(NULL, NULL, cmocka_unit_test(test_defaults), cmocka_unit_test(test_listing),
          cmocka_unit_test(test_sort_truncate))

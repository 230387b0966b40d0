/*
 * antable.h - a table of rows the newer tools (dcpidiff, dcpistats,
 * dcpicat, dcpi2dot) fill once and print in the format asked for
 * (docs/tools.md): text in aligned columns, CSV with one header row
 * (analysis/report/anout.h's quoting), or a JSON array of objects.  Numbers
 * keep their value for CSV and JSON and print with the column's format
 * as text; NaN is "-" as text, empty in CSV, null in JSON.
 */
#ifndef ANALYSIS_ANTABLE_H
#define ANALYSIS_ANTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct an_tcol {
	const char *name;            /* CSV header and JSON key            */
	const char *text;            /* printf format of a number as text;
	                                NULL: a string column, left-aligned */
};

struct an_tcell {
	char *s;                     /* a string column's, malloc'd        */
	double v;
};

struct an_table {
	const struct an_tcol *col;
	size_t ncol;
	struct an_tcell *cell;       /* row-major, nrow x ncol             */
	size_t ncell, cap;
	bool nomem;                  /* an append failed: the table is short */
};

void an_table_init(struct an_table *t, const struct an_tcol *col, size_t ncol);
void an_table_free(struct an_table *t);

/* Append the next cell, row by row, in column order.  Out of memory
 * sets t->nomem, which the tool checks once before printing. */
void an_table_str(struct an_table *t, const char *s);
void an_table_num(struct an_table *t, double v);

static inline size_t an_table_rows(const struct an_table *t)
{
	return t->ncol ? t->ncell / t->ncol : 0;
}

/* Sort the rows with cmp over two rows' first cells. */
void an_table_sort(struct an_table *t,
                   int (*cmp)(const struct an_tcell *a, const struct an_tcell *b));

/* Keep the first n rows. */
void an_table_truncate(struct an_table *t, size_t n);

/* The table as text (a header row, then the rows, columns two spaces
 * apart; each line after prefix), CSV (a header row), or JSON (an array
 * of objects, one a line, indented by two). */
void an_table_text(const struct an_table *t, FILE *f, const char *prefix);
void an_table_csv(const struct an_table *t, FILE *f);
void an_table_json(const struct an_table *t, FILE *f);

#endif

/*
 * antable.c - a table printed as text, CSV or JSON (analysis/report/antable.h).
 */
#include "analysis/report/antable.h"
#include "analysis/report/anout.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void an_table_init(struct an_table *t, const struct an_tcol *col, size_t ncol)
{
	memset(t, 0, sizeof *t);
	t->col = col;
	t->ncol = ncol;
}

void an_table_free(struct an_table *t)
{
	for (size_t i = 0; i < t->ncell; i++)
		free(t->cell[i].s);
	free(t->cell);
	memset(t, 0, sizeof *t);
}

static struct an_tcell *next(struct an_table *t)
{
	if (t->nomem)
		return NULL;
	if (t->ncell == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct an_tcell *c = realloc(t->cell, cap * sizeof *c);
		if (!c) {
			t->nomem = true;
			return NULL;
		}
		t->cell = c;
		t->cap = cap;
	}
	struct an_tcell *c = &t->cell[t->ncell++];
	c->s = NULL;
	c->v = NAN;
	return c;
}

void an_table_str(struct an_table *t, const char *s)
{
	struct an_tcell *c = next(t);
	if (c && !(c->s = strdup(s)))
		t->nomem = true;
}

void an_table_num(struct an_table *t, double v)
{
	struct an_tcell *c = next(t);
	if (c)
		c->v = v;
}

/* qsort has no context: the comparison is a static, set for the one
 * sort at a time a single-threaded tool does */
static int (*sort_cmp)(const struct an_tcell *, const struct an_tcell *);

static int row_cmp(const void *a, const void *b)
{
	return sort_cmp(*(struct an_tcell *const *)a, *(struct an_tcell *const *)b);
}

void an_table_sort(struct an_table *t,
                   int (*cmp)(const struct an_tcell *a, const struct an_tcell *b))
{
	size_t n = an_table_rows(t);
	struct an_tcell **row = malloc((n + 1) * sizeof *row);
	struct an_tcell *cell = malloc((t->ncell + 1) * sizeof *cell);
	if (!row || !cell) {
		free(row);
		free(cell);
		t->nomem = true;
		return;
	}
	for (size_t i = 0; i < n; i++)
		row[i] = &t->cell[i * t->ncol];
	sort_cmp = cmp;
	qsort(row, n, sizeof *row, row_cmp);
	for (size_t i = 0; i < n; i++)
		memcpy(&cell[i * t->ncol], row[i], t->ncol * sizeof *cell);
	free(t->cell);
	free(row);
	t->cell = cell;
	t->cap = t->ncell + 1;
}

void an_table_truncate(struct an_table *t, size_t n)
{
	while (an_table_rows(t) > n) {
		t->ncell--;
		free(t->cell[t->ncell].s);
	}
	t->ncell = an_table_rows(t) * t->ncol;   /* a partial row, too */
}

static void text_cell(const struct an_table *t, size_t k, const struct an_tcell *c, char *buf,
                      size_t len)
{
	if (!t->col[k].text)
		snprintf(buf, len, "%s", c->s ? c->s : "");
	else if (!isfinite(c->v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, t->col[k].text, c->v);
}

void an_table_text(const struct an_table *t, FILE *f, const char *prefix)
{
	size_t n = an_table_rows(t);
	int w[64] = { 0 };
	char buf[512];
	size_t ncol = t->ncol < 64 ? t->ncol : 64;
	for (size_t k = 0; k < ncol; k++)
		w[k] = (int)strlen(t->col[k].name);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ncol; k++) {
			text_cell(t, k, &t->cell[i * t->ncol + k], buf, sizeof buf);
			if ((int)strlen(buf) > w[k])
				w[k] = (int)strlen(buf);
		}
	for (size_t i = 0; i <= n; i++) {
		fputs(prefix, f);
		for (size_t k = 0; k < ncol; k++) {
			bool left = !t->col[k].text, last = k + 1 == ncol;
			if (i)
				text_cell(t, k, &t->cell[(i - 1) * t->ncol + k], buf, sizeof buf);
			else
				snprintf(buf, sizeof buf, "%s", t->col[k].name);
			fprintf(f, "%s%*s", k ? "  " : "", left ? -(last ? 0 : w[k]) : w[k], buf);
		}
		putc('\n', f);
	}
}

/* a number for CSV and JSON: whole numbers whole, others to ten digits */
static void number(FILE *f, double v)
{
	if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.10g", v);
}

void an_table_csv(const struct an_table *t, FILE *f)
{
	for (size_t k = 0; k < t->ncol; k++) {
		fputs(k ? "," : "", f);
		an_out_csv(f, t->col[k].name);
	}
	putc('\n', f);
	for (size_t i = 0; i < t->ncell; i++) {
		const struct an_tcell *c = &t->cell[i];
		size_t k = i % t->ncol;
		if (k)
			putc(',', f);
		if (!t->col[k].text)
			an_out_csv(f, c->s ? c->s : "");
		else if (isfinite(c->v))
			number(f, c->v);
		if (k + 1 == t->ncol)
			putc('\n', f);
	}
}

void an_table_json(const struct an_table *t, FILE *f)
{
	putc('[', f);
	for (size_t i = 0; i < t->ncell; i++) {
		const struct an_tcell *c = &t->cell[i];
		size_t k = i % t->ncol;
		fputs(k ? ", " : i ? ",\n  {" : "\n  {", f);
		json_str(f, t->col[k].name);
		fputs(": ", f);
		if (!t->col[k].text)
			json_str(f, c->s ? c->s : "");
		else if (isfinite(c->v))
			number(f, c->v);
		else
			fputs("null", f);
		if (k + 1 == t->ncol)
			putc('}', f);
	}
	putc(']', f);
}

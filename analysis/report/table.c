/*
 * table.c - what the analysis tools print with: the fields of a row,
 * and the table printed as text, CSV or JSON (analysis/report/table.h).
 */
#include "analysis/report/table.h"
#include "analysis/lib/whatcg.h"
#include "isa/disasm.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void an_out_csv(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, f);
		return;
	}
	putc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			putc('"', f);
		putc(*s, f);
	}
	putc('"', f);
}

void an_out_json_num(FILE *f, double v)
{
	if (!isfinite(v))
		fputs("null", f);
	else if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.6g", v);
}

void an_out_cpi(FILE *f, int w, double cpi)
{
	if (isfinite(cpi))
		fprintf(f, " %*.2f", w, cpi);
	else
		fprintf(f, " %*s", w, "-");
}

void an_out_pm_csv(FILE *f, const struct an_pm *pm, const struct an_proc *a, size_t i)
{
	fprintf(f, ",%.6g,%.6g,%s", an_pm_count(pm, a, i), an_pm_cpi(pm, a, i, NULL),
	        an_wcg_pm_culprit(pm, a, i));
}

void an_out_pm_json(FILE *f, const struct an_pm *pm, const struct an_proc *a, size_t i)
{
	fputs(", \"pm_freq\": ", f);
	an_out_json_num(f, an_pm_count(pm, a, i));
	fputs(", \"pm_cpi\": ", f);
	an_out_json_num(f, an_pm_cpi(pm, a, i, NULL));
	fputs(", \"pm_culprit\": ", f);
	json_str(f, an_wcg_pm_culprit(pm, a, i));
}

const char *an_out_short(double v, char buf[16])
{
	static const char unit[] = " kMGTP";
	if (!isfinite(v)) {
		snprintf(buf, 16, "-");
		return buf;
	}
	unsigned k = 0;
	double a = fabs(v);
	while (a >= 999.5 && k + 1 < sizeof unit - 1) {
		a /= 1000;
		v /= 1000;
		k++;
	}
	if (!k)
		snprintf(buf, 16, "%.0f", v);
	else
		snprintf(buf, 16, a < 9.995 ? "%.2f%c" : a < 99.95 ? "%.1f%c" : "%.0f%c", v, unit[k]);
	return buf;
}

int an_out_addr_width(const struct an_proc *a)
{
	int n = 2 + 9;
	for (uint64_t top = an_cfg_pc(&a->g, a->g.ninsn ? a->g.ninsn - 1 : 0) >> 36; top; top >>= 4)
		n++;
	return n;
}

const char *an_out_pc(uint64_t pc, char buf[24])
{
	snprintf(buf, 24, "0x%llx", (unsigned long long)pc);
	return buf;
}

void an_out_insn(const struct an_proc *a, size_t i, char *buf, size_t len)
{
	disasm_insn(buf, len, a->g.word[i], an_cfg_pc(&a->g, i));
	char *tab = strchr(buf, '\t');
	if (tab)
		*tab = ' ';
}

void an_out_static_codes(const struct an_proc *a, size_t i, char *buf, size_t len)
{
	const struct an_sched_insn *s = &a->s[i];
	double st[AN_NSTATIC], dep = 0;
	an_wcg_static_split(s, st);
	for (unsigned c = TC_dep_int; c <= TC_dep_fdiv; c++)
		dep += st[c - AN_STATIC_FIRST];
	size_t n = 0;
	static const char op[3] = { 'a', 'b', 'c' };
	for (unsigned k = 0; k < 3 && n + 1 < len; k++)
		if (s->opnd[k] && dep > 0)
			buf[n++] = op[k];
	if (st[TC_unit - AN_STATIC_FIRST] > 0 && n + 1 < len)
		buf[n++] = 'u';
	if (st[TC_slot - AN_STATIC_FIRST] > 0 && n + 1 < len)
		buf[n++] = 's';
	if (len)
		buf[n] = 0;
}

void an_out_culprits(const struct an_proc *a, size_t i, char *buf, size_t len)
{
	if (a->cul[i].stalled)
		an_culprit_codes(a->cul[i].set, buf, len);
	else if (len)
		buf[0] = 0;
}

void an_out_legend(FILE *f)
{
	fprintf(f, "Static stalls (the schedule's):  a b c  waits for Ra, Rb, Rc   "
	        "u  unit busy   s  slotting\n");
	fprintf(f, "Dynamic stalls (culprits not ruled out):\n");
	for (unsigned c = 0; c < AN_C_N; c++)
		fprintf(f, "  %c  %s\n", an_culprit_table[c].letter, an_culprit_table[c].desc);
}

void an_skips_add(void *skips, const struct an_session *s, const char *what, uint64_t samples,
                  const char *why)
{
	struct an_skips *k = skips;
	(void)s;
	struct an_skip *v = realloc(k->v, (k->n + 1) * sizeof *v);
	if (!v)
		return;
	k->v = v;
	v[k->n] = (struct an_skip){ strdup(what), strdup(why), samples };
	if (v[k->n].what && v[k->n].why)
		k->n++;
	k->samples += samples;
}

void an_skips_text(const struct an_skips *k, FILE *f, const char *prefix)
{
	for (size_t i = 0; i < k->n; i++)
		fprintf(f, "%snot analysed: %s: %llu cycles samples: %s\n", prefix, k->v[i].what,
		        (unsigned long long)k->v[i].samples, k->v[i].why);
}

void an_skips_json(const struct an_skips *k, FILE *f)
{
	fprintf(f, "\"not_analysed\": [");
	for (size_t i = 0; i < k->n; i++) {
		fprintf(f, "%s{\"what\": ", i ? ", " : "");
		json_str(f, k->v[i].what);
		fprintf(f, ", \"samples\": %llu, \"why\": ", (unsigned long long)k->v[i].samples);
		json_str(f, k->v[i].why);
		fprintf(f, "}");
	}
	fprintf(f, "]");
}

void an_skips_free(struct an_skips *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free(k->v[i].what);
		free(k->v[i].why);
	}
	free(k->v);
	memset(k, 0, sizeof *k);
}

/* ---- the table --------------------------------------------------------- */

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
	if (c && s && !(c->s = strdup(s)))
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
	size_t keep = an_table_rows(t) > n ? n * t->ncol : an_table_rows(t) * t->ncol;
	while (t->ncell > keep)      /* the rows past n, and a partial row */
		free(t->cell[--t->ncell].s);
}

static void text_cell(const struct an_table *t, size_t k, const struct an_tcell *c, char *buf,
                      size_t len)
{
	const struct an_tcol *col = &t->col[k];
	char s[16];
	if (!col->text)
		snprintf(buf, len, "%s", c->s ? c->s : "");
	else if (col->flags & AN_TCOL_SHORT)
		snprintf(buf, len, "%s", an_out_short(c->v, s));
	else if (!isfinite(c->v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, col->text, c->v);
}

void an_table_text(const struct an_table *t, FILE *f, const char *prefix)
{
	size_t n = an_table_rows(t);
	int w[64] = { 0 };
	char buf[512];
	size_t ncol = t->ncol < 64 ? t->ncol : 64, last = 0;
	for (size_t k = 0; k < ncol; k++) {
		const struct an_tcol *col = &t->col[k];
		if (col->flags & AN_TCOL_DATA)
			continue;
		last = k;
		w[k] = (int)strlen(col->head ? col->head : col->name);
		for (size_t i = 0; i < n; i++) {
			text_cell(t, k, &t->cell[i * t->ncol + k], buf, sizeof buf);
			if ((int)strlen(buf) > w[k])
				w[k] = (int)strlen(buf);
		}
	}
	for (size_t i = 0; i <= n; i++) {
		fputs(prefix, f);
		bool first = true;
		for (size_t k = 0; k < ncol; k++) {
			const struct an_tcol *col = &t->col[k];
			const struct an_tcell *c = i ? &t->cell[(i - 1) * t->ncol + k] : NULL;
			if ((col->flags & AN_TCOL_DATA) || (c && !col->text && !c->s))
				continue;
			bool left = !col->text;
			int width = col->flags & AN_TCOL_ASIS ? 0 : col->width ? col->width
			          : left ? -(k == last ? 0 : w[k]) : w[k];
			if (c)
				text_cell(t, k, c, buf, sizeof buf);
			else
				snprintf(buf, sizeof buf, "%s", col->head ? col->head : col->name);
			fprintf(f, "%s%*s", col->sep ? col->sep : first ? "" : "  ", width, buf);
			first = false;
		}
		putc('\n', f);
	}
}

/* a number for CSV and JSON: the column's format, else whole numbers
 * whole and others to ten digits */
static void number(FILE *f, const struct an_tcol *col, double v)
{
	if (col->data)
		fprintf(f, col->data, v);
	else if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.10g", v);
}

void an_table_csv(const struct an_table *t, FILE *f)
{
	const char *sep = "";
	for (size_t k = 0; k < t->ncol; k++) {
		if (t->col[k].flags & AN_TCOL_TEXT)
			continue;
		fputs(sep, f);
		an_out_csv(f, t->col[k].name);
		sep = ",";
	}
	putc('\n', f);
	for (size_t i = 0; i < t->ncell; i++) {
		const struct an_tcell *c = &t->cell[i];
		size_t k = i % t->ncol;
		const struct an_tcol *col = &t->col[k];
		if (!k)
			sep = "";
		if (!(col->flags & AN_TCOL_TEXT)) {
			fputs(sep, f);
			sep = ",";
			if (!col->text)
				an_out_csv(f, c->s ? c->s : "");
			else if ((col->flags & AN_TCOL_NAN) || isfinite(c->v))
				number(f, col, c->v);
		}
		if (k + 1 == t->ncol)
			putc('\n', f);
	}
}

void an_table_json_rows(const struct an_table *t, FILE *f)
{
	const char *sep = "";
	for (size_t i = 0; i < t->ncell; i++) {
		const struct an_tcell *c = &t->cell[i];
		size_t k = i % t->ncol;
		const struct an_tcol *col = &t->col[k];
		if (!k) {
			fputs(i ? ",\n  {" : "\n  {", f);
			sep = "";
		}
		if (!(col->flags & AN_TCOL_TEXT)) {
			fputs(sep, f);
			sep = ", ";
			json_str(f, col->name);
			fputs(": ", f);
			if (!col->text && c->s)
				json_str(f, c->s);
			else if (!col->text)
				fputs("null", f);
			else if (col->json)
				col->json(f, c->v);
			else if ((col->flags & AN_TCOL_NAN) || isfinite(c->v))
				number(f, col, c->v);
			else
				fputs("null", f);
		}
		if (k + 1 == t->ncol)
			putc('}', f);
	}
}

void an_table_json(const struct an_table *t, FILE *f)
{
	putc('[', f);
	an_table_json_rows(t, f);
	putc(']', f);
}

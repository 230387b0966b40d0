/*
 * dcpitopstalls.c - the instructions with the most dynamic stall
 * cycles (DCPI paper, section 6; docs/analysis.md, "dcpitopstalls"):
 *
 *   dcpitopstalls [-db DIR] [options] [-n N] [IMAGE [PROC]]
 *
 * One row per stalled instruction (the culprit analysis found a stall),
 * by its estimated dynamic stall cycles: their share of the scope's
 * cycles (%), the running share (cum%), the stall cycles, the estimated
 * executions and their confidence, the stall per execution (avg), the
 * culprits (blame), the PC and the procedure.  With --truth: the true
 * stall per execution and its dominant cause.  When the database holds
 * instruction sampling's records (an alphasim extension:
 * docs/precise.md), each row also has their estimate of its dynamic
 * stall cycles and their culprit (analysis/lib/whatcg.h), and --method pm
 * ranks the rows by that estimate instead of the counters'.  Where an
 * image has DWARF (gcc -g), each row its source file and line
 * (analysis/report/ansource.h).
 */
#include "analysis/report/cli.h"
#include "analysis/report/table.h"
#include "analysis/report/ansource.h"
#include "analysis/lib/pmest.h"
#include "analysis/lib/whatcg.h"
#include "util/xalloc.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TOP 20

static const char *method = "counters";
static const struct an_cli_opt opts[] = {
	{ "method", "M", "rank by the counters' stall estimate (counters, the default) or by\n"
	  "the instruction-sampling records' (pm: an alphasim extension)", &method, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};
static struct an_cli cli = { .id = AN_TOOL_dcpitopstalls, .opts = opts };

struct row {
	double stall, count, avg;
	enum an_conf conf;
	char blame[AN_C_N + 1];
	uint64_t pc;
	char *proc, *image;
	bool have_truth;
	double true_avg;            /* true dynamic stall cycles per execution */
	const char *true_cause;     /* its main cause (analysis/lib/whatcg.h)      */
	double pm_stall;            /* the records' dynamic stall cycles       */
	const char *pm_culprit;     /* ... and their culprit                   */
	char *src_file;             /* its source line, NULL: none             */
	unsigned src_line;
	const char *reason;         /* why an estimate is missing, NULL: none  */
};

struct rows {
	struct row *v;
	size_t n, cap;
	double total;               /* the scope's estimated cycles            */
	bool have_pm, by_pm;        /* records there; rank by them             */
	struct an_pm pm;
	double pm_total;            /* the scope's cycles by the records       */
	struct an_src_cache src;    /* the DWARF of the image visited          */
	bool any_src;               /* some row has a source line              */
};

/* Why row w's estimates are not all there (docs/tools.md,
 * "dcpitopstalls"), NULL when they are: its stall per execution needs
 * executions, which the frequency estimate may put at 0 for an
 * instruction with samples; the records' estimate needs records. */
static const char *reason(const struct row *w, double count, bool have_pm)
{
	bool no_avg = !isfinite(w->avg), no_pm = have_pm && !isfinite(w->pm_stall);
	if (no_avg && no_pm)
		return isnan(count) ? "no frequency estimate; no instruction-sampling records"
		                    : "frequency estimated 0: no stall per execution; "
		                      "no instruction-sampling records";
	if (no_avg)
		return isnan(count) ? "no frequency estimate"
		                    : "frequency estimated 0: no stall per execution";
	return no_pm ? "no instruction-sampling records" : NULL;
}

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	(void)s;
	struct rows *r = arg;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &a->e.insn[i];
		r->total += x->cycles;
		double n = x->count > 0 ? x->count : 0, stall = x->cycles - n * x->m;
		double pm_stall = NAN, head[TC_N];
		const char *pm_culprit = "";
		if (r->have_pm) {
			an_pm_head_cycles(&r->pm, a, i, head);
			for (unsigned k = 0; k < TC_N; k++)
				r->pm_total += head[k];
			if (an_wcg_pm_stall(&r->pm, a, i, &pm_stall, &pm_culprit) < 0)
				pm_culprit = "-";
		}
		bool counted = a->cul[i].stalled && stall > 0;
		if (r->by_pm ? !(pm_stall > 0) : !counted)
			continue;
		if (r->n == r->cap) {
			size_t cap = r->cap ? 2 * r->cap : 256;
			struct row *v = realloc(r->v, cap * sizeof *v);
			if (!v)
				return false;
			r->v = v;
			r->cap = cap;
		}
		struct row *w = &r->v[r->n];
		const struct an_truth_insn *t = a->t[i];
		memset(w, 0, sizeof *w);
		w->stall = counted ? stall : 0;
		w->count = n;
		w->avg = x->stall;
		w->conf = a->e.cls[a->q.class_of[a->g.block_of[i]]].conf;
		if (counted)
			an_out_culprits(a, i, w->blame, sizeof w->blame);
		else
			strcpy(w->blame, "-");
		w->pm_stall = pm_stall;
		w->pm_culprit = pm_culprit;
		w->pc = an_cfg_pc(&a->g, i);
		w->proc = strdup(an_proc_name(a));
		w->image = strdup(pi->ri->path);
		if (!w->proc || !w->image)
			return false;
		const char *file;
		if (srcline_at(an_src_of(&r->src, pi), w->pc, &file, &w->src_line)) {
			if (!(w->src_file = strdup(file)))
				return false;
			r->any_src = true;
		}
		w->have_truth = t != NULL;
		an_wcg_true_stall(a, i, &w->true_avg, &w->true_cause);
		w->reason = reason(w, x->count, r->have_pm);
		r->n++;
	}
	return true;
}

static double key(const struct row *w, bool by_pm)
{
	return by_pm ? w->pm_stall : w->stall;
}

static bool sort_by_pm;
static int by_stall(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	double kx = key(x, sort_by_pm), ky = key(y, sort_by_pm);
	if (kx != ky)
		return kx > ky ? -1 : 1;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static const char *base(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

/* The columns, the text's and the data's (CSV, JSON) interleaved, each
 * format's in its order; pm, truth and source lines only where there;
 * the reason always in CSV and JSON (empty, null: none), in the text
 * where a row has one.  A missing estimate is empty in CSV and null in
 * JSON, "-" in the text. */
enum { C_PM = 1, C_TRUTH = 2, C_SRC = 4, C_REASON = 8 };
static const struct {
	unsigned when;
	struct an_tcol col;
} columns[] = {
	{ 0, { .name = "pct", .head = "%", .text = "%6.2f%%", .width = 7, .sep = "",
	       .data = "%.4f" } },
	{ 0, { .name = "cum_pct", .head = "cum%", .text = "%6.2f%%", .width = 7, .sep = " ",
	       .data = "%.4f" } },
	{ 0, { .name = "cycles", .text = "%.0f", .width = 8, .sep = " ", .data = "%.0f",
	       .flags = AN_TCOL_SHORT } },
	{ 0, { .name = "count", .text = "%.0f", .width = 8, .sep = " ", .data = "%.0f",
	       .flags = AN_TCOL_SHORT } },
	{ 0, { .name = "conf", .width = -6, .sep = " " } },
	{ 0, { .name = "avg", .text = "%.1f", .width = 6, .sep = " ", .data = "%.4f",
	       .json = an_out_json_num } },
	{ 0, { .name = "blame", .width = -6, .sep = "  " } },
	{ 0, { .name = "pc", .width = 18, .sep = " " } },
	{ 0, { .name = "procedure", .flags = AN_TCOL_DATA } },
	{ 0, { .name = "image", .flags = AN_TCOL_DATA } },
	{ 0, { .name = "where", .head = "procedure", .width = -30, .sep = "  ",
	       .flags = AN_TCOL_TEXT } },
	{ C_PM, { .name = "pm_stall_cycles", .head = "pmcycles", .text = "%.0f", .width = 8,
	          .sep = " ", .data = "%.0f", .flags = AN_TCOL_SHORT } },
	{ C_PM, { .name = "pm_culprit", .head = "pmculprit", .width = -9, .sep = "  " } },
	{ C_TRUTH, { .name = "true_avg", .text = "%.4f", .data = "%.4f", .json = an_out_json_num,
	             .flags = AN_TCOL_DATA } },
	{ C_TRUTH, { .name = "true_cause", .flags = AN_TCOL_DATA } },
	/* as text the true stall and its cause one column: none at all
	 * where there is no true stall and no source column after it */
	{ C_TRUTH, { .name = "truth", .sep = " ", .flags = AN_TCOL_TEXT | AN_TCOL_ASIS } },
	{ C_SRC, { .name = "src_file", .flags = AN_TCOL_DATA } },
	{ C_SRC, { .name = "src_line", .text = "%.0f", .flags = AN_TCOL_DATA } },
	/* the source column last: the columns before it stay where they
	 * are without DWARF */
	{ C_SRC, { .name = "source", .sep = "  ", .flags = AN_TCOL_TEXT | AN_TCOL_ASIS } },
	{ 0, { .name = "reason", .flags = AN_TCOL_DATA } },
	{ C_REASON, { .name = "reason", .sep = "  ",
	              .flags = AN_TCOL_TEXT | AN_TCOL_ASIS } },
};
enum { NCOLUMNS = sizeof columns / sizeof *columns };

/* The row of w, its share p of the scope and the running share cum. */
static void add_row(struct an_table *t, const struct row *w, double p, double cum,
                    unsigned when)
{
	char pc[24], where[96], truth[64], src[PATH_MAX + 16];
	an_table_num(t, p);
	an_table_num(t, cum);
	an_table_num(t, w->stall);
	an_table_num(t, w->count);
	an_table_str(t, an_conf_name[w->conf]);
	an_table_num(t, w->avg);
	an_table_str(t, w->blame);
	an_table_str(t, an_out_pc(w->pc, pc));
	an_table_str(t, w->proc);
	an_table_str(t, w->image);
	snprintf(where, sizeof where, "%s (%s)", w->proc, base(w->image));
	an_table_str(t, where);
	if (when & C_PM) {
		an_table_num(t, w->pm_stall);
		an_table_str(t, w->pm_culprit);
	}
	if (when & C_TRUTH) {
		bool with_src = when & C_SRC;
		an_table_num(t, w->true_avg);
		an_table_str(t, w->true_cause);
		if (isfinite(w->true_avg))
			snprintf(truth, sizeof truth, "%6.1f  %-*s", w->true_avg, with_src ? 9 : 0,
			         w->true_cause);
		else
			snprintf(truth, sizeof truth, "%6s  %-9s", "", "");
		an_table_str(t, isfinite(w->true_avg) || with_src ? truth : NULL);
	}
	if (when & C_SRC) {
		an_table_str(t, w->src_file);
		an_table_num(t, w->src_file ? w->src_line : NAN);
		if (w->src_file)
			snprintf(src, sizeof src, "%s:%u", srcline_base(w->src_file), w->src_line);
		an_table_str(t, w->src_file ? src : NULL);
	}
	an_table_str(t, w->reason);
	if (when & C_REASON)
		an_table_str(t, w->reason);
}

/* JSON's members before the rows. */
static void json_head(const struct an_session *s, const struct rows *r)
{
	printf("{\"tool\": \"dcpitopstalls\", ");
	if (r->have_pm)
		printf("\"method\": \"%s\", \"pm_cycles\": %.0f, ", method, r->pm_total);
	printf("\"estimator\": \"%s\", \"true_freq\": %s, \"cycles\": %.0f, \"rows\": [",
	       an_estimator_name[s->o.est], s->o.true_freq ? "true" : "false", r->total);
}

/* The top rows in the format asked for. */
static void print(const struct an_session *s, const struct rows *r, size_t top)
{
	bool any_reason = false;     /* of the rows printed */
	for (size_t i = 0; i < r->n && i < top; i++)
		any_reason |= r->v[i].reason != NULL;
	unsigned when = (r->have_pm ? C_PM : 0) | (s->have_truth ? C_TRUTH : 0) |
	                (r->any_src ? C_SRC : 0) | (any_reason ? C_REASON : 0);
	struct an_tcol cols[NCOLUMNS];
	size_t n = 0;
	char truth_head[32];
	snprintf(truth_head, sizeof truth_head, "%6s  %-*s", "tavg", when & C_SRC ? 9 : 0,
	         "tcause");
	for (size_t k = 0; k < NCOLUMNS; k++)
		if ((columns[k].when & when) == columns[k].when) {
			cols[n] = columns[k].col;
			if (!strcmp(cols[n].name, "truth"))
				cols[n].head = truth_head;
			n++;
		}
	struct an_table t;
	an_table_init(&t, cols, n);
	double total = r->by_pm ? r->pm_total : r->total, cum = 0;
	for (size_t i = 0; i < r->n && i < top; i++) {
		const struct row *w = &r->v[i];
		double p = total > 0 ? 100 * key(w, r->by_pm) / total : 0;
		cum += p;
		add_row(&t, w, p, cum, when);
	}
	if (t.nomem)
		xalloc_fail();
	if (cli.fmt == AN_CSV) {
		an_table_csv(&t, stdout);
	} else if (cli.fmt == AN_JSON) {
		json_head(s, r);
		an_table_json_rows(&t, stdout);
	} else {
		an_table_text(&t, stdout, "");
	}
	an_table_free(&t);
}

static void rows_free(struct rows *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].proc);
		free(r->v[i].image);
		free(r->v[i].src_file);
	}
	free(r->v);
}

int main(int argc, char **argv)
{
	struct an_session s;
	an_cli_start(&cli, &s, argc, argv);
	size_t top = cli.top ? cli.top : DEFAULT_TOP;
	struct rows r = { 0 };
	struct an_skips k = { 0 };
	if (strcmp(method, "counters") && strcmp(method, "pm"))
		an_cli_bad(cli.tool, "--method: '%s' is not counters or pm", method);
	r.have_pm = an_pm_find(&r.pm, &s.rep);
	r.by_pm = sort_by_pm = !strcmp(method, "pm");
	if (r.by_pm && !r.have_pm)
		an_cli_die(&cli, "--method pm: %s has no instruction-sampling records "
		           "(profile with --events ...,pm)", s.o.db);
	an_cli_visit(&cli, &s, visit, &r, &k);
	an_src_cache_close(&r.src);
	if (r.n)                     /* qsort may not be given a NULL array */
		qsort(r.v, r.n, sizeof *r.v, by_stall);
	print(&s, &r, top);
	an_cli_skips(&cli, &k);
	if (r.have_pm && cli.fmt == AN_TEXT)
		printf("ranked by %s; pmcycles, pmculprit: the instruction-sampling records' "
		       "dynamic stall cycles and culprit (an alphasim extension)\n",
		       r.by_pm ? "the records' stall cycles (--method pm), % of their cycles"
		               : "the counters' stall cycles");
	rows_free(&r);
	an_skips_free(&k);
	an_session_close(&s);
	return an_cli_done(&cli);
}

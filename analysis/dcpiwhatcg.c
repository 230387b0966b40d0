/*
 * dcpiwhatcg.c - "where have all the cycles gone" (DCPI paper, section
 * 6.3; docs/analysis.md, "dcpiwhatcg"):
 *
 *   dcpiwhatcg [-db DIR] [options] [IMAGE [PROC]]
 *
 * The cycles of the whole database, an image or a procedure split into
 * dynamic stalls by culprit (a min-max range where a stall has several
 * possible culprits), static stalls by cause, execution and nops, with
 * the unexplained stall and the net sampling error; with --truth the truth's split beside
 * it (analysis/lib/whatcg.h); when the database holds instruction sampling's
 * records (an alphasim extension: docs/precise.md), their split too.
 */
#include "analysis/report/table.h"
#include "analysis/lib/pmest.h"
#include "analysis/lib/report.h"
#include "analysis/report/cli.h"
#include "util/xalloc.h"
#include "analysis/lib/whatcg.h"
#include <math.h>
#include <string.h>

static struct an_cli cli = { .id = AN_TOOL_dcpiwhatcg };

struct acc {
	struct an_wcg w;
	size_t procs;
	bool have_pm;
	struct an_pm pm;
};

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	(void)s;
	(void)pi;
	struct acc *x = arg;
	an_wcg_add(&x->w, a, x->have_pm ? &x->pm : NULL);
	x->procs++;
	return true;
}

static void text(const struct an_session *s, const struct acc *x, const struct an_skips *k)
{
	const char *scope = s->o.proc ? s->o.proc : s->o.image ? s->o.image : "the database";
	printf("Where have all the cycles gone?  %s%s%s, estimator %s\n", scope,
	       s->o.proc ? " in " : "", s->o.proc ? s->o.image : "",
	       an_session_est_label(s));
	char hidden[512];
	an_session_hidden_label(s, hidden, sizeof hidden);
	printf("%.0f cycles samples analysed in %zu procedure%s (%llu in the scope)\n%s\n\n",
	       x->w.samples, x->procs, x->procs == 1 ? "" : "s", (unsigned long long)s->samples,
	       hidden);
	an_wcg_print(&x->w, stdout, "", false);
	if (an_wcg_has_range(&x->w))
		printf("%s\n", an_wcg_range_note);
	an_skips_text(k, stdout, "");
	if (x->w.have_pm)
		printf("records: the instruction-sampling records' split of their estimated "
		       "cycles (an alphasim extension)\n");
}

/* CSV's columns, a category a row; the records' and the truth's only
 * where there */
enum { C_PM = 1, C_TRUTH = 2 };
#define PCT(n) { .name = n, .text = "%.4f", .data = "%.4f", .flags = AN_TCOL_NAN }
#define CYC(n) { .name = n, .text = "%.0f", .data = "%.0f", .flags = AN_TCOL_NAN }
static const struct {
	unsigned when;
	struct an_tcol col;
} csv_columns[] = {
	{ 0, { .name = "category" } }, { 0, { .name = "group" } }, { 0, { .name = "label" } },
	{ 0, PCT("est_lo_pct") }, { 0, PCT("est_hi_pct") },
	{ 0, CYC("est_lo_cycles") }, { 0, CYC("est_hi_cycles") },
	{ C_PM, PCT("pm_pct") }, { C_PM, CYC("pm_cycles") },
	{ C_TRUTH, PCT("true_pct") }, { C_TRUTH, CYC("true_cycles") },
};
#undef PCT
#undef CYC
enum { NCSV = sizeof csv_columns / sizeof *csv_columns };

static void csv(const struct an_session *s, const struct acc *x, const struct an_skips *k)
{
	const struct an_wcg *w = &x->w;
	bool pm = w->have_pm;
	unsigned when = (pm ? C_PM : 0) | (s->have_truth ? C_TRUTH : 0);
	struct an_tcol cols[NCSV];
	size_t n = 0;
	for (size_t j = 0; j < NCSV; j++)
		if ((csv_columns[j].when & when) == csv_columns[j].when)
			cols[n++] = csv_columns[j].col;
	struct an_table t;
	an_table_init(&t, cols, n);
	for (unsigned c = 0; c < AN_WCG_N + AN_WCG_GROUPS + 1; c++) {
		const char *name, *group, *label;
		double lo, hi, tr, p;
		if (c < AN_WCG_N) {
			name = an_wcg_table[c].name;
			label = an_wcg_table[c].label;
			group = an_wcg_group_name[an_wcg_table[c].group];
			lo = w->lo[c], hi = w->hi[c], tr = w->truth[c], p = w->pm[c];
		} else if (c < AN_WCG_N + AN_WCG_GROUPS) {
			int g = (int)(c - AN_WCG_N);
			name = "subtotal", label = "subtotal", group = an_wcg_group_name[g];
			lo = hi = w->group[g], tr = w->truth_group[g], p = w->pm_group[g];
		} else {
			name = label = group = "total";
			lo = hi = w->total, tr = w->truth_total, p = w->pm_total;
		}
		an_table_str(&t, name);
		an_table_str(&t, group);
		an_table_str(&t, label);
		an_table_num(&t, report_pct(lo, w->total));
		an_table_num(&t, report_pct(hi, w->total));
		an_table_num(&t, lo);
		an_table_num(&t, hi);
		if (pm) {
			an_table_num(&t, report_pct(p, w->pm_total));
			an_table_num(&t, p);
		}
		if (s->have_truth) {
			an_table_num(&t, report_pct(tr, w->truth_total));
			an_table_num(&t, tr);
		}
	}
	if (t.nomem)
		xalloc_fail();
	an_table_csv(&t, stdout);
	an_table_free(&t);
	an_skips_text(k, stderr, "dcpiwhatcg: ");
}

static void json(const struct an_session *s, const struct acc *x, const struct an_skips *k)
{
	const struct an_wcg *w = &x->w;
	bool pm = w->have_pm;
	printf("{\"tool\": \"dcpiwhatcg\", \"estimator\": \"%s\", \"true_freq\": %s, "
	       "\"image\": ", an_estimator_name[s->o.est], s->o.true_freq ? "true" : "false");
	if (s->o.image)
		json_str(stdout, s->o.image);
	else
		printf("null");
	printf(", \"procedure\": ");
	if (s->o.proc)
		json_str(stdout, s->o.proc);
	else
		printf("null");
	printf(", \"samples\": %.0f, \"scope_samples\": %llu, \"procedures\": %zu,\n"
	       " \"cycles\": %.0f, \"true_cycles\": ", w->samples,
	       (unsigned long long)s->samples, x->procs, w->total);
	an_out_json_num(stdout, s->have_truth ? w->truth_total : NAN);
	if (pm)
		printf(", \"pm_cycles\": %.0f", w->pm_total);
	printf(",\n \"categories\": [");
	for (unsigned c = 0; c < AN_WCG_N; c++) {
		printf("%s\n  {\"name\": \"%s\", \"group\": \"%s\", \"label\": ", c ? "," : "",
		       an_wcg_table[c].name, an_wcg_group_name[an_wcg_table[c].group]);
		json_str(stdout, an_wcg_table[c].label);
		printf(", \"lo_pct\": %.4f, \"hi_pct\": %.4f, ",
		       report_pct(w->lo[c], w->total), report_pct(w->hi[c], w->total));
		if (pm)
			printf("\"pm_pct\": %.4f, ", report_pct(w->pm[c], w->pm_total));
		printf("\"true_pct\": ");
		an_out_json_num(stdout, s->have_truth ? report_pct(w->truth[c], w->truth_total)
		                                      : NAN);
		printf("}");
	}
	printf("],\n \"subtotals\": {");
	for (int g = 0; g < AN_WCG_GROUPS; g++) {
		printf("%s\"%s\": {\"pct\": %.4f, ", g ? ", " : "", an_wcg_group_name[g],
		       report_pct(w->group[g], w->total));
		if (pm)
			printf("\"pm_pct\": %.4f, ", report_pct(w->pm_group[g], w->pm_total));
		printf("\"true_pct\": ");
		an_out_json_num(stdout, s->have_truth
		                        ? report_pct(w->truth_group[g], w->truth_total) : NAN);
		printf("}");
	}
	printf("},\n ");
	an_skips_json(k, stdout);
	printf("}\n");
}

int main(int argc, char **argv)
{
	struct an_session s;
	an_cli_start(&cli, &s, argc, argv);
	static struct acc x;
	struct an_skips k = { 0 };
	x.have_pm = an_pm_find(&x.pm, &s.rep);
	an_cli_visit(&cli, &s, visit, &x, &k);
	if (cli.fmt == AN_CSV)
		csv(&s, &x, &k);
	else if (cli.fmt == AN_JSON)
		json(&s, &x, &k);
	else
		text(&s, &x, &k);
	an_skips_free(&k);
	an_session_close(&s);
	return an_cli_done(&cli);
}

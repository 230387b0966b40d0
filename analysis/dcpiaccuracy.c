/*
 * dcpiaccuracy.c - the estimates against the truth (docs/analysis.md,
 * "dcpiaccuracy"; analysis/lib/accuracy.h):
 *
 *   dcpiaccuracy [-db DIR] --truth FILE [options] [IMAGE [PROC]]
 *
 * For frequency and CPI, the share of CYCLES samples whose instruction's
 * estimate is within 5%, 10% and 25% of the truth, by confidence level,
 * beside what sampling alone would leave there; the coverage (samples at
 * medium confidence or better); the cycle-weighted mean absolute CPI
 * error; culprit recall and precision and the share of '?'; each
 * dcpiwhatcg category's estimated range against the truth's share.  As
 * text, CSV (one figure a row: metric, subset, value, expected) or JSON.
 * When the database has instruction sampling's records (an alphasim
 * extension: docs/precise.md), the same figures for their estimates on
 * the same run, beside the counters' (metrics "pm_...").
 */
#include "analysis/lib/accuracy.h"
#include "analysis/report/table.h"
#include "analysis/report/cli.h"
#include "util/xalloc.h"
#include <math.h>
#include <string.h>

static struct an_cli cli = { .id = AN_TOOL_dcpiaccuracy };

/* Both methods' figures: the counters' and, with records, the
 * instruction sampling's. */
struct both {
	struct an_acc acc;
	struct an_pm cols;
	bool have_pm;
	struct an_acc_pm pm;
};

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	struct both *b = arg;
	(void)s;
	(void)pi;
	an_acc_add(&b->acc, a);
	if (b->have_pm)
		an_acc_pm_add(&b->pm, &b->cols, a);
	return true;
}

static const char *level_name(int l)
{
	return l == AN_NCONF ? "all" : an_conf_name[l];
}

static double ratio(double a, double b)
{
	return b > 0 ? a / b : NAN;
}

/* ---- one figure at a time, for CSV and JSON ----------------------------- */

struct fig {
	const char *metric, *subset;
	double value, expected;      /* NAN: none                            */
};

typedef void (*fig_fn)(const struct fig *f, void *arg);

static void figures(const struct an_acc *acc, fig_fn out, void *arg)
{
	static const char *const tol[AN_ACC_NTOL] = { "within_5", "within_10", "within_25" };
	char metric[64];
	for (int what = 0; what < 2; what++) {
		const struct an_acc_share *sh = what ? acc->cpi : acc->freq;
		const char *name = what ? "cpi" : "freq";
		for (int l = AN_NCONF; l >= 0; l--) {
			const struct an_acc_share *s = &sh[l];
			snprintf(metric, sizeof metric, "%s_samples", name);
			out(&(struct fig){ metric, level_name(l), s->w, NAN }, arg);
			for (int k = 0; k < AN_ACC_NTOL; k++) {
				snprintf(metric, sizeof metric, "%s_%s", name, tol[k]);
				out(&(struct fig){ metric, level_name(l), an_acc_within(s, k),
				                   an_acc_expected(s, k) }, arg);
			}
			snprintf(metric, sizeof metric, "%s_mean_rel_error", name);
			out(&(struct fig){ metric, level_name(l), ratio(s->rel, s->w),
			                   ratio(s->exp_rel, s->w) }, arg);
			if (what) {
				out(&(struct fig){ "cpi_mean_abs_error", level_name(l), ratio(s->abs, s->w),
				                   ratio(s->exp_abs, s->w) }, arg);
			}
		}
		snprintf(metric, sizeof metric, "%s_coverage", name);
		out(&(struct fig){ metric, "medium_or_better",
		                   ratio(sh[AN_CONF_medium].w + sh[AN_CONF_high].w, sh[AN_NCONF].w),
		                   NAN }, arg);
	}
	out(&(struct fig){ "samples", "all", acc->samples, NAN }, arg);
	out(&(struct fig){ "samples_unmatched", "all", acc->unmatched, NAN }, arg);
	out(&(struct fig){ "count_ratio", "all", ratio(acc->est_count, acc->true_count), NAN }, arg);
	out(&(struct fig){ "culprit_recall", "all", ratio(acc->recalled, acc->true_stall), NAN },
	    arg);
	out(&(struct fig){ "culprit_true_stall_cycles", "all", acc->true_stall, NAN }, arg);
	for (unsigned k = 0; k < AN_C_N; k++) {
		out(&(struct fig){ "culprit_true_cycles", an_culprit_table[k].name, acc->cat_true[k],
		                   NAN }, arg);
		out(&(struct fig){ "culprit_recall", an_culprit_table[k].name,
		                   ratio(acc->cat_recalled[k], acc->cat_true[k]), NAN }, arg);
	}
	out(&(struct fig){ "culprit_precision", "all", ratio(acc->pairs_right, acc->pairs), NAN },
	    arg);
	out(&(struct fig){ "culprit_precision", "stall_weighted",
	                   ratio(acc->pairs_right_w, acc->pairs_w), NAN }, arg);
	out(&(struct fig){ "culprit_unexplained", "all", ratio(acc->est_unexpl, acc->est_stall),
	                   NAN }, arg);
	double worst = 0;
	for (unsigned k = 0; k < AN_WCG_N; k++) {
		struct an_acc_cat c;
		an_acc_category(acc, k, &c);
		const char *n = an_wcg_table[k].name;
		snprintf(metric, sizeof metric, "whatcg_%s", n);
		out(&(struct fig){ "whatcg_est_lo_pct", n, c.lo, NAN }, arg);
		out(&(struct fig){ "whatcg_est_hi_pct", n, c.hi, NAN }, arg);
		out(&(struct fig){ "whatcg_true_pct", n, c.truth, NAN }, arg);
		out(&(struct fig){ "whatcg_error_pp", n, c.error, c.sd }, arg);
		worst = fmax(worst, c.error);
	}
	out(&(struct fig){ "whatcg_error_pp", "max", worst, NAN }, arg);
}

/* Instruction sampling's figures, "pm_" before the counters' names. */
static void pm_figures(const struct an_acc_pm *pm, fig_fn out, void *arg)
{
	static const char *const tol[AN_ACC_NTOL] = { "within_5", "within_10", "within_25" };
	char metric[64];
	out(&(struct fig){ "pm_records", "all", pm->records, NAN }, arg);
	for (int what = 0; what < 2; what++) {
		const struct an_acc_share *s = what ? &pm->cpi : &pm->freq;
		const char *name = what ? "pm_cpi" : "pm_freq";
		for (int k = 0; k < AN_ACC_NTOL; k++) {
			snprintf(metric, sizeof metric, "%s_%s", name, tol[k]);
			out(&(struct fig){ metric, "all", an_acc_within(s, k),
			                   what ? NAN : an_acc_expected(s, k) }, arg);
		}
		snprintf(metric, sizeof metric, "%s_mean_rel_error", name);
		out(&(struct fig){ metric, "all", ratio(s->rel, s->w),
		                   what ? NAN : ratio(s->exp_rel, s->w) }, arg);
	}
	out(&(struct fig){ "pm_cpi_mean_abs_error", "all", ratio(pm->cpi.abs, pm->cpi.w), NAN },
	    arg);
	out(&(struct fig){ "pm_insns", "all", pm->insns, NAN }, arg);
	out(&(struct fig){ "pm_freq_outside_4sd", "all", pm->outside_4sd, NAN }, arg);
	out(&(struct fig){ "pm_count_ratio", "all", ratio(pm->est_count, pm->true_count), NAN },
	    arg);
	out(&(struct fig){ "pm_culprit_recall", "all", ratio(pm->recalled, pm->true_stall), NAN },
	    arg);
}

/* CSV's and JSON's rows: one figure each */
static const struct an_tcol fig_cols[] = {
	{ .name = "metric" },
	{ .name = "subset" },
	{ .name = "value", .text = "%.6g", .data = "%.6g", .json = an_out_json_num,
	  .flags = AN_TCOL_NAN },
	{ .name = "expected", .text = "%.6g", .data = "%.6g", .json = an_out_json_num },
};

static void add_fig(const struct fig *f, void *arg)
{
	struct an_table *t = arg;
	an_table_str(t, f->metric);
	an_table_str(t, f->subset);
	an_table_num(t, f->value);
	an_table_num(t, f->expected);
}

/* ---- text ----------------------------------------------------------------- */

static void share_table(const char *title, const struct an_acc_share *sh, bool cpi)
{
	printf("%s\n  %-8s %9s %6s   %6s %6s %6s   %-20s %s\n", title, "conf", "samples", "share",
	       "5%", "10%", "25%", "sampling alone", cpi ? "mean |err|  (sampling)" :
	       "mean |rel err|  (sampling)");
	for (int l = AN_NCONF; l >= 0; l--) {
		const struct an_acc_share *s = &sh[l];
		if (!s->w && l != AN_NCONF)
			continue;
		printf("  %-8s %9.0f %5.1f%%   %5.1f%% %5.1f%% %5.1f%%   %5.1f%% %5.1f%% %5.1f%%",
		       level_name(l), s->w, 100 * ratio(s->w, sh[AN_NCONF].w),
		       100 * an_acc_within(s, 0), 100 * an_acc_within(s, 1), 100 * an_acc_within(s, 2),
		       100 * an_acc_expected(s, 0), 100 * an_acc_expected(s, 1),
		       100 * an_acc_expected(s, 2));
		if (cpi)
			printf("   %5.2f cycles (%4.2f)\n", ratio(s->abs, s->w), ratio(s->exp_abs, s->w));
		else
			printf("   %5.1f%% (%4.1f%%)\n", 100 * ratio(s->rel, s->w),
			       100 * ratio(s->exp_rel, s->w));
	}
	printf("  coverage (medium or better): %.1f%% of the samples\n\n",
	       100 * ratio(sh[AN_CONF_medium].w + sh[AN_CONF_high].w, sh[AN_NCONF].w));
}

static void text(const struct an_session *s, const struct an_acc *acc, const struct an_skips *k)
{
	printf("Estimates against the truth: %s%s%s, database %s, truth %s\n",
	       s->o.proc ? s->o.proc : s->o.image ? s->o.image : "every image",
	       s->o.proc ? " in " : "", s->o.proc ? s->o.image : "", s->o.db, s->o.truth);
	printf("estimator %s; %.0f cycles samples analysed (%llu in the scope), %.0f without a "
	       "truth record; executions estimated/true %.3f\n",
	       an_session_est_label(s), acc->samples,
	       (unsigned long long)s->samples, acc->unmatched,
	       ratio(acc->est_count, acc->true_count));
	char hidden[512];
	an_session_hidden_label(s, hidden, sizeof hidden);
	printf("%s\n\n", hidden);
	share_table("Frequency: share of cycles samples whose instruction's executions are "
	            "within", acc->freq, false);
	share_table("CPI: share of cycles samples whose instruction's CPI is within", acc->cpi,
	            true);
	printf("Culprits\n");
	printf("  recall     %5.1f%%  of %.0f true dynamic stall cycles: those whose dominant "
	       "cause was listed\n", 100 * ratio(acc->recalled, acc->true_stall), acc->true_stall);
	for (unsigned c = 0; c < AN_C_N; c++)
		if (acc->cat_true[c] > 0)
			printf("    %c %-28s %5.1f%% of %.0f cycles\n", an_culprit_table[c].letter,
			       an_wcg_table[c].label, 100 * ratio(acc->cat_recalled[c], acc->cat_true[c]),
			       acc->cat_true[c]);
	printf("  precision  %5.1f%%  of %.0f listed culprits had true stall cycles "
	       "(%.1f%% weighted by stall cycles)\n", 100 * ratio(acc->pairs_right, acc->pairs),
	       acc->pairs, 100 * ratio(acc->pairs_right_w, acc->pairs_w));
	printf("  '?'        %5.1f%%  of the estimated dynamic stall cycles\n\n",
	       100 * ratio(acc->est_unexpl, acc->est_stall));
	printf("Where the cycles went (dcpiwhatcg), percent of cycles\n");
	printf("  %-26s %17s %8s %8s %9s\n", "category", "estimate", "truth", "error",
	       "sampling");
	double worst = 0;
	for (unsigned c = 0; c < AN_WCG_N; c++) {
		struct an_acc_cat r;
		an_acc_category(acc, c, &r);
		char range[32];
		if (fabs(r.hi - r.lo) < 0.005)
			snprintf(range, sizeof range, "%7.2f", r.lo);
		else
			snprintf(range, sizeof range, "%6.2f - %6.2f", r.lo, r.hi);
		printf("  %-26s %17s %8.2f %8.2f %8.2f\n", an_wcg_table[c].label, range, r.truth,
		       r.error, r.sd);
		worst = fmax(worst, r.error);
	}
	printf("  (error: percentage points outside the estimated range; sampling: the "
	       "truth's share's deviation from sampling alone)\n");
	printf("  largest error %.2f points\n", worst);
	an_skips_text(k, stdout, "");
}

static void pm_text(const struct an_acc_pm *pm, double period)
{
	printf("\nInstruction sampling (pm, an alphasim extension), period %.0f: %.0f records "
	       "analysed; executions estimated/true %.3f\n", period, pm->records,
	       ratio(pm->est_count, pm->true_count));
	printf("  %-10s %6s %6s %6s   %-20s %s\n", "share of", "5%", "10%", "25%",
	       "sampling alone", "mean |err|");
	for (int what = 0; what < 2; what++) {
		const struct an_acc_share *s = what ? &pm->cpi : &pm->freq;
		printf("  %-10s %5.1f%% %5.1f%% %5.1f%%", what ? "CPI" : "frequency",
		       100 * an_acc_within(s, 0), 100 * an_acc_within(s, 1), 100 * an_acc_within(s, 2));
		if (what)
			printf("   %-20s %5.2f cycles\n", "", ratio(s->abs, s->w));
		else
			printf("   %5.1f%% %5.1f%% %5.1f%%   %5.1f%%\n", 100 * an_acc_expected(s, 0),
			       100 * an_acc_expected(s, 1), 100 * an_acc_expected(s, 2),
			       100 * ratio(s->rel, s->w));
	}
	printf("  (shares of records)  %.0f of %.0f instructions more than 4 sampling deviations "
	       "from the truth's count\n", pm->outside_4sd, pm->insns);
	printf("  culprits: recall %5.1f%% of %.0f true dynamic stall cycles (the records' own "
	       "dominant cause)\n", 100 * ratio(pm->recalled, pm->true_stall), pm->true_stall);
}

int main(int argc, char **argv)
{
	struct an_session s;
	an_cli_start(&cli, &s, argc, argv);
	static struct both b;
	const struct an_acc *acc = &b.acc;
	b.have_pm = an_pm_find(&b.cols, &s.rep);
	struct an_skips k = { 0 };
	an_cli_visit(&cli, &s, visit, &b, &k);
	struct an_table t;
	an_table_init(&t, fig_cols, sizeof fig_cols / sizeof *fig_cols);
	figures(acc, add_fig, &t);
	if (b.have_pm)
		pm_figures(&b.pm, add_fig, &t);
	if (t.nomem)
		xalloc_fail();
	if (cli.fmt == AN_CSV) {
		an_table_csv(&t, stdout);
		an_skips_text(&k, stderr, "dcpiaccuracy: ");
	} else if (cli.fmt == AN_JSON) {
		printf("{\"tool\": \"dcpiaccuracy\", \"estimator\": \"%s\", \"true_freq\": %s, "
		       "\"database\": ", an_estimator_name[s.o.est], s.o.true_freq ? "true" : "false");
		json_str(stdout, s.o.db);
		printf(", \"truth\": ");
		json_str(stdout, s.o.truth);
		printf(", \"image\": ");
		if (s.o.image)
			json_str(stdout, s.o.image);
		else
			printf("null");
		printf(", \"procedure\": ");
		if (s.o.proc)
			json_str(stdout, s.o.proc);
		else
			printf("null");
		printf(",\n \"figures\": [");
		an_table_json_rows(&t, stdout);
		printf("],\n ");
		an_skips_json(&k, stdout);
		printf("}\n");
	} else {
		text(&s, acc, &k);
		if (b.have_pm)
			pm_text(&b.pm, b.cols.period);
	}
	an_table_free(&t);
	an_skips_free(&k);
	an_session_close(&s);
	return an_cli_done(&cli);
}

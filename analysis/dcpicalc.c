/*
 * dcpicalc.c - the annotated listing of a procedure, as DCPI's dcpicalc
 * printed it (DCPI paper, section 6; docs/analysis.md, "dcpicalc"):
 *
 *   dcpicalc [-db DIR] [options] IMAGE [PROC]
 *
 * For each instruction: its address, disassembly, samples per event, the
 * estimated executions with their confidence, M (its static cycles), the
 * estimated CPI and the culprits of its dynamic stall; before it, its
 * stall cycles as rows of bubbles (static: the schedule's codes;
 * dynamic: the culprits'), and above all the header "Best-case X/N = M
 * CPI, Actual Y/N = C CPI".  With --truth the truth beside each row.
 * Without PROC every procedure of IMAGE with CYCLES samples.
 */
#include "analysis/report/table.h"
#include "analysis/report/ansource.h"
#include "analysis/report/cli.h"
#include "analysis/lib/pmest.h"
#include "analysis/lib/whatcg.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BUBBLES 4                 /* rows drawn for one stall          */

static struct an_cli cli = { .id = AN_TOOL_dcpicalc };
static bool first = true;
static struct an_pm pm;        /* instruction sampling's records (docs/precise.md) */
static bool have_pm;
/* the image's DWARF (gcc -g): a source column, else none (analysis/report/ansource.h) */
static struct an_src_cache src;
static struct srcline *sl;

static const char *conf_code(const struct an_proc *a, size_t i)
{
	if (a->true_freq)
		return "T";
	const struct an_class_est *c = &a->e.cls[a->q.class_of[a->g.block_of[i]]];
	static const char *const code[AN_NCONF] = { "-", "l", "m", "h" };
	return c->propagated ? (c->conf >= AN_CONF_medium ? "M" : "f") : code[c->conf];
}

/* Totals: best-case and actual cycles, executions; the truth's. */
struct sums {
	double best, actual, n, tcycles, tn;
};

static void sums(const struct an_proc *a, struct sums *s)
{
	memset(s, 0, sizeof *s);
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &a->e.insn[i];
		double n = x->count > 0 ? x->count : 0;
		s->best += n * x->m;
		s->actual += x->cycles;
		s->n += n;
		if (a->t[i]) {
			s->tcycles += (double)a->t[i]->head;
			s->tn += (double)a->t[i]->count;
		}
	}
}

static void bubbles(const char *codes, double cycles, int width)
{
	int rows = (int)lround(cycles);
	for (int r = 0; r < rows && r < MAX_BUBBLES; r++) {
		printf("%*s%s", width, "", codes);
		if (r == MAX_BUBBLES - 1 && rows > MAX_BUBBLES)
			printf("   (%.1f cycles)", cycles);
		putchar('\n');
	}
}

#define INSN_W 30                     /* instruction column                */
#define TCAUSE_W 14                   /* the truth's cause, before a source column */

static void text(const struct an_session *s, const struct an_profimage *pi,
                 const struct an_proc *a)
{
	struct sums t;
	sums(a, &t);
	char b1[16], b2[16];
	if (!first)
		putchar('\n');
	first = false;
	printf("Procedure %s of %s", an_proc_name(a), pi->ri->path);
	if (strcmp(pi->file, pi->ri->path))
		printf(" (%s)", pi->file);
	printf(", estimator %s\n", an_session_est_label(s));
	for (size_t c = 0; c < a->nev; c++)
		if (pi->ev[c].samples && an_pm_listed(&s->rep, c))
			printf("  %s: period %.1f%s\n", s->rep.cols[c].name, pi->ev[c].period,
			       pi->ev[c].scale > 1.0001 ? " (multiplexed)" : "");
	printf("*** Best-case %.0f/%.0f = %.2f CPI\n", t.best, t.n, t.n ? t.best / t.n : NAN);
	printf("*** Actual    %.0f/%.0f = %.2f CPI\n", t.actual, t.n, t.n ? t.actual / t.n : NAN);
	if (s->have_truth)
		printf("*** Truth     %.0f/%.0f = %.2f CPI\n", t.tcycles, t.tn,
		       t.tn ? t.tcycles / t.tn : NAN);
	int aw = an_out_addr_width(a), left = 1 + aw + 2 + INSN_W + 1;
	printf("\n %-*s  %-*s", aw, "Address", INSN_W + 1, "Instruction");
	size_t listed = 0;
	for (size_t c = 0; c < a->nev; c++)
		if (an_pm_listed(&s->rep, c))
			printf(" %7.7s", an_pm_heading(&s->rep, c)), listed++;
	printf(" %7s %1s %3s %6s  %s", "freq", "c", "M", "CPI", "culprit");
	if (have_pm)
		printf(" %7s %6s  %-9s", "pmfreq", "pmCPI", "pmculprit");
	if (s->have_truth)
		printf("%*s| %7s %6s  %-*s", 3, "", "tfreq", "tCPI", sl ? TCAUSE_W : 0, "tcause");
	/* the source column last, so that the columns before it stay
	 * where they were without DWARF */
	if (sl)
		printf("  %s", "source");
	putchar('\n');
	int at = left + (int)(8 * listed) + 8 + 2 + 4 + 7 + 2;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &a->e.insn[i];
		char ins[64], codes[AN_C_N + 1], st[8];
		if (a->g.b[a->g.block_of[i]].first == i && i)
			putchar('\n');
		an_out_static_codes(a, i, st, sizeof st);
		if (*st)
			bubbles(st, a->s[i].m - (a->s[i].m ? 1 : 0), at);
		an_out_culprits(a, i, codes, sizeof codes);
		if (*codes && isfinite(x->stall))
			bubbles(codes, x->stall, at);
		an_out_insn(a, i, ins, sizeof ins);
		char pc[24];
		printf(" %*s  %-*.*s", aw, an_out_pc(an_cfg_pc(&a->g, i), pc), INSN_W, INSN_W, ins);
		for (size_t c = 0; c < a->nev; c++)
			if (an_pm_listed(&s->rep, c))
				printf(" %7.0f", an_proc_samples(a, c, i));
		printf(" %7s %1s %3u", an_out_short(x->count, b1), conf_code(a, i), x->m);
		if (isfinite(x->cpi) && x->samples)
			printf(" %6.2f", x->cpi);
		else
			printf(" %6s", x->count > 0 ? "0" : "-");
		printf("  %-7s", codes);
		if (have_pm) {
			printf(" %7s", an_out_short(an_pm_count(&pm, a, i), b1));
			an_out_cpi(stdout, 6, an_pm_cpi(&pm, a, i, NULL));
			printf("  %-9s", an_wcg_pm_culprit(&pm, a, i));
		}
		if (s->have_truth) {
			const struct an_truth_insn *tr = a->t[i];
			double stall;
			const char *cause;
			printf(" | %7s", an_out_short(tr ? (double)tr->count : NAN, b2));
			an_out_cpi(stdout, 6, an_proc_true_cpi(a, i));
			char tc[64] = "";
			if (an_wcg_true_stall(a, i, &stall, &cause) >= 0 && stall >= 0.05)
				snprintf(tc, sizeof tc, "%s %.1f", cause, stall);
			if (*tc || sl)
				printf("  %-*s", sl ? TCAUSE_W : 0, tc);
		}
		if (sl) {
			char loc[256];
			an_src_loc(sl, a, i, loc, sizeof loc);
			printf("  %s", loc);
		}
		putchar('\n');
	}
}

static void csv_header(const struct an_session *s)
{
	printf("image,procedure,pc,offset,instruction");
	for (size_t c = 0; c < s->rep.ncols; c++)
		if (an_pm_listed(&s->rep, c))
			printf(",samples_%s", s->rep.cols[c].name);
	printf(",freq,conf,propagated,m");
	for (unsigned k = AN_STATIC_FIRST; k <= AN_STATIC_LAST; k++)
		printf(",m_%s", an_truth_cause_name[k]);
	printf(",cycles,cpi,stall,stalled,culprits");
	if (s->have_truth) {
		printf(",true_count,true_head,true_cpi");
		for (unsigned k = 0; k < TC_N; k++)
			printf(",true_%s", an_truth_cause_name[k]);
		printf(",true_stall,true_dominant");
	}
	if (have_pm)
		fputs(AN_OUT_PM_CSV_COLUMNS, stdout);
	if (sl)
		fputs(AN_SRC_CSV_COLUMNS, stdout);
	putchar('\n');
}

static void csv(const struct an_session *s, const struct an_profimage *pi,
                const struct an_proc *a)
{
	if (first)
		csv_header(s);
	first = false;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &a->e.insn[i];
		char ins[64], codes[AN_C_N + 1];
		uint64_t off = 0;
		an_image_va2off(a->im, an_cfg_pc(&a->g, i), &off);
		an_out_csv(stdout, pi->ri->path);
		putchar(',');
		an_out_csv(stdout, an_proc_name(a));
		an_out_insn(a, i, ins, sizeof ins);
		printf(",0x%llx,0x%llx,", (unsigned long long)an_cfg_pc(&a->g, i),
		       (unsigned long long)off);
		an_out_csv(stdout, ins);
		for (size_t c = 0; c < a->nev; c++)
			if (an_pm_listed(&s->rep, c))
				printf(",%.0f", an_proc_samples(a, c, i));
		const struct an_class_est *ce = &a->e.cls[a->q.class_of[a->g.block_of[i]]];
		printf(",%.6g,%s,%d,%u", x->count, a->true_freq ? "true" : an_conf_name[ce->conf],
		       ce->propagated, x->m);
		for (unsigned k = 0; k < AN_NSTATIC; k++)
			printf(",%u", a->s[i].cause[k]);
		an_out_culprits(a, i, codes, sizeof codes);
		printf(",%.6g,%.6g,%.6g,%d,%s", x->cycles, x->cpi, x->stall, a->cul[i].stalled,
		       codes);
		if (s->have_truth) {
			const struct an_truth_insn *t = a->t[i];
			double stall;
			const char *cause;
			an_wcg_true_stall(a, i, &stall, &cause);
			printf(",%llu,%llu,%.6g", t ? (unsigned long long)t->count : 0ull,
			       t ? (unsigned long long)t->head : 0ull, an_proc_true_cpi(a, i));
			for (unsigned k = 0; k < TC_N; k++)
				printf(",%llu", t ? (unsigned long long)t->cause[k] : 0ull);
			printf(",%.6g,%s", stall, cause);
		}
		if (have_pm)
			an_out_pm_csv(stdout, &pm, a, i);
		if (sl)
			an_src_csv(stdout, sl, a, i);
		putchar('\n');
	}
}

static void json_sum(const char *key, double cycles, double n)
{
	printf("\"%s\": {\"cycles\": ", key);
	an_out_json_num(stdout, cycles);
	printf(", \"insns\": ");
	an_out_json_num(stdout, n);
	printf(", \"cpi\": ");
	an_out_json_num(stdout, n ? cycles / n : NAN);
	printf("}");
}

static void json(const struct an_session *s, const struct an_profimage *pi,
                 const struct an_proc *a)
{
	struct sums t;
	sums(a, &t);
	printf("%s\n  {\"image\": ", first ? "" : ",");
	first = false;
	json_str(stdout, pi->ri->path);
	printf(", \"file\": ");
	json_str(stdout, pi->file);
	printf(", \"procedure\": ");
	json_str(stdout, an_proc_name(a));
	printf(", ");
	json_sum("best_case", t.best, t.n);
	printf(", ");
	json_sum("actual", t.actual, t.n);
	if (s->have_truth) {
		printf(", ");
		json_sum("truth", t.tcycles, t.tn);
	}
	printf(",\n   \"insns\": [");
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &a->e.insn[i];
		char ins[64], codes[AN_C_N + 1];
		uint64_t off = 0;
		an_image_va2off(a->im, an_cfg_pc(&a->g, i), &off);
		an_out_insn(a, i, ins, sizeof ins);
		printf("%s\n    {\"pc\": \"0x%llx\", \"offset\": \"0x%llx\", \"insn\": ", i ? "," : "",
		       (unsigned long long)an_cfg_pc(&a->g, i), (unsigned long long)off);
		json_str(stdout, ins);
		printf(", \"samples\": {");
		for (size_t c = 0, n = 0; c < a->nev; c++)
			if (an_pm_listed(&s->rep, c))
				printf("%s\"%s\": %.0f", n++ ? ", " : "", s->rep.cols[c].name,
				       an_proc_samples(a, c, i));
		const struct an_class_est *ce = &a->e.cls[a->q.class_of[a->g.block_of[i]]];
		printf("}, \"freq\": ");
		an_out_json_num(stdout, x->count);
		printf(", \"conf\": \"%s\", \"propagated\": %s, \"m\": %u, \"m_causes\": {",
		       a->true_freq ? "true" : an_conf_name[ce->conf],
		       ce->propagated ? "true" : "false", x->m);
		for (unsigned k = 0, n = 0; k < AN_NSTATIC; k++)
			if (a->s[i].cause[k])
				printf("%s\"%s\": %u", n++ ? ", " : "",
				       an_truth_cause_name[k + AN_STATIC_FIRST], a->s[i].cause[k]);
		printf("}, \"cycles\": ");
		an_out_json_num(stdout, x->cycles);
		printf(", \"cpi\": ");
		an_out_json_num(stdout, x->cpi);
		if (have_pm)
			an_out_pm_json(stdout, &pm, a, i);
		printf(", \"stall\": ");
		an_out_json_num(stdout, x->stall);
		an_out_culprits(a, i, codes, sizeof codes);
		printf(", \"stalled\": %s, \"culprits\": \"%s\"", a->cul[i].stalled ? "true" : "false",
		       codes);
		if (sl)
			an_src_json(stdout, sl, a, i);
		if (s->have_truth && a->t[i]) {
			const struct an_truth_insn *tr = a->t[i];
			double stall;
			const char *cause;
			int dom = an_wcg_true_stall(a, i, &stall, &cause);
			printf(", \"true\": {\"count\": %llu, \"head\": %llu, \"cpi\": ",
			       (unsigned long long)tr->count, (unsigned long long)tr->head);
			an_out_json_num(stdout, an_proc_true_cpi(a, i));
			printf(", \"causes\": {");
			for (unsigned k = 0, n = 0; k < TC_N; k++)
				if (tr->cause[k])
					printf("%s\"%s\": %llu", n++ ? ", " : "", an_truth_cause_name[k],
					       (unsigned long long)tr->cause[k]);
			printf("}, \"stall\": ");
			an_out_json_num(stdout, stall);
			printf(", \"dominant\": ");
			if (dom >= 0)
				json_str(stdout, cause);
			else
				printf("null");
			printf("}");
		} else if (s->have_truth) {
			printf(", \"true\": null");
		}
		printf("}");
	}
	printf("]}");
}

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	(void)arg;
	sl = an_src_of(&src, pi);
	if (cli.fmt == AN_CSV)
		csv(s, pi, a);
	else if (cli.fmt == AN_JSON)
		json(s, pi, a);
	else
		text(s, pi, a);
	return true;
}

int main(int argc, char **argv)
{
	struct an_session s;
	an_cli_start(&cli, &s, argc, argv);
	have_pm = an_pm_find(&pm, &s.rep);
	if (cli.fmt == AN_JSON)
		printf("{\"tool\": \"dcpicalc\", \"estimator\": \"%s\", \"true_freq\": %s, "
		       "\"procedures\": [", an_estimator_name[cli.so.est],
		       cli.so.true_freq ? "true" : "false");
	struct an_skips k = { 0 };
	an_cli_visit(&cli, &s, visit, NULL, &k);
	if (cli.fmt == AN_JSON) {
		printf("\n],\n ");
		an_skips_json(&k, stdout);
		printf("}\n");
	} else if (cli.fmt == AN_CSV) {
		an_skips_text(&k, stderr, "dcpicalc: ");
	} else {
		an_skips_text(&k, stdout, "");
		putchar('\n');
		an_out_legend(stdout);
	}
	an_skips_free(&k);
	an_src_cache_close(&src);
	an_session_close(&s);
	return an_cli_done(&cli);
}

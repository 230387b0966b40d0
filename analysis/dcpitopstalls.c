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

/* The header: CSV's row of names, JSON's members before the rows, the
 * text's column heads. */
static void head(const struct an_session *s, const struct rows *r, bool src)
{
	bool pm = r->have_pm, truth = s->have_truth;
	if (cli.fmt == AN_CSV) {
		printf("pct,cum_pct,cycles,count,conf,avg,blame,pc,procedure,image%s%s%s\n",
		       pm ? ",pm_stall_cycles,pm_culprit" : "", truth ? ",true_avg,true_cause" : "",
		       src ? ",src_file,src_line" : "");
	} else if (cli.fmt == AN_JSON) {
		printf("{\"tool\": \"dcpitopstalls\", ");
		if (pm)
			printf("\"method\": \"%s\", \"pm_cycles\": %.0f, ", method, r->pm_total);
		printf("\"estimator\": \"%s\", \"true_freq\": %s, \"cycles\": %.0f, \"rows\": [",
		       an_estimator_name[s->o.est], s->o.true_freq ? "true" : "false", r->total);
	} else {
		printf("%7s %7s %8s %8s %-6s %6s  %-6s %16s  %-30s", "%", "cum%", "cycles", "count",
		       "conf", "avg", "blame", "pc", "procedure");
		if (pm)
			printf(" %8s  %-9s", "pmcycles", "pmculprit");
		if (truth)
			printf(" %6s  %-*s", "tavg", src ? 9 : 0, "tcause");
		/* the source column last: the columns before it stay where
		 * they are without DWARF */
		printf(src ? "  source\n" : "\n");
	}
}

static void row_csv(const struct row *w, double p, double cum, bool pm, bool truth, bool src)
{
	printf("%.4f,%.4f,%.0f,%.0f,%s,%.4f,%s,0x%llx,", p, cum, w->stall, w->count,
	       an_conf_name[w->conf], w->avg, w->blame, (unsigned long long)w->pc);
	an_out_csv(stdout, w->proc);
	putchar(',');
	an_out_csv(stdout, w->image);
	if (pm)
		printf(",%.0f,%s", w->pm_stall, w->pm_culprit);
	if (truth)
		printf(",%.4f,%s", w->true_avg, w->true_cause);
	if (src && w->src_file) {
		putchar(',');
		an_out_csv(stdout, w->src_file);
		printf(",%u", w->src_line);
	} else if (src) {
		printf(",,");
	}
	putchar('\n');
}

static void row_json(const struct row *w, double p, double cum, bool pm, bool truth, bool src,
                     bool first)
{
	printf("%s\n  {\"pct\": %.4f, \"cum_pct\": %.4f, \"cycles\": %.0f, \"count\": %.0f, "
	       "\"conf\": \"%s\", \"avg\": ", first ? "" : ",", p, cum, w->stall, w->count,
	       an_conf_name[w->conf]);
	an_out_json_num(stdout, w->avg);
	printf(", \"blame\": \"%s\", \"pc\": \"0x%llx\", \"procedure\": ", w->blame,
	       (unsigned long long)w->pc);
	json_str(stdout, w->proc);
	printf(", \"image\": ");
	json_str(stdout, w->image);
	if (pm)
		printf(", \"pm_stall_cycles\": %.0f, \"pm_culprit\": \"%s\"", w->pm_stall,
		       w->pm_culprit);
	if (truth) {
		printf(", \"true_avg\": ");
		an_out_json_num(stdout, w->true_avg);
		printf(", \"true_cause\": ");
		json_str(stdout, w->true_cause);
	}
	if (src && w->src_file) {
		printf(", \"src_file\": ");
		json_str(stdout, w->src_file);
		printf(", \"src_line\": %u", w->src_line);
	} else if (src) {
		printf(", \"src_file\": null, \"src_line\": null");
	}
	printf("}");
}

static void row_text(const struct row *w, double p, double cum, bool pm, bool truth, bool src)
{
	char b1[16], b2[16], where[96];
	snprintf(where, sizeof where, "%s (%s)", w->proc, base(w->image));
	printf("%6.2f%% %6.2f%% %8s %8s %-6s", p, cum, an_out_short(w->stall, b1),
	       an_out_short(w->count, b2), an_conf_name[w->conf]);
	if (isfinite(w->avg))
		printf(" %6.1f", w->avg);
	else
		printf(" %6s", "-");
	printf("  %-6s %16llx  %-30s", w->blame, (unsigned long long)w->pc, where);
	if (pm)
		printf(" %8s  %-9s", an_out_short(w->pm_stall, b1), w->pm_culprit);
	if (truth && isfinite(w->true_avg))
		printf(" %6.1f  %-*s", w->true_avg, src ? 9 : 0, w->true_cause);
	else if (truth && src)
		printf(" %6s  %-9s", "", "");
	if (src && w->src_file)
		printf("  %s:%u", srcline_base(w->src_file), w->src_line);
	putchar('\n');
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
	bool src = r.any_src, pm = r.have_pm, truth = s.have_truth;
	if (r.n)                     /* qsort may not be given a NULL array */
		qsort(r.v, r.n, sizeof *r.v, by_stall);
	double total = r.by_pm ? r.pm_total : r.total, cum = 0;
	head(&s, &r, src);
	for (size_t i = 0; i < r.n && i < top; i++) {
		const struct row *w = &r.v[i];
		double p = total > 0 ? 100 * key(w, r.by_pm) / total : 0;
		cum += p;
		if (cli.fmt == AN_CSV)
			row_csv(w, p, cum, pm, truth, src);
		else if (cli.fmt == AN_JSON)
			row_json(w, p, cum, pm, truth, src, !i);
		else
			row_text(w, p, cum, pm, truth, src);
	}
	an_cli_skips(&cli, &k);
	if (pm && cli.fmt == AN_TEXT)
		printf("ranked by %s; pmcycles, pmculprit: the instruction-sampling records' "
		       "dynamic stall cycles and culprit (an alphasim extension)\n",
		       r.by_pm ? "the records' stall cycles (--method pm), % of their cycles"
		               : "the counters' stall cycles");
	rows_free(&r);
	an_skips_free(&k);
	an_session_close(&s);
	return an_cli_done(&cli);
}

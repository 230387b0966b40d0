/*
 * dcpilist.c - the disassembly with samples (DCPI's dcpilist; docs/
 * analysis.md, "dcpilist"):
 *
 *   dcpilist [-db DIR] [options] IMAGE [PROC]
 *
 * One row per instruction: its address, one sample column per event,
 * the estimated executions (freq) and CPI, and the instruction; with
 * --truth the true executions and CPI.  Without PROC every procedure of
 * IMAGE with CYCLES samples.  With instruction sampling's profiles
 * (docs/precise.md) the records' estimates too: executions, CPI and
 * culprit (analysis/lib/pmest.h, analysis/lib/whatcg.h), in place of the records' raw sums.
 *
 * From the image's DWARF (gcc -g; analysis/report/ansource.h), as DCPI's
 * dcpilist -source and -both: --source lists the source lines with their
 * samples, estimates and truth instead; --both puts each source line
 * above its instructions (in CSV and JSON: each instruction's file, line
 * and inlined functions).
 */
#include "analysis/report/table.h"
#include "analysis/report/cli.h"
#include "analysis/report/ansource.h"
#include "analysis/lib/pmest.h"
#include "analysis/lib/whatcg.h"
#include <math.h>

static bool source, both;
static const char *source_root;
static const struct an_cli_opt opts[] = {
	{ "source", NULL, "the source lines with their samples, freq and cpi (needs -g)", NULL,
	  &source },
	{ "both", NULL, "each source line above its instructions (needs -g)", NULL, &both },
	{ "source-root", "DIR", "look for source files under DIR, not the compilation directory",
	  &source_root, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};
static struct an_cli cli = { .id = AN_TOOL_dcpilist, .opts = opts };
static struct srcline *sl;       /* the image's DWARF, with --source or --both */
static bool first = true;
static struct an_pm pm;
static bool have_pm;

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	(void)arg;
	if (source) {
		an_src_listing(stdout, cli.fmt, first, s, pi, a, sl);
		first = false;
		return true;
	}
	bool truth = s->have_truth;
	char ins[64], b[16];
	int aw = an_out_addr_width(a) + 2;
	if (cli.fmt == AN_TEXT) {
		printf("%s%s (%s):\n%*s", first ? "" : "\n", an_proc_name(a), pi->ri->path, aw, "pc");
		for (size_t c = 0; c < a->nev; c++)
			if (an_pm_listed(&s->rep, c))
				printf(" %8.8s", an_pm_heading(&s->rep, c));
		printf(" %8s %7s%s%s  %s\n", "freq", "cpi",
		       have_pm ? "   pmfreq   pmcpi pmculprit" : "",
		       truth ? "    tfreq    tcpi" : "", "instruction");
	} else if (cli.fmt == AN_CSV && first) {
		printf("image,procedure,pc,offset");
		for (size_t c = 0; c < a->nev; c++)
			if (an_pm_listed(&s->rep, c))
				printf(",%s", s->rep.cols[c].name);
		printf(",freq,cpi,instruction%s%s%s\n", truth ? ",true_freq,true_cpi" : "",
		       have_pm ? AN_OUT_PM_CSV_COLUMNS : "", both ? AN_SRC_CSV_COLUMNS : "");
	} else if (cli.fmt == AN_JSON) {
		printf("%s\n  {\"image\": ", first ? "" : ",");
		json_str(stdout, pi->ri->path);
		printf(", \"procedure\": ");
		json_str(stdout, an_proc_name(a));
		printf(", \"insns\": [");
	}
	first = false;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		const struct an_insn_est *x = &a->e.insn[i];
		const struct an_truth_insn *t = a->t[i];
		uint64_t pc = an_cfg_pc(&a->g, i), off = 0;
		an_image_va2off(a->im, pc, &off);
		an_out_insn(a, i, ins, sizeof ins);
		double cpi = x->samples ? x->cpi : NAN, tcount = t ? (double)t->count : NAN;
		if (cli.fmt == AN_TEXT) {
			if (both)
				an_src_above(stdout, sl, a, i, aw + 2);
			char pcs[24];
			printf("%*s", aw, an_out_pc(pc, pcs));
			for (size_t c = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					printf(" %8.0f", an_proc_samples(a, c, i));
			printf(" %8s", an_out_short(x->count, b));
			an_out_cpi(stdout, 7, cpi);
			if (have_pm) {
				printf(" %8s", an_out_short(an_pm_count(&pm, a, i), b));
				an_out_cpi(stdout, 7, an_pm_cpi(&pm, a, i, NULL));
				printf(" %-9s", an_wcg_pm_culprit(&pm, a, i));
			}
			if (truth) {
				printf(" %8s", an_out_short(tcount, b));
				an_out_cpi(stdout, 7, an_proc_true_cpi(a, i));
			}
			printf("  %s\n", ins);
		} else if (cli.fmt == AN_CSV) {
			an_out_csv(stdout, pi->ri->path);
			putchar(',');
			an_out_csv(stdout, an_proc_name(a));
			printf(",0x%llx,0x%llx", (unsigned long long)pc, (unsigned long long)off);
			for (size_t c = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					printf(",%.0f", an_proc_samples(a, c, i));
			printf(",%.6g,%.6g,", x->count, cpi);
			an_out_csv(stdout, ins);
			if (truth)
				printf(",%.0f,%.6g", t ? tcount : 0, an_proc_true_cpi(a, i));
			if (have_pm)
				an_out_pm_csv(stdout, &pm, a, i);
			if (both)
				an_src_csv(stdout, sl, a, i);
			putchar('\n');
		} else {
			printf("%s\n    {\"pc\": \"0x%llx\", \"offset\": \"0x%llx\", \"samples\": {",
			       i ? "," : "", (unsigned long long)pc, (unsigned long long)off);
			for (size_t c = 0, n = 0; c < a->nev; c++)
				if (an_pm_listed(&s->rep, c))
					printf("%s\"%s\": %.0f", n++ ? ", " : "", s->rep.cols[c].name,
					       an_proc_samples(a, c, i));
			printf("}, \"freq\": ");
			an_out_json_num(stdout, x->count);
			printf(", \"cpi\": ");
			an_out_json_num(stdout, cpi);
			if (have_pm)
				an_out_pm_json(stdout, &pm, a, i);
			printf(", \"insn\": ");
			json_str(stdout, ins);
			if (truth) {
				printf(", \"true_freq\": ");
				an_out_json_num(stdout, tcount);
				printf(", \"true_cpi\": ");
				an_out_json_num(stdout, an_proc_true_cpi(a, i));
			}
			if (both)
				an_src_json(stdout, sl, a, i);
			printf("}");
		}
	}
	if (cli.fmt == AN_JSON)
		printf("]}");
	return true;
}

int main(int argc, char **argv)
{
	struct an_session s;
	an_cli_start(&cli, &s, argc, argv);
	if (source && both)
		an_cli_bad(cli.tool, "--source or --both: one of them");
	if (source_root && !source && !both)
		an_cli_bad(cli.tool, "--source-root is for --source and --both");
	if (source_root)
		an_cli_check_dir(cli.tool, "--source-root", source_root);
	char err[PATH_MAX + 256];
	if ((source || both) && !(sl = an_src_named(&s, source_root, err, sizeof err)))
		an_cli_die(&cli, "%s", err);
	have_pm = an_pm_find(&pm, &s.rep);
	struct an_skips k = { 0 };
	if (cli.fmt == AN_JSON)
		printf("{\"tool\": \"dcpilist\", \"estimator\": \"%s\", \"true_freq\": %s, "
		       "%s\"procedures\": [", an_estimator_name[cli.so.est],
		       cli.so.true_freq ? "true" : "false",
		       source ? "\"view\": \"source\", " : both ? "\"view\": \"both\", " : "");
	an_cli_visit(&cli, &s, visit, NULL, &k);
	an_cli_skips(&cli, &k);
	an_skips_free(&k);
	srcline_close(sl);
	an_session_close(&s);
	return an_cli_done(&cli);
}

/*
 * dcpistats.c - several runs of one program summarised per procedure
 * (docs/tools.md, "dcpistats"; DCPI's dcpistats, as perf stat -r):
 *
 *   dcpistats -db A -db B ... [options] [-n N] [IMAGE]
 *   dcpistats -db DIR [options] [-n N] [IMAGE]        every epoch a run
 *
 * The runs are the databases given (with --epoch: that epoch of each),
 * or one database's epochs (alphasim --profile=DIR adds one a run).  For
 * every procedure with CYCLES samples in some run: the mean, standard
 * deviation, least and most of its samples (0 in a run without them)
 * beside the deviation sampling alone gives (sqrt of the mean), and of
 * the analysis's estimates in the runs that analysed it: executions
 * (the instructions it ran) and CPI.  The runs must profile the same
 * program (report_same_program).
 */
#include "analysis/lib/anstat.h"
#include "analysis/report/table.h"
#include "analysis/report/cli.h"
#include "daemon/profdb.h"
#include "util/cmd.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static struct an_cli cli = { .id = AN_TOOL_dcpistats };

/* one procedure: its figures per run (NAN: not analysed in that run) */
struct proc {
	char *key;                   /* "image\tname" */
	double *samples, *count, *cycles;
};

struct procs {
	struct proc *v;
	size_t n, cap, nrun, run;
};

static struct proc *find(struct procs *ps, const char *image, const char *name)
{
	size_t len = strlen(image) + strlen(name) + 2;
	char *key = xmalloc(len);
	snprintf(key, len, "%s\t%s", image, name);
	for (size_t i = 0; i < ps->n; i++)
		if (!strcmp(ps->v[i].key, key)) {
			free(key);
			return &ps->v[i];
		}
	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 64;
		ps->v = xrealloc(ps->v, ps->cap * sizeof *ps->v);
	}
	struct proc *p = &ps->v[ps->n++];
	p->key = key;
	p->samples = xcalloc(ps->nrun, sizeof *p->samples);
	p->count = xmalloc(ps->nrun * sizeof *p->count);
	p->cycles = xmalloc(ps->nrun * sizeof *p->cycles);
	for (size_t r = 0; r < ps->nrun; r++)
		p->count[r] = p->cycles[r] = NAN;
	return p;
}

static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	struct procs *ps = arg;
	struct proc *p = find(ps, pi->ri->path, an_proc_name(a));
	double samples = 0, count = 0, cycles = 0;
	for (size_t i = 0; i < a->g.ninsn; i++) {
		samples += an_proc_samples(a, s->cyc, i);
		count += a->e.insn[i].count > 0 ? a->e.insn[i].count : 0;
		cycles += a->e.insn[i].cycles;
	}
	p->samples[ps->run] = samples;
	p->count[ps->run] = count;
	p->cycles[ps->run] = cycles;
	return true;
}

/* an unanalysed procedure's samples still count */
static void skipped(void *arg, const struct an_session *s, const char *what, uint64_t samples,
                    const char *why)
{
	(void)s;
	(void)why;
	struct procs *ps = arg;
	find(ps, "", what)->samples[ps->run] = (double)samples;
}

static const struct an_tcol cols[] = {
	{ .name = "procedure" }, { .name = "image" },
	{ .name = "runs", .text = "%.0f" }, { .name = "samples_mean", .text = "%.1f" },
	{ .name = "samples_sd", .text = "%.1f" }, { .name = "samples_min", .text = "%.0f" },
	{ .name = "samples_max", .text = "%.0f" }, { .name = "poisson_sd", .text = "%.1f" },
	{ .name = "count_mean", .text = "%.4g" }, { .name = "count_sd", .text = "%.3g" },
	{ .name = "count_min", .text = "%.4g" }, { .name = "count_max", .text = "%.4g" },
	{ .name = "cpi_mean", .text = "%.3f" }, { .name = "cpi_sd", .text = "%.3f" },
	{ .name = "cpi_min", .text = "%.3f" }, { .name = "cpi_max", .text = "%.3f" },
};
enum { C_PROC, C_IMAGE, C_RUNS, C_SMEAN };

static int by_samples(const struct an_tcell *a, const struct an_tcell *b)
{
	if (a[C_SMEAN].v != b[C_SMEAN].v)
		return a[C_SMEAN].v > b[C_SMEAN].v ? -1 : 1;
	int c = strcmp(a[C_IMAGE].s, b[C_IMAGE].s);
	return c ? c : strcmp(a[C_PROC].s, b[C_PROC].s);
}

static void put_stat(struct an_table *t, const struct an_stat *st, bool minmax)
{
	an_table_num(t, st->n ? st->mean : NAN);
	an_table_num(t, an_stat_sd(st));
	if (minmax) {
		an_table_num(t, st->n ? st->min : NAN);
		an_table_num(t, st->n ? st->max : NAN);
	}
}

/* The runs: each database, or one database's epochs. */
static size_t runs(struct an_session_opts **run, char ***label)
{
	char err[PROF_ERR_MAX + 64];
	unsigned *ep = NULL;
	size_t n = cli.ndb;
	if (cli.ndb == 1 && !cli.nepoch) {
		if (!profdb_epochs(cli.db[0], &ep, &n, err, sizeof err))
			an_cli_die(&cli, "%s", err);
		if (!n)
			an_cli_die(&cli, "%s: no epoch", cli.db[0]);
	} else if (cli.nepoch > 1 && cli.nepoch != cli.ndb) {
		an_cli_die(&cli, "--epoch: one for every database, or one for them all");
	}
	if (n < 2)
		an_cli_die(&cli, "%s: one run: dcpistats summarises two or more (-db A -db B ..., or "
		           "a database of several epochs)", cli.db[0]);
	*run = xcalloc(n, sizeof **run);
	*label = xcalloc(n, sizeof **label);
	for (size_t r = 0; r < n; r++) {
		(*run)[r] = cli.so;
		(*run)[r].db = cli.db[ep ? 0 : r];
		(*run)[r].epoch = ep ? ep[r] : cli.nepoch ? cli.epoch[cli.nepoch > 1 ? r : 0] : 0;
		size_t len = strlen((*run)[r].db) + 32;
		(*label)[r] = xmalloc(len);
		snprintf((*label)[r], len, (*run)[r].epoch ? "%s epoch %u" : "%s", (*run)[r].db,
		         (*run)[r].epoch);
	}
	free(ep);
	return n;
}

int main(int argc, char **argv)
{
	an_cli_parse(&cli, argc, argv);
	if (cli.so.truth)
		an_cli_die(&cli, "--truth: every run has its own; dcpistats takes none");
	struct an_session_opts *run;
	char **label, err[1024];
	struct procs ps = { 0 };
	ps.nrun = runs(&run, &label);
	struct report first = { 0 };
	size_t fallbacks = 0;        /* runs where imiss had no IMISS samples */
	for (ps.run = 0; ps.run < ps.nrun; ps.run++) {
		struct an_session s;
		an_cli_open(&cli, &s, &run[ps.run]);
		fallbacks += s.est_fallback;
		if (ps.run && !report_same_program(&first, label[0], &s.rep, label[ps.run], err,
		                                   sizeof err))
			an_cli_die(&cli, "%s", err);
		const struct an_visitor v = { visit, skipped, &ps, &ps };
		an_cli_run(&cli, &s, &v);
		if (!ps.run) {   /* the first run's report, kept to compare the others with */
			first = s.rep;
			s.rep = (struct report){ 0 };
		}
		an_session_close(&s);
	}
	report_free(&first);

	struct an_table t;
	an_table_init(&t, cols, sizeof cols / sizeof *cols);
	for (size_t i = 0; i < ps.n; i++) {
		struct proc *p = &ps.v[i];
		struct an_stat sa = { 0 }, sc = { 0 }, sk = { 0 };
		for (size_t r = 0; r < ps.nrun; r++) {
			an_stat_add(&sa, p->samples[r]);
			if (isfinite(p->count[r]))
				an_stat_add(&sc, p->count[r]);
			if (isfinite(p->count[r]) && p->count[r] > 0)
				an_stat_add(&sk, p->cycles[r] / p->count[r]);
		}
		size_t with = 0;
		for (size_t r = 0; r < ps.nrun; r++)
			with += p->samples[r] > 0;
		char *tab = strchr(p->key, '\t');
		*tab = 0;
		an_table_str(&t, tab + 1);
		an_table_str(&t, p->key);
		an_table_num(&t, (double)with);
		put_stat(&t, &sa, true);
		an_table_num(&t, sqrt(sa.mean));
		put_stat(&t, &sc, true);
		put_stat(&t, &sk, true);
		free(p->key);
		free(p->samples);
		free(p->count);
		free(p->cycles);
	}
	free(ps.v);
	an_table_sort(&t, by_samples);
	if (cli.top)
		an_table_truncate(&t, cli.top);
	if (t.nomem)
		xalloc_fail();

	/* every run fell back: dcpi's; some: imiss, as the text says */
	enum an_estimator est = fallbacks == ps.nrun ? AN_EST_dcpi : cli.so.est;
	if (cli.fmt == AN_CSV) {
		an_table_csv(&t, stdout);
	} else if (cli.fmt == AN_JSON) {
		printf("{\"tool\": \"dcpistats\", \"estimator\": \"%s\", \"runs\": [",
		       an_estimator_name[est]);
		for (size_t r = 0; r < ps.nrun; r++) {
			printf(r ? ", " : "");
			json_str(stdout, label[r]);
		}
		printf("],\n \"rows\": ");
		an_table_json(&t, stdout);
		printf("}\n");
	} else {
		printf("%zu runs:", ps.nrun);
		for (size_t r = 0; r < ps.nrun; r++)
			printf(" %s%s", label[r], r + 1 < ps.nrun ? "," : "");
		printf("\nper procedure: cycles samples (poisson_sd: the deviation sampling alone "
		       "gives), and the estimated executions and CPI (estimator %s) of the runs "
		       "that analysed it%s\n\n", an_estimator_name[est],
		       !fallbacks ? "" : fallbacks == ps.nrun
		       ? "; dcpi: no run has the IMISS samples imiss needs"
		       : "; dcpi in the runs without the IMISS samples imiss needs");
		an_table_text(&t, stdout, "");
	}
	an_table_free(&t);
	for (size_t r = 0; r < ps.nrun; r++)
		free(label[r]);
	free(label);
	free(run);
	return an_cli_done(&cli);
}

/*
 * dcpicallers.c - the call sites of a procedure across every image of a
 * database (docs/tools.md, "dcpicallers"):
 *
 *   dcpicallers [-db DIR] [options] IMAGE PROC
 *
 * The samples carry no stack (DCPI paper, section 2: the PC only), but
 * the analysis estimates every block's executions, so a call's count is
 * its block's.  Each direct call of PROC (analysis/lib/callsite.h: a BSR to
 * it, a JSR through a GOT slot of it) is listed with that estimate, and
 * PROC's CYCLES samples are shared out among the sites in proportion;
 * with --truth, each call's true count (its JSR's or BSR's executions)
 * beside.  Indirect calls are counted apart: any of them may reach PROC.
 */
#include "analysis/report/table.h"
#include "analysis/lib/callsite.h"
#include "analysis/report/cli.h"
#include "util/xalloc.h"
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool all;
static const struct an_cli_opt opts[] = {
	{ "all", NULL, "list the call sites in procedures without samples too", NULL, &all },
	{ NULL, NULL, NULL, NULL, NULL },
};

static struct an_cli cli = { .id = AN_TOOL_dcpicallers, .opts = opts };

/* one call site of PROC, or one indirect call */
struct site {
	size_t image, proc;
	uint64_t pc;
	char *caller, *via;
	bool sampled;                /* its caller has CYCLES samples      */
	bool analysed;
	double calls, truth;         /* NAN: not known                     */
	enum an_conf conf;
};

struct sites {
	struct site *v;
	size_t n;
};

struct state {
	const struct an_session *s;
	struct sites direct, indirect;
};

static void add(struct sites *l, const struct site *x)
{
	if (!(l->n & (l->n - 1)))
		l->v = xrealloc(l->v, (l->n ? 2 * l->n : 1) * sizeof *l->v);
	l->v[l->n++] = *x;
}

/* the callee: its image (an index), address range, samples */
struct callee {
	size_t image;
	uint64_t addr, size;
	double samples;
	struct an_callsites cs;
};

static double proc_samples(const struct an_session *s, const struct an_profimage *pi,
                           uint64_t addr, uint64_t size)
{
	size_t n = size / 4;
	double *v = xcalloc(n + 1, sizeof *v), sum = 0;
	an_profimage_samples(pi, s->cyc, addr, n, v);
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	free(v);
	return sum;
}

static bool reaches(const struct callee *ce, size_t image, const struct an_callsite *c)
{
	if (c->how == AN_CALL_GOT_SYM)
		return an_callsites_defines(&ce->cs, c->sym, ce->addr, ce->size);
	return c->how != AN_CALL_INDIRECT && image == ce->image && c->target >= ce->addr &&
	       c->target < ce->addr + ce->size;
}

/* The call sites of image i reaching the callee, and its indirect calls,
 * with their true counts. */
static void scan_image(struct state *st, struct an_session *s, size_t i, const struct callee *ce,
                       struct an_skips *k)
{
	const struct report_image *ri = &s->rep.images[i];
	struct an_profimage pi;
	struct an_callsites cs;
	char why[PROF_ERR_MAX + 256];
	if (!an_profimage_open(&pi, &s->rep, ri, &s->o.paths, why, sizeof why)) {
		an_profimage_close(&pi);
		an_skips_add(k, s, ri->path, ri->samples[s->cyc], why);
		return;
	}
	if (!an_callsites_find(&cs, &pi.im, pi.file, why, sizeof why)) {
		an_skips_add(k, s, ri->path, ri->samples[s->cyc], why);
		an_profimage_close(&pi);
		return;
	}
	const struct an_truth_image *ti = s->have_truth
		? an_truth_image(&s->truth, ri->path, ri->id) : NULL;
	for (size_t j = 0; j < cs.n; j++) {
		const struct an_callsite *c = &cs.site[j];
		bool direct = reaches(ce, i, c);
		if (!direct && c->how != AN_CALL_INDIRECT)
			continue;
		const struct an_proc_sym *ps = &pi.im.proc[c->proc];
		char via[160];
		if (c->how == AN_CALL_GOT_SYM)
			snprintf(via, sizeof via, "got:%s", c->sym);
		else
			snprintf(via, sizeof via, "%s", an_call_how_name[c->how]);
		struct site x = { i, c->proc, c->pc, xstrdup(ps->name), xstrdup(via), false, false,
		                  NAN, NAN, AN_CONF_none };
		x.sampled = ri->samples[s->cyc] && proc_samples(s, &pi, ps->addr, ps->size) > 0;
		if (s->have_truth) {
			uint64_t off;
			const struct an_truth_insn *t = ti && an_image_va2off(&pi.im, c->pc, &off)
				? an_truth_at(ti, off) : NULL;
			x.truth = t ? (double)t->count : 0;
		}
		add(direct ? &st->direct : &st->indirect, &x);
	}
	an_callsites_free(&cs);
	an_profimage_close(&pi);
}

/* an analysed procedure: the estimated count of each of its sites */
static bool visit(void *arg, const struct an_session *s, const struct an_profimage *pi,
                  const struct an_proc *a)
{
	struct state *st = arg;
	size_t image = (size_t)(pi->ri - s->rep.images);
	struct sites *lists[] = { &st->direct, &st->indirect };
	for (size_t l = 0; l < 2; l++)
		for (size_t j = 0; j < lists[l]->n; j++) {
			struct site *x = &lists[l]->v[j];
			long i = x->image == image && x->proc == a->p ? an_cfg_insn_at(&a->g, x->pc) : -1;
			if (i < 0)
				continue;
			const struct an_class_est *c = &a->e.cls[a->q.class_of[a->g.block_of[i]]];
			x->analysed = true;
			x->calls = c->count;
			x->conf = c->conf;
		}
	return true;
}

static int by_calls(const void *pa, const void *pb)
{
	const struct site *a = pa, *b = pb;
	double x = isfinite(a->calls) ? a->calls : -1, y = isfinite(b->calls) ? b->calls : -1;
	if (x != y)
		return x < y ? 1 : -1;
	if (a->image != b->image)
		return a->image < b->image ? -1 : 1;
	return (a->pc > b->pc) - (a->pc < b->pc);
}

static const struct an_tcol cols[] = {
	{ .name = "caller" }, { .name = "image" },
	{ .name = "pc" }, { .name = "via" },
	{ .name = "calls", .text = "%.0f" }, { .name = "conf" },
	{ .name = "pct", .text = "%.2f" }, { .name = "samples", .text = "%.1f" },
	{ .name = "true_calls", .text = "%.0f" }, { .name = "note" },
};

static double sum(const struct sites *l, bool truth)
{
	double n = 0;
	for (size_t j = 0; j < l->n; j++) {
		double v = truth ? l->v[j].truth : l->v[j].calls;
		n += isfinite(v) ? v : 0;
	}
	return n;
}

/* The sites as rows: by default only those in procedures with samples
 * (a procedure without any ran for less than a sampling period: libc
 * has hundreds of such callers of strcmp); the others counted in
 * *hidden. */
static void table(const struct state *st, const struct callee *ce, struct an_table *t,
                  size_t *hidden)
{
	*hidden = 0;
	const struct an_session *s = st->s;
	double total = sum(&st->direct, false);
	an_table_init(t, cols, sizeof cols / sizeof *cols);
	for (size_t j = 0; j < st->direct.n; j++) {
		const struct site *x = &st->direct.v[j];
		char buf[320];
		if (!x->sampled && !all) {
			++*hidden;
			continue;
		}
		an_table_str(t, x->caller);
		an_table_str(t, s->rep.images[x->image].path);
		snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)x->pc);
		an_table_str(t, buf);
		an_table_str(t, x->via);
		double share = total > 0 && isfinite(x->calls) ? x->calls / total : NAN;
		an_table_num(t, x->calls);
		an_table_str(t, x->analysed ? an_conf_name[x->conf] : "");
		an_table_num(t, 100 * share);
		an_table_num(t, share * ce->samples);
		an_table_num(t, x->truth);
		if (x->analysed)
			buf[0] = 0;
		else if (!x->sampled)
			snprintf(buf, sizeof buf, "not estimated: %s has no cycles samples", x->caller);
		else
			snprintf(buf, sizeof buf, "not estimated: %s could not be analysed", x->caller);
		an_table_str(t, buf);
	}
	if (t->nomem)
		xalloc_fail();
}

int main(int argc, char **argv)
{
	an_cli_parse(&cli, argc, argv);
	if (!cli.so.proc)
		an_cli_die(&cli, "IMAGE and PROC are needed: the procedure whose callers to list");
	/* the callee's image named as every tool names one (an error if it
	 * names none or two), then every image for the callers */
	struct an_session s;
	an_cli_open(&cli, &s, &cli.so);
	size_t named = 0;
	while (!s.rep.images[named].chosen)
		named++;
	char path[PROF_PATH_MAX];
	uint64_t id = s.rep.images[named].id;
	snprintf(path, sizeof path, "%s", s.rep.images[named].path);
	an_session_close(&s);
	struct an_session_opts so = cli.so;
	so.image = so.proc = NULL;
	an_cli_open(&cli, &s, &so);
	struct callee ce;
	memset(&ce, 0, sizeof ce);
	for (ce.image = 0; ce.image < s.rep.nimages; ce.image++)
		if (s.rep.images[ce.image].id == id && !strcmp(s.rep.images[ce.image].path, path))
			break;
	struct an_profimage pi;
	char err[PROF_ERR_MAX + 512];
	if (ce.image == s.rep.nimages ||
	    !an_profimage_open(&pi, &s.rep, &s.rep.images[ce.image], &so.paths, err, sizeof err))
		an_cli_die(&cli, "%s", ce.image == s.rep.nimages ? path : err);
	long p = an_image_proc_named(&pi.im, cli.so.proc);
	if (p < 0)
		an_cli_die(&cli, "%s (%s): no procedure '%s' (dcpiprof -db %s %s lists them)", path,
		           pi.file, cli.so.proc, so.db, path);
	ce.addr = pi.im.proc[p].addr;
	ce.size = pi.im.proc[p].size;
	ce.samples = proc_samples(&s, &pi, ce.addr, ce.size);
	if (!an_callsites_find(&ce.cs, &pi.im, pi.file, err, sizeof err))
		an_cli_die(&cli, "%s", err);
	const char *callee = pi.im.proc[p].name;
	char *callee_name = xstrdup(callee);
	an_profimage_close(&pi);

	struct an_skips k = { NULL, 0, 0 };
	struct state st = { &s, { NULL, 0 }, { NULL, 0 } };
	for (size_t i = 0; i < s.rep.nimages; i++)
		if (s.rep.images[i].chosen)
			scan_image(&st, &s, i, &ce, &k);
	an_cli_visit(&cli, &s, visit, &st, &k);
	if (st.direct.n)             /* qsort may not be given a NULL array */
		qsort(st.direct.v, st.direct.n, sizeof *st.direct.v, by_calls);

	struct an_table t;
	size_t hidden;
	table(&st, &ce, &t, &hidden);
	size_t ind_n = 0;   /* indirect calls the analysis estimated */
	for (size_t j = 0; j < st.indirect.n; j++)
		ind_n += st.indirect.v[j].analysed;
	double calls = sum(&st.direct, false), ind = sum(&st.indirect, false);
	double tcalls = s.have_truth ? sum(&st.direct, true) : NAN;
	double tind = s.have_truth ? sum(&st.indirect, true) : NAN;
	const char *est = an_estimator_name[s.o.est];
	if (cli.fmt == AN_JSON) {
		printf("{\"tool\": \"dcpicallers\", \"image\": ");
		json_str(stdout, path);
		printf(", \"procedure\": ");
		json_str(stdout, callee_name);
		printf(", \"samples\": %.0f, \"estimator\": \"%s\", \"calls\": ", ce.samples, est);
		an_out_json_num(stdout, calls);
		printf(", \"true_calls\": ");
		an_out_json_num(stdout, tcalls);
		printf(", \"unsampled_sites\": %zu,\n \"sites\": ", hidden);
		an_table_json(&t, stdout);
		printf(",\n \"indirect\": {\"sites\": %zu, \"estimated_sites\": %zu, \"calls\": ",
		       st.indirect.n, ind_n);
		an_out_json_num(stdout, ind);
		printf(", \"true_calls\": ");
		an_out_json_num(stdout, tind);
		printf("},\n ");
		an_skips_json(&k, stdout);
		printf("}\n");
	} else if (cli.fmt == AN_CSV) {
		an_table_csv(&t, stdout);
		an_cli_skips(&cli, &k);
	} else {
		char s1[16];
		printf("callers of %s in %s: %.0f cycles samples, estimator %s\n", callee_name, path,
		       ce.samples, est);
		printf("%zu call site%s, estimated %s calls", st.direct.n, st.direct.n == 1 ? "" : "s",
		       an_out_short(calls, s1));
		if (s.have_truth)
			printf(" (true %.0f)", tcalls);
		printf("; the samples shared out by the estimated calls\n\n");
		an_table_text(&t, stdout, "");
		if (hidden)
			printf("(and %zu call site%s in procedures without samples: --all lists them)\n",
			       hidden, hidden == 1 ? "" : "s");
		printf("\nindirect calls: %zu sites (%zu estimated), %s calls", st.indirect.n, ind_n,
		       an_out_short(ind, s1));
		if (s.have_truth)
			printf(" (true %.0f)", tind);
		printf(", whose targets the code does not say: any may reach %s too\n",
		       callee_name);
		an_cli_skips(&cli, &k);
	}
	an_table_free(&t);
	struct sites *lists[] = { &st.direct, &st.indirect };
	for (size_t l = 0; l < 2; l++) {
		for (size_t j = 0; j < lists[l]->n; j++) {
			free(lists[l]->v[j].caller);
			free(lists[l]->v[j].via);
		}
		free(lists[l]->v);
	}
	an_skips_free(&k);
	an_callsites_free(&ce.cs);
	free(callee_name);
	an_session_close(&s);
	return an_cli_done(&cli);
}

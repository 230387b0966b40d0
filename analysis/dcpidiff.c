/*
 * dcpidiff.c - two profiles side by side (docs/tools.md, "dcpidiff"),
 * as perf diff, with each difference tested against sampling noise
 * (analysis/lib/anstat.h):
 *
 *   dcpidiff -db A -db B [options] [IMAGE [PROC]]
 *   dcpidiff -db A --epoch X --epoch Y [options] [IMAGE [PROC]]
 *
 * By image (no IMAGE), by procedure of IMAGE, or by instruction of PROC:
 * each row's samples of one event (--event, default cycles) in A and in
 * B, as shares of each profile's samples of that event, the difference
 * in percentage points, the z score and p-value of the two-proportion
 * test, and a '*' where the difference is larger than sampling noise
 * (p below --alpha over the rows compared).  The two must profile the
 * same program (report_same_program), by instruction the same build.
 */
#include "analysis/lib/anstat.h"
#include "analysis/report/table.h"
#include "analysis/report/cli.h"
#include "isa/disasm.h"
#include "util/cmd.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *event = "cycles", *alpha_arg = "0.01";
static const struct an_cli_opt opts[] = {
	{ "event", "NAME", "the event compared (default cycles)", &event, NULL },
	{ "alpha", "A", "the significance level over all rows compared (default 0.01)",
	  &alpha_arg, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

static struct an_cli cli = { .id = AN_TOOL_dcpidiff, .opts = opts };

/* one side: its database and epoch, read */
struct side {
	const char *db;
	unsigned epoch;
	char label[512];
	struct report r;
	long col;
	double total;
};

/* a row before the two sides are joined */
struct item {
	char *key, *insn;
	double n[2];
};
struct items {
	struct item *v;
	size_t n, cap;
};

static void add(struct items *it, const char *key, const char *insn, int side, double n)
{
	if (it->n == it->cap) {
		it->cap = it->cap ? 2 * it->cap : 256;
		it->v = xrealloc(it->v, it->cap * sizeof *it->v);
	}
	struct item *x = &it->v[it->n++];
	x->key = xstrdup(key);
	x->insn = insn ? xstrdup(insn) : NULL;
	x->n[0] = x->n[1] = 0;
	x->n[side] = n;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct item *)a)->key, ((const struct item *)b)->key);
}

/* ---- the three levels ------------------------------------------------------ */

static void images(struct side *s, struct items *it)
{
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < s[k].r.nimages; i++)
			if (s[k].r.images[i].samples[s[k].col])
				add(it, s[k].r.images[i].path, NULL, k,
				    (double)s[k].r.images[i].samples[s[k].col]);
}

static const struct report_image *chosen(const struct side *s, const char *image)
{
	const struct report_image *found = NULL;
	for (size_t i = 0; i < s->r.nimages; i++)
		if (s->r.images[i].chosen) {
			if (found)
				an_cli_die(&cli, "'%s' names more than one image: %s and %s", image,
				           found->path, s->r.images[i].path);
			found = &s->r.images[i];
		}
	if (!found)
		an_cli_die(&cli, "%s: no image '%s' (dcpiprof -db %s lists them)", s->label, image,
		           s->db);
	return found;
}

static void procs(struct side *s, const char *image, struct items *it)
{
	char file[PATH_MAX], err[PROF_ERR_MAX + 256];
	for (int k = 0; k < 2; k++) {
		const struct report_image *im = chosen(&s[k], image);
		struct report_row *rows;
		size_t n;
		if (!report_procs(&s[k].r, &cli.so.paths, im, file, sizeof file, &rows, &n, err,
		                  sizeof err))
			an_cli_die(&cli, "%s", err);
		for (size_t i = 0; i < n; i++)
			if (rows[i].count[s[k].col])
				add(it, rows[i].name, NULL, k, (double)rows[i].count[s[k].col]);
		report_rows_free(rows, n);
	}
}

static void insns(struct side *s, const char *image, const char *proc, struct items *it)
{
	char err[PROF_ERR_MAX + 256];
	const struct report_image *im[2] = { chosen(&s[0], image), chosen(&s[1], image) };
	if (im[0]->id != im[1]->id)
		an_cli_die(&cli, "%s: two builds (ids 0x%016llx in %s, 0x%016llx in %s): compare "
		           "them by procedure", im[0]->path, (unsigned long long)im[0]->id,
		           s[0].label, (unsigned long long)im[1]->id, s[1].label);
	for (int k = 0; k < 2; k++) {
		struct an_profimage pi;
		if (!an_profimage_open(&pi, &s[k].r, im[k], &cli.so.paths, err, sizeof err))
			an_cli_die(&cli, "%s", err);
		long p = an_image_proc_named(&pi.im, proc);
		if (p < 0)
			an_cli_die(&cli, "%s (%s): no procedure '%s' (dcpiprof -db %s %s lists them)",
			           im[k]->path, pi.file, proc, s[k].db, im[k]->path);
		const struct an_proc_sym *ps = &pi.im.proc[p];
		size_t n = ps->size / 4;
		double *v = xcalloc(n, sizeof *v);
		an_profimage_samples(&pi, (size_t)s[k].col, ps->addr, n, v);
		for (size_t i = 0; i < n; i++) {
			uint64_t pc = ps->addr + 4 * i;
			uint32_t w = 0;
			char key[32], text[128] = "";
			if (an_image_word(&pi.im, pc, &w))
				disasm_insn(text, sizeof text, w, pc);
			for (char *tab = strchr(text, '\t'); tab; tab = strchr(tab, '\t'))
				*tab = ' ';
			/* fixed width, so that the keys sort by address */
			snprintf(key, sizeof key, "0x%016llx", (unsigned long long)pc);
			add(it, key, text, k, v[i]);
		}
		free(v);
		an_profimage_close(&pi);
	}
}

/* ---- joined, tested, printed --------------------------------------------- */

static const struct an_tcol cols_named[] = {
	{ .name = "name" }, { .name = "a_samples", .text = "%.0f" },
	{ .name = "a_pct", .text = "%.2f" }, { .name = "b_samples", .text = "%.0f" },
	{ .name = "b_pct", .text = "%.2f" }, { .name = "delta_pp", .text = "%+.2f" },
	{ .name = "z", .text = "%+.2f" }, { .name = "p", .text = "%.2g" },
	{ .name = "sig" },
};
static const struct an_tcol cols_insn[] = {
	{ .name = "pc" }, { .name = "a_samples", .text = "%.0f" },
	{ .name = "a_pct", .text = "%.2f" }, { .name = "b_samples", .text = "%.0f" },
	{ .name = "b_pct", .text = "%.2f" }, { .name = "delta_pp", .text = "%+.2f" },
	{ .name = "z", .text = "%+.2f" }, { .name = "p", .text = "%.2g" },
	{ .name = "sig" }, { .name = "instruction" },
};
enum { C_NAME, C_A, C_APCT, C_B, C_BPCT, C_DELTA, C_Z, C_P, C_SIG, C_INSN };

/* the largest difference first, then the largest share, then by name */
static int by_delta(const struct an_tcell *a, const struct an_tcell *b)
{
	double x = fabs(a[C_DELTA].v), y = fabs(b[C_DELTA].v);
	if (x != y)
		return x > y ? -1 : 1;
	x = fmax(a[C_APCT].v, a[C_BPCT].v);
	y = fmax(b[C_APCT].v, b[C_BPCT].v);
	if (x != y)
		return x > y ? -1 : 1;
	return strcmp(a[C_NAME].s, b[C_NAME].s);
}

static void open_side(struct side *s, const char *image)
{
	char err[PROF_ERR_MAX + 256];
	if (!report_read(&s->r, s->db, s->epoch, image, err, sizeof err))
		an_cli_die(&cli, "%s", err);
	s->col = report_col_of(&s->r, event);
	if (s->col < 0 || !s->r.cols[s->col].samples)
		an_cli_die(&cli, "%s: no %s samples", s->label, event);
	s->total = (double)s->r.cols[s->col].samples;
}

/* The two sides the command line names: two databases, or one
 * database's two epochs. */
static void sides(struct side *s)
{
	if (cli.ndb == 1 && cli.nepoch != 2)
		an_cli_die(&cli, "two profiles are needed: -db A -db B, or -db DIR --epoch X --epoch Y");
	memset(s, 0, 2 * sizeof *s);
	for (int k = 0; k < 2; k++) {
		s[k].db = cli.db[cli.ndb == 2 ? k : 0];
		s[k].epoch = cli.nepoch == 2 ? cli.epoch[k] : cli.nepoch ? cli.epoch[0] : 0;
		if (s[k].epoch)
			snprintf(s[k].label, sizeof s[k].label, "%s epoch %u", s[k].db, s[k].epoch);
		else
			snprintf(s[k].label, sizeof s[k].label, "%s", s[k].db);
	}
}

/* The rows of t: the items joined by key, each tested at level alpha
 * over the m rows compared; the number of differences larger than
 * sampling noise.  The items are freed. */
static size_t fill(struct an_table *t, struct items *it, const struct side *s,
                   const char *proc, double alpha, size_t *m)
{
	size_t sig = 0;
	*m = 0;
	for (size_t i = 0; i < it->n; i++)   /* the rows compared */
		if ((!i || strcmp(it->v[i].key, it->v[i - 1].key)) &&
		    it->v[i].n[0] + it->v[i].n[1] > 0)
			(*m)++;
	for (size_t i = 0; i < it->n;) {
		struct item x = it->v[i];
		size_t j = i + 1;
		for (; j < it->n && !strcmp(it->v[j].key, x.key); j++) {
			x.n[0] += it->v[j].n[0];
			x.n[1] += it->v[j].n[1];
		}
		if (x.n[0] + x.n[1] > 0) {
			struct an_diff d;
			an_diff_test(x.n[0], s[0].total, x.n[1], s[1].total, &d);
			bool yes = an_diff_significant(d.p, alpha, *m);
			sig += yes;
			const char *name = x.key;
			if (proc)   /* the address without the sorting's zeros */
				for (name += 2; name[0] == '0' && name[1]; name++)
					;
			char pc[24];
			snprintf(pc, sizeof pc, "%s%s", proc ? "0x" : "", name);
			an_table_str(t, proc ? pc : name);
			an_table_num(t, x.n[0]);
			an_table_num(t, d.share_a);
			an_table_num(t, x.n[1]);
			an_table_num(t, d.share_b);
			an_table_num(t, d.delta);
			an_table_num(t, d.z);
			an_table_num(t, d.p);
			an_table_str(t, yes ? "*" : "");
			if (proc)
				an_table_str(t, x.insn ? x.insn : "");
		}
		for (; i < j; i++) {
			free(it->v[i].key);
			free(it->v[i].insn);
		}
	}
	free(it->v);
	return sig;
}

/* The table in the format asked for, with what was compared. */
static void print(const struct an_table *t, const struct side *s, const char *image,
                  const char *proc, double alpha, size_t m, size_t sig)
{
	const char *level = proc ? "instruction" : image ? "procedure" : "image";
	if (cli.fmt == AN_CSV) {
		an_table_csv(t, stdout);
	} else if (cli.fmt == AN_JSON) {
		printf("{\"tool\": \"dcpidiff\", \"event\": ");
		json_str(stdout, event);
		printf(", \"level\": \"%s\", \"a\": ", level);
		json_str(stdout, s[0].label);
		printf(", \"b\": ");
		json_str(stdout, s[1].label);
		printf(", \"a_total\": %.0f, \"b_total\": %.0f, \"alpha\": %g, \"compared\": %zu, "
		       "\"significant\": %zu,\n \"rows\": ", s[0].total, s[1].total, alpha, m, sig);
		an_table_json(t, stdout);
		printf("}\n");
	} else {
		printf("A: %s, %.0f %s samples\nB: %s, %.0f %s samples\n", s[0].label, s[0].total,
		       event, s[1].label, s[1].total, event);
		printf("by %s%s%s%s%s: shares of each profile's samples; * marks a difference larger "
		       "than sampling noise\n\n", level, image ? " of " : "", proc ? proc : "",
		       proc ? " in " : "", image ? image : "");
		an_table_text(t, stdout, "");
		if (sig)
			printf("\n%zu of %zu differences are larger than sampling noise "
			       "(two-proportion test, p < %g/%zu)\n", sig, m, alpha, m);
		else
			printf("\nno difference is larger than sampling noise (%zu compared, "
			       "two-proportion test, p < %g/%zu)\n", m, alpha, m);
	}
}

int main(int argc, char **argv)
{
	an_cli_parse(&cli, argc, argv);
	char *end;
	double alpha = strtod(alpha_arg, &end);
	if (*end || !(alpha > 0 && alpha < 1))
		an_cli_die(&cli, "--alpha: '%s' is not a number between 0 and 1", alpha_arg);
	struct side s[2];
	sides(s);
	const char *image = cli.so.image, *proc = cli.so.proc;
	char err[1024];
	for (int k = 0; k < 2; k++)
		open_side(&s[k], image);
	if (!report_same_program(&s[0].r, s[0].label, &s[1].r, s[1].label, err, sizeof err))
		an_cli_die(&cli, "%s", err);

	struct items it = { 0 };
	if (proc)
		insns(s, image, proc, &it);
	else if (image)
		procs(s, image, &it);
	else
		images(s, &it);
	qsort(it.v, it.n, sizeof *it.v, by_key);
	struct an_table t;
	an_table_init(&t, proc ? cols_insn : cols_named, proc ? C_INSN + 1 : C_SIG + 1);
	size_t m, sig = fill(&t, &it, s, proc, alpha, &m);
	if (!proc)   /* a listing stays in address order */
		an_table_sort(&t, by_delta);
	if (cli.top)
		an_table_truncate(&t, cli.top);
	if (t.nomem)
		xalloc_fail();
	print(&t, s, image, proc, alpha, m, sig);
	an_table_free(&t);
	for (int k = 0; k < 2; k++)
		report_free(&s[k].r);
	return an_cli_done(&cli);
}

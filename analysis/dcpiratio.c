/*
 * dcpiratio.c - two events sampled independently, combined at the
 * output (docs/tools.md, "dcpiratio"): per procedure of IMAGE, or per
 * instruction of PROC, the estimated count of event A over that of
 * event B, scaled to a rate ("D-cache misses per 1,000 loads"), with
 * its sampling error:
 *
 *   dcpiratio [-db DIR] [--epoch N] --ratio A/B [--per N] [--csv] [-n N]
 *             [--root DIR] [--sysroot DIR] [--kernel FILE] IMAGE [PROC]
 *
 * Each event's count is estimated as its samples x its mean period,
 * divided by the share of the time it was monitored (1 unless its
 * counter rotated through several events): the DCPI paper's estimate of
 * an event's count (section 6).  The two events' samples are taken by
 * two counters, each at its own random periods, so their sampling
 * errors are independent and, for Poisson counts, the ratio's relative
 * error is sqrt(1/a + 1/b) for a and b samples.
 */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/report/cli.h"
#include "analysis/lib/elfsyms.h"
#include "analysis/lib/report.h"
#include "util/outfile.h"

static struct {
	const char *db, *root, *sysroot, *kernel, *image, *proc, *ratio;
	unsigned epoch;
	unsigned long top;
	double per;
	bool csv;
} opt = { .db = PROFDB_DEFAULT_DIR, .root = ".", .sysroot = PATHS_DEFAULT_SYSROOT,
          .per = 1000 };

static char ev[2][PROF_EVENT_MAX];        /* A, B */
static long col[2];

/* One row: a name and the two events' samples. */
struct row {
	const char *name;
	char buf[48];
	uint64_t s[2];
};

/* Events per sample of column c in image im: its period over the share
 * of the time it was counted. */
static double scale(const struct report_image *im, long c)
{
	const struct prof *p = &im->prof[c];
	double share = p->elapsed && p->monitored ? (double)p->monitored / (double)p->elapsed : 1;
	return p->period / share;
}

static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	if (x->s[0] != y->s[0])
		return x->s[0] > y->s[0] ? -1 : 1;
	if (x->s[1] != y->s[1])
		return x->s[1] > y->s[1] ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void print(const struct report_image *im, struct row *rows, size_t n, const char *what)
{
	qsort(rows, n, sizeof *rows, row_cmp);
	if (opt.top && opt.top < n)
		n = opt.top;
	double ka = scale(im, col[0]), kb = scale(im, col[1]);
	char rate[2 * PROF_EVENT_MAX + 48];
	snprintf(rate, sizeof rate, "%s_per_%.0f_%s", ev[0], opt.per, ev[1]);
	if (opt.csv)
		printf("%s,%s_samples,%s_samples,est_%s,est_%s,%s,error\n", what, ev[0], ev[1],
		       ev[0], ev[1], rate);
	else
		printf("%s per %.0f %s (%s x %.6g, %s x %.6g; error: one standard deviation of "
		       "sampling)\n%10s %10s %14s %14s %12s %10s  %s\n", ev[0], opt.per, ev[1],
		       ev[0], ka, ev[1], kb, ev[0], ev[1], "est_a", "est_b", "ratio", "error", what);
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		double a = (double)r->s[0] * ka, b = (double)r->s[1] * kb;
		double q = b > 0 ? opt.per * a / b : NAN;
		/* with no sample of A the ratio is 0 and its error the
		 * bound one sample would give */
		double e = b > 0 ? (r->s[0] ? q : opt.per * ka / b) *
		                   sqrt(1.0 / (r->s[0] ? (double)r->s[0] : 1) + 1.0 / (double)r->s[1])
		                 : NAN;
		if (opt.csv)
			printf("%s,%" PRIu64 ",%" PRIu64 ",%.0f,%.0f,%.6g,%.6g\n", r->name, r->s[0],
			       r->s[1], a, b, q, e);
		else if (b > 0)
			printf("%10" PRIu64 " %10" PRIu64 " %14.0f %14.0f %12.4g %10.2g  %s\n", r->s[0],
			       r->s[1], a, b, q, e, r->name);
		else
			printf("%10" PRIu64 " %10" PRIu64 " %14.0f %14.0f %12s %10s  %s\n", r->s[0],
			       r->s[1], a, b, "-", "-", r->name);
	}
}

/* Per procedure of im: report_procs' rows. */
static void by_proc(const struct report *r, const struct report_paths *paths,
                    const struct report_image *im)
{
	char file[PATH_MAX], err[PROF_ERR_MAX + PATH_MAX];
	struct report_row *procs;
	size_t n;
	if (!report_procs(r, paths, im, file, sizeof file, &procs, &n, err, sizeof err))
		cmd_die(1, "%s", err);
	struct row *rows = calloc(n + 1, sizeof *rows);
	size_t k = 0;
	if (!rows)
		cmd_die(71, "out of memory");
	for (size_t i = 0; i < n; i++)
		if (procs[i].count[col[0]] || procs[i].count[col[1]])
			rows[k++] = (struct row){ procs[i].name,
				"", { procs[i].count[col[0]], procs[i].count[col[1]] } };
	print(im, rows, k, "procedure");
	free(rows);
	report_rows_free(procs, n);
}

/* Per instruction of procedure proc of im: the profiles' entries whose
 * offsets fall in it. */
static void by_insn(const struct report_paths *paths, const struct report_image *im)
{
	char file[PATH_MAX], err[PROF_ERR_MAX + PATH_MAX];
	struct elfsyms es;
	if (!report_image_file(paths, im, file, sizeof file, err, sizeof err) ||
	    !elfsyms_load(&es, file, err, sizeof err))
		cmd_die(1, "%s", err);
	long sym = -1;
	for (size_t i = 0; i < es.nsym; i++)
		if (!strcmp(es.sym[i].name, opt.proc))
			sym = (long)i;
	if (sym < 0)
		cmd_die(1, "%s: no procedure '%s'", file, opt.proc);
	size_t na = im->prof[col[0]].n, nb = im->prof[col[1]].n;
	struct row *rows = calloc(na + nb + 1, sizeof *rows);
	if (!rows)
		cmd_die(71, "out of memory");
	size_t k = 0;
	/* both profiles are sorted by offset (daemon/profile.h): merge */
	for (size_t i = 0, j = 0; i < na || j < nb;) {
		const struct prof_entry *a = i < na ? &im->prof[col[0]].e[i] : NULL;
		const struct prof_entry *b = j < nb ? &im->prof[col[1]].e[j] : NULL;
		uint64_t off = !b || (a && a->offset < b->offset) ? a->offset : b->offset;
		struct row r = { .name = NULL };
		if (a && a->offset == off)
			r.s[0] = a->count, i++;
		if (b && b->offset == off)
			r.s[1] = b->count, j++;
		if (elfsyms_find(&es, off) != sym)
			continue;
		rows[k] = r;
		snprintf(rows[k].buf, sizeof rows[k].buf, "0x%" PRIx64, off);
		k++;
	}
	for (size_t i = 0; i < k; i++)
		rows[i].name = rows[i].buf;
	print(im, rows, k, "offset");
	free(rows);
	elfsyms_free(&es);
}

static const struct cmd_option options[] = {
	AN_CLI_OPT_DB,
	{ "epoch", required_argument, 'E', "N", 0, "only epoch N (default: all epochs merged)" },
	{ "ratio", required_argument, 'q', "A/B", 0,
	  "the events to divide: A's estimated count over B's (required)" },
	{ "per", required_argument, 'p', "N", 0, "A per N of B (default 1000)" },
	{ "csv", no_argument, 'c', NULL, 0, "comma-separated values" },
	{ NULL, required_argument, 'n', "N", 0, "the first N rows only" },
	AN_CLI_OPT_ROOT,
	AN_CLI_OPT_SYSROOT,
	AN_CLI_OPT_KERNEL,
	AN_CLI_OPT_HELP,
};
enum { NOPTIONS = sizeof options / sizeof *options };

/* "A/B" into ev[], or a bad-option line. */
static void parse_ratio(const char *s)
{
	const char *slash = strchr(s, '/');
	size_t la = slash ? (size_t)(slash - s) : 0;
	if (!slash || !la || !slash[1] || strchr(slash + 1, '/') || la >= PROF_EVENT_MAX ||
	    strlen(slash + 1) >= PROF_EVENT_MAX)
		an_cli_bad(cmd_name, "--ratio: '%s' is not EVENT/EVENT", s);
	memcpy(ev[0], s, la);
	ev[0][la] = 0;
	snprintf(ev[1], sizeof ev[1], "%s", slash + 1);
}

int main(int argc, char **argv)
{
	cmd_name = "dcpiratio";
	struct an_cli_getopt g;
	an_cli_getopt_init(&g, cmd_name, options, NOPTIONS);
	bool root = false, sysroot = false;
	for (int c; (c = an_cli_getopt_next(&g, argc, argv)) != -1;) {
		switch (c) {
		case 'd': opt.db = optarg; break;
		case 'E': opt.epoch = (unsigned)an_cli_number(cmd_name, "--epoch", optarg, UINT_MAX); break;
		case 'q': opt.ratio = optarg; break;
		case 'p': opt.per = (double)an_cli_number(cmd_name, "--per", optarg, 1000000000); break;
		case 'c': opt.csv = true; break;
		case 'n': opt.top = an_cli_number(cmd_name, "-n", optarg, ULONG_MAX); break;
		case 'r': opt.root = optarg; root = true; break;
		case 'S': opt.sysroot = optarg; sysroot = true; break;
		case 'k': opt.kernel = optarg; break;
		case 'h':
			printf("usage: dcpiratio [-db DIR] [options] --ratio A/B IMAGE [PROC]\n"
			       "  two events sampled independently, combined: per procedure of IMAGE\n"
			       "  (or per instruction of PROC) A's estimated count per N of B's, with\n"
			       "  its sampling error (e.g. --ratio dmiss/loads, smiss/saccess)\n");
			cmd_help(stdout, options, NOPTIONS, AN_CLI_HELP_WIDTH);
			return 0;
		}
	}
	if (!opt.ratio)
		an_cli_bad(cmd_name, "--ratio A/B is required");
	parse_ratio(opt.ratio);
	if (argc - optind < 1 || argc - optind > 2)
		an_cli_bad(cmd_name, argc - optind ? "IMAGE [PROC] at most" : "no IMAGE given");
	opt.image = argv[optind];
	opt.proc = argc - optind > 1 ? argv[optind + 1] : NULL;
	if (root)
		an_cli_check_dir(cmd_name, "--root", opt.root);
	if (sysroot)
		an_cli_check_dir(cmd_name, "--sysroot", opt.sysroot);
	char err[PROF_ERR_MAX + PATH_MAX];
	struct report rep;
	if (!report_read(&rep, opt.db, opt.epoch, opt.image, err, sizeof err))
		cmd_die(1, "%s", err);
	for (int i = 0; i < 2; i++)
		if ((col[i] = report_col_of(&rep, ev[i])) < 0)
			cmd_die(1, "%s: no samples of '%s': a ratio needs both events sampled "
			        "(--events ...,%s)", opt.db, ev[i], ev[i]);
	const struct report_image *im = NULL;
	for (size_t i = 0; i < rep.nimages; i++)
		if (rep.images[i].chosen) {
			if (im)
				cmd_die(1, "%s: two images named '%s' (%s, %s): name one by its path",
				        opt.db, opt.image, im->path, rep.images[i].path);
			im = &rep.images[i];
		}
	if (!im)
		cmd_die(1, "%s: no image named '%s'", opt.db, opt.image);
	for (int i = 0; i < 2; i++)
		if (!im->have[col[i]])
			cmd_die(1, "%s: no samples of '%s' in %s", opt.db, ev[i], im->path);
	const struct report_paths paths = { opt.root, opt.sysroot, opt.kernel };
	if (opt.proc)
		by_insn(&paths, im);
	else
		by_proc(&rep, &paths, im);
	report_free(&rep);
	if (!outfile_flush_stdout(err, sizeof err))
		cmd_die(1, "%s", err);
	return 0;
}

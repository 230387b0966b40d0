/*
 * dcpiprof.c - summarise a DCPI profile database (docs/dcpi-db.md), as
 * DCPI's dcpiprof does (the DCPI paper, section 3) and perf report:
 *
 *   dcpiprof [-db DIR] [options]         images by samples, every event
 *   dcpiprof [-db DIR] [options] IMAGE   IMAGE's procedures by samples
 *   dcpiprof [-db DIR] [options] --lines IMAGE   ... by source line
 *
 * All epochs are merged unless --epoch N.  Procedures come from the
 * image file's symbols: guest paths under /lib and /usr/lib are looked
 * up in the cross sysroot, others under --root, the kernel's in
 * --kernel.  Text, --csv or --json (docs/json.md).  Usage: docs/usage.md,
 * "dcpiprof".  Exit status: 0; 1 for a
 * missing or corrupt database, an unknown image or event, an image file
 * that cannot be found or read; 2 for a bad option.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analysis/report/cli.h"
#include "analysis/report/table.h"
#include "analysis/lib/elfsyms.h"
#include "analysis/lib/report.h"
#include "analysis/lib/reportlines.h"
#include "daemon/events.h"
#include "daemon/profdb.h"
#include "util/json.h"
#include "util/outfile.h"
#include "util/paths.h"

#define MAX_COLS REPORT_MAX_COLS

static struct {
	const char *db, *sort, *sysroot, *root, *kernel, *image;
	unsigned epoch;              /* 0: all */
	bool csv, json, lines;
	size_t top;                  /* 0: all */
} opt = { .db = PROFDB_DEFAULT_DIR, .sysroot = PATHS_DEFAULT_SYSROOT, .root = "." };

static void *xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		cmd_die(1, "out of memory");
	return p;
}

/* ---- what the database holds -------------------------------------------- */

static struct report rep;

/* ---- tables ------------------------------------------------------------- */

static size_t sort_col;
/* the image listed by procedure, and its file ("" for the unknown one) */
static const char *what_image = "";
static const char *what_file = "";

static int row_cmp(const void *a, const void *b)
{
	const struct report_row *x = a, *y = b;
	if (x->count[sort_col] != y->count[sort_col])
		return x->count[sort_col] > y->count[sort_col] ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* samples {"EVENT": N, ...} and pct of the columns listed */
static void json_counts(const uint64_t *cnt, const size_t *col, size_t ncols,
                        const uint64_t *total)
{
	printf("\"samples\": {");
	for (size_t k = 0; k < ncols; k++) {
		printf("%s", k ? ", " : "");
		json_str(stdout, rep.cols[col[k]].name);
		printf(": %" PRIu64, cnt[col[k]]);
	}
	printf("}, \"pct\": {");
	for (size_t k = 0; k < ncols; k++) {
		printf("%s", k ? ", " : "");
		json_str(stdout, rep.cols[col[k]].name);
		printf(": %.2f", report_pct(cnt[col[k]], total[col[k]]));
	}
	printf("}");
}

/* The listing as JSON (docs/schema/dcpiprof.json): the events' totals,
 * the rows shown, the total. */
static void json(const struct report_row *rows, size_t shown, const char *what,
                 const struct report_col *hdr, const size_t *col, size_t ncols,
                 const uint64_t *total)
{
	printf("{\"tool\": \"dcpiprof\", \"database\": ");
	json_str(stdout, opt.db);
	printf(", \"epoch\": ");
	if (opt.epoch)
		printf("%u", opt.epoch);
	else
		printf("null");
	printf(", \"image\": ");
	if (opt.image)
		json_str(stdout, what_image);
	else
		printf("null");
	printf(", \"file\": ");
	if (opt.image && *what_file)
		json_str(stdout, what_file);
	else
		printf("null");
	printf(", \"sort\": ");
	json_str(stdout, rep.ncols ? rep.cols[sort_col].name : "");
	printf(",\n \"events\": [");
	for (size_t k = 0; k < ncols; k++) {
		const struct report_col *h = &hdr[col[k]];
		printf("%s\n  {\"event\": ", k ? "," : "");
		json_str(stdout, h->name);
		printf(", \"samples\": %" PRIu64 ", \"period\": %.0f, \"monitored_pct\": ", h->samples,
		       h->samples ? h->period_weight / (double)h->samples : 0);
		if (h->elapsed)
			printf("%.1f}", report_pct(h->monitored, h->elapsed));
		else
			printf("null}");
	}
	printf("],\n \"rows_are\": \"%s\", \"rows\": [", what);
	for (size_t i = 0; i < shown; i++) {
		printf("%s\n  {\"name\": ", i ? "," : "");
		json_str(stdout, rows[i].name);
		printf(", ");
		json_counts(rows[i].count, col, ncols, total);
		printf("}");
	}
	printf("],\n \"total\": {");
	json_counts(total, col, ncols, total);
	printf("}}\n");
}

/* The events' totals, periods and monitored shares (hdr: of the whole
 * database or of one image), then the rows by the sort event: per event
 * its samples and their share of the total, the running share of the
 * sort event, the name; then the total. */
/* The rows shown and their total as text or CSV: per event column its
 * samples and their share (as text the sort column's running share
 * too), the name as text last, in CSV first. */
static void table(const struct report_row *rows, size_t shown, const char *what,
                  const size_t *col, size_t ncols, const uint64_t *total, bool text)
{
	static struct an_tcol cols[1 + 3 * MAX_COLS + 1];
	static char pct_name[MAX_COLS][PROF_EVENT_MAX + 8];
	size_t n = 0;
	cols[n++] = (struct an_tcol){ .name = what, .flags = AN_TCOL_DATA };
	for (size_t k = 0; k < ncols; k++) {
		snprintf(pct_name[k], sizeof pct_name[k], "%s_pct", rep.cols[col[k]].name);
		cols[n++] = (struct an_tcol){ .name = rep.cols[col[k]].name, .text = "%.0f",
		                              .width = 12, .sep = "" };
		cols[n++] = (struct an_tcol){ .name = pct_name[k], .head = "%", .text = "%6.2f%%",
		                              .width = 7, .sep = " ", .data = "%.2f" };
		if (col[k] == sort_col)
			cols[n++] = (struct an_tcol){ .name = "cum%", .width = 7, .sep = " ",
			                              .flags = AN_TCOL_TEXT };
	}
	cols[n++] = (struct an_tcol){ .name = what, .sep = "  ",
	                              .flags = AN_TCOL_TEXT | AN_TCOL_ASIS };
	struct an_table t;
	an_table_init(&t, cols, n);
	uint64_t cum = 0;
	for (size_t i = 0; i <= shown; i++) {
		const uint64_t *cnt = i < shown ? rows[i].count : total;
		const char *name = i < shown ? rows[i].name : "total";
		an_table_str(&t, name);
		for (size_t k = 0; k < ncols; k++) {
			an_table_num(&t, (double)cnt[col[k]]);
			an_table_num(&t, report_pct(cnt[col[k]], total[col[k]]));
			if (col[k] == sort_col) {
				char s[16] = "";
				cum += i < shown ? cnt[col[k]] : 0;
				if (i < shown)
					snprintf(s, sizeof s, "%6.2f%%", report_pct(cum, total[col[k]]));
				an_table_str(&t, s);
			}
		}
		an_table_str(&t, name);
	}
	if (t.nomem)
		cmd_die(1, "out of memory");
	if (text)
		an_table_text(&t, stdout, "");
	else
		an_table_csv(&t, stdout);
	an_table_free(&t);
}

static void print(struct report_row *rows, size_t n, const char *what, const struct report_col *hdr)
{
	uint64_t total[MAX_COLS] = { 0 };
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < rep.ncols; c++)
			total[c] += rows[i].count[c];
	/* the columns listed: the counters' samples and instruction
	 * sampling's records, not the records' sums of head cycles and
	 * events (docs/precise.md), which are no samples: dcpilist and
	 * dcpicalc turn them into estimates */
	size_t col[MAX_COLS], ncols = 0;
	for (size_t c = 0; c < rep.ncols; c++)
		if (report_kind_of(rep.cols[c].name) != REPORT_PM_SUMS)
			col[ncols++] = c;
	qsort(rows, n, sizeof *rows, row_cmp);
	size_t shown = opt.top && opt.top < n ? opt.top : n;
	if (opt.json) {
		json(rows, shown, what, hdr, col, ncols, total);
		return;
	}
	if (opt.csv) {
		table(rows, shown, what, col, ncols, total, false);
		return;
	}
	printf("%-16s %12s %12s %10s\n", "Event", "Samples", "Period", "Monitored");
	for (size_t k = 0; k < ncols; k++) {
		printf("%-16s %12" PRIu64 " %12.0f", hdr[col[k]].name, hdr[col[k]].samples,
		       hdr[col[k]].samples ? hdr[col[k]].period_weight / (double)hdr[col[k]].samples : 0);
		if (hdr[col[k]].elapsed)
			printf(" %9.1f%%\n", report_pct(hdr[col[k]].monitored, hdr[col[k]].elapsed));
		else
			printf(" %10s\n", "-");
	}
	putchar('\n');
	table(rows, shown, what, col, ncols, total, true);
}

static void list_images(void)
{
	struct report_row *rows = xrealloc(NULL, rep.nimages * sizeof *rows);
	for (size_t i = 0; i < rep.nimages; i++) {
		rows[i].name = rep.images[i].path;
		memcpy(rows[i].count, rep.images[i].samples, sizeof rows[i].count);
	}
	print(rows, rep.nimages, "image", rep.cols);
	free(rows);
}

/* ---- procedures --------------------------------------------------------- */

static struct report_image *chosen_image(void)
{
	struct report_image *im = NULL;
	for (size_t i = 0; i < rep.nimages; i++) {
		if (!rep.images[i].chosen)
			continue;
		if (im)
			cmd_die(1, "'%s' names more than one image: %s and %s", opt.image, im->path,
			    rep.images[i].path);
		im = &rep.images[i];
	}
	if (!im)
		cmd_die(1, "unknown image '%s' (dcpiprof -db %s lists the images)", opt.image,
		    opt.db);
	return im;
}

static void list_procedures(void)
{
	struct report_image *im = chosen_image();
	const struct report_paths paths = { opt.root, opt.sysroot, opt.kernel };
	char file[PATH_MAX], err[PROF_ERR_MAX];
	struct report_row *rows;
	size_t nrows;
	if (!(opt.lines ? report_lines : report_procs)(&rep, &paths, im, file, sizeof file, &rows,
	                                               &nrows, err, sizeof err))
		cmd_die(1, "%s", err);
	/* procedures with no samples are not listed */
	size_t out = 0;
	for (size_t r = 0; r < nrows; r++) {
		bool any = false;
		for (size_t c = 0; c < rep.ncols; c++)
			any |= rows[r].count[c] != 0;
		if (any) {
			struct report_row t = rows[out];
			rows[out++] = rows[r];
			rows[r] = t;
		}
	}
	struct report_col hdr[MAX_COLS] = { 0 };
	for (size_t c = 0; c < rep.ncols; c++) {
		const struct prof *p = &im->prof[c];
		hdr[c] = (struct report_col){ "", im->have[c] ? p->samples : 0,
		                       im->have[c] ? p->period * (double)p->samples : 0,
		                       im->have[c] ? p->monitored : 0, im->have[c] ? p->elapsed : 0 };
		memcpy(hdr[c].name, rep.cols[c].name, sizeof hdr[c].name);
	}
	what_image = im->path;
	what_file = file;
	if (!opt.csv && !opt.json)
		printf("image %s (%s)\n\n", im->path,
		       im->kind == PROF_UNKNOWN ? "samples of no known image" : file);
	print(rows, out, opt.lines ? "line" : im->kind == PROF_UNKNOWN ? "process" : "procedure",
	      hdr);
	report_rows_free(rows, nrows);
}

/* ---- main --------------------------------------------------------------- */

static const struct cmd_option options[] = {
	AN_CLI_OPT_DB,
	{ "epoch", required_argument, 'E', "N", 0, "only epoch N (default: all epochs merged)" },
	{ "sort", required_argument, 's', "EVENT", 0,
	  "order by EVENT's samples (default: the first event)" },
	{ "csv", no_argument, 'c', NULL, CMD_WITH_NEXT, NULL },
	{ "json", no_argument, 'j', NULL, 0, "comma-separated values, or JSON (docs/json.md)" },
	{ NULL, required_argument, 'n', "N", 0, "the top N rows only" },
	{ "lines", no_argument, 'L', NULL, 0,
	  "IMAGE's samples by source line and inlined function (built with -g)" },
	AN_CLI_OPT_ROOT,
	AN_CLI_OPT_SYSROOT,
	AN_CLI_OPT_KERNEL,
	AN_CLI_OPT_HELP,
};
enum { NOPTIONS = sizeof options / sizeof *options };

int main(int argc, char **argv)
{
	cmd_name = "dcpiprof";
	struct an_cli_getopt g;
	an_cli_getopt_init(&g, cmd_name, options, NOPTIONS);
	bool root = false, sysroot = false;
	for (int c; (c = an_cli_getopt_next(&g, argc, argv)) != -1;) {
		switch (c) {
		case 'd': opt.db = optarg; break;
		case 'E': opt.epoch = (unsigned)an_cli_number(cmd_name, "--epoch", optarg, UINT_MAX); break;
		case 's': opt.sort = optarg; break;
		case 'c': opt.csv = true; opt.json = false; break;
		case 'j': opt.json = true; opt.csv = false; break;
		case 'L': opt.lines = true; break;
		case 'n': opt.top = an_cli_number(cmd_name, "-n", optarg, ULONG_MAX); break;
		case 'r': opt.root = optarg; root = true; break;
		case 'S': opt.sysroot = optarg; sysroot = true; break;
		case 'k': opt.kernel = optarg; break;
		case 'h':
			printf("usage: dcpiprof [-db DIR] [options] [IMAGE]\n");
			cmd_help(stdout, options, NOPTIONS, AN_CLI_HELP_WIDTH);
			printf("IMAGE: a guest path or basename, as the image list shows it\n");
			return 0;
		}
	}
	if (argc - optind > 1)
		an_cli_bad(cmd_name, "one IMAGE at most ('%s', then '%s')", argv[optind],
		           argv[optind + 1]);
	opt.image = argc > optind ? argv[optind] : NULL;
	if (opt.lines && !opt.image)
		an_cli_bad(cmd_name, "--lines lists one IMAGE's source lines: name the IMAGE");
	if (root)
		an_cli_check_dir(cmd_name, "--root", opt.root);
	if (sysroot)
		an_cli_check_dir(cmd_name, "--sysroot", opt.sysroot);
	char err[PROF_ERR_MAX];
	if (!report_read(&rep, opt.db, opt.epoch, opt.image, err, sizeof err))
		cmd_die(1, "%s", err);
	if (rep.mixed[0])
		fprintf(stderr, "%s: warning: %s: %s, and all epochs are merged; --epoch N shows "
		        "one\n", cmd_name, opt.db, rep.mixed);
	if (opt.sort) {
		for (sort_col = 0; sort_col < rep.ncols && strcmp(rep.cols[sort_col].name, opt.sort);)
			sort_col++;
		if (sort_col == rep.ncols) {
			char have[MAX_COLS * (PROF_EVENT_MAX + 2)] = "";
			for (size_t c = 0, at = 0; c < rep.ncols; c++)
				at += (size_t)snprintf(have + at, sizeof have - at, "%s%s",
				                       c ? ", " : "", rep.cols[c].name);
			cmd_die(1, "--sort: unknown event '%s' (the database has %s)", opt.sort,
			    rep.ncols ? have : "no events");
		}
	}
	if (opt.image)
		list_procedures();
	else
		list_images();
	report_free(&rep);
	if (!outfile_flush_stdout(err, sizeof err))
		cmd_die(1, "%s", err);
	return 0;
}

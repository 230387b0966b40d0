/*
 * dcpiprof.c - summarise a DCPI profile database (docs/dcpi-db.md), as
 * DCPI's dcpiprof does (seeds/001_*) and perf report:
 *
 *   dcpiprof [-db DIR] [options]         images by samples, every event
 *   dcpiprof [-db DIR] [options] IMAGE   IMAGE's procedures by samples
 *
 * All epochs are merged unless --epoch N.  Procedures come from the
 * image file's symbols: guest paths under /lib and /usr/lib are looked
 * up in the cross sysroot, others under --root, the kernel's in
 * --kernel.  Usage: docs/usage.md, "dcpiprof".  Exit status: 0; 1 for a
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
#include "analysis/elfsyms.h"
#include "analysis/report.h"
#include "daemon/events.h"
#include "daemon/profdb.h"
#include "util/outfile.h"
#include "util/paths.h"

#define MAX_COLS REPORT_MAX_COLS

static struct {
	const char *db, *sort, *sysroot, *root, *kernel, *image;
	unsigned epoch;              /* 0: all */
	bool csv;
	size_t top;                  /* 0: all */
} opt = { PROFDB_DEFAULT_DIR, NULL, PATHS_DEFAULT_SYSROOT, ".", NULL, NULL, 0, false, 0 };

static _Noreturn void die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("dcpiprof: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(status);
}

static void *xrealloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		die(1, "out of memory");
	return p;
}

/* ---- what the database holds -------------------------------------------- */

static struct report rep;

/* ---- tables ------------------------------------------------------------- */

static size_t sort_col;

static int row_cmp(const void *a, const void *b)
{
	const struct report_row *x = a, *y = b;
	if (x->count[sort_col] != y->count[sort_col])
		return x->count[sort_col] > y->count[sort_col] ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The events' totals, periods and monitored shares (hdr: of the whole
 * database or of one image), then the rows by the sort event: per event
 * its samples and their share of the total, the running share of the
 * sort event, the name; then the total. */
static void print(struct report_row *rows, size_t n, const char *what, const struct report_col *hdr)
{
	uint64_t total[MAX_COLS] = { 0 };
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < rep.ncols; c++)
			total[c] += rows[i].count[c];
	qsort(rows, n, sizeof *rows, row_cmp);
	size_t shown = opt.top && opt.top < n ? opt.top : n;
	if (opt.csv) {
		printf("%s", what);
		for (size_t c = 0; c < rep.ncols; c++)
			printf(",%s,%s_pct", rep.cols[c].name, rep.cols[c].name);
		putchar('\n');
		for (size_t i = 0; i <= shown; i++) {
			const uint64_t *cnt = i < shown ? rows[i].count : total;
			/* a name with a comma or quote is quoted (RFC 4180) */
			const char *name = i < shown ? rows[i].name : "total";
			if (strpbrk(name, ",\"\n")) {
				putchar('"');
				for (const char *s = name; *s; s++)
					printf(*s == '"' ? "\"\"" : "%c", *s);
				putchar('"');
			} else {
				fputs(name, stdout);
			}
			for (size_t c = 0; c < rep.ncols; c++)
				printf(",%" PRIu64 ",%.2f", cnt[c], report_pct(cnt[c], total[c]));
			putchar('\n');
		}
		return;
	}
	printf("%-16s %12s %12s %10s\n", "Event", "Samples", "Period", "Monitored");
	for (size_t c = 0; c < rep.ncols; c++) {
		printf("%-16s %12" PRIu64 " %12.0f", hdr[c].name, hdr[c].samples,
		       hdr[c].samples ? hdr[c].period_weight / (double)hdr[c].samples : 0);
		if (hdr[c].elapsed)
			printf(" %9.1f%%\n", report_pct(hdr[c].monitored, hdr[c].elapsed));
		else
			printf(" %10s\n", "-");
	}
	putchar('\n');
	for (size_t c = 0; c < rep.ncols; c++)
		printf("%12s %7s%s", rep.cols[c].name, "%", c == sort_col ? "    cum%" : "");
	printf("  %s\n", what);
	uint64_t cum = 0;
	for (size_t i = 0; i <= shown; i++) {
		const uint64_t *cnt = i < shown ? rows[i].count : total;
		for (size_t c = 0; c < rep.ncols; c++) {
			printf("%12" PRIu64 " %6.2f%%", cnt[c], report_pct(cnt[c], total[c]));
			if (c == sort_col && i < shown) {
				cum += cnt[c];
				printf(" %6.2f%%", report_pct(cum, total[c]));
			} else if (c == sort_col) {
				printf("%8s", "");
			}
		}
		printf("  %s\n", i < shown ? rows[i].name : "total");
	}
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
			die(1, "'%s' names more than one image: %s and %s", opt.image, im->path,
			    rep.images[i].path);
		im = &rep.images[i];
	}
	if (!im)
		die(1, "unknown image '%s' (dcpiprof -db %s lists the images)", opt.image,
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
	if (!report_procs(&rep, &paths, im, file, sizeof file, &rows, &nrows, err, sizeof err))
		die(1, "%s", err);
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
	if (!opt.csv)
		printf("image %s (%s)\n\n", im->path,
		       im->kind == PROF_UNKNOWN ? "samples of no known image" : file);
	print(rows, out, im->kind == PROF_UNKNOWN ? "process" : "procedure", hdr);
	report_rows_free(rows, nrows);
}

/* ---- main --------------------------------------------------------------- */

static _Noreturn void usage(void)
{
	printf("usage: dcpiprof [-db DIR] [options] [IMAGE]\n"
		"  -db DIR, --db DIR  the profile database (default ./" PROFDB_DEFAULT_DIR ")\n"
		"  --epoch N          only epoch N (default: all epochs merged)\n"
		"  --sort EVENT       order by EVENT's samples (default: the first event)\n"
		"  --csv              comma-separated values\n"
		"  -n N               the top N rows only\n"
		"  --root DIR         the guest's file tree (default: .)\n"
		"  --sysroot DIR      the cross sysroot (default " PATHS_DEFAULT_SYSROOT ")\n"
		"  --kernel FILE      the kernel image (default: alphasim's own minios.elf)\n"
		"IMAGE: a guest path or basename, as the image list shows it\n");
	exit(0);
}

/* A bad option: one line naming it, and where to look; status 2. */
static _Noreturn void bad_option(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("dcpiprof: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputs("\nTry 'dcpiprof --help'.\n", stderr);
	va_end(ap);
	exit(2);
}

/* A decimal number 1..max: digits only (strtoul would take spaces, a
 * sign, and wrap). */
static unsigned long number(const char *what, const char *s, unsigned long max)
{
	char *end = NULL;
	errno = 0;
	unsigned long v = *s >= '0' && *s <= '9' ? strtoul(s, &end, 10) : 0;
	if (!v || *end || errno || v > max) {
		if (max == ULONG_MAX)
			bad_option("%s: '%s' is not a positive number", what, s);
		bad_option("%s: '%s' is not a number from 1 to %lu", what, s, max);
	}
	return v;
}

/* A directory the user named (--root, --sysroot) is one. */
static void check_dir(const char *what, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		die(1, "%s %s: %s", what, path, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die(1, "%s %s: %s", what, path, strerror(ENOTDIR));
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "epoch", required_argument, NULL, 'E' },
		{ "sort", required_argument, NULL, 's' },
		{ "csv", no_argument, NULL, 'c' },
		{ "root", required_argument, NULL, 'r' },
		{ "sysroot", required_argument, NULL, 'S' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	/* long options with one dash too: DCPI's tools spell it -db */
	bool root = false, sysroot = false;
	for (int c, i = -1; (c = getopt_long_only(argc, argv, "n:", opts, &i)) != -1; i = -1) {
		/* every long option's argument but --epoch's is a name */
		if (optarg && !*optarg && i >= 0 && c != 'E')
			bad_option("--%s: empty name", opts[i].name);
		switch (c) {
		case 'd': opt.db = optarg; break;
		case 'E': opt.epoch = (unsigned)number("--epoch", optarg, UINT_MAX); break;
		case 's': opt.sort = optarg; break;
		case 'c': opt.csv = true; break;
		case 'n': opt.top = number("-n", optarg, ULONG_MAX); break;
		case 'r': opt.root = optarg; root = true; break;
		case 'S': opt.sysroot = optarg; sysroot = true; break;
		case 'k': opt.kernel = optarg; break;
		case 'h': usage();
		default:   /* getopt said what */
			fputs("Try 'dcpiprof --help'.\n", stderr);
			return 2;
		}
	}
	if (argc - optind > 1)
		bad_option("one IMAGE at most ('%s', then '%s')", argv[optind], argv[optind + 1]);
	opt.image = argc > optind ? argv[optind] : NULL;
	if (root)
		check_dir("--root", opt.root);
	if (sysroot)
		check_dir("--sysroot", opt.sysroot);
	char err[PROF_ERR_MAX];
	if (!report_read(&rep, opt.db, opt.epoch, opt.image, err, sizeof err))
		die(1, "%s", err);
	if (opt.sort) {
		for (sort_col = 0; sort_col < rep.ncols && strcmp(rep.cols[sort_col].name, opt.sort);)
			sort_col++;
		if (sort_col == rep.ncols) {
			char have[MAX_COLS * (PROF_EVENT_MAX + 2)] = "";
			for (size_t c = 0, at = 0; c < rep.ncols; c++)
				at += (size_t)snprintf(have + at, sizeof have - at, "%s%s",
				                       c ? ", " : "", rep.cols[c].name);
			die(1, "--sort: unknown event '%s' (the database has %s)", opt.sort,
			    rep.ncols ? have : "no events");
		}
	}
	if (opt.image)
		list_procedures();
	else
		list_images();
	report_free(&rep);
	if (!outfile_flush_stdout(err, sizeof err))
		die(1, "%s", err);
	return 0;
}

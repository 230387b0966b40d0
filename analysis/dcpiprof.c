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
#include <unistd.h>
#include "analysis/elfsyms.h"
#include "daemon/events.h"
#include "daemon/profdb.h"

#define MAX_COLS 64
#define DEFAULT_SYSROOT "/usr/alpha-linux-gnu"

static struct {
	const char *db, *sort, *sysroot, *root, *kernel, *image;
	unsigned epoch;              /* 0: all */
	bool csv;
	size_t top;                  /* 0: all */
} opt = { PROFDB_DEFAULT_DIR, NULL, DEFAULT_SYSROOT, ".", NULL, NULL, 0, false, 0 };

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

/* An event column: the totals of its profiles. */
struct col {
	char name[PROF_EVENT_MAX];
	uint64_t samples;
	double period_weight;        /* sum of samples x period */
	uint64_t monitored, elapsed;
};

struct image {
	char path[PROF_PATH_MAX];
	enum prof_kind kind;
	uint64_t id;
	uint64_t samples[MAX_COLS];
	bool chosen;                 /* matches the IMAGE argument */
	struct prof prof[MAX_COLS];  /* its profiles merged, if chosen */
	bool have[MAX_COLS];
};

static struct col cols[MAX_COLS];
static size_t ncols;
static struct image *images;
static size_t nimages;

static size_t col_of(const char *event)
{
	for (size_t i = 0; i < ncols; i++)
		if (!strcmp(cols[i].name, event))
			return i;
	if (ncols == MAX_COLS)
		die(1, "more than %d events in the database", MAX_COLS);
	snprintf(cols[ncols].name, sizeof cols[ncols].name, "%s", event);
	return ncols++;
}

static struct image *image_of(const struct prof *p)
{
	for (size_t i = 0; i < nimages; i++)
		if (images[i].id == p->id && images[i].kind == p->kind &&
		    !strcmp(images[i].path, p->path))
			return &images[i];
	images = xrealloc(images, (nimages + 1) * sizeof *images);
	struct image *im = &images[nimages++];
	memset(im, 0, sizeof *im);
	snprintf(im->path, sizeof im->path, "%s", p->path);
	im->kind = p->kind;
	im->id = p->id;
	return im;
}

/* Does the IMAGE argument name this image: its whole path, or its
 * basename? */
static bool names(const char *arg, const char *path)
{
	const char *base = strrchr(path, '/');
	return !strcmp(arg, path) || (base && !strcmp(arg, base + 1));
}

static void add(struct prof *p)
{
	size_t c = col_of(p->event);
	struct image *im = image_of(p);
	cols[c].samples += p->samples;
	cols[c].period_weight += p->period * (double)p->samples;
	cols[c].monitored += p->monitored;
	cols[c].elapsed += p->elapsed;
	im->samples[c] += p->samples;
	if (!opt.image || !names(opt.image, p->path)) {
		prof_free(p);
		return;
	}
	im->chosen = true;
	char err[PROF_ERR_MAX];
	if (!im->have[c]) {
		im->prof[c] = *p;
		im->have[c] = true;
	} else {
		if (!prof_merge(&im->prof[c], p, err, sizeof err))
			die(1, "%s", err);
		prof_free(p);
	}
}

static void read_epoch(unsigned epoch)
{
	char dir[PATH_MAX], path[PATH_MAX + PROFDB_NAME_MAX], err[PROF_ERR_MAX];
	char **files;
	size_t n;
	profdb_epoch_dir(dir, sizeof dir, opt.db, epoch);
	if (!profdb_list(dir, &files, &n, err, sizeof err))
		die(1, "%s", err);
	for (size_t i = 0; i < n; i++) {
		struct prof p;
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		if (!profdb_read(path, &p, err, sizeof err))
			die(1, "%s", err);
		add(&p);
	}
	profdb_names_free(files, n);
}

static void read_db(void)
{
	char err[PROF_ERR_MAX];
	unsigned *epochs;
	size_t n;
	if (!profdb_epochs(opt.db, &epochs, &n, err, sizeof err))
		die(1, "no profile database: %s", err);
	if (!n)
		die(1, "%s: no epochs: not a profile database", opt.db);
	bool found = false;
	for (size_t i = 0; i < n; i++)
		if (!opt.epoch || epochs[i] == opt.epoch) {
			read_epoch(epochs[i]);
			found = true;
		}
	if (!found)
		die(1, "%s: no epoch %u (it has %u to %u)", opt.db, opt.epoch, epochs[0],
		    epochs[n - 1]);
	free(epochs);
}

/* Columns in pmu/events.def order, events it does not know last. */
static int col_cmp(const void *a, const void *b)
{
	const struct col *x = a, *y = b;
	unsigned i = (unsigned)dcpi_event_by_name(x->name);
	unsigned j = (unsigned)dcpi_event_by_name(y->name);
	return i != j ? (i < j ? -1 : 1) : strcmp(x->name, y->name);
}

/* ---- tables ------------------------------------------------------------- */

struct row {
	const char *name;
	uint64_t count[MAX_COLS];
};

static size_t sort_col;

static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	if (x->count[sort_col] != y->count[sort_col])
		return x->count[sort_col] > y->count[sort_col] ? -1 : 1;
	return strcmp(x->name, y->name);
}

static double pct(uint64_t n, uint64_t total)
{
	return total ? 100.0 * (double)n / (double)total : 0.0;
}

/* The events' totals, periods and monitored shares (hdr: of the whole
 * database or of one image), then the rows by the sort event: per event
 * its samples and their share of the total, the running share of the
 * sort event, the name; then the total. */
static void print(struct row *rows, size_t n, const char *what, const struct col *hdr)
{
	uint64_t total[MAX_COLS] = { 0 };
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < ncols; c++)
			total[c] += rows[i].count[c];
	qsort(rows, n, sizeof *rows, row_cmp);
	size_t shown = opt.top && opt.top < n ? opt.top : n;
	if (opt.csv) {
		printf("%s", what);
		for (size_t c = 0; c < ncols; c++)
			printf(",%s,%s_pct", cols[c].name, cols[c].name);
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
			for (size_t c = 0; c < ncols; c++)
				printf(",%" PRIu64 ",%.2f", cnt[c], pct(cnt[c], total[c]));
			putchar('\n');
		}
		return;
	}
	printf("%-16s %12s %12s %10s\n", "Event", "Samples", "Period", "Monitored");
	for (size_t c = 0; c < ncols; c++) {
		printf("%-16s %12" PRIu64 " %12.0f", hdr[c].name, hdr[c].samples,
		       hdr[c].samples ? hdr[c].period_weight / (double)hdr[c].samples : 0);
		if (hdr[c].elapsed)
			printf(" %9.1f%%\n", pct(hdr[c].monitored, hdr[c].elapsed));
		else
			printf(" %10s\n", "-");
	}
	putchar('\n');
	for (size_t c = 0; c < ncols; c++)
		printf("%12s %7s%s", cols[c].name, "%", c == sort_col ? "    cum%" : "");
	printf("  %s\n", what);
	uint64_t cum = 0;
	for (size_t i = 0; i <= shown; i++) {
		const uint64_t *cnt = i < shown ? rows[i].count : total;
		for (size_t c = 0; c < ncols; c++) {
			printf("%12" PRIu64 " %6.2f%%", cnt[c], pct(cnt[c], total[c]));
			if (c == sort_col && i < shown) {
				cum += cnt[c];
				printf(" %6.2f%%", pct(cum, total[c]));
			} else if (c == sort_col) {
				printf("%8s", "");
			}
		}
		printf("  %s\n", i < shown ? rows[i].name : "total");
	}
}

static void list_images(void)
{
	struct row *rows = xrealloc(NULL, nimages * sizeof *rows);
	for (size_t i = 0; i < nimages; i++) {
		rows[i].name = images[i].path;
		memcpy(rows[i].count, images[i].samples, sizeof rows[i].count);
	}
	print(rows, nimages, "image", cols);
	free(rows);
}

/* ---- procedures --------------------------------------------------------- */

/* minios.elf beside the program, as alphasim finds it (sim/boot.c):
 * $ALPHASIM_MINIOS, the build tree, then $(pkglibdir). */
static bool find_kernel(char *out, size_t len)
{
	static const char *const beside[] = {
		"/../minios/minios.elf",
		"/../lib/alphasim/minios.elf",
	};
	const char *env = getenv("ALPHASIM_MINIOS");
	if (env && *env) {
		snprintf(out, len, "%s", env);
		return true;
	}
	char dir[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
	if (n <= 0)
		return false;
	dir[n] = 0;
	*strrchr(dir, '/') = 0;
	for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
		if (snprintf(out, len, "%s%s", dir, beside[i]) < (int)len &&
		    access(out, R_OK) == 0)
			return true;
	}
	return false;
}

/* The host file of a guest path: the C library and the loader live in
 * the cross sysroot (Debian's has lib/ and no usr/lib/), the rest in the
 * guest's root tree, as alphasim's hostfs mounts them. */
static void image_file(const struct image *im, char *out, size_t len)
{
	if (im->kind == PROF_KERNEL) {
		if (opt.kernel)
			snprintf(out, len, "%s", opt.kernel);
		else if (!find_kernel(out, len))
			die(1, "%s: no minios.elf beside dcpiprof or in $ALPHASIM_MINIOS; "
			    "name the kernel with --kernel FILE", im->path);
		return;
	}
	static const char *const sys[][2] = {   /* guest prefix, sysroot dir */
		{ "/lib/", "/lib/" }, { "/usr/lib/", "/usr/lib/" }, { "/usr/lib/", "/lib/" },
	};
	char tried[2 * PATH_MAX] = "";
	for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++) {
		size_t k = strlen(sys[i][0]);
		if (strncmp(im->path, sys[i][0], k))
			continue;
		snprintf(out, len, "%s%s%s", opt.sysroot, sys[i][1], im->path + k);
		if (access(out, R_OK) == 0)
			return;
		size_t t = strlen(tried);
		snprintf(tried + t, sizeof tried - t, "%s%s", t ? ", " : "", out);
	}
	if (!*tried) {
		snprintf(out, len, "%s/%s", opt.root, im->path + (im->path[0] == '/'));
		if (access(out, R_OK) == 0)
			return;
		snprintf(tried, sizeof tried, "%s", out);
	}
	die(1, "%s: cannot find the image file (tried %s; see --root, --sysroot)",
	    im->path, tried);
}

static struct image *chosen_image(void)
{
	struct image *im = NULL;
	for (size_t i = 0; i < nimages; i++) {
		if (!images[i].chosen)
			continue;
		if (im)
			die(1, "'%s' names more than one image: %s and %s", opt.image, im->path,
			    images[i].path);
		im = &images[i];
	}
	if (!im)
		die(1, "unknown image '%s' (dcpiprof -db %s lists the images)", opt.image,
		    opt.db);
	return im;
}

static void list_procedures(void)
{
	struct image *im = chosen_image();
	struct elfsyms es = { 0 };
	char file[PATH_MAX], err[PROF_ERR_MAX], name[64];
	if (im->kind != PROF_UNKNOWN) {
		image_file(im, file, sizeof file);
		if (!elfsyms_load(&es, file, err, sizeof err))
			die(1, "%s", err);
	}
	/* rows: one per symbol, one for the samples outside every symbol;
	 * the unknown profile has one per process instead */
	size_t nrows = im->kind == PROF_UNKNOWN ? 0 : es.nsym + 1;
	struct row *rows = xrealloc(NULL, (nrows ? nrows : 1) * sizeof *rows);
	memset(rows, 0, nrows * sizeof *rows);
	for (size_t i = 0; i < es.nsym; i++)
		rows[i].name = es.sym[i].name;
	if (nrows)
		rows[es.nsym].name = "(no symbol)";
	for (size_t c = 0; c < ncols; c++) {
		for (size_t k = 0; im->have[c] && k < im->prof[c].n; k++) {
			const struct prof_entry *e = &im->prof[c].e[k];
			size_t r;
			if (im->kind == PROF_UNKNOWN) {
				snprintf(name, sizeof name, "pid %" PRIu32, e->pid);
				for (r = 0; r < nrows && strcmp(rows[r].name, name); r++)
					;
				if (r == nrows) {
					rows = xrealloc(rows, ++nrows * sizeof *rows);
					memset(&rows[r], 0, sizeof rows[r]);
					rows[r].name = strdup(name);
				}
			} else {
				long s = elfsyms_find(&es, e->offset);
				r = s < 0 ? es.nsym : (size_t)s;
			}
			rows[r].count[c] += e->count;
		}
	}
	/* procedures with no samples are not listed */
	size_t out = 0;
	for (size_t r = 0; r < nrows; r++) {
		bool any = false;
		for (size_t c = 0; c < ncols; c++)
			any |= rows[r].count[c] != 0;
		if (any)
			rows[out++] = rows[r];
	}
	struct col hdr[MAX_COLS] = { 0 };
	for (size_t c = 0; c < ncols; c++) {
		const struct prof *p = &im->prof[c];
		hdr[c] = (struct col){ "", im->have[c] ? p->samples : 0,
		                       im->have[c] ? p->period * (double)p->samples : 0,
		                       im->have[c] ? p->monitored : 0, im->have[c] ? p->elapsed : 0 };
		memcpy(hdr[c].name, cols[c].name, sizeof hdr[c].name);
	}
	if (!opt.csv)
		printf("image %s (%s)\n\n", im->path,
		       im->kind == PROF_UNKNOWN ? "samples of no known image" : file);
	print(rows, out, im->kind == PROF_UNKNOWN ? "process" : "procedure", hdr);
	if (im->kind == PROF_UNKNOWN)
		for (size_t r = 0; r < out; r++)
			free((char *)rows[r].name);
	free(rows);
	elfsyms_free(&es);
}

/* ---- main --------------------------------------------------------------- */

static _Noreturn void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: dcpiprof [-db DIR] [options] [IMAGE]\n"
		"  -db DIR, --db DIR  the profile database (default ./" PROFDB_DEFAULT_DIR ")\n"
		"  --epoch N          only epoch N (default: all epochs merged)\n"
		"  --sort EVENT       order by EVENT's samples (default: the first event)\n"
		"  --csv              comma-separated values\n"
		"  -n N               the top N rows only\n"
		"  --root DIR         the guest's file tree (default: .)\n"
		"  --sysroot DIR      the cross sysroot (default " DEFAULT_SYSROOT ")\n"
		"  --kernel FILE      the kernel image (default: the build tree's minios.elf)\n"
		"IMAGE: a guest path or basename, as the image list shows it\n");
	exit(status);
}

static unsigned long number(const char *what, const char *s)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (!*s || *end || errno || !v || *s == '-')
		die(2, "%s: '%s' is not a positive number", what, s);
	return v;
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
	for (int c; (c = getopt_long_only(argc, argv, "n:", opts, NULL)) != -1;) {
		switch (c) {
		case 'd': opt.db = optarg; break;
		case 'E': opt.epoch = (unsigned)number("--epoch", optarg); break;
		case 's': opt.sort = optarg; break;
		case 'c': opt.csv = true; break;
		case 'n': opt.top = number("-n", optarg); break;
		case 'r': opt.root = optarg; break;
		case 'S': opt.sysroot = optarg; break;
		case 'k': opt.kernel = optarg; break;
		case 'h': usage(0);
		default: usage(2);
		}
	}
	if (argc - optind > 1)
		usage(2);
	opt.image = argc > optind ? argv[optind] : NULL;
	read_db();
	/* the columns' order, and the images' counts with them */
	struct col sorted[MAX_COLS];
	memcpy(sorted, cols, sizeof sorted);
	qsort(sorted, ncols, sizeof *sorted, col_cmp);
	for (size_t i = 0; i < nimages; i++) {
		struct image old = images[i];
		for (size_t c = 0; c < ncols; c++) {
			size_t from = col_of(sorted[c].name);
			images[i].samples[c] = old.samples[from];
			images[i].prof[c] = old.prof[from];
			images[i].have[c] = old.have[from];
		}
	}
	memcpy(cols, sorted, sizeof cols);
	if (opt.sort) {
		for (sort_col = 0; sort_col < ncols && strcmp(cols[sort_col].name, opt.sort);)
			sort_col++;
		if (sort_col == ncols) {
			char have[MAX_COLS * (PROF_EVENT_MAX + 2)] = "";
			for (size_t c = 0, at = 0; c < ncols; c++)
				at += (size_t)snprintf(have + at, sizeof have - at, "%s%s",
				                       c ? ", " : "", cols[c].name);
			die(1, "--sort: unknown event '%s' (the database has %s)", opt.sort,
			    ncols ? have : "no events");
		}
	}
	if (opt.image)
		list_procedures();
	else
		list_images();
	for (size_t i = 0; i < nimages; i++)
		for (size_t c = 0; c < ncols; c++)
			if (images[i].have[c])
				prof_free(&images[i].prof[c]);
	free(images);
	return 0;
}

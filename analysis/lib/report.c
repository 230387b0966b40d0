/*
 * report.c - reading a profile database for a listing (analysis/lib/report.h).
 */
#include "analysis/lib/report.h"
#include "analysis/lib/elfsyms.h"
#include "util/fail.h"
#include "daemon/events.h"
#include "daemon/profdb.h"
#include "daemon/runprog.h"
#include "util/paths.h"
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

long report_col_of(const struct report *r, const char *event)
{
	for (size_t i = 0; i < r->ncols; i++)
		if (!strcmp(r->cols[i].name, event))
			return (long)i;
	return -1;
}

static struct report_image *image_of(struct report *r, const struct prof *p)
{
	for (size_t i = 0; i < r->nimages; i++)
		if (r->images[i].id == p->id && r->images[i].kind == p->kind &&
		    !strcmp(r->images[i].path, p->path))
			return &r->images[i];
	struct report_image *a = realloc(r->images, (r->nimages + 1) * sizeof *a);
	if (!a)
		return NULL;
	r->images = a;
	struct report_image *im = &a[r->nimages++];
	memset(im, 0, sizeof *im);
	snprintf(im->path, sizeof im->path, "%s", p->path);
	im->kind = p->kind;
	im->id = p->id;
	return im;
}

/* Does the image argument name this image: its whole path, or its
 * basename? */
static bool names(const char *arg, const char *path)
{
	if (arg == REPORT_ALL)
		return true;
	const char *base = strrchr(path, '/');
	return arg && (!strcmp(arg, path) || (base && !strcmp(arg, base + 1)));
}

/* Count p in, keeping it (merged) if its image is wanted; p is consumed. */
static bool add(struct report *r, struct prof *p, const char *image,
                char *err, size_t errlen)
{
	long c = report_col_of(r, p->event);
	if (c < 0) {
		if (r->ncols == REPORT_MAX_COLS) {
			prof_free(p);
			FAIL("more than %d events in the database", REPORT_MAX_COLS);
		}
		c = (long)r->ncols++;
		snprintf(r->cols[c].name, sizeof r->cols[c].name, "%s", p->event);
	}
	struct report_image *im = image_of(r, p);
	if (!im) {
		prof_free(p);
		FAIL("out of memory");
	}
	struct report_col *col = &r->cols[c];
	col->samples += p->samples;
	col->period_weight += p->period * (double)p->samples;
	col->monitored += p->monitored;
	col->elapsed += p->elapsed;
	im->samples[c] += p->samples;
	if (!names(image, p->path)) {
		prof_free(p);
		return true;
	}
	im->chosen = true;
	if (!im->have[c]) {
		im->prof[c] = *p;
		im->have[c] = true;
		return true;
	}
	bool ok = prof_merge(&im->prof[c], p, err, errlen);
	prof_free(p);
	return ok;
}

static bool read_epoch(struct report *r, const char *db, unsigned epoch, const char *image,
                       char *err, size_t errlen)
{
	char dir[PATH_MAX], path[PATH_MAX + PROFDB_NAME_MAX];
	char **files;
	size_t n;
	profdb_epoch_dir(dir, sizeof dir, db, epoch);
	if (!profdb_list(dir, &files, &n, err, errlen))
		return false;
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		struct prof p;
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		ok = profdb_read(path, &p, err, errlen) && add(r, &p, image, err, errlen);
		/* the file just read, never a link (profdb_read) */
		if (ok && lstat(path, &st) == 0)
			r->bytes += (uint64_t)st.st_size;
	}
	profdb_names_free(files, n);
	return ok;
}

/* Columns in pmu/events.def order, events it does not know last. */
static int col_cmp(const void *a, const void *b)
{
	const struct report_col *x = a, *y = b;
	unsigned i = (unsigned)pmu_event_by_name(x->name);
	unsigned j = (unsigned)pmu_event_by_name(y->name);
	return i != j ? (i < j ? -1 : 1) : strcmp(x->name, y->name);
}

/* Put the columns in order, and every image's counts with them. */
static void sort_cols(struct report *r)
{
	struct report_col sorted[REPORT_MAX_COLS];
	memcpy(sorted, r->cols, sizeof sorted);
	qsort(sorted, r->ncols, sizeof *sorted, col_cmp);
	for (size_t i = 0; i < r->nimages; i++) {
		struct report_image *im = &r->images[i], old = *im;
		for (size_t c = 0; c < r->ncols; c++) {
			size_t from = (size_t)report_col_of(r, sorted[c].name);
			im->samples[c] = old.samples[from];
			im->prof[c] = old.prof[from];
			im->have[c] = old.have[from];
		}
	}
	memcpy(r->cols, sorted, sizeof sorted);
}

/* What tells one epoch's run from another's: its program and each
 * event's mean period.  The program is the one alphasim --profile ran
 * (docs/dcpi-db.md, "The epoch's program"); an epoch without that file
 * falls back on the user image with the most samples, a shared library
 * only where no program has any: on a short run of a dynamic program
 * the loader takes most of them. */
struct epoch_sig {
	unsigned epoch;
	char program[PATH_MAX];
	struct report_col cols[REPORT_MAX_COLS];
	size_t ncols;
};

static bool is_library(const char *path);

static bool epoch_sig(const char *db, unsigned epoch, struct epoch_sig *sig,
                      char *err, size_t errlen)
{
	struct report one;
	memset(&one, 0, sizeof one);
	char dir[PATH_MAX];
	profdb_epoch_dir(dir, sizeof dir, db, epoch);
	bool named = false;
	bool ok = runprog_read(dir, sig->program, sizeof sig->program, &named, err, errlen) &&
	          read_epoch(&one, db, epoch, NULL, err, errlen);
	if (ok) {
		sig->epoch = epoch;
		uint64_t best = 0;
		for (int lib = 0; lib < 2 && !named && !best; lib++)
			for (size_t i = 0; i < one.nimages; i++) {
				uint64_t n = 0;
				for (size_t c = 0; c < one.ncols; c++)
					if (report_kind_of(one.cols[c].name) == REPORT_SAMPLES)
						n += one.images[i].samples[c];
				if (one.images[i].kind == PROF_USER && n > best &&
				    is_library(one.images[i].path) == lib) {
					best = n;
					snprintf(sig->program, sizeof sig->program, "%s",
					         one.images[i].path);
				}
			}
		memcpy(sig->cols, one.cols, sizeof sig->cols);
		sig->ncols = one.ncols;
	}
	report_free(&one);
	return ok;
}

/* The mean period of event in sig, or 0 if it has no samples of it. */
static double sig_period(const struct epoch_sig *sig, const char *event)
{
	for (size_t c = 0; c < sig->ncols; c++)
		if (!strcmp(sig->cols[c].name, event) && sig->cols[c].samples)
			return sig->cols[c].period_weight / (double)sig->cols[c].samples;
	return 0;
}

/* Compare the n epochs' runs: r->mixed says how the first that differs
 * from the first epoch differs (periods drawn at random average out to
 * well within 2% over a run's samples: a larger gap is another --events). */
static bool check_mixed(struct report *r, const char *db, const unsigned *epochs, size_t n,
                        char *err, size_t errlen)
{
	struct epoch_sig *a = malloc(2 * sizeof *a), *b = a + 1;
	if (!a)
		FAIL("out of memory");
	bool ok = epoch_sig(db, epochs[0], a, err, errlen);
	for (size_t i = 1; ok && i < n && !r->mixed[0]; i++) {
		if (!(ok = epoch_sig(db, epochs[i], b, err, errlen)))
			break;
		if (strcmp(a->program, b->program)) {
			/* each path cut to what the message has room for */
			snprintf(r->mixed, sizeof r->mixed, "epochs %u and %u are runs of different "
			         "programs (%.*s, %.*s)", a->epoch, b->epoch, PROF_PATH_MAX - 1,
			         a->program[0] ? a->program : "none", PROF_PATH_MAX - 1,
			         b->program[0] ? b->program : "none");
			break;
		}
		for (size_t c = 0; c < a->ncols; c++) {
			double pa = sig_period(a, a->cols[c].name), pb = sig_period(b, a->cols[c].name);
			if (pa > 0 && pb > 0 && (pa > pb * 1.02 || pb > pa * 1.02)) {
				snprintf(r->mixed, sizeof r->mixed, "epochs %u and %u sampled %s with "
				         "different periods (means %.0f, %.0f)", a->epoch, b->epoch,
				         a->cols[c].name, pa, pb);
				break;
			}
		}
	}
	free(a);
	return ok;
}

bool report_read(struct report *r, const char *db, unsigned epoch, const char *image,
                 char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	unsigned *epochs;
	size_t n;
	if (!profdb_epochs(db, &epochs, &n, err, errlen)) {
		char why[PROF_ERR_MAX];
		snprintf(why, sizeof why, "%s", err);
		FAIL("no profile database: %s", why);
	}
	bool found = false, ok = true;
	for (size_t i = 0; ok && i < n; i++)
		if (!epoch || epochs[i] == epoch) {
			ok = read_epoch(r, db, epochs[i], image, err, errlen);
			found = true;
		}
	if (ok && !n)
		snprintf(err, errlen, "%s: no epochs: not a profile database", db);
	else if (ok && !found)
		snprintf(err, errlen, "%s: no epoch %u (it has %u to %u)", db, epoch,
		         epochs[0], epochs[n - 1]);
	ok = ok && found;
	if (ok && !epoch && n > 1)
		ok = check_mixed(r, db, epochs, n, err, errlen);
	free(epochs);
	if (!ok) {
		report_free(r);
		return false;
	}
	sort_cols(r);
	return true;
}

void report_free(struct report *r)
{
	for (size_t i = 0; i < r->nimages; i++)
		for (size_t c = 0; c < r->ncols; c++)
			if (r->images[i].have[c])
				prof_free(&r->images[i].prof[c]);
	free(r->images);
	memset(r, 0, sizeof *r);
}

bool report_image_file(const struct report_paths *p, const struct report_image *im,
                       char *out, size_t len, char *err, size_t errlen)
{
	if (im->kind == PROF_KERNEL) {
		if (p->kernel) {
			snprintf(out, len, "%s", p->kernel);
			return true;
		}
		return paths_find_minios(out, len, err, errlen);
	}
	/* the C library and the loader live in the cross sysroot (Debian's
	 * has lib/ and no usr/lib/), the rest in the guest's root tree, as
	 * alphasim's hostfs mounts them (platform/boot.c) */
	static const char *const sys[][2] = {   /* guest prefix, sysroot dir */
		{ "/lib/", "/lib/" }, { "/usr/lib/", "/usr/lib/" }, { "/usr/lib/", "/lib/" },
	};
	char tried[2 * PATH_MAX] = "";
	for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++) {
		size_t k = strlen(sys[i][0]);
		if (strncmp(im->path, sys[i][0], k))
			continue;
		snprintf(out, len, "%s%s%s", p->sysroot, sys[i][1], im->path + k);
		if (access(out, R_OK) == 0)
			return true;
		size_t t = strlen(tried);
		snprintf(tried + t, sizeof tried - t, "%s%s", t ? ", " : "", out);
	}
	if (!*tried) {
		snprintf(out, len, "%s/%s", p->root, im->path + (im->path[0] == '/'));
		if (access(out, R_OK) == 0)
			return true;
		snprintf(tried, sizeof tried, "%s", out);
		/* a program outside the root: alphasim mounts its directory
		 * at the same path in the guest (platform/boot.c guest_file) */
		snprintf(out, len, "%s", im->path);
		if (im->path[0] == '/' && access(out, R_OK) == 0)
			return true;
		size_t t = strlen(tried);
		snprintf(tried + t, sizeof tried - t, ", %s", out);
	}
	FAIL("%s: cannot find the image file (tried %s; see --root, --sysroot)",
	     im->path, tried);
}

/* ---- listings --------------------------------------------------------- */

/* A shared library's file name: "lib.so", "libc.so.6.1", "ld-linux.so.2". */
static bool is_library(const char *path)
{
	const char *base = strrchr(path, '/'), *so = strstr(base ? base : path, ".so");
	return so && (!so[3] || so[3] == '.');
}

const struct report_image *report_program(const struct report *r, size_t c)
{
	const struct report_image *best = NULL;
	for (int lib = 0; lib < 2 && !best; lib++)
		for (size_t i = 0; c < r->ncols && i < r->nimages; i++) {
			const struct report_image *im = &r->images[i];
			if (im->kind == PROF_USER && im->samples[c] && is_library(im->path) == lib &&
			    (!best || im->samples[c] > best->samples[c]))
				best = im;
		}
	return best;
}

bool report_same_program(const struct report *a, const char *dba, const struct report *b,
                         const char *dbb, char *err, size_t errlen)
{
	long cb = a->ncols ? report_col_of(b, a->cols[0].name) : -1;
	const struct report_image *pa = report_program(a, 0);
	const struct report_image *pb = cb >= 0 ? report_program(b, (size_t)cb) : NULL;
	if (!pa || !pb)
		FAIL("%s: no samples of a program%s%s%s", pa ? dbb : dba,
		     a->ncols ? " (event " : "", a->ncols ? a->cols[0].name : "", a->ncols ? ")" : "");
	if (strcmp(pa->path, pb->path))
		FAIL("%s and %s are profiles of different programs (%s, %s)", dba, dbb, pa->path,
		     pb->path);
	return true;
}

double report_pct(double n, double total)
{
	return total > 0 ? 100 * n / total : 0;
}

void report_rows_free(struct report_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(rows[i].name);
	free(rows);
}

struct report_row *report_row_named(struct report_row **rows, size_t *n, const char *name)
{
	for (size_t r = 0; r < *n; r++)
		if (!strcmp((*rows)[r].name, name))
			return &(*rows)[r];
	struct report_row *a = realloc(*rows, (*n + 1) * sizeof *a);
	if (!a)
		return NULL;
	*rows = a;
	memset(&a[*n], 0, sizeof a[*n]);
	if (!(a[*n].name = strdup(name)))
		return NULL;
	return &a[(*n)++];
}

/* The row of process pid. */
static struct report_row *pid_row(struct report_row **rows, size_t *n, uint32_t pid)
{
	char name[32];
	snprintf(name, sizeof name, "pid %" PRIu32, pid);
	return report_row_named(rows, n, name);
}

bool report_procs(const struct report *r, const struct report_paths *p,
                  const struct report_image *im, char *file, size_t filelen,
                  struct report_row **rows, size_t *nrows, char *err, size_t errlen)
{
	struct elfsyms es = { 0 };
	*file = 0;
	if (im->kind != PROF_UNKNOWN &&
	    (!report_image_file(p, im, file, filelen, err, errlen) ||
	     !elfsyms_load(&es, file, err, errlen)))
		return false;
	size_t n = im->kind == PROF_UNKNOWN ? 0 : es.nsym + 1;
	struct report_row *a = calloc(n ? n : 1, sizeof *a);
	bool ok = a != NULL;
	for (size_t i = 0; ok && i < es.nsym; i++) {
		a[i].name = es.sym[i].name;        /* the rows keep the names */
		es.sym[i].name = NULL;
	}
	if (ok && n)
		ok = (a[es.nsym].name = strdup("(no symbol)")) != NULL;
	for (size_t c = 0; ok && c < r->ncols; c++)
		for (size_t k = 0; ok && im->have[c] && k < im->prof[c].n; k++) {
			const struct prof_entry *e = &im->prof[c].e[k];
			struct report_row *row;
			if (im->kind == PROF_UNKNOWN) {
				ok = (row = pid_row(&a, &n, e->pid)) != NULL;
			} else {
				long s = elfsyms_find(&es, e->offset);
				row = &a[s < 0 ? es.nsym : (size_t)s];
			}
			if (ok)
				row->count[c] += e->count;
		}
	elfsyms_free(&es);
	if (!ok) {
		report_rows_free(a, a ? n : 0);
		FAIL("out of memory");
	}
	*rows = a;
	*nrows = n;
	return true;
}

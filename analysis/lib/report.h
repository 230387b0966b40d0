/*
 * report.h - a profile database read for a listing (docs/dcpi-db.md):
 * per event its totals, per image its samples per event and, for the
 * images asked for, their profiles merged over the epochs read; the
 * host file holding a guest image, and its procedures with their samples.
 * The one report module of dcpiprof and alphasim --profile's summary
 * (sim/profile.c).
 */
#ifndef ANALYSIS_REPORT_H
#define ANALYSIS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "daemon/profile.h"

#define REPORT_MAX_COLS 64

/* An event column: the totals of its profiles. */
struct report_col {
	char name[PROF_EVENT_MAX];
	uint64_t samples;
	double period_weight;        /* sum of samples x period */
	uint64_t monitored, elapsed;
};

struct report_image {
	char path[PROF_PATH_MAX];
	enum prof_kind kind;
	uint64_t id;
	uint64_t samples[REPORT_MAX_COLS];
	bool chosen;                 /* its profiles are kept */
	struct prof prof[REPORT_MAX_COLS];
	bool have[REPORT_MAX_COLS];
};

struct report {
	struct report_col cols[REPORT_MAX_COLS];   /* events.def order */
	size_t ncols;
	struct report_image *images;
	size_t nimages;
	uint64_t bytes;              /* the profile files' sizes */
	char mixed[2 * PROF_PATH_MAX + 128]; /* "": the epochs merged had
	                                        one program and period; else
	                                        how they differ */
};

/* Which images' profiles report_read keeps: those a name matches (its
 * whole guest path or its basename), or every image. */
#define REPORT_ALL ((const char *)1)

/* Read epoch of db (0: every epoch, merged) into r, keeping the profiles
 * of the images image names (NULL: none; REPORT_ALL: all), the columns
 * in pmu/events.def order.  False with one message in err (r is then
 * freed).  Merging epochs whose programs (the user image with the most
 * samples) or mean sampling periods of an event differ fills r->mixed
 * with one line saying which, for the caller to warn with: a blend of
 * two runs is rarely what was meant (docs/usage.md, "dcpiprof"). */
bool report_read(struct report *r, const char *db, unsigned epoch, const char *image,
                 char *err, size_t errlen);
void report_free(struct report *r);

/* The column of event, or -1. */
long report_col_of(const struct report *r, const char *event);

/* What an event column counts (docs/precise.md, "The database"): a
 * counter's samples, instruction sampling's records (pm.retired,
 * pm.killed: one per record), or the records' sums (pm.head.CAUSE:
 * cycles, pm.ev.EVENT: events), which are no samples and are never
 * added into sample totals or shares. */
enum report_kind { REPORT_SAMPLES, REPORT_PM_RECORDS, REPORT_PM_SUMS };
static inline enum report_kind report_kind_of(const char *event)
{
	if (strncmp(event, "pm.", 3))
		return REPORT_SAMPLES;
	return !strcmp(event, "pm.retired") || !strcmp(event, "pm.killed") ? REPORT_PM_RECORDS
	                                                                   : REPORT_PM_SUMS;
}

/* Where the guest's files are on the host. */
struct report_paths {
	const char *root;            /* the guest's "/" */
	const char *sysroot;         /* its /lib and /usr/lib */
	const char *kernel;          /* minios.elf, or NULL: alphasim's */
};

/* The host file of an image (not the unknown one): the kernel's, or a
 * guest path under /lib and /usr/lib in the sysroot, others under the
 * root, or else at the same path on the host (where alphasim mounts a
 * program from outside the root).  False with a message naming the
 * places tried. */
bool report_image_file(const struct report_paths *p, const struct report_image *im,
                       char *out, size_t len, char *err, size_t errlen);

/* A row of a listing: a name and its samples per column. */
struct report_row {
	char *name;
	uint64_t count[REPORT_MAX_COLS];
};

/* The row named name in rows[0..*n), added (zeroed) if new; NULL when
 * out of memory. */
struct report_row *report_row_named(struct report_row **rows, size_t *n, const char *name);

/* The procedures of image im (one of r's, its profiles kept) with their
 * samples per column: a row per procedure symbol of its file (in file
 * order: analysis/lib/elfsyms.h), then "(no symbol)" for the samples outside
 * every symbol; the unknown image has a row per process ("pid N")
 * instead.  file gets the image file read (empty for the unknown
 * image).  False with a message in err. */
bool report_procs(const struct report *r, const struct report_paths *p,
                  const struct report_image *im, char *file, size_t filelen,
                  struct report_row **rows, size_t *nrows, char *err, size_t errlen);
void report_rows_free(struct report_row *rows, size_t n);

/* The program a database profiled: its user image with the most samples
 * of column c that is not a shared library (one named NAME.so or
 * NAME.so.N...), else the library with the most; NULL when it has no
 * user samples. */
const struct report_image *report_program(const struct report *r, size_t c);

/* Are a (database dba) and b (dbb) profiles of the same program: the
 * same guest path of report_program's image for the first event?  False
 * with one message naming both (dcpidiff, dcpistats). */
bool report_same_program(const struct report *a, const char *dba, const struct report *b,
                         const char *dbb, char *err, size_t errlen);

/* n as a percentage of total (0 when total is not above 0): sample
 * counts, and the analysis's estimates (dcpiwhatcg). */
double report_pct(double n, double total);

#endif

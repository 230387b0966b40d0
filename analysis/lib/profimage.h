/*
 * profimage.h - one image of a profile database as the analysis reads
 * it (docs/dcpi-db.md): the image file found on the host as dcpiprof
 * finds it (analysis/lib/report.h), loaded with its procedures
 * (analysis/lib/image.h), and its samples per event laid over its
 * instructions.  The database keeps offsets in the image file; an
 * instruction's samples are those at its offset (an_image_va2off).
 *
 * Per event: the mean sampling period P (the profile header's) and the
 * share of the time the event was not monitored, s = elapsed / monitored
 * (1 unless the driver multiplexed it), so that samples x P x s is the
 * events (for CYCLES: the cycles) the samples stand for.
 */
#ifndef ANALYSIS_PROFIMAGE_H
#define ANALYSIS_PROFIMAGE_H

#include <limits.h>
#include "analysis/lib/image.h"
#include "analysis/lib/report.h"

struct an_pevent {
	double period, scale;
	uint64_t samples;
};

struct an_profimage {
	const struct report_image *ri;   /* its profiles (report_read's)     */
	char file[PATH_MAX];             /* the host file                    */
	struct an_image im;
	size_t nev;                      /* the report's columns             */
	struct an_pevent ev[REPORT_MAX_COLS];
};

/* Load image ri of report r: find and read its file (false with one
 * message naming the image and the file). */
bool an_profimage_open(struct an_profimage *pi, const struct report *r,
                       const struct report_image *ri, const struct report_paths *paths,
                       char *err, size_t errlen);
void an_profimage_close(struct an_profimage *pi);

/* The samples of event column c at the n instructions from vaddr start
 * into out[0..n). */
void an_profimage_samples(const struct an_profimage *pi, size_t c, uint64_t start, size_t n,
                          double *out);

/* Samples of column c that fall in no procedure of the image. */
uint64_t an_profimage_outside(const struct an_profimage *pi, size_t c);

#endif

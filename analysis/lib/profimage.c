/*
 * profimage.c - an image of the database with its samples per
 * instruction (analysis/lib/profimage.h).
 */
#include "analysis/lib/profimage.h"
#include "util/search.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>

bool an_profimage_open(struct an_profimage *pi, const struct report *r,
                       const struct report_image *ri, const struct report_paths *paths,
                       char *err, size_t errlen)
{
	memset(pi, 0, sizeof *pi);
	pi->ri = ri;
	pi->nev = r->ncols;
	for (size_t c = 0; c < r->ncols; c++) {
		struct an_pevent *e = &pi->ev[c];
		e->period = e->scale = 1;
		if (!ri->have[c])
			continue;
		const struct prof *p = &ri->prof[c];
		e->samples = p->samples;
		e->period = p->period > 0 ? p->period : 1;
		e->scale = p->monitored ? (double)p->elapsed / (double)p->monitored : 1;
	}
	if (ri->kind == PROF_UNKNOWN) {
		snprintf(err, errlen, "%s: samples of no known image cannot be analysed",
		         ri->path);
		return false;
	}
	char why[PROF_ERR_MAX];
	if (!report_image_file(paths, ri, pi->file, sizeof pi->file, err, errlen))
		return false;
	if (!an_image_load(&pi->im, pi->file, why, sizeof why)) {
		/* the guest's path first, unless the message begins with it */
		if (strcmp(ri->path, pi->file))
			snprintf(err, errlen, "%s: %s", ri->path, why);
		else
			snprintf(err, errlen, "%s", why);
		return false;
	}
	return true;
}

void an_profimage_close(struct an_profimage *pi)
{
	an_image_free(&pi->im);
	memset(pi, 0, sizeof *pi);
}

/* The first entry at or after offset off (entries are sorted by
 * (pid, offset) and an image's have pid 0). */
static size_t lower(const struct prof *p, uint64_t off)
{
	return search_lower_u64(p->e, p->n, sizeof *p->e, offsetof(struct prof_entry, offset), off);
}

void an_profimage_samples(const struct an_profimage *pi, size_t c, uint64_t start, size_t n,
                          double *out)
{
	for (size_t i = 0; i < n; i++)
		out[i] = 0;
	uint64_t off;
	if (c >= pi->nev || !pi->ri->have[c] || !n || !an_image_va2off(&pi->im, start, &off))
		return;
	/* a procedure lies in one segment: its offsets are contiguous */
	const struct prof *p = &pi->ri->prof[c];
	for (size_t k = lower(p, off); k < p->n && p->e[k].offset < off + 4 * n; k++)
		if ((p->e[k].offset - off) % 4 == 0)
			out[(p->e[k].offset - off) / 4] += (double)p->e[k].count;
}

uint64_t an_profimage_outside(const struct an_profimage *pi, size_t c)
{
	uint64_t n = 0;
	if (c >= pi->nev || !pi->ri->have[c])
		return 0;
	const struct prof *p = &pi->ri->prof[c];
	for (size_t k = 0; k < p->n; k++) {
		uint64_t va;
		if (!an_image_off2va(&pi->im, p->e[k].offset, &va) ||
		    an_image_proc_at(&pi->im, va) < 0)
			n += p->e[k].count;
	}
	return n;
}

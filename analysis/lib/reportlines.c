/*
 * reportlines.c - an image's samples by source line (analysis/lib/reportlines.h).
 */
#include "analysis/lib/reportlines.h"
#include "analysis/lib/elfsyms.h"
#include "analysis/lib/srcline.h"
#include "util/fail.h"
#include <stdio.h>
#include <stdlib.h>

/* The address of file offset off through the PT_LOAD segments. */
static bool off2va(const struct elfsyms *es, uint64_t off, uint64_t *va)
{
	for (size_t i = 0; i < es->nseg; i++)
		if (off >= es->seg[i].offset && off - es->seg[i].offset < es->seg[i].filesz) {
			*va = es->seg[i].vaddr + (off - es->seg[i].offset);
			return true;
		}
	return false;
}

bool report_lines(const struct report *r, const struct report_paths *p,
                  const struct report_image *im, char *file, size_t filelen,
                  struct report_row **rows, size_t *nrows, char *err, size_t errlen)
{
	*file = 0;
	if (im->kind == PROF_UNKNOWN)
		FAIL("%s: samples of no known image have no source lines", im->path);
	struct elfsyms es = { 0 };
	if (!report_image_file(p, im, file, filelen, err, errlen) ||
	    !elfsyms_load(&es, file, err, errlen))
		return false;
	struct srcline *sl = srcline_open(file, NULL);
	if (!sl) {
		elfsyms_free(&es);
		FAIL("%s: %s has no DWARF line table (build it with -g)", im->path, file);
	}
	struct report_row *a = NULL;
	size_t n = 0;
	bool ok = true;
	char name[1024];
	for (size_t c = 0; ok && c < r->ncols; c++)
		for (size_t k = 0; ok && im->have[c] && k < im->prof[c].n; k++) {
			const struct prof_entry *e = &im->prof[c].e[k];
			uint64_t va;
			if (!off2va(&es, e->offset, &va) || !srcline_name(sl, va, name, sizeof name))
				snprintf(name, sizeof name, "(no line)");
			struct report_row *row = report_row_named(&a, &n, name);
			if (row)
				row->count[c] += e->count;
			else
				ok = false;
		}
	srcline_close(sl);
	elfsyms_free(&es);
	if (!ok) {
		report_rows_free(a, n);
		FAIL("out of memory");
	}
	*rows = a;
	*nrows = n;
	return true;
}

/*
 * reportlines.h - an image's samples by source line (dcpiprof --lines;
 * docs/tools.md, "Source lines"): the rows of report_procs, one per
 * source line and chain of inlined functions (analysis/lib/srcline.h)
 * instead of one per procedure symbol.
 */
#ifndef ANALYSIS_REPORTLINES_H
#define ANALYSIS_REPORTLINES_H

#include "analysis/lib/report.h"

/* The rows of image im (one of r's, its profiles kept): one per
 * srcline_name of its samples' addresses, then "(no line)" for the
 * samples at addresses without one.  file gets the image file read.
 * False with a message in err: the file cannot be found or read, or has
 * no DWARF line table (built without -g), or the unknown image. */
bool report_lines(const struct report *r, const struct report_paths *p,
                  const struct report_image *im, char *file, size_t filelen,
                  struct report_row **rows, size_t *nrows, char *err, size_t errlen);

#endif

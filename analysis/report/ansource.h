/*
 * ansource.h - the analysis of a procedure by source line
 * (docs/tools.md, "Source lines"), for the tools over analysis/lib/session.h:
 * dcpilist --source (each line's samples, estimated executions and CPI,
 * the truth's), dcpilist --both (the source line above its
 * instructions), and the file:line of an instruction that dcpicalc,
 * dcpitopstalls and dcpilist --both print beside it.  The lines and
 * inlined functions come from the image's DWARF (analysis/lib/srcline.h).
 */
#ifndef ANALYSIS_ANSOURCE_H
#define ANALYSIS_ANSOURCE_H

#include <stdio.h>
#include "analysis/lib/session.h"
#include "analysis/lib/srcline.h"
#include "analysis/report/table.h"

/* The DWARF of the image a procedure is in, kept open while the tool
 * visits that image's procedures (NULL: the image has none). */
struct an_src_cache {
	struct srcline *sl;
	const char *root;            /* --source-root, or NULL */
};
struct srcline *an_src_of(struct an_src_cache *c, const struct an_profimage *pi);
void an_src_cache_close(struct an_src_cache *c);

/* The DWARF of the image a tool was given (s->o.image): NULL, with one
 * line in err, when it has none ("IMAGE: FILE has no DWARF line table
 * (build it with -g)"), its file cannot be found, or it is the unknown
 * image. */
struct srcline *an_src_named(const struct an_session *s, const char *root, char *err,
                             size_t errlen);

/* Instruction i's file:line in a text column: "wc.c:13", "" when none. */
void an_src_loc(struct srcline *sl, const struct an_proc *a, size_t i, char *buf, size_t len);
/* ... in a CSV row: ",FILE,LINE,FRAMES" (FILE the DWARF's path; FRAMES
 * the inline chain "FUNC FILE:LINE;..." innermost first, as
 * `addr2line -i -f` lists it), each empty when none; and its header
 * AN_SRC_CSV_COLUMNS. */
#define AN_SRC_CSV_COLUMNS ",src_file,src_line,frames"
void an_src_csv(FILE *f, struct srcline *sl, const struct an_proc *a, size_t i);
/* ... in a JSON object: ", \"src_file\": ..., \"src_line\": ..., \"frames\":
 * [{\"function\", \"file\", \"line\"}...]" (null and [] when none). */
void an_src_json(FILE *f, struct srcline *sl, const struct an_proc *a, size_t i);

/* dcpilist --source: a's lines, in the format fmt; first: the first
 * procedure printed. */
void an_src_listing(FILE *f, enum an_format fmt, bool first, const struct an_session *s,
                    const struct an_profimage *pi, const struct an_proc *a,
                    struct srcline *sl);

/* dcpilist --both: before instruction i, its source line when it is not
 * the one of the instruction before (text only): "INDENT FILE:LINE  TEXT",
 * and above it, where the function changes (an inlined one begins or
 * ends), "INDENT-- FUNC (inlined into ...)" as srcline_name says it. */
void an_src_above(FILE *f, struct srcline *sl, const struct an_proc *a, size_t i, int indent);

#endif

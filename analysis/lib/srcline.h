/*
 * srcline.h - an image's source lines and inlined functions from its
 * DWARF (what `gcc -g` adds), read with elfutils' libdw, for the tools'
 * source views (docs/tools.md, "Source lines"): the file and line of
 * an address, the chain of functions inlined at it as
 * `addr2line -i -f` prints it, and the text of a source line, the file
 * found as perf finds it (the DWARF's own path, or a --source-root in
 * place of the compilation directory).
 *
 * An image without DWARF (built without -g, stripped, the cross
 * sysroot's libraries) is no error: srcline_open gives NULL and every
 * tool prints what it printed before.  Addresses are the image's own
 * virtual addresses (its ELF program headers'), as the analysis uses.
 * Self-contained: libc and libdw only.
 */
#ifndef ANALYSIS_SRCLINE_H
#define ANALYSIS_SRCLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct srcline;

/* The DWARF of the ELF file path; NULL (quietly) when it has no line
 * table or cannot be read.  root: a directory that replaces the
 * compilation directory when looking for source files (--source-root),
 * or NULL. */
struct srcline *srcline_open(const char *path, const char *root);
void srcline_close(struct srcline *sl);

/* One entry of *cur for a tool visiting images one after another: the
 * DWARF of path, reusing *cur when it is path's, else closing it and
 * opening path's (NULL when path has none). */
struct srcline *srcline_get(struct srcline **cur, const char *path, const char *root);

/* A function at an address: its name, and the source line in it (for
 * the innermost, the address's own line; for each caller, the line of
 * the call the inner one was inlined at).  file: the path as the DWARF
 * names it, NULL when unknown; line 0 when unknown.  decl_file and
 * decl_line: where the function itself is defined (DW_AT_decl_file,
 * DW_AT_decl_line, through its abstract origin), NULL and 0 unknown. */
struct srcline_frame {
	const char *func, *file;
	unsigned line;
	const char *decl_file;
	unsigned decl_line;
};

/* The file and line of addr; false when the line table has none. */
bool srcline_at(struct srcline *sl, uint64_t addr, const char **file, unsigned *line);

/* The frames at addr, innermost first, as `addr2line -i -f` lists them:
 * the inlined function the address is in (or its procedure), then each
 * function it was inlined into, the last one the procedure.  At most
 * max into f; the number of frames, 0 when none. */
size_t srcline_frames(struct srcline *sl, uint64_t addr, struct srcline_frame *f, size_t max);

/* SRCLINE_MAX_FRAMES: more inlining than any tool shows. */
#define SRCLINE_MAX_FRAMES 16

/* addr as one line of a listing: "wc.c:13 hash", and where hash was
 * inlined, "wc.c:13 hash (inlined into add at wc.c:19, into main at
 * wc.c:38)" (base names of the files); false (buf "") when addr has no
 * line. */
bool srcline_name(struct srcline *sl, uint64_t addr, char *buf, size_t len);

/* Line line of the source file file (a name srcline_at gave), without
 * its newline; NULL when the file cannot be found or has fewer lines.
 * Files are read once and kept until srcline_close. */
const char *srcline_text(struct srcline *sl, const char *file, unsigned line);

/* Where file was (or would be) looked for: the host path tried. */
const char *srcline_where(struct srcline *sl, const char *file);

/* The part of file after its last '/', for text columns (perf's
 * srcline: the base name). */
const char *srcline_base(const char *file);

#endif

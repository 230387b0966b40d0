/*
 * image.h - an executable image as the analysis sees it (docs/analysis.md,
 * "Images and procedures"): its loaded bytes by virtual address, the
 * file-offset <-> address translation of its program headers (profiles
 * keep offsets in the file: docs/dcpi-db.md), its executable sections,
 * and its procedures.
 *
 * Procedures come from the symbol table (.symtab, else .dynsym); where no
 * symbol covers executable code (a stripped image, or code between
 * symbols) they are found from the code itself: the entry point, BSR
 * targets, JSR hints and GCC's standard prologue ("ldah gp,X(t12)"), the
 * way DCPI had to handle images without symbols.
 */
#ifndef ANALYSIS_IMAGE_H
#define ANALYSIS_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A loaded range: a PT_LOAD segment's file bytes (or a test's bytes). */
struct an_seg {
	uint64_t vaddr, offset, size;
	unsigned char *bytes;
	bool exec;
};

/* An executable section (the bytes are found through the segments). */
struct an_text {
	uint64_t vaddr, size;
};

struct an_proc_sym {
	uint64_t addr, size;         /* [addr, addr + size) */
	char *name;
	bool gpload;                 /* starts with GCC's 8-byte gp prologue */
	bool synthetic;              /* found from the code, not a symbol  */
};

struct an_image {
	char *path;
	uint64_t entry;              /* e_entry, 0 if none                 */
	struct an_seg *seg;
	size_t nseg;
	struct an_text *text;
	size_t ntext;
	struct an_proc_sym *proc;    /* sorted by address, not overlapping */
	size_t nproc;
	uint64_t *entries;           /* BSR targets inside a procedure,    */
	size_t nentries;             /* not at its start: more entry points */
	bool had_symbols;            /* some procedure came from a symbol  */
};

/* Read an Alpha ELF file; false with one message naming it. */
bool an_image_load(struct an_image *im, const char *path, char *err, size_t errlen);
void an_image_free(struct an_image *im);

/* Building an image by hand (tests, other loaders): add segments and
 * procedure symbols, then an_image_finish (sorts, makes the executable
 * segments the text, finds procedures for code no symbol covers and the
 * extra entry points).  False when out of memory. */
void an_image_init(struct an_image *im);
bool an_image_add_seg(struct an_image *im, uint64_t vaddr, uint64_t offset,
                      const void *bytes, uint64_t size, bool exec);
bool an_image_add_proc(struct an_image *im, const char *name, uint64_t addr,
                       uint64_t size);
bool an_image_finish(struct an_image *im);

/* n bytes at vaddr, all inside one segment; false if not. */
bool an_image_read(const struct an_image *im, uint64_t vaddr, void *buf, size_t n);
/* The instruction word at vaddr (little-endian); false if not loaded. */
bool an_image_word(const struct an_image *im, uint64_t vaddr, uint32_t *w);
/* Is vaddr in an executable section? */
bool an_image_is_text(const struct an_image *im, uint64_t vaddr);

/* File offset <-> virtual address through the segments. */
bool an_image_off2va(const struct an_image *im, uint64_t off, uint64_t *va);
bool an_image_va2off(const struct an_image *im, uint64_t va, uint64_t *off);

/* The procedure holding vaddr, as an index in im->proc, or -1. */
long an_image_proc_at(const struct an_image *im, uint64_t vaddr);
/* The procedure named name (the first), or -1. */
long an_image_proc_named(const struct an_image *im, const char *name);

/* The extra entry points of procedure p (into *first, count returned). */
size_t an_image_proc_entries(const struct an_image *im, size_t p, const uint64_t **first);

#endif

/*
 * datasyms.h - an image's data: its writable segments and its data
 * objects (the symbols of type OBJECT: arrays, structures, variables of
 * .data and .bss), so that a data address from instruction sampling's
 * records can be named (docs/tools.md, "dcpirecords --data").
 */
#ifndef ANALYSIS_DATASYMS_H
#define ANALYSIS_DATASYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct datasym {
	uint64_t addr, size;
	char *name;
};

struct dataseg {
	uint64_t vaddr, memsz;       /* a PT_LOAD segment, in memory      */
	uint64_t offset, filesz;     /* ... and in the file               */
	bool writable;
};

struct datasyms {
	struct datasym *sym;         /* sorted by address                 */
	size_t nsym;
	struct dataseg *seg;
	size_t nseg;
};

/* Read path's segments and object symbols (.symtab, else .dynsym);
 * false with one message naming it. */
bool datasyms_load(struct datasyms *d, const char *path, char *err, size_t errlen);
void datasyms_free(struct datasyms *d);

/* The link-time address of file offset off (in a segment), or false. */
bool datasyms_vaddr(const struct datasyms *d, uint64_t off, uint64_t *vaddr);

/* Is link-time address a in a writable segment? */
bool datasyms_in_data(const struct datasyms *d, uint64_t a);

/* The last object starting at or below link-time address a, as an
 * index (the caller checks its size), or -1 before the first. */
long datasyms_find(const struct datasyms *d, uint64_t a);

#endif

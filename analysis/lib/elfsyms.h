/*
 * elfsyms.h - an image's procedures for dcpiprof: the symbols of its
 * executable sections, and the file-offset -> address translation of its
 * program headers (the profile database keeps offsets in the image file:
 * docs/dcpi-db.md).
 */
#ifndef ANALYSIS_ELFSYMS_H
#define ANALYSIS_ELFSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct elfsym {
	uint64_t addr;
	char *name;
};

struct elfseg {
	uint64_t offset, filesz, vaddr;
};

struct elfsyms {
	struct elfsym *sym;          /* sorted by address, one per address */
	size_t nsym;
	struct elfseg *seg;          /* the PT_LOAD segments */
	size_t nseg;
	struct elfseg *text;         /* the executable sections (offset unused) */
	size_t ntext;
};

/* Read path (a checked Alpha ELF file); false with a message naming it. */
bool elfsyms_load(struct elfsyms *es, const char *path, char *err, size_t errlen);
void elfsyms_free(struct elfsyms *es);

/* The procedure holding file offset off, as an index in es->sym: the
 * nearest symbol at or below its address in the same executable section;
 * -1 if the offset is in no segment or no executable section, or comes
 * before the section's first symbol. */
long elfsyms_find(const struct elfsyms *es, uint64_t off);

#endif

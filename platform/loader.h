/*
 * loader.h - bare-metal images (testprogs/rt, minios): Alpha ELF files
 * (isa/elf.h) linked for the kseg superpage, loaded into physical memory.
 */
#ifndef ALPHASIM_LOADER_H
#define ALPHASIM_LOADER_H

#include <stdint.h>
#include <stddef.h>
#include "isa/elf.h"
#include "platform/machine.h"

/* Is it a bare-metal image (linked for the kseg superpage)? */
bool loader_is_bare(struct elf_file *f);

/* Copy a bare-metal image's PT_LOAD segments into physical memory;
 * returns false with a reason in err.  *entry receives the entry point. */
bool loader_load_bare(struct elf_file *f, struct machine *m, uint64_t *entry,
                      char *err, size_t errlen);

#endif

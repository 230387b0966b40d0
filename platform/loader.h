/*
 * loader.h - loading Alpha ELF files with libelf.
 */
#ifndef ALPHASIM_LOADER_H
#define ALPHASIM_LOADER_H

#include <stdint.h>
#include <stddef.h>
#include "platform/machine.h"

/* A checked Alpha ELF64 file open for reading. */
struct elf_file;

/* Open and check path: 64-bit little-endian Alpha ELF.  On failure NULL,
 * with a one-line reason (naming the file) in err. */
struct elf_file *elf_open(const char *path, char *err, size_t errlen);
void elf_close(struct elf_file *f);

/* Is it a bare-metal image (linked for the kseg superpage)? */
bool elf_is_bare(struct elf_file *f);

/* Does its symbol table (.symtab) define name? */
bool elf_has_symbol(struct elf_file *f, const char *name);

/* Copy a bare-metal image's PT_LOAD segments into physical memory;
 * returns false with a reason in err.  *entry receives the entry point. */
bool elf_load_bare(struct elf_file *f, struct machine *m, uint64_t *entry,
                   char *err, size_t errlen);

/* The libelf handle, for tools that walk sections and symbols. */
struct Elf *elf_handle(struct elf_file *f);
const char *elf_path(struct elf_file *f);

#endif

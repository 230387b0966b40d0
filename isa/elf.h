/*
 * elf.h - Alpha ELF files through libelf: opening and checking one, its
 * symbols, and the one reader of an image's procedures that the analysis
 * (analysis/lib/image.c), dcpiprof and alphasim --profile's summary
 * (analysis/lib/elfsyms.c) share.
 */
#ifndef ALPHASIM_ELF_H
#define ALPHASIM_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A checked Alpha ELF64 file open for reading. */
struct elf_file;

/* Open and check path: 64-bit little-endian Alpha ELF, its program
 * headers and PT_LOAD segments inside the file.  On failure NULL, with a
 * one-line reason (naming the file) in err. */
struct elf_file *elf_open(const char *path, char *err, size_t errlen);
void elf_close(struct elf_file *f);

/* The libelf handle, for tools that walk sections and symbols. */
struct Elf *elf_handle(struct elf_file *f);
const char *elf_path(struct elf_file *f);
uint64_t elf_entry(struct elf_file *f);

/* n bytes of the file at offset off; false if they cannot be read. */
bool elf_read(struct elf_file *f, uint64_t off, void *buf, size_t n);

/* Does its symbol table (.symtab) define name?  Then *value (if not
 * NULL) gets its value. */
bool elf_symbol(struct elf_file *f, const char *name, uint64_t *value);

/* ---- an image's procedures ------------------------------------------- */

/* A PT_LOAD segment: its file bytes (in the open file's memory). */
struct elf_seg {
	uint64_t vaddr, offset, filesz;
	const unsigned char *bytes;
	bool exec;
};

/* An executable section (SHF_ALLOC and SHF_EXECINSTR, not empty). */
struct elf_text {
	uint64_t vaddr, size;
};

/* A procedure symbol: a function, or an untyped label of assembly code
 * (minios's PALcode and entry points), defined in an executable section;
 * not the compiler's local labels ($..., .L...).  Names stay valid until
 * the file is closed. */
struct elf_proc {
	uint64_t addr, size;
	const char *name;
};

struct elf_procs {
	struct elf_seg *seg;
	size_t nseg;
	struct elf_text *text;
	size_t ntext;
	struct elf_proc *proc;    /* sorted by address, one per address */
	size_t nproc;
};

/* Read f's segments, executable sections and procedure symbols (from
 * .symtab, else .dynsym: a stripped shared library keeps its dynamic
 * symbols).  Of the symbols at one address the one kept is a function
 * before a label, a global before a weak before a local symbol, then
 * the public name (malloc, not __libc_malloc), then the first
 * alphabetically, so the choice does not depend on the table's order.
 * False (everything freed) if they cannot be read or memory runs out. */
bool elf_procs_read(struct elf_file *f, struct elf_procs *p);
void elf_procs_free(struct elf_procs *p);

/* Open path, read its procedures and hand them to use(arg, f, p), whose
 * pointers into the file (a segment's bytes) last until it returns.
 * False when path cannot be opened (elf_open's reason in err), or cannot
 * be read or use fails ("PATH: " and `what` in err). */
bool elf_procs_use(const char *path, bool (*use)(void *arg, struct elf_file *f,
                                                 const struct elf_procs *p),
                   void *arg, const char *what, char *err, size_t errlen);

#endif

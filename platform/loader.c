/*
 * loader.c - opening and checking Alpha ELF files (libelf), and loading
 * bare-metal images into physical memory.
 *
 * A bare-metal image (testprogs/rt) is linked at kseg addresses, the
 * 21164 superpage (VA<42:41> = 2 maps PA<39:0>); its segments are copied to
 * the physical addresses the superpage gives.
 */
#include "platform/loader.h"
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef EM_ALPHA
#define EM_ALPHA 0x9026
#endif

struct elf_file {
	const char *path;
	int fd;
	Elf *elf;
	GElf_Ehdr eh;
	size_t fsize;
};

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); goto fail; } while (0)

struct elf_file *elf_open(const char *path, char *err, size_t errlen)
{
	struct elf_file *f = calloc(1, sizeof *f);
	if (!f) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	f->path = path;
	/* O_NONBLOCK: a FIFO with no writer is refused below, not waited for */
	f->fd = *path ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;
	struct stat st;
	if (!*path)
		FAIL("'': empty file name");
	if (f->fd < 0 || fstat(f->fd, &st) != 0)
		FAIL("%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		FAIL("%s: %s", path, S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
	off_t end = lseek(f->fd, 0, SEEK_END);
	if (end < 0)
		FAIL("%s: %s", path, strerror(errno));
	f->fsize = (size_t)end;
	elf_version(EV_CURRENT);
	f->elf = elf_begin(f->fd, ELF_C_READ, NULL);
	if (!f->elf || elf_kind(f->elf) != ELF_K_ELF)
		FAIL("%s: not an ELF file", path);
	if (gelf_getclass(f->elf) != ELFCLASS64 || !gelf_getehdr(f->elf, &f->eh))
		FAIL("%s: not a 64-bit ELF file", path);
	if (f->eh.e_ident[EI_DATA] != ELFDATA2LSB || f->eh.e_machine != EM_ALPHA)
		FAIL("%s: not an Alpha ELF file (machine %u)", path, f->eh.e_machine);
	size_t n;
	if (elf_getphdrnum(f->elf, &n) != 0)
		FAIL("%s: bad program header table", path);
	if (f->eh.e_phoff > f->fsize ||
	    (uint64_t)n * f->eh.e_phentsize > f->fsize - f->eh.e_phoff)
		FAIL("%s: truncated (program headers lie beyond the end of the file)",
		     path);
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(f->elf, (int)i, &ph))
			FAIL("%s: bad program header %zu", path, i);
		if (ph.p_type == PT_LOAD &&
		    (ph.p_offset > f->fsize || ph.p_filesz > f->fsize - ph.p_offset))
			FAIL("%s: truncated (segment %zu lies beyond the end of the file)",
			     path, i);
		if (ph.p_type == PT_LOAD && ph.p_filesz > ph.p_memsz)
			FAIL("%s: bad segment %zu (file size above memory size)", path, i);
	}
	return f;
fail:
	elf_close(f);
	return NULL;
}

void elf_close(struct elf_file *f)
{
	if (!f)
		return;
	if (f->elf)
		elf_end(f->elf);
	if (f->fd >= 0)
		close(f->fd);
	free(f);
}

Elf *elf_handle(struct elf_file *f) { return f->elf; }
const char *elf_path(struct elf_file *f) { return f->path; }

bool elf_is_bare(struct elf_file *f)
{
	return f->eh.e_entry >= KSEG_BASE;
}

bool elf_has_symbol(struct elf_file *f, const char *name)
{
	for (Elf_Scn *s = NULL; (s = elf_nextscn(f->elf, s)) != NULL;) {
		GElf_Shdr sh;
		Elf_Data *data;
		if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize ||
		    !(data = elf_getdata(s, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym st;
			const char *n;
			if (gelf_getsym(data, (int)i, &st) && st.st_shndx != SHN_UNDEF &&
			    (n = elf_strptr(f->elf, sh.sh_link, st.st_name)) && !strcmp(n, name))
				return true;
		}
	}
	return false;
}

bool elf_load_bare(struct elf_file *f, struct machine *m, uint64_t *entry,
                   char *err, size_t errlen)
{
	const char *path = f->path;
	size_t n;
	bool entry_loaded = false;
	elf_getphdrnum(f->elf, &n);
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		gelf_getphdr(f->elf, (int)i, &ph);
		if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
			continue;
		if ((ph.p_flags & PF_X) && f->eh.e_entry - ph.p_vaddr < ph.p_memsz)
			entry_loaded = true;
		if (ph.p_vaddr < KSEG_BASE)
			FAIL("%s: segment %zu at 0x%llx is outside the kseg superpage",
			     path, i, (unsigned long long)ph.p_vaddr);
		uint64_t pa = KSEG_PA(ph.p_vaddr);
		if (pa + ph.p_memsz > m->mem_size || pa + ph.p_memsz < pa)
			FAIL("%s: segment %zu (0x%llx bytes at PA 0x%llx) does not fit in "
			     "%llu MB of memory", path, i, (unsigned long long)ph.p_memsz,
			     (unsigned long long)pa,
			     (unsigned long long)(m->mem_size >> 20));
		if (pread(f->fd, m->ram + pa, ph.p_filesz, (off_t)ph.p_offset) !=
		    (ssize_t)ph.p_filesz)
			FAIL("%s: cannot read segment %zu", path, i);
		memset(m->ram + pa + ph.p_filesz, 0, ph.p_memsz - ph.p_filesz);
	}
	if (!entry_loaded)
		FAIL("%s: the entry point 0x%llx is in no executable segment", path,
		     (unsigned long long)f->eh.e_entry);
	*entry = f->eh.e_entry;
	return true;
fail:
	return false;
}

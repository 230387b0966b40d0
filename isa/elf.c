/*
 * elf.c - Alpha ELF files through libelf (isa/elf.h).
 */
#include "isa/elf.h"
#include "util/fail.h"
#include "util/infile.h"
#include "util/xalloc.h"
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

/* Every section inside the file, and the executable ones together no
 * larger than it: each walk over a section's bytes, a symbol table's
 * entries or the text's words (analysis/lib/image.c) is then bounded by the
 * file's real size, whatever a header claims. */
static bool check_sections(struct elf_file *f, const char *path, char *err, size_t errlen)
{
	size_t n;
	if (elf_getshdrnum(f->elf, &n) != 0)
		FAIL("%s: bad section header table", path);
	if (n && (f->eh.e_shoff > f->fsize ||
	          (uint64_t)n * f->eh.e_shentsize > f->fsize - f->eh.e_shoff))
		FAIL("%s: truncated (section headers lie beyond the end of the file)", path);
	uint64_t exec = 0;
	for (Elf_Scn *s = NULL; (s = elf_nextscn(f->elf, s)) != NULL;) {
		GElf_Shdr sh;
		size_t i = elf_ndxscn(s);
		if (!gelf_getshdr(s, &sh))
			FAIL("%s: bad section header %zu", path, i);
		if (sh.sh_type != SHT_NOBITS &&
		    (sh.sh_offset > f->fsize || sh.sh_size > f->fsize - sh.sh_offset))
			FAIL("%s: section %zu claims 0x%llx bytes at offset 0x%llx, beyond the end "
			     "of the file (0x%zx bytes)", path, i, (unsigned long long)sh.sh_size,
			     (unsigned long long)sh.sh_offset, f->fsize);
		if (!(sh.sh_flags & SHF_EXECINSTR) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		if (sh.sh_size > f->fsize - exec)
			FAIL("%s: executable section %zu claims 0x%llx bytes: the executable "
			     "sections claim more than the file holds (0x%zx bytes)", path, i,
			     (unsigned long long)sh.sh_size, f->fsize);
		if (sh.sh_addr + sh.sh_size < sh.sh_addr)
			FAIL("%s: executable section %zu wraps around the address space", path, i);
		exec += sh.sh_size;
	}
	return true;
}

/* Check the file f->fd is open on: the ELF header, the program headers
 * and the segments, the sections. */
static bool check(struct elf_file *f, const char *path, uint64_t size, char *err,
                  size_t errlen)
{
	f->fsize = (size_t)size;
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
	return check_sections(f, path, err, errlen);
}

struct elf_file *elf_open(const char *path, char *err, size_t errlen)
{
	struct elf_file *f = calloc(1, sizeof *f);
	if (!f) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	f->path = path;
	/* a regular file, never waited on (util/infile.h); a link is
	 * followed: a sysroot's libraries are links to their versions */
	uint64_t size;
	f->fd = infile_open(path, false, &size, err, errlen);
	if (f->fd < 0 || !check(f, path, size, err, errlen)) {
		elf_close(f);
		return NULL;
	}
	return f;
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
uint64_t elf_entry(struct elf_file *f) { return f->eh.e_entry; }

bool elf_read(struct elf_file *f, uint64_t off, void *buf, size_t n)
{
	return pread(f->fd, buf, n, (off_t)off) == (ssize_t)n;
}

bool elf_symbol(struct elf_file *f, const char *name, uint64_t *value)
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
			    (n = elf_strptr(f->elf, sh.sh_link, st.st_name)) && !strcmp(n, name)) {
				if (value)
					*value = st.st_value;
				return true;
			}
		}
	}
	return false;
}


/* ---- an image's procedures ------------------------------------------- */

struct ranked {
	struct elf_proc p;
	int rank;                 /* a function, then global, weak, local */
};

static int ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	if (a->p.addr != b->p.addr)
		return a->p.addr < b->p.addr ? -1 : 1;
	if (a->rank != b->rank)
		return b->rank - a->rank;
	size_t ua = strspn(a->p.name, "_"), ub = strspn(b->p.name, "_");
	return ua != ub ? (ua < ub ? -1 : 1) : strcmp(a->p.name, b->p.name);
}

static bool in_text(const struct elf_procs *p, uint64_t addr)
{
	for (size_t i = 0; i < p->ntext; i++)
		if (addr - p->text[i].vaddr < p->text[i].size)
			return true;
	return false;
}

static bool read_segments(Elf *elf, struct elf_procs *p)
{
	size_t n, rawlen;
	const unsigned char *raw = (const unsigned char *)elf_rawfile(elf, &rawlen);
	if (elf_getphdrnum(elf, &n) || !raw)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph))
			return false;
		if (ph.p_type != PT_LOAD)
			continue;
		if (ph.p_offset > rawlen || ph.p_filesz > rawlen - ph.p_offset ||
		    !xalloc_room((void **)&p->seg, p->nseg, sizeof *p->seg))
			return false;
		p->seg[p->nseg++] = (struct elf_seg){ ph.p_vaddr, ph.p_offset, ph.p_filesz,
		                                      raw + ph.p_offset, ph.p_flags & PF_X };
	}
	return true;
}

/* The executable sections, and the symbol table to read. */
static bool read_sections(Elf *elf, struct elf_procs *p, Elf_Scn **symtab)
{
	Elf_Scn *dyn = NULL;
	*symtab = NULL;
	for (Elf_Scn *s = NULL; (s = elf_nextscn(elf, s));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh))
			return false;
		if (sh.sh_type == SHT_SYMTAB && sh.sh_size)
			*symtab = s;
		if (sh.sh_type == SHT_DYNSYM && sh.sh_size)
			dyn = s;
		if ((sh.sh_flags & SHF_EXECINSTR) && (sh.sh_flags & SHF_ALLOC) && sh.sh_size) {
			if (!xalloc_room((void **)&p->text, p->ntext, sizeof *p->text))
				return false;
			p->text[p->ntext++] = (struct elf_text){ sh.sh_addr, sh.sh_size };
		}
	}
	if (!*symtab)
		*symtab = dyn;
	return true;
}

static bool read_symbols(Elf *elf, Elf_Scn *scn, struct elf_procs *p)
{
	GElf_Shdr sh;
	Elf_Data *data;
	if (!gelf_getshdr(scn, &sh) || !sh.sh_entsize || !(data = elf_getdata(scn, NULL)))
		return false;
	size_t n = sh.sh_size / sh.sh_entsize, k = 0;
	struct ranked *v = calloc(n ? n : 1, sizeof *v);
	if (!v)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym st;
		if (!gelf_getsym(data, (int)i, &st)) {
			free(v);
			return false;
		}
		int type = GELF_ST_TYPE(st.st_info), bind = GELF_ST_BIND(st.st_info);
		const char *name = elf_strptr(elf, sh.sh_link, st.st_name);
		if ((type != STT_FUNC && type != STT_NOTYPE) || !name || !*name ||
		    *name == '$' || !strncmp(name, ".L", 2) || st.st_shndx == SHN_UNDEF ||
		    !in_text(p, st.st_value))
			continue;
		v[k++] = (struct ranked){ { st.st_value, st.st_size, name },
		                          (type == STT_FUNC ? 4 : 0) +
		                          (bind == STB_GLOBAL ? 2 : bind == STB_WEAK ? 1 : 0) };
	}
	qsort(v, k, sizeof *v, ranked_cmp);
	p->proc = calloc(k ? k : 1, sizeof *p->proc);
	for (size_t i = 0; p->proc && i < k; i++)
		if (!i || v[i - 1].p.addr != v[i].p.addr)
			p->proc[p->nproc++] = v[i].p;
	free(v);
	return p->proc != NULL;
}

bool elf_procs_read(struct elf_file *f, struct elf_procs *p)
{
	memset(p, 0, sizeof *p);
	Elf_Scn *symtab;
	bool ok = read_segments(f->elf, p) && read_sections(f->elf, p, &symtab) &&
	          (!symtab || read_symbols(f->elf, symtab, p));
	if (!ok)
		elf_procs_free(p);
	return ok;
}

void elf_procs_free(struct elf_procs *p)
{
	free(p->seg);
	free(p->text);
	free(p->proc);
	memset(p, 0, sizeof *p);
}

bool elf_procs_use(const char *path, bool (*use)(void *arg, struct elf_file *f,
                                                 const struct elf_procs *p),
                   void *arg, const char *what, char *err, size_t errlen)
{
	struct elf_file *f = elf_open(path, err, errlen);
	if (!f)
		return false;
	struct elf_procs ep;
	bool ok = elf_procs_read(f, &ep);
	if (ok) {
		ok = use(arg, f, &ep);
		elf_procs_free(&ep);
	}
	elf_close(f);
	if (!ok)
		snprintf(err, errlen, "%s: %s", path, what);
	return ok;
}

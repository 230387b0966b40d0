/*
 * datasyms.c - an image's writable segments and data objects, read with
 * libelf from a file isa/elf.c has opened and checked.
 */
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/lib/datasyms.h"
#include "isa/elf.h"
#include "util/search.h"

static int sym_cmp(const void *a, const void *b)
{
	const struct datasym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The object symbols of one symbol table section. */
static bool read_syms(Elf *e, Elf_Scn *scn, const GElf_Shdr *sh, struct datasyms *d)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	if (!data || !sh->sh_entsize)
		return true;
	size_t n = sh->sh_size / sh->sh_entsize;
	d->sym = calloc(n + 1, sizeof *d->sym);
	if (!d->sym)
		return false;
	GElf_Sym s;
	for (size_t i = 0; i < n && gelf_getsym(data, (int)i, &s); i++) {
		if (GELF_ST_TYPE(s.st_info) != STT_OBJECT || s.st_shndx == SHN_UNDEF ||
		    s.st_shndx >= SHN_LORESERVE)
			continue;
		const char *name = elf_strptr(e, sh->sh_link, s.st_name);
		if (!name || !*name)
			continue;
		if (!(d->sym[d->nsym].name = strdup(name)))
			return false;
		d->sym[d->nsym].addr = s.st_value;
		d->sym[d->nsym++].size = s.st_size;
	}
	qsort(d->sym, d->nsym, sizeof *d->sym, sym_cmp);
	return true;
}

bool datasyms_load(struct datasyms *d, const char *path, char *err, size_t errlen)
{
	memset(d, 0, sizeof *d);
	struct elf_file *f = elf_open(path, err, errlen);
	if (!f)
		return false;
	Elf *e = elf_handle(f);
	size_t nph = 0;
	bool ok = elf_getphdrnum(e, &nph) == 0 &&
	          (d->seg = calloc(nph + 1, sizeof *d->seg)) != NULL;
	GElf_Phdr ph;
	for (size_t i = 0; ok && i < nph; i++)
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD)
			d->seg[d->nseg++] = (struct dataseg){ ph.p_vaddr, ph.p_memsz, ph.p_offset,
			                                      ph.p_filesz, (ph.p_flags & PF_W) != 0 };
	/* .symtab, else the dynamic symbols a stripped library keeps */
	Elf_Scn *scn = NULL, *dyn = NULL, *tab = NULL;
	GElf_Shdr sh, dsh, tsh;
	while (ok && (scn = elf_nextscn(e, scn)) && gelf_getshdr(scn, &sh)) {
		if (sh.sh_type == SHT_SYMTAB)
			tab = scn, tsh = sh;
		else if (sh.sh_type == SHT_DYNSYM)
			dyn = scn, dsh = sh;
	}
	if (ok && (tab || dyn))
		ok = tab ? read_syms(e, tab, &tsh, d) : read_syms(e, dyn, &dsh, d);
	if (!ok) {
		snprintf(err, errlen, "%s: unreadable program headers or symbol table", path);
		datasyms_free(d);
	}
	elf_close(f);
	return ok;
}

void datasyms_free(struct datasyms *d)
{
	for (size_t i = 0; i < d->nsym; i++)
		free(d->sym[i].name);
	free(d->sym);
	free(d->seg);
	memset(d, 0, sizeof *d);
}

bool datasyms_vaddr(const struct datasyms *d, uint64_t off, uint64_t *vaddr)
{
	for (size_t i = 0; i < d->nseg; i++)
		if (off - d->seg[i].offset < d->seg[i].filesz) {
			*vaddr = d->seg[i].vaddr + (off - d->seg[i].offset);
			return true;
		}
	return false;
}

bool datasyms_in_data(const struct datasyms *d, uint64_t a)
{
	for (size_t i = 0; i < d->nseg; i++)
		if (d->seg[i].writable && a - d->seg[i].vaddr < d->seg[i].memsz)
			return true;
	return false;
}

long datasyms_find(const struct datasyms *d, uint64_t a)
{
	size_t k = search_upper_u64(d->sym, d->nsym, sizeof *d->sym,
	                            offsetof(struct datasym, addr), a);
	return (long)k - 1;
}

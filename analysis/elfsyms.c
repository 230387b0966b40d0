/*
 * elfsyms.c - symbols and segments through libelf (the file is opened and
 * checked by platform/loader.c's elf_open).
 */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/elfsyms.h"
#include "platform/loader.h"

/* Room for element n of an array holding n: capacities go 16, 32, 64...
 * so a bigger block is needed when n is 0 or a power of two >= 16. */
static bool grow(void **v, size_t n, size_t sz)
{
	if (n && (n < 16 || (n & (n - 1))))
		return true;
	void *p = realloc(*v, (n ? 2 * n : 16) * sz);
	if (!p)
		return false;
	*v = p;
	return true;
}

static int sym_cmp(const void *pa, const void *pb)
{
	const struct elfsym *a = pa, *b = pb;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->rank != b->rank)
		return b->rank - a->rank;
	/* aliases of one rank: the public name (malloc, not __libc_malloc),
	 * then the first alphabetically, so the choice does not depend on
	 * the order of the table */
	size_t ua = strspn(a->name, "_"), ub = strspn(b->name, "_");
	return ua != ub ? (ua < ub ? -1 : 1) : strcmp(a->name, b->name);
}

/* A function symbol beats an untyped label, a global one a local one. */
static int rank(const GElf_Sym *st)
{
	int bind = GELF_ST_BIND(st->st_info);
	return (GELF_ST_TYPE(st->st_info) == STT_FUNC ? 4 : 0) +
	       (bind == STB_GLOBAL ? 2 : bind == STB_WEAK ? 1 : 0);
}

static bool read_sections(struct elfsyms *es, Elf *elf, Elf_Scn **symtab)
{
	Elf_Scn *dyn = NULL;
	*symtab = NULL;
	for (Elf_Scn *s = NULL; (s = elf_nextscn(elf, s));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB && sh.sh_size)
			*symtab = s;
		if (sh.sh_type == SHT_DYNSYM && sh.sh_size)
			dyn = s;
		if ((sh.sh_flags & SHF_EXECINSTR) && (sh.sh_flags & SHF_ALLOC) && sh.sh_size) {
			if (!grow((void **)&es->text, es->ntext, sizeof *es->text))
				return false;
			es->text[es->ntext++] = (struct elfseg){ 0, sh.sh_size, sh.sh_addr };
		}
	}
	/* a stripped shared library still has its dynamic symbols */
	if (!*symtab)
		*symtab = dyn;
	return true;
}

static bool in_text(const struct elfsyms *es, uint64_t addr)
{
	for (size_t i = 0; i < es->ntext; i++)
		if (addr - es->text[i].vaddr < es->text[i].filesz)
			return true;
	return false;
}

static bool read_symbols(struct elfsyms *es, Elf *elf, Elf_Scn *s)
{
	GElf_Shdr sh;
	Elf_Data *data;
	if (!gelf_getshdr(s, &sh) || !sh.sh_entsize || !(data = elf_getdata(s, NULL)))
		return false;
	for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym st;
		if (!gelf_getsym(data, (int)i, &st))
			return false;
		int type = GELF_ST_TYPE(st.st_info);
		const char *name = elf_strptr(elf, sh.sh_link, st.st_name);
		/* procedures: functions and the untyped labels of assembly
		 * code (minios's PALcode and entry points), not the compiler's
		 * local labels */
		if ((type != STT_FUNC && type != STT_NOTYPE) || !name || !*name ||
		    *name == '$' || !strncmp(name, ".L", 2) || st.st_shndx == SHN_UNDEF ||
		    !in_text(es, st.st_value))
			continue;
		if (!grow((void **)&es->sym, es->nsym, sizeof *es->sym) ||
		    !(es->sym[es->nsym].name = strdup(name)))
			return false;
		es->sym[es->nsym].addr = st.st_value;
		es->sym[es->nsym++].rank = rank(&st);
	}
	/* none (a stripped program's .dynsym has only imports): es->sym is
	 * NULL, which qsort must not be given even with a count of 0 */
	if (es->nsym)
		qsort(es->sym, es->nsym, sizeof *es->sym, sym_cmp);
	size_t out = 0;
	for (size_t i = 0; i < es->nsym; i++) {
		if (out && es->sym[out - 1].addr == es->sym[i].addr)
			free(es->sym[i].name);
		else
			es->sym[out++] = es->sym[i];
	}
	es->nsym = out;
	return true;
}

bool elfsyms_load(struct elfsyms *es, const char *path, char *err, size_t errlen)
{
	memset(es, 0, sizeof *es);
	struct elf_file *f = elf_open(path, err, errlen);
	if (!f)
		return false;
	Elf *elf = elf_handle(f);
	size_t n;
	bool ok = elf_getphdrnum(elf, &n) == 0;
	for (size_t i = 0; ok && i < n; i++) {
		GElf_Phdr ph;
		ok = gelf_getphdr(elf, (int)i, &ph) != NULL;
		if (ok && ph.p_type == PT_LOAD) {
			ok = grow((void **)&es->seg, es->nseg, sizeof *es->seg);
			if (ok)
				es->seg[es->nseg++] = (struct elfseg){ ph.p_offset, ph.p_filesz,
				                                       ph.p_vaddr };
		}
	}
	Elf_Scn *symtab;
	ok = ok && read_sections(es, elf, &symtab);
	ok = ok && (!symtab || read_symbols(es, elf, symtab));
	elf_close(f);
	if (!ok) {
		snprintf(err, errlen, "%s: unreadable program headers or symbol table", path);
		elfsyms_free(es);
	}
	return ok;
}

void elfsyms_free(struct elfsyms *es)
{
	for (size_t i = 0; i < es->nsym; i++)
		free(es->sym[i].name);
	free(es->sym);
	free(es->seg);
	free(es->text);
	memset(es, 0, sizeof *es);
}

long elfsyms_find(const struct elfsyms *es, uint64_t off)
{
	size_t s = 0;
	while (s < es->nseg && off - es->seg[s].offset >= es->seg[s].filesz)
		s++;
	if (s == es->nseg)
		return -1;
	uint64_t a = off - es->seg[s].offset + es->seg[s].vaddr;
	const struct elfseg *t = NULL;
	for (size_t i = 0; i < es->ntext && !t; i++)
		if (a - es->text[i].vaddr < es->text[i].filesz)
			t = &es->text[i];
	if (!t)
		return -1;
	size_t lo = 0, hi = es->nsym;        /* the first symbol above a */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (es->sym[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || es->sym[lo - 1].addr < t->vaddr)
		return -1;
	return (long)lo - 1;
}

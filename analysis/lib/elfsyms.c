/*
 * elfsyms.c - an image's procedures for a listing, from the segments,
 * executable sections and procedure symbols isa/elf.c reads.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/lib/elfsyms.h"
#include "isa/elf.h"
#include "util/search.h"

static bool take(void *arg, struct elf_file *f, const struct elf_procs *ep)
{
	struct elfsyms *es = arg;
	(void)f;
	es->seg = calloc(ep->nseg ? ep->nseg : 1, sizeof *es->seg);
	es->text = calloc(ep->ntext ? ep->ntext : 1, sizeof *es->text);
	es->sym = calloc(ep->nproc ? ep->nproc : 1, sizeof *es->sym);
	bool ok = es->seg && es->text && es->sym;
	for (size_t i = 0; ok && i < ep->nseg; i++)
		es->seg[es->nseg++] = (struct elfseg){ ep->seg[i].offset, ep->seg[i].filesz,
		                                       ep->seg[i].vaddr };
	for (size_t i = 0; ok && i < ep->ntext; i++)
		es->text[es->ntext++] = (struct elfseg){ 0, ep->text[i].size, ep->text[i].vaddr };
	for (size_t i = 0; ok && i < ep->nproc; i++) {
		ok = (es->sym[i].name = strdup(ep->proc[i].name)) != NULL;
		es->sym[i].addr = ep->proc[i].addr;
		es->nsym += ok;
	}
	return ok;
}

bool elfsyms_load(struct elfsyms *es, const char *path, char *err, size_t errlen)
{
	memset(es, 0, sizeof *es);
	bool ok = elf_procs_use(path, take, es, "unreadable program headers or symbol table",
	                        err, errlen);
	if (!ok)
		elfsyms_free(es);
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
	size_t lo = search_upper_u64(es->sym, es->nsym, sizeof *es->sym,
	                             offsetof(struct elfsym, addr), a);
	if (!lo || es->sym[lo - 1].addr < t->vaddr)
		return -1;
	return (long)lo - 1;
}

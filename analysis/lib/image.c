/*
 * image.c - an image's bytes, sections and procedures (analysis/lib/image.h).
 *
 * The file's segments, executable sections and procedure symbols come
 * from isa/elf.c.  Procedures a symbol does not name are found the way a
 * tool without symbols must: code starts where something transfers to it
 * (the entry point, a BSR, a JSR hint) or where GCC's standard prologue
 * loads gp from the procedure value (Alpha calling standard: t12 holds
 * the procedure's address on entry, so "ldah gp,X(t12)" can only be a
 * procedure's first word).
 */
#include "analysis/lib/image.h"
#include "isa/elf.h"
#include "isa/isa.h"
#include "util/search.h"
#include "util/xalloc.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define R_T12 27
#define R_GP  29

void an_image_init(struct an_image *im)
{
	memset(im, 0, sizeof *im);
}

void an_image_free(struct an_image *im)
{
	for (size_t i = 0; i < im->nseg; i++)
		free(im->seg[i].bytes);
	for (size_t i = 0; i < im->nproc; i++)
		free(im->proc[i].name);
	free(im->seg);
	free(im->text);
	free(im->proc);
	free(im->entries);
	free(im->path);
	memset(im, 0, sizeof *im);
}

bool an_image_add_seg(struct an_image *im, uint64_t vaddr, uint64_t offset,
                      const void *bytes, uint64_t size, bool exec)
{
	if (!xalloc_room((void **)&im->seg, im->nseg, sizeof *im->seg))
		return false;
	unsigned char *b = malloc(size ? size : 1);
	if (!b)
		return false;
	if (size)
		memcpy(b, bytes, size);
	im->seg[im->nseg++] = (struct an_seg){ vaddr, offset, size, b, exec };
	return true;
}

static bool add_text(struct an_image *im, uint64_t vaddr, uint64_t size)
{
	if (!xalloc_room((void **)&im->text, im->ntext, sizeof *im->text))
		return false;
	im->text[im->ntext++] = (struct an_text){ vaddr, size };
	return true;
}

static bool push_proc(struct an_image *im, const char *name, uint64_t addr,
                      uint64_t size, bool synthetic)
{
	if (!xalloc_room((void **)&im->proc, im->nproc, sizeof *im->proc))
		return false;
	char *n = strdup(name);
	if (!n)
		return false;
	im->proc[im->nproc++] = (struct an_proc_sym){ addr, size, n, false, synthetic };
	return true;
}

bool an_image_add_proc(struct an_image *im, const char *name, uint64_t addr,
                       uint64_t size)
{
	return push_proc(im, name, addr, size, false);
}

static const struct an_seg *seg_of(const struct an_image *im, uint64_t va, size_t n)
{
	for (size_t i = 0; i < im->nseg; i++) {
		const struct an_seg *s = &im->seg[i];
		if (va - s->vaddr < s->size && n <= s->size - (va - s->vaddr))
			return s;
	}
	return NULL;
}

bool an_image_read(const struct an_image *im, uint64_t vaddr, void *buf, size_t n)
{
	const struct an_seg *s = seg_of(im, vaddr, n);
	if (!s)
		return false;
	memcpy(buf, s->bytes + (vaddr - s->vaddr), n);
	return true;
}

bool an_image_word(const struct an_image *im, uint64_t vaddr, uint32_t *w)
{
	unsigned char b[4];
	if ((vaddr & 3) || !an_image_read(im, vaddr, b, 4))
		return false;
	*w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	return true;
}

static const struct an_text *text_of(const struct an_image *im, uint64_t va)
{
	for (size_t i = 0; i < im->ntext; i++)
		if (va - im->text[i].vaddr < im->text[i].size)
			return &im->text[i];
	return NULL;
}

bool an_image_is_text(const struct an_image *im, uint64_t vaddr)
{
	return text_of(im, vaddr) != NULL;
}

bool an_image_off2va(const struct an_image *im, uint64_t off, uint64_t *va)
{
	for (size_t i = 0; i < im->nseg; i++)
		if (off - im->seg[i].offset < im->seg[i].size) {
			*va = off - im->seg[i].offset + im->seg[i].vaddr;
			return true;
		}
	return false;
}

bool an_image_va2off(const struct an_image *im, uint64_t va, uint64_t *off)
{
	const struct an_seg *s = seg_of(im, va, 1);
	if (!s)
		return false;
	*off = va - s->vaddr + s->offset;
	return true;
}

long an_image_proc_at(const struct an_image *im, uint64_t vaddr)
{
	size_t lo = search_upper_u64(im->proc, im->nproc, sizeof *im->proc,
	                             offsetof(struct an_proc_sym, addr), vaddr);
	if (!lo || vaddr - im->proc[lo - 1].addr >= im->proc[lo - 1].size)
		return -1;
	return (long)lo - 1;
}

long an_image_proc_named(const struct an_image *im, const char *name)
{
	for (size_t i = 0; i < im->nproc; i++)
		if (!strcmp(im->proc[i].name, name))
			return (long)i;
	return -1;
}

size_t an_image_proc_entries(const struct an_image *im, size_t p, const uint64_t **first)
{
	const struct an_proc_sym *ps = &im->proc[p];
	size_t lo = 0;
	while (lo < im->nentries && im->entries[lo] < ps->addr)
		lo++;
	size_t hi = lo;
	while (hi < im->nentries && im->entries[hi] - ps->addr < ps->size)
		hi++;
	/* no entries: no array to point into (NULL + 0 is undefined in C) */
	*first = im->nentries ? im->entries + lo : NULL;
	return hi - lo;
}

/* ---- finding procedures in the code ------------------------------------ */

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static int proc_cmp(const void *pa, const void *pb)
{
	const struct an_proc_sym *a = pa, *b = pb;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* Words that are only padding between procedures (NOP, UNOP, 0). */
static bool padding(uint32_t w)
{
	return w == 0x47ff041f || w == 0x2ffe0000 || w == 0;
}

static bool is_gp_prologue(uint32_t w)
{
	return INSN_OPCODE(w) == 0x09 && INSN_RA(w) == R_GP && INSN_RB(w) == R_T12;
}

/* Transfer targets in the text: BSR targets and nonzero JSR hints (the
 * linker's R_ALPHA_HINT, a displacement from PC + 4; docs/timing.md). */
static bool targets(const struct an_image *im, uint64_t **out, size_t *nout,
                    bool calls_only)
{
	uint64_t *t = NULL;
	size_t n = 0;
	for (size_t s = 0; s < im->ntext; s++)
		for (uint64_t pc = im->text[s].vaddr; pc - im->text[s].vaddr < im->text[s].size;
		     pc += 4) {
			uint32_t w;
			if (!an_image_word(im, pc, &w))
				continue;
			unsigned op = isa_decode(w, NULL);
			uint64_t to;
			if (op == OP_bsr)
				to = pc + 4 + 4 * (int64_t)INSN_DISP21(w);
			else if (!calls_only && op == OP_jsr && INSN_JHINT(w))
				to = pc + 4 + 4 * (int64_t)INSN_DISP14(w);
			else
				continue;
			if (!text_of(im, to))
				continue;
			if (!xalloc_room((void **)&t, n, sizeof *t)) {
				free(t);
				return false;
			}
			t[n++] = to;
		}
	if (n)
		qsort(t, n, sizeof *t, u64_cmp);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (!u || t[u - 1] != t[i])
			t[u++] = t[i];
	*out = t;
	*nout = u;
	return true;
}

static bool contains(const uint64_t *v, size_t n, uint64_t x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo] == x;
}

/* Procedures for [lo, hi), code no symbol covers. */
static bool fill_gap(struct an_image *im, uint64_t lo, uint64_t hi,
                     const uint64_t *tg, size_t ntg)
{
	uint64_t start = 0;
	bool open = false;
	for (uint64_t pc = lo; pc < hi; pc += 4) {
		uint32_t w = 0;
		an_image_word(im, pc, &w);
		/* a call past a gp prologue enters that procedure, it does
		 * not start one (GCC's local calls) */
		uint32_t before = 0;
		bool past_prologue = pc - lo >= 8 && an_image_word(im, pc - 8, &before) &&
		                     is_gp_prologue(before);
		bool begins = pc == im->entry || is_gp_prologue(w) ||
		              (contains(tg, ntg, pc) && !past_prologue);
		if (open && !begins)
			continue;
		if (!open && padding(w))
			continue;
		if (open) {
			char name[40];
			snprintf(name, sizeof name, "proc@0x%llx", (unsigned long long)start);
			if (!push_proc(im, name, start, pc - start, true))
				return false;
		}
		start = pc;
		open = true;
	}
	if (open) {
		char name[40];
		snprintf(name, sizeof name, "proc@0x%llx", (unsigned long long)start);
		return push_proc(im, name, start, hi - start, true);
	}
	return true;
}

bool an_image_finish(struct an_image *im)
{
	if (!im->ntext)
		for (size_t i = 0; i < im->nseg; i++)
			if (im->seg[i].exec && !add_text(im, im->seg[i].vaddr, im->seg[i].size))
				return false;
	im->had_symbols = im->nproc > 0;
	/* symbols: sorted, unique addresses (the first added wins), a size
	 * of 0 or one running into the next symbol ends at the next symbol or
	 * at the end of its section */
	if (im->nproc)
		qsort(im->proc, im->nproc, sizeof *im->proc, proc_cmp);
	size_t u = 0;
	for (size_t i = 0; i < im->nproc; i++) {
		if (u && im->proc[u - 1].addr == im->proc[i].addr)
			free(im->proc[i].name);
		else
			im->proc[u++] = im->proc[i];
	}
	im->nproc = u;
	for (size_t i = 0; i < im->nproc; i++) {
		struct an_proc_sym *p = &im->proc[i];
		const struct an_text *t = text_of(im, p->addr);
		uint64_t end = t ? t->vaddr + t->size : p->addr + p->size;
		if (i + 1 < im->nproc && im->proc[i + 1].addr < end)
			end = im->proc[i + 1].addr;
		if (!p->size || p->size > end - p->addr)
			p->size = end - p->addr;
	}
	uint64_t *tg;
	size_t ntg;
	if (!targets(im, &tg, &ntg, false))
		return false;
	/* code between symbols (or all of it, stripped) */
	size_t nsym = im->nproc;
	bool ok = true;
	for (size_t s = 0; ok && s < im->ntext; s++) {
		uint64_t lo = im->text[s].vaddr, hi = lo + im->text[s].size;
		for (size_t i = 0; ok && i <= nsym; i++) {
			uint64_t next = i < nsym ? im->proc[i].addr : hi;
			if (next > hi)
				next = hi;
			if (next > lo)
				ok = fill_gap(im, lo, next, tg, ntg);
			if (i < nsym && im->proc[i].addr + im->proc[i].size > lo)
				lo = im->proc[i].addr + im->proc[i].size;
		}
	}
	free(tg);
	if (!ok)
		return false;
	if (im->nproc)
		qsort(im->proc, im->nproc, sizeof *im->proc, proc_cmp);
	for (size_t i = 0; i < im->nproc; i++) {
		uint32_t w;
		im->proc[i].gpload = an_image_word(im, im->proc[i].addr, &w) && is_gp_prologue(w);
	}
	/* extra entry points: BSR targets past a procedure's start (GCC's
	 * local calls enter after the gp prologue) */
	if (!targets(im, &tg, &ntg, true))
		return false;
	u = 0;
	for (size_t i = 0; i < ntg; i++) {
		long p = an_image_proc_at(im, tg[i]);
		if (p >= 0 && im->proc[p].addr != tg[i])
			tg[u++] = tg[i];
	}
	free(im->entries);
	im->entries = tg;
	im->nentries = u;
	return true;
}

/* ---- reading an ELF file ----------------------------------------------- */

/* an_image_add_seg copies each segment's bytes: they point into the file. */
static bool take(void *arg, struct elf_file *f, const struct elf_procs *ep)
{
	struct an_image *im = arg;
	bool ok = (im->path = strdup(elf_path(f))) != NULL;
	im->entry = elf_entry(f);
	for (size_t i = 0; ok && i < ep->nseg; i++)
		ok = an_image_add_seg(im, ep->seg[i].vaddr, ep->seg[i].offset, ep->seg[i].bytes,
		                      ep->seg[i].filesz, ep->seg[i].exec);
	for (size_t i = 0; ok && i < ep->ntext; i++)
		ok = add_text(im, ep->text[i].vaddr, ep->text[i].size);
	for (size_t i = 0; ok && i < ep->nproc; i++)
		ok = push_proc(im, ep->proc[i].name, ep->proc[i].addr, ep->proc[i].size, false);
	return ok && an_image_finish(im);
}

bool an_image_load(struct an_image *im, const char *path, char *err, size_t errlen)
{
	an_image_init(im);
	bool ok = elf_procs_use(path, take, im, "unreadable program headers, sections or symbols",
	                        err, errlen);
	if (!ok)
		an_image_free(im);
	return ok;
}

/*
 * callsite.c - an image's call sites and their targets (analysis/
 * callsite.h).
 */
#include "analysis/lib/callsite.h"
#include "isa/elf.h"
#include "isa/isa.h"
#include "util/xalloc.h"
#include <elf.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define R_T12 27
#define R_GP  29
/* How far back from a JSR its register's load is looked for: GCC
 * schedules it a few instructions before, in the same block. */
#define MAX_BACK 64

const char *const an_call_how_name[] = { "bsr", "got", "got", "indirect" };

/* A GOT slot bound by a dynamic relocation: to a symbol's name, or
 * (R_ALPHA_RELATIVE) to an address of the image. */
struct slot {
	uint64_t at;
	const char *name;            /* NULL: addr                          */
	uint64_t addr;
};

struct reader {
	struct an_callsites *cs;
	struct slot *slot;
	size_t nslot;
};

static int by_at(const void *a, const void *b)
{
	uint64_t x = ((const struct slot *)a)->at, y = ((const struct slot *)b)->at;
	return (x > y) - (x < y);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct an_dynsym *)a)->name, ((const struct an_dynsym *)b)->name);
}

/* p, an array of n elements of size, with room for one more: doubled
 * when n is a power of two (every array here only grows). */
static void *grow(void *p, size_t n, size_t size)
{
	return n & (n - 1) ? p : xrealloc(p, (n ? 2 * n : 1) * size);
}

static const char *keep_name(struct an_callsites *cs, const char *s)
{
	for (size_t i = 0; i < cs->nnames; i++)   /* few distinct names: the library calls */
		if (!strcmp(cs->names[i], s))
			return cs->names[i];
	cs->names = grow(cs->names, cs->nnames, sizeof *cs->names);
	return cs->names[cs->nnames++] = xstrdup(s);
}

/* The dynamic relocations of GOT slots (every SHT_RELA section over
 * .dynsym: .rela.dyn, .rela.plt) and the defined function symbols of
 * .dynsym. */
static void read_dynamic(struct reader *r, Elf *e)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	while ((scn = elf_nextscn(e, scn)) && gelf_getshdr(scn, &sh)) {
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d)
			continue;
		if (sh.sh_type == SHT_DYNSYM) {
			GElf_Sym sym;
			for (int i = 0; gelf_getsym(d, i, &sym); i++) {
				int t = GELF_ST_TYPE(sym.st_info);
				const char *nm = elf_strptr(e, sh.sh_link, sym.st_name);
				if (sym.st_shndx == SHN_UNDEF || !nm || !*nm ||
				    (t != STT_FUNC && t != STT_GNU_IFUNC))
					continue;
				struct an_callsites *cs = r->cs;
				cs->def = grow(cs->def, cs->ndef, sizeof *cs->def);
				cs->def[cs->ndef++] = (struct an_dynsym){ sym.st_value, xstrdup(nm) };
			}
			continue;
		}
		if (sh.sh_type != SHT_RELA)
			continue;
		Elf_Scn *ss = elf_getscn(e, sh.sh_link);
		GElf_Shdr ssh;
		Elf_Data *sd = ss && gelf_getshdr(ss, &ssh) && ssh.sh_type == SHT_DYNSYM
			? elf_getdata(ss, NULL) : NULL;
		if (!sd)
			continue;
		GElf_Rela ra;
		for (int i = 0; gelf_getrela(d, i, &ra); i++) {
			unsigned type = (unsigned)GELF_R_TYPE(ra.r_info);
			struct slot s = { ra.r_offset, NULL, 0 };
			GElf_Sym sym;
			if (type == R_ALPHA_RELATIVE) {
				s.addr = (uint64_t)ra.r_addend;
			} else if (type == R_ALPHA_JMP_SLOT || type == R_ALPHA_GLOB_DAT) {
				const char *nm = gelf_getsym(sd, (int)GELF_R_SYM(ra.r_info), &sym)
					? elf_strptr(e, ssh.sh_link, sym.st_name) : NULL;
				if (!nm || !*nm)
					continue;
				s.name = keep_name(r->cs, nm);
			} else {
				continue;
			}
			r->slot = grow(r->slot, r->nslot, sizeof *r->slot);
			r->slot[r->nslot++] = s;
		}
	}
	if (r->nslot)   /* qsort's base may not be NULL, even for no items (C11 7.22.5) */
		qsort(r->slot, r->nslot, sizeof *r->slot, by_at);
	if (r->cs->ndef)
		qsort(r->cs->def, r->cs->ndef, sizeof *r->cs->def, by_name);
}

static unsigned op_at(const struct an_image *im, uint64_t pc, uint32_t *w)
{
	return an_image_word(im, pc, w) ? isa_decode(*w, NULL) : OP_ILLEGAL;
}

/* The gp GCC's prologue computes from the procedure value (t12 = the
 * procedure's address on entry), if the procedure starts with it. */
static bool prologue_gp(const struct an_image *im, uint64_t start, uint64_t *gp)
{
	uint32_t w0, w1;
	if (op_at(im, start, &w0) != OP_ldah || INSN_RA(w0) != R_GP || INSN_RB(w0) != R_T12 ||
	    op_at(im, start + 4, &w1) != OP_lda || INSN_RA(w1) != R_GP || INSN_RB(w1) != R_GP)
		return false;
	*gp = start + (uint64_t)((int64_t)INSN_DISP16(w0) * 65536 + INSN_DISP16(w1));
	return true;
}

static bool writes(unsigned op, uint32_t w, unsigned reg)
{
	if (op >= OP_COUNT)
		return false;
	unsigned f = isa_table[op].flags;
	return ((f & I_WRA) && !(f & I_FPA) && INSN_RA(w) == reg) ||
	       ((f & I_WRC) && !(f & I_FPC) && INSN_RC(w) == reg);
}

/* Where the JSR at pc (register rb) goes: the load of rb before it in
 * its straight-line code, a gp-relative LDQ of a slot. */
static void resolve_jsr(const struct reader *r, const struct an_image *im, uint64_t start,
                        bool have_gp, uint64_t gp, uint64_t pc, unsigned rb,
                        struct an_callsite *c)
{
	c->how = AN_CALL_INDIRECT;
	for (uint64_t q = pc; q > start && pc - q < 4 * MAX_BACK;) {
		q -= 4;
		uint32_t w;
		unsigned op = op_at(im, q, &w);
		if (op >= OP_COUNT || (isa_table[op].flags & I_BRANCH))
			return;   /* rb set in another block, or not at all here */
		if (!writes(op, w, rb))
			continue;
		if (op != OP_ldq || INSN_RB(w) != R_GP || !have_gp)
			return;
		uint64_t at = gp + (uint64_t)(int64_t)INSN_DISP16(w);
		size_t lo = 0, hi = r->nslot;
		while (lo < hi) {
			size_t m = (lo + hi) / 2;
			if (r->slot[m].at < at)
				lo = m + 1;
			else
				hi = m;
		}
		uint64_t to;
		if (lo < r->nslot && r->slot[lo].at == at) {
			if (r->slot[lo].name) {
				c->how = AN_CALL_GOT_SYM;
				c->sym = r->slot[lo].name;
				return;
			}
			to = r->slot[lo].addr;
		} else if (!an_image_read(im, at, &to, sizeof to)) {
			return;
		}
		if (an_image_is_text(im, to)) {   /* a constant slot of this image */
			c->how = AN_CALL_GOT_ADDR;
			c->target = to;
		}
		return;
	}
}

/* The image's gp when every prologue computes the same one (one GOT). */
static bool image_gp(const struct an_image *im, uint64_t *gp)
{
	bool have = false;
	for (size_t p = 0; p < im->nproc; p++) {
		uint64_t g;
		if (!prologue_gp(im, im->proc[p].addr, &g))
			continue;
		if (have && g != *gp)
			return false;
		*gp = g;
		have = true;
	}
	return have;
}

bool an_callsites_find(struct an_callsites *cs, const struct an_image *im, const char *path,
                       char *err, size_t errlen)
{
	memset(cs, 0, sizeof *cs);
	struct elf_file *f = elf_open(path, err, errlen);
	if (!f)
		return false;
	struct reader r = { cs, NULL, 0 };
	read_dynamic(&r, elf_handle(f));
	elf_close(f);
	uint64_t igp = 0;
	bool have_igp = image_gp(im, &igp);
	for (size_t p = 0; p < im->nproc; p++) {
		const struct an_proc_sym *ps = &im->proc[p];
		uint64_t gp = igp;
		bool have_gp = prologue_gp(im, ps->addr, &gp) || have_igp;
		for (uint64_t pc = ps->addr; pc < ps->addr + ps->size; pc += 4) {
			uint32_t w;
			unsigned op = op_at(im, pc, &w);
			if (op != OP_bsr && op != OP_jsr)
				continue;
			struct an_callsite c = { p, pc, AN_CALL_BSR, 0, NULL };
			if (op == OP_bsr)
				c.target = pc + 4 + 4 * (int64_t)INSN_DISP21(w);
			else
				resolve_jsr(&r, im, ps->addr, have_gp, gp, pc, INSN_RB(w), &c);
			cs->site = grow(cs->site, cs->n, sizeof *cs->site);
			cs->site[cs->n++] = c;
		}
	}
	free(r.slot);
	return true;
}

void an_callsites_free(struct an_callsites *cs)
{
	for (size_t i = 0; i < cs->ndef; i++)
		free(cs->def[i].name);
	for (size_t i = 0; i < cs->nnames; i++)
		free(cs->names[i]);
	free(cs->def);
	free(cs->names);
	free(cs->site);
	memset(cs, 0, sizeof *cs);
}

bool an_callsites_defines(const struct an_callsites *cs, const char *name, uint64_t addr,
                          uint64_t size)
{
	struct an_dynsym key = { 0, (char *)name };
	const struct an_dynsym *d = cs->ndef
		? bsearch(&key, cs->def, cs->ndef, sizeof *cs->def, by_name) : NULL;
	if (!d)
		return false;
	/* the first and the following of that name (versions of one symbol) */
	while (d > cs->def && !strcmp(d[-1].name, name))
		d--;
	for (; d < cs->def + cs->ndef && !strcmp(d->name, name); d++)
		if (d->addr >= addr && d->addr < addr + size)
			return true;
	return false;
}

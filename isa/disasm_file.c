/*
 * disasm_file.c - alphasim --disassemble: every executable section of an
 * Alpha ELF file in the layout of alpha-linux-gnu-objdump -d (binutils
 * objdump.c, disassemble_section and disassemble_bytes): a header per
 * symbol, one line per instruction, runs of 8 or more zero bytes shown
 * as "...".  Symbols come from .symtab, or from .dynsym when the file has
 * no .symtab, as objdump takes them.  Symbolic annotations are simpler
 * than objdump's (no symbol versions; see docs/isa.md).
 *
 * The file is read and checked completely before anything is printed, so
 * bad input gives a message and no partial listing.
 */
#include "isa/disasm.h"
#include "isa/elf.h"
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

enum { SKIP_ZEROES = 8 };       /* objdump's default --skip-zeroes */

struct sym {
	uint64_t addr;
	const char *name;
	size_t sec;             /* index into dfile.sec                    */
	int rank;               /* which name to show when several share an
	                           address: global, then weak, then local;
	                           functions first                          */
};

struct section {
	size_t ndx;             /* ELF section index                       */
	const char *name;
	uint64_t addr, size;
	const uint8_t *data;
	size_t sym0, nsym;      /* its symbols: dfile.sym[sym0 .. sym0+nsym) */
};

struct dfile {
	struct section *sec;
	size_t nsec;
	struct sym *sym;
	size_t nsym;
	bool nosyms;            /* no symbol at all, in any section: a
	                           stripped static program               */
};

static void dfile_free(struct dfile *d)
{
	free(d->sec);
	free(d->sym);
}

/* ---- reading ---------------------------------------------------------- */

static int read_sections(Elf *elf, struct dfile *d, const char *path)
{
	size_t shstr, n, fsize = 0;
	GElf_Ehdr eh;
	if (!elf_rawfile(elf, &fsize) || !gelf_getehdr(elf, &eh) ||
	    eh.e_shoff > fsize ||
	    (uint64_t)eh.e_shnum * eh.e_shentsize > fsize - eh.e_shoff) {
		fprintf(stderr, "alphasim: %s: truncated (section headers lie beyond "
		        "the end of the file)\n", path);
		return -1;
	}
	if (elf_getshdrstrndx(elf, &shstr) != 0 || elf_getshdrnum(elf, &n) != 0) {
		fprintf(stderr, "alphasim: %s: bad section header table\n", path);
		return -1;
	}
	d->sec = calloc(n ? n : 1, sizeof *d->sec);
	if (!d->sec) {
		fprintf(stderr, "alphasim: %s: out of memory\n", path);
		return -1;
	}
	for (Elf_Scn *s = NULL; (s = elf_nextscn(elf, s)) != NULL;) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh) || !(sh.sh_flags & SHF_EXECINSTR) ||
		    sh.sh_type == SHT_NOBITS || sh.sh_size == 0)
			continue;
		const char *name = elf_strptr(elf, shstr, sh.sh_name);
		Elf_Data *data = elf_rawdata(s, NULL);
		if (!name || !data || data->d_size != sh.sh_size) {
			fprintf(stderr, "alphasim: %s: section %zu is truncated or "
			        "unreadable\n", path, elf_ndxscn(s));
			return -1;
		}
		d->sec[d->nsec++] = (struct section){
			elf_ndxscn(s), name, sh.sh_addr, sh.sh_size, data->d_buf, 0, 0 };
	}
	return 0;
}

/* The executable section holding st, or -1. */
static long sym_section(const struct dfile *d, const GElf_Sym *st)
{
	for (size_t i = 0; i < d->nsec; i++) {
		const struct section *s = &d->sec[i];
		if (s->ndx == st->st_shndx && st->st_value >= s->addr &&
		    st->st_value - s->addr < s->size)
			return (long)i;
	}
	return -1;
}

static Elf_Scn *symbol_table(Elf *elf)
{
	Elf_Scn *dyn = NULL;
	for (Elf_Scn *s = NULL; (s = elf_nextscn(elf, s)) != NULL;) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh) || sh.sh_size == 0)
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			return s;
		if (sh.sh_type == SHT_DYNSYM)
			dyn = s;
	}
	return dyn;
}

static int sym_rank(const GElf_Sym *st)
{
	int bind = GELF_ST_BIND(st->st_info);
	return (bind == STB_GLOBAL ? 2 : bind == STB_WEAK ? 1 : 0) +
	       (GELF_ST_TYPE(st->st_info) == STT_FUNC ? 4 : 0);
}

static int read_symbols(Elf *elf, struct dfile *d, const char *path)
{
	Elf_Scn *s = symbol_table(elf);
	GElf_Shdr sh;
	Elf_Data *data;
	d->nosyms = true;
	if (!s)
		return 0;
	if (!gelf_getshdr(s, &sh) || sh.sh_entsize == 0 ||
	    !(data = elf_getdata(s, NULL))) {
		fprintf(stderr, "alphasim: %s: unreadable symbol table\n", path);
		return -1;
	}
	size_t n = sh.sh_size / sh.sh_entsize;
	d->sym = calloc(n ? n : 1, sizeof *d->sym);
	if (!d->sym) {
		fprintf(stderr, "alphasim: %s: out of memory\n", path);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		GElf_Sym st;
		if (!gelf_getsym(data, (int)i, &st))
			break;
		int type = GELF_ST_TYPE(st.st_info);
		const char *name = elf_strptr(elf, sh.sh_link, st.st_name);
		if (type == STT_SECTION || type == STT_FILE || !name || !*name ||
		    st.st_shndx == SHN_UNDEF || st.st_shndx == SHN_COMMON)
			continue;
		d->nosyms = false;
		long sec = sym_section(d, &st);
		if (sec < 0)
			continue;
		d->sym[d->nsym++] = (struct sym){
			st.st_value, name, (size_t)sec, sym_rank(&st) };
	}
	return 0;
}

static int cmp_sym(const void *pa, const void *pb)
{
	const struct sym *a = pa, *b = pb;
	if (a->sec != b->sec)
		return a->sec < b->sec ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return b->rank - a->rank;
}

static void index_symbols(struct dfile *d)
{
	/* a stripped file has no symbols and d->sym may be NULL, which
	 * qsort must not be given even with a count of 0 (C11 7.22.5) */
	if (d->nsym)
		qsort(d->sym, d->nsym, sizeof *d->sym, cmp_sym);
	for (size_t i = 0; i < d->nsym; i++) {
		struct section *s = &d->sec[d->sym[i].sec];
		if (s->nsym++ == 0)
			s->sym0 = i;
	}
}

/* ---- printing --------------------------------------------------------- */

/* " <name+0xoff>" after an address: the nearest symbol at or below it in
 * its section, else the section itself.  A file with no symbols at all
 * gets "0x" addresses and no annotation, as objdump prints them when it
 * has no symbol to relate them to (binutils objdump_print_addr). */
static int annotate(char *buf, size_t len, uint64_t addr, void *ctx)
{
	const struct dfile *d = ctx;
	if (d->nosyms)
		return snprintf(buf, len, "0x%" PRIx64, addr);
	for (size_t i = 0; i < d->nsec; i++) {
		const struct section *s = &d->sec[i];
		if (addr < s->addr || addr - s->addr >= s->size)
			continue;
		const char *name = s->name;
		uint64_t base = s->addr;
		size_t lo = 0, hi = s->nsym;   /* last symbol <= addr */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (d->sym[s->sym0 + mid].addr <= addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0) {
			const struct sym *y = &d->sym[s->sym0 + lo - 1];
			while (y > d->sym + s->sym0 && y[-1].addr == y->addr)
				y--;                    /* best-ranked name */
			name = y->name;
			base = y->addr;
		}
		if (addr == base)
			return snprintf(buf, len, "%" PRIx64 " <%s>", addr, name);
		return snprintf(buf, len, "%" PRIx64 " <%s+0x%" PRIx64 ">", addr,
		                name, addr - base);
	}
	return snprintf(buf, len, "%" PRIx64, addr);
}

/* objdump drops leading groups of four zero digits of the section's end
 * address while a zero would remain, and right-aligns every address of
 * the section in what is left. */
static int addr_width(const struct section *s)
{
	char buf[17];
	int skip = 0;
	snprintf(buf, sizeof buf, "%016" PRIx64, s->addr + s->size);
	while (skip + 5 <= 16 && !strncmp(buf + skip, "00000", 5))
		skip += 4;
	return 16 - skip;
}

/* An instruction's text, taken again at full length when a long symbol
 * name did not fit in the usual buffer. */
static void print_text(FILE *out, const char *text, size_t size, int n,
                       uint32_t w, uint64_t pc, const struct dfile *d)
{
	char *big = (size_t)n >= size ? malloc((size_t)n + 1) : NULL;
	if (big)
		disasm_insn_addr(big, (size_t)n + 1, w, pc, annotate, (void *)d);
	fprintf(out, "%s\n", big ? big : text);
	free(big);
}

static void print_insns(FILE *out, const struct dfile *d,
                        const struct section *s, uint64_t from, uint64_t to)
{
	int width = addr_width(s);
	char text[512];
	uint64_t off = from;
	while (off < to) {
		uint64_t z = off;
		while (z < to && s->data[z] == 0)
			z++;
		if (z - off >= SKIP_ZEROES) {
			fprintf(out, "\t...\n");
			off = z == to ? z : off + ((z - off) & ~3ull);
			continue;
		}
		if (s->size - off < 4)
			break;
		const uint8_t *b = s->data + off;
		uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
		             (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
		int n = disasm_insn_addr(text, sizeof text, w, s->addr + off,
		                         annotate, (void *)d);
		fprintf(out, "%*" PRIx64 ":\t%02x %02x %02x %02x \t", width,
		        s->addr + off, b[0], b[1], b[2], b[3]);
		print_text(out, text, sizeof text, n, w, s->addr + off, d);
		off += 4;
	}
}

static void print_header(FILE *out, const struct section *s,
                         const struct sym *first, uint64_t addr)
{
	fprintf(out, "\n%016" PRIx64 " <", addr);
	if (!first)
		fprintf(out, "%s>:\n", s->name);
	else if (first->addr == addr)
		fprintf(out, "%s>:\n", first->name);
	else
		fprintf(out, "%s-0x%" PRIx64 ">:\n", first->name, first->addr - addr);
}

/* A section is cut at every address that has a symbol; each piece gets a
 * header naming its symbol (or, before the first, the next one). */
static void print_section(FILE *out, const struct dfile *d,
                          const struct section *s)
{
	size_t y = s->sym0, end = s->sym0 + s->nsym;
	uint64_t at = s->addr;
	fprintf(out, "\nDisassembly of section %s:\n", s->name);
	while (at < s->addr + s->size) {
		print_header(out, s, y < end ? &d->sym[y] : NULL, at);
		while (y < end && d->sym[y].addr == at)
			y++;
		uint64_t stop = y < end ? d->sym[y].addr : s->addr + s->size;
		print_insns(out, d, s, at - s->addr, stop - s->addr);
		at = stop;
	}
}

int disasm_file(const char *path, FILE *out)
{
	char err[512];
	struct elf_file *f = elf_open(path, err, sizeof err);
	if (!f) {
		fprintf(stderr, "alphasim: %s\n", err);
		return 1;
	}
	struct dfile d = { 0 };
	Elf *elf = elf_handle(f);
	int rc = read_sections(elf, &d, path);
	if (rc == 0)
		rc = read_symbols(elf, &d, path);
	if (rc == 0) {
		index_symbols(&d);
		fprintf(out, "\n%s:     file format elf64-alpha\n\n", path);
		for (size_t i = 0; i < d.nsec; i++)
			print_section(out, &d, &d.sec[i]);
		if (fflush(out) != 0 || ferror(out)) {
			fprintf(stderr, "alphasim: %s: error writing the listing\n", path);
			rc = 1;
		}
	}
	dfile_free(&d);
	elf_close(f);
	return rc != 0;
}

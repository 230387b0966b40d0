/*
 * truthcsv.c - print an alphasim truth file (docs/truth-format.md) as CSV.
 *
 *   truthcsv FILE            one row per instruction: space, pc, count,
 *                            head cycles, cycles by cause, events, and
 *                            the image and offset the PC lies in
 *   truthcsv --images FILE   the image table: the images the guest
 *                            announced, in the order they were loaded
 *   truthcsv --summary FILE  key=value totals: cycles and instructions per
 *                            CPU and in all, the head-cycle sum, each
 *                            cause and event, and balance=ok|bad
 *   truthcsv --params FILE   the machine description the run used
 *
 * Bad input: one line naming the file and the problem, exit status 125;
 * the same for a bad command line (after the usage line) and for output
 * that could not be written.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/outfile.h"

#define MAX_NAMES 64
#define MAX_CPUS  1024
#define KSEG      0xfffffc0000000000ull   /* PAL PCs are physical */

static const char *path;

static _Noreturn void bad(const char *what)
{
	fprintf(stderr, "truthcsv: %s: %s\n", path, what);
	exit(125);
}

static void get(FILE *f, void *buf, size_t n)
{
	if (fread(buf, 1, n, f) != n)
		bad(ferror(f) ? strerror(errno) : "truncated file");
}

static uint64_t get64(FILE *f)
{
	unsigned char b[8];
	get(f, b, 8);
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static uint32_t get32(FILE *f)
{
	unsigned char b[4];
	get(f, b, 4);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

#define NAME_MAX_LEN 64

static void get_name(FILE *f, char *buf)
{
	for (size_t n = 0;; n++) {
		int ch = getc(f);
		if (ch == EOF)
			bad("truncated file");
		if (n == NAME_MAX_LEN)
			bad("bad name table");
		buf[n] = (char)ch;
		if (!ch)
			break;
	}
}

/* The image table (version 2 on). */
struct image {
	uint32_t asn, pid, cpu;
	uint64_t cycles, base, size, offset, ident;
	char *path;
};
static struct image *images;
static uint64_t nimages;

static void get_images(FILE *f)
{
	nimages = get64(f);
	if (nimages > (1u << 24) || !(images = calloc(nimages + 1, sizeof *images)))
		bad("bad image table");
	for (uint64_t i = 0; i < nimages; i++) {
		struct image *im = &images[i];
		im->asn = get32(f);
		im->pid = get32(f);
		im->cpu = get32(f);
		uint32_t plen = get32(f);
		im->cycles = get64(f);
		im->base = get64(f);
		im->size = get64(f);
		im->offset = get64(f);
		im->ident = get64(f);
		if (plen > 4096 || !(im->path = calloc(plen + 1, 1)))
			bad("bad image table");
		get(f, im->path, plen);
	}
}

/* A path as one CSV field. */
static void put_field(const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

/* The exit status once the output is out: 0, or 125 if standard output
 * lost some of it (a full disk). */
static int done(void)
{
	char err[128];
	if (outfile_flush_stdout(err, sizeof err))
		return 0;
	fprintf(stderr, "truthcsv: %s\n", err);
	return 125;
}

/* The image holding (space, pc), the latest loaded: one of that ASN's,
 * or the kernel's (pid 0), which every space runs and PAL code lies in. */
static const struct image *image_of(uint32_t space, uint64_t *va)
{
	*va = space == 0xffff ? *va + KSEG : *va;
	for (uint64_t i = nimages; i-- > 0; ) {
		const struct image *im = &images[i];
		if ((im->pid == 0 || (space != 0xffff && im->asn == space)) &&
		    *va - im->base < im->size)
			return im;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	enum { ROWS, SUMMARY, PARAMS, IMAGES } mode = ROWS;
	static const char *const modes[] = { "", "--summary", "--params", "--images" };
	const char *use = "usage: truthcsv [--summary | --params | --images] FILE\n";
	if (argc == 2 && !strcmp(argv[1], "--help")) {
		fputs(use, stdout);
		return done();
	}
	/* [MODE] FILE; a FILE starting with "-" needs a directory: ./-x */
	int i = 1;
	if (argc == 3)
		for (mode = SUMMARY; mode <= IMAGES && strcmp(argv[1], modes[mode]); mode++)
			;
	if (argc == 3 && mode <= IMAGES)
		i = 2;
	if (i != argc - 1 || argv[i][0] == '-') {
		fputs(use, stderr);
		return 125;
	}
	path = argv[i];
	if (!*path) {
		fprintf(stderr, "truthcsv: empty file name\n");
		return 125;
	}
	FILE *f = fopen(path, "rb");
	if (!f)
		bad(strerror(errno));
	char magic[8];
	get(f, magic, 8);
	if (memcmp(magic, "ASTRUTH\n", 8))
		bad("not an alphasim truth file");
	uint32_t version = get32(f);
	if (version != 1 && version != 2)
		bad("unsupported truth file version");
	uint32_t nc = get32(f), ne = get32(f), ncpus = get32(f), plen = get32(f);
	if (nc > MAX_NAMES || ne > MAX_NAMES || ncpus > MAX_CPUS || plen > (1u << 20))
		bad("bad header");
	char *params = malloc(plen + 1);
	if (!params)
		bad("out of memory");
	get(f, params, plen);
	params[plen] = 0;
	if (mode == PARAMS) {
		fputs(params, stdout);
		free(params);
		fclose(f);
		return done();
	}
	free(params);
	static char cname[MAX_NAMES][NAME_MAX_LEN], ename[MAX_NAMES][NAME_MAX_LEN];
	for (uint32_t k = 0; k < nc; k++)
		get_name(f, cname[k]);
	for (uint32_t k = 0; k < ne; k++)
		get_name(f, ename[k]);
	uint64_t cycles = 0, insns = 0;
	static uint64_t cpu_cycles[MAX_CPUS], cpu_insns[MAX_CPUS];
	for (uint32_t k = 0; k < ncpus; k++) {
		cpu_cycles[k] = get64(f);
		cpu_insns[k] = get64(f);
		cycles += cpu_cycles[k];
		insns += cpu_insns[k];
	}
	if (version >= 2)
		get_images(f);
	if (mode == IMAGES) {
		printf("asn,pid,cpu,cycles,base,size,offset,ident,path\n");
		for (uint64_t k = 0; k < nimages; k++) {
			const struct image *im = &images[k];
			printf("%u,%u,%u,%llu,0x%llx,%llu,0x%llx,0x%016llx,", im->asn, im->pid,
			       im->cpu, (unsigned long long)im->cycles,
			       (unsigned long long)im->base, (unsigned long long)im->size,
			       (unsigned long long)im->offset, (unsigned long long)im->ident);
			put_field(im->path);
			printf("\n");
		}
		fclose(f);
		return done();
	}
	uint64_t nrec = get64(f);
	uint64_t count = 0, head = 0, csum[MAX_NAMES] = { 0 }, esum[MAX_NAMES] = { 0 };
	bool causes_ok = true;
	if (mode == ROWS) {
		printf("space,pc,count,head_cycles");
		for (uint32_t k = 0; k < nc; k++)
			printf(",%s", cname[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf(",ev_%s", ename[k]);
		printf(",image,offset\n");
	}
	for (uint64_t r = 0; r < nrec; r++) {
		uint32_t space = get32(f);
		get32(f);
		uint64_t pc = get64(f), n = get64(f), h = get64(f), c[MAX_NAMES], e[MAX_NAMES];
		uint64_t hsum = 0;
		for (uint32_t k = 0; k < nc; k++)
			hsum += c[k] = get64(f);
		for (uint32_t k = 0; k < ne; k++)
			e[k] = get64(f);
		causes_ok &= hsum == h;
		count += n;
		head += h;
		for (uint32_t k = 0; k < nc; k++)
			csum[k] += c[k];
		for (uint32_t k = 0; k < ne; k++)
			esum[k] += e[k];
		if (mode != ROWS)
			continue;
		if (space == 0xffff)
			printf("pal,");
		else
			printf("%u,", space);
		printf("0x%016llx,%llu,%llu", (unsigned long long)pc, (unsigned long long)n,
		       (unsigned long long)h);
		for (uint32_t k = 0; k < nc; k++)
			printf(",%llu", (unsigned long long)c[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf(",%llu", (unsigned long long)e[k]);
		uint64_t va = pc;
		const struct image *im = image_of(space, &va);
		putchar(',');
		if (im) {
			put_field(im->path);
			printf(",0x%llx", (unsigned long long)(va - im->base + im->offset));
		} else {
			putchar(',');
		}
		printf("\n");
	}
	if (getc(f) != EOF)
		bad("trailing data");
	fclose(f);
	if (mode == SUMMARY) {
		for (uint32_t k = 0; k < ncpus; k++)
			printf("cpu%u_cycles=%llu\ncpu%u_instructions=%llu\n", k,
			       (unsigned long long)cpu_cycles[k], k, (unsigned long long)cpu_insns[k]);
		printf("cycles=%llu\ninstructions=%llu\nrecords=%llu\ncount=%llu\nhead_cycles=%llu\n",
		       (unsigned long long)cycles, (unsigned long long)insns,
		       (unsigned long long)nrec, (unsigned long long)count,
		       (unsigned long long)head);
		for (uint32_t k = 0; k < nc; k++)
			printf("cause_%s=%llu\n", cname[k], (unsigned long long)csum[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf("event_%s=%llu\n", ename[k], (unsigned long long)esum[k]);
		printf("balance=%s\n", head == cycles && count == insns && causes_ok ? "ok" : "bad");
	}
	return done();
}

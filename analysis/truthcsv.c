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
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/truthfile.h"
#include "util/outfile.h"

static _Noreturn void bad(const char *msg)
{
	fprintf(stderr, "truthcsv: %s\n", msg);
	exit(125);
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
	const char *path = argv[i];
	if (!*path) {
		fprintf(stderr, "truthcsv: empty file name\n");
		return 125;
	}
	struct truthfile t;
	char err[512];
	if (!truthfile_open(&t, path, err, sizeof err))
		bad(err);
	if (mode == PARAMS) {
		fputs(t.params, stdout);
		truthfile_close(&t);
		return done();
	}
	if (mode == IMAGES) {
		printf("asn,pid,cpu,cycles,base,size,offset,ident,path\n");
		for (size_t k = 0; k < t.nimg; k++) {
			const struct truthfile_image *im = &t.img[k];
			printf("%u,%u,%u,%llu,0x%llx,%llu,0x%llx,0x%016llx,", im->asn, im->pid,
			       im->cpu, (unsigned long long)im->cycles,
			       (unsigned long long)im->base, (unsigned long long)im->size,
			       (unsigned long long)im->offset, (unsigned long long)im->ident);
			put_field(im->path);
			printf("\n");
		}
		truthfile_close(&t);
		return done();
	}
	uint32_t nc = t.ncause, ne = t.nevent;
	uint64_t count = 0, head = 0, csum[TRUTHFILE_MAX_COLS] = { 0 };
	uint64_t esum[TRUTHFILE_MAX_COLS] = { 0 };
	bool causes_ok = true;
	if (mode == ROWS) {
		printf("space,pc,count,head_cycles");
		for (uint32_t k = 0; k < nc; k++)
			printf(",%s", t.cause_name[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf(",ev_%s", t.event_name[k]);
		printf(",image,offset\n");
	}
	static struct truthfile_rec r;
	int got;
	while ((got = truthfile_next(&t, &r, err, sizeof err)) > 0) {
		causes_ok &= truthfile_balanced(&t, &r);
		count += r.count;
		head += r.head;
		for (uint32_t k = 0; k < nc; k++)
			csum[k] += r.cause[k];
		for (uint32_t k = 0; k < ne; k++)
			esum[k] += r.event[k];
		if (mode != ROWS)
			continue;
		if (r.space == TRUTHFILE_SPACE_PAL)
			printf("pal,");
		else
			printf("%u,", r.space);
		printf("0x%016llx,%llu,%llu", (unsigned long long)r.pc, (unsigned long long)r.count,
		       (unsigned long long)r.head);
		for (uint32_t k = 0; k < nc; k++)
			printf(",%llu", (unsigned long long)r.cause[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf(",%llu", (unsigned long long)r.event[k]);
		uint64_t off;
		const struct truthfile_image *im = truthfile_image_of(&t, r.space, r.pc, &off);
		putchar(',');
		if (im) {
			put_field(im->path);
			printf(",0x%llx", (unsigned long long)off);
		} else {
			putchar(',');
		}
		printf("\n");
	}
	if (got < 0)
		bad(err);
	if (mode == SUMMARY) {
		for (uint32_t k = 0; k < t.ncpus; k++)
			printf("cpu%u_cycles=%llu\ncpu%u_instructions=%llu\n", k,
			       (unsigned long long)t.cpu_cycles[k], k,
			       (unsigned long long)t.cpu_insns[k]);
		printf("cycles=%llu\ninstructions=%llu\nrecords=%llu\ncount=%llu\nhead_cycles=%llu\n",
		       (unsigned long long)t.cycles, (unsigned long long)t.insns,
		       (unsigned long long)t.nrec, (unsigned long long)count,
		       (unsigned long long)head);
		for (uint32_t k = 0; k < nc; k++)
			printf("cause_%s=%llu\n", t.cause_name[k], (unsigned long long)csum[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf("event_%s=%llu\n", t.event_name[k], (unsigned long long)esum[k]);
		printf("balance=%s\n", head == t.cycles && count == t.insns && causes_ok ? "ok"
		                                                                        : "bad");
	}
	truthfile_close(&t);
	return done();
}

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
#include "analysis/lib/truthfile.h"
#include "util/cmd.h"
#include "util/outfile.h"

enum mode { ROWS, SUMMARY, PARAMS, IMAGES, HELP };

static const struct cmd_option options[] = {
	{ "summary", no_argument, SUMMARY, NULL, 0, "key=value totals (and balance=ok|bad)" },
	{ "params",  no_argument, PARAMS,  NULL, 0, "the machine description the run used" },
	{ "images",  no_argument, IMAGES,  NULL, 0, "the image table, in load order" },
	{ "help",    no_argument, HELP,    NULL, 0, "print this help and exit" },
};
enum { NOPT = sizeof options / sizeof options[0] };
static const char usage[] = "usage: truthcsv [--summary | --params | --images] FILE\n";

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

/* The mode and the FILE of the command line; --help printed here.  A
 * FILE starting with "-" needs a directory: ./-x. */
static enum mode parse(int argc, char **argv, const char **path)
{
	struct option lopt[NOPT + 1];
	char sopt[3 * NOPT + 2];
	cmd_getopt_tables(options, NOPT, "+", lopt, sopt);
	opterr = 0;                 /* the usage line says it */
	enum mode mode = ROWS;
	for (int m; (m = getopt_long(argc, argv, sopt, lopt, NULL)) != -1;) {
		if (m == HELP) {
			fputs(usage, stdout);
			cmd_help(stdout, options, NOPT, 10);
			exit(done());
		}
		if (m == '?' || mode != ROWS) {
			fputs(usage, stderr);
			exit(125);
		}
		mode = (enum mode)m;
	}
	if (optind != argc - 1 || argv[optind][0] == '-') {
		fputs(usage, stderr);
		exit(125);
	}
	*path = argv[optind];
	if (!**path)
		cmd_die(125, "empty file name");
	return mode;
}

static void images(const struct truthfile *t)
{
	printf("asn,pid,cpu,cycles,base,size,offset,ident,path\n");
	for (size_t k = 0; k < t->nimg; k++) {
		const struct truthfile_image *im = &t->img[k];
		printf("%u,%u,%u,%llu,0x%llx,%llu,0x%llx,0x%016llx,", im->asn, im->pid,
		       im->cpu, (unsigned long long)im->cycles,
		       (unsigned long long)im->base, (unsigned long long)im->size,
		       (unsigned long long)im->offset, (unsigned long long)im->ident);
		put_field(im->path);
		printf("\n");
	}
}

static void row(const struct truthfile *t, const struct truthfile_rec *r)
{
	if (r->space == TRUTHFILE_SPACE_PAL)
		printf("pal,");
	else
		printf("%u,", r->space);
	printf("0x%016llx,%llu,%llu", (unsigned long long)r->pc, (unsigned long long)r->count,
	       (unsigned long long)r->head);
	for (uint32_t k = 0; k < t->ncause; k++)
		printf(",%llu", (unsigned long long)r->cause[k]);
	for (uint32_t k = 0; k < t->nevent; k++)
		printf(",%llu", (unsigned long long)r->event[k]);
	for (uint32_t k = 0; k < t->npalfor; k++)
		printf(",%llu", (unsigned long long)r->palfor[k]);
	uint64_t off;
	const struct truthfile_image *im = truthfile_image_of(t, r->space, r->pc, &off);
	putchar(',');
	if (im) {
		put_field(im->path);
		printf(",0x%llx", (unsigned long long)off);
	} else {
		putchar(',');
	}
	printf("\n");
}

/* Every record: printed (ROWS) or summed (SUMMARY). */
static void records(struct truthfile *t, enum mode mode)
{
	uint32_t nc = t->ncause, ne = t->nevent;
	uint64_t count = 0, head = 0, csum[TRUTHFILE_MAX_COLS] = { 0 };
	uint64_t esum[TRUTHFILE_MAX_COLS] = { 0 }, psum[TRUTHFILE_MAX_COLS] = { 0 };
	uint64_t pal_head = 0, palfor = 0;
	bool causes_ok = true;
	if (mode == ROWS) {
		printf("space,pc,count,head_cycles");
		for (uint32_t k = 0; k < nc; k++)
			printf(",%s", t->cause_name[k]);
		for (uint32_t k = 0; k < ne; k++)
			printf(",ev_%s", t->event_name[k]);
		for (uint32_t k = 0; k < t->npalfor; k++)
			printf(",palfor_%s", t->palfor_name[k]);
		printf(",image,offset\n");
	}
	static struct truthfile_rec r;
	char err[512];
	int got;
	while ((got = truthfile_next(t, &r, err, sizeof err)) > 0) {
		causes_ok &= truthfile_balanced(t, &r);
		count += r.count;
		head += r.head;
		for (uint32_t k = 0; k < nc; k++)
			csum[k] += r.cause[k];
		for (uint32_t k = 0; k < ne; k++)
			esum[k] += r.event[k];
		for (uint32_t k = 0; k < t->npalfor; k++) {
			psum[k] += r.palfor[k];
			palfor += r.palfor[k];
		}
		if (r.space == TRUTHFILE_SPACE_PAL)
			pal_head += r.head;
		if (mode == ROWS)
			row(t, &r);
	}
	if (got < 0)
		cmd_die(125, "%s", err);
	if (mode != SUMMARY)
		return;
	for (uint32_t k = 0; k < t->ncpus; k++)
		printf("cpu%u_cycles=%llu\ncpu%u_instructions=%llu\n", k,
		       (unsigned long long)t->cpu_cycles[k], k,
		       (unsigned long long)t->cpu_insns[k]);
	printf("cycles=%llu\ninstructions=%llu\nrecords=%llu\ncount=%llu\nhead_cycles=%llu\n",
	       (unsigned long long)t->cycles, (unsigned long long)t->insns,
	       (unsigned long long)t->nrec, (unsigned long long)count,
	       (unsigned long long)head);
	for (uint32_t k = 0; k < nc; k++)
		printf("cause_%s=%llu\n", t->cause_name[k], (unsigned long long)csum[k]);
	for (uint32_t k = 0; k < ne; k++)
		printf("event_%s=%llu\n", t->event_name[k], (unsigned long long)esum[k]);
	/* version 3 on: every PAL cycle is charged to an instruction or owed
	 * (docs/truth-format.md, "Invariants") */
	bool pal_ok = true;
	if (t->version >= 3) {
		for (uint32_t k = 0; k < t->npalfor; k++)
			printf("palfor_%s=%llu\n", t->palfor_name[k], (unsigned long long)psum[k]);
		printf("pal_head_cycles=%llu\npal_owed=%llu\n", (unsigned long long)pal_head,
		       (unsigned long long)t->owed);
		pal_ok = palfor + t->owed == pal_head;
	}
	printf("balance=%s\n", head == t->cycles && count == t->insns && causes_ok && pal_ok
	                        ? "ok" : "bad");
}

int main(int argc, char **argv)
{
	cmd_name = "truthcsv";
	const char *path;
	enum mode mode = parse(argc, argv, &path);
	struct truthfile t;
	char err[512];
	if (!truthfile_open(&t, path, err, sizeof err))
		cmd_die(125, "%s", err);
	if (mode == PARAMS)
		fputs(t.params, stdout);
	else if (mode == IMAGES)
		images(&t);
	else
		records(&t, mode);
	truthfile_close(&t);
	return done();
}

/*
 * dcpicat.c - one profile file as text (docs/tools.md, "dcpicat";
 * the format: docs/dcpi-db.md, "A profile file"):
 *
 *   dcpicat [--csv | --json] FILE
 *
 * The file is read and checked as every reader does (profdb_read: a
 * corrupt or truncated file is one line naming it, status 1); then its
 * header, exactly as the file has it, an empty line, and one line per
 * entry: the offset in the image file in hex and the count, in offset
 * order.  The unknown profile's entries are keyed by process: a line
 * "pid N" starts each process's entries, whose offsets are PCs.  CSV:
 * one row per entry (pid, offset, count); JSON: the header's fields and
 * the entries.
 */
#include "analysis/report/table.h"
#include "daemon/profdb.h"
#include "util/outfile.h"
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage =
	"usage: dcpicat [--csv | --json] FILE\n"
	"  one profile file of a database (DB/epoch-N/ID-NAME.EVENT.prof) as text: its header,\n"
	"  then one line per entry, the offset in the image file (a PC in the unknown\n"
	"  profile) and its count\n"
	"  --csv, --json   comma-separated values (pid, offset, count), or JSON\n";

static _Noreturn void die(int status, const char *msg)
{
	fprintf(stderr, "dcpicat: %s\n", msg);
	if (status == 2)
		fprintf(stderr, "Try 'dcpicat --help'.\n");
	exit(status);
}

static int done(void)
{
	char err[256];
	if (!outfile_flush_stdout(err, sizeof err))
		die(1, err);
	return 0;
}

static const struct an_tcol cols[] = {
	{ .name = "pid", .text = "%.0f" }, { .name = "offset" },
	{ .name = "count", .text = "%.0f" },
};

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "csv", no_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum { TEXT, CSV, JSON } fmt = TEXT;
	for (int ch; (ch = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
		switch (ch) {
		case 'c': fmt = CSV; break;
		case 'j': fmt = JSON; break;
		case 'h': fputs(usage, stdout); return done();
		default: fprintf(stderr, "Try 'dcpicat --help'.\n"); return 2;
		}
	}
	if (argc - optind != 1)
		die(2, argc - optind ? "one profile file at a time" : "no profile file given");
	const char *file = argv[optind];
	struct prof p;
	char err[PROF_ERR_MAX + 64];
	prof_init(&p);
	if (!profdb_read(file, &p, err, sizeof err))
		die(1, err);
	unsigned char *bytes;
	size_t len;
	if (!prof_encode(&p, &bytes, &len, err, sizeof err))
		die(1, err);
	/* the header as the file has it: the encoding is canonical, and
	 * profdb_read refuses a file whose header is not */
	size_t hlen = 0;
	while (hlen + 1 < len && !(bytes[hlen] == '\n' && bytes[hlen + 1] == '\n'))
		hlen++;
	hlen++;

	char off[32];
	if (fmt == TEXT) {
		fwrite(bytes, 1, hlen, stdout);
		putchar('\n');
		for (size_t i = 0; i < p.n; i++) {
			const struct prof_entry *e = &p.e[i];
			if (p.kind == PROF_UNKNOWN && (!i || e->pid != p.e[i - 1].pid))
				printf("pid %" PRIu32 "\n", e->pid);
			printf("0x%" PRIx64 " %" PRIu64 "\n", e->offset, e->count);
		}
	} else {
		struct an_table t;
		an_table_init(&t, cols, sizeof cols / sizeof *cols);
		for (size_t i = 0; i < p.n; i++) {
			snprintf(off, sizeof off, "0x%" PRIx64, p.e[i].offset);
			an_table_num(&t, p.e[i].pid);
			an_table_str(&t, off);
			an_table_num(&t, (double)p.e[i].count);
		}
		if (t.nomem)
			die(71, "out of host memory");
		if (fmt == CSV) {
			an_table_csv(&t, stdout);
		} else {
			printf("{\"tool\": \"dcpicat\", \"file\": ");
			json_str(stdout, file);
			printf(",\n \"header\": {\"version\": %d, \"image\": ", PROF_VERSION);
			json_str(stdout, p.path);
			printf(", \"kind\": \"%s\", \"id\": \"0x%016" PRIx64 "\", \"text_offset\": \"0x%"
			       PRIx64 "\", \"text_size\": \"0x%" PRIx64 "\", \"event\": ",
			       prof_kind_names[p.kind], p.id, p.text_off, p.text_size);
			json_str(stdout, p.event);
			printf(", \"period\": %.17g, \"monitored\": %" PRIu64 ", \"elapsed\": %" PRIu64
			       ", \"samples\": %" PRIu64 ", \"entries\": %zu},\n \"entries\": ",
			       p.period, p.monitored, p.elapsed, p.samples, p.n);
			an_table_json(&t, stdout);
			printf("}\n");
		}
		an_table_free(&t);
	}
	free(bytes);
	prof_free(&p);
	return done();
}

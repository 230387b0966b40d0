/*
 * mkprofdb.c - write a profile database from a text description, through
 * the daemon's own path (daemon/collect.c: image maps, tables, merged
 * atomic writes), for tests of dcpiprof while dcpid cannot yet run beside
 * another program in the guest.
 *
 *   mkprofdb DB < DESCRIPTION
 *
 * One command a line ('#' starts a comment); numbers in C syntax:
 *   kernel ID BASE SIZE OFFSET PATH      the kernel image
 *   exec|mmap PID ID BASE SIZE OFFSET PATH   a loader event
 *   exit PID
 *   event NAME PERIOD MONITORED ELAPSED  what the next flush records
 *   sample PID PC EVENT COUNT            one driver entry
 *   flush                                write the tables into the epoch
 *   epoch                                start a new epoch
 * At the end the tables are flushed and the totals printed.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "daemon/collect.h"
#include "daemon/events.h"
#include "daemon/profdb.h"

static const char *db;
static char epoch_dir[PATH_MAX];
static unsigned line;

static _Noreturn void bad(const char *what, const char *text)
{
	fprintf(stderr, "mkprofdb: line %u: %s: %s\n", line, what, text);
	exit(2);
}

static void epoch(bool fresh)
{
	char err[PROF_ERR_MAX];
	unsigned e;
	if (!profdb_epoch(db, fresh, &e, err, sizeof err)) {
		fprintf(stderr, "mkprofdb: %s\n", err);
		exit(1);
	}
	profdb_epoch_dir(epoch_dir, sizeof epoch_dir, db, e);
}

static void flush(struct collect *c)
{
	char err[PROF_ERR_MAX];
	if (!collect_flush(c, epoch_dir, err, sizeof err)) {
		fprintf(stderr, "mkprofdb: %s\n", err);
		exit(1);
	}
}

/* The line's words: at most 8. */
static int split(char *text, char **w)
{
	int n = 0;
	for (char *t = strtok(text, " \t\n"); t && n < 8; t = strtok(NULL, " \t\n"))
		w[n++] = t;
	return n;
}

static uint64_t num(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 0);
	if (!*s || *end)
		bad("not a number", s);
	return v;
}

static void image(struct collect *c, uint32_t kind, uint32_t pid, char **w)
{
	struct pcount_image r = { kind, pid, num(w[0]), num(w[1]), num(w[2]), num(w[3]), 0, "" };
	snprintf(r.path, sizeof r.path, "%s", w[4]);
	collect_image(c, &r);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: mkprofdb DB < DESCRIPTION\n");
		return 2;
	}
	db = argv[1];
	epoch(false);
	struct collect c;
	collect_init(&c);
	char text[1024], *w[8];
	while (fgets(text, sizeof text, stdin)) {
		line++;
		int n = split(text, w);
		if (!n || w[0][0] == '#')
			continue;
		if (!strcmp(w[0], "kernel") && n == 6) {
			image(&c, PCOUNT_IMG_KERNEL, 0, w + 1);
		} else if (!strcmp(w[0], "exec") && n == 7) {
			image(&c, PCOUNT_IMG_EXEC, (uint32_t)num(w[1]), w + 2);
		} else if (!strcmp(w[0], "mmap") && n == 7) {
			image(&c, PCOUNT_IMG_MMAP, (uint32_t)num(w[1]), w + 2);
		} else if (!strcmp(w[0], "exit") && n == 2) {
			struct pcount_image r = { .kind = PCOUNT_IMG_EXIT, .pid = (uint32_t)num(w[1]) };
			collect_image(&c, &r);
		} else if (!strcmp(w[0], "event") && n == 5) {
			int ev = pmu_event_by_name(w[1]);
			if (ev < 0)
				bad("unknown event", w[1]);
			c.ev[ev] = (struct collect_event){ strtod(w[2], NULL), num(w[3]), num(w[4]) };
		} else if (!strcmp(w[0], "sample") && n == 5) {
			int ev = pmu_event_by_name(w[3]);
			uint64_t count = num(w[4]);
			if (ev < 0 || !count || count > UINT16_MAX)
				bad("bad event or count", w[3]);
			struct pcount_sample s = { num(w[2]), (uint32_t)num(w[1]), (uint16_t)ev,
			                           (uint16_t)count };
			collect_samples(&c, &s, 1);
		} else if (!strcmp(w[0], "flush") && n == 1) {
			flush(&c);
			collect_reap(&c);
		} else if (!strcmp(w[0], "epoch") && n == 1) {
			flush(&c);
			epoch(true);
		} else {
			bad("not understood", w[0]);
		}
	}
	flush(&c);
	printf("samples=%" PRIu64 " in_db=%" PRIu64 " unknown=%" PRIu64 " lost=%" PRIu64
	       " files=%" PRIu64 "\n", c.st.samples, c.st.samples_in_db, c.st.samples_unknown,
	       c.st.samples_lost, c.st.files);
	collect_free(&c);
	return 0;
}

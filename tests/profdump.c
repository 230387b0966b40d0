/*
 * profdump.c - the entries of profile files (docs/dcpi-db.md), for the
 * tests that check where samples land (tests/profile_kinds.sh): one line
 * per entry, "PID OFFSET COUNT" (the offset in hex), read and checked
 * with the daemon's own reader.
 *
 *   profdump FILE...
 *
 * Exit status 1 with the reader's message for a bad file.
 */
#include <inttypes.h>
#include <stdio.h>
#include "daemon/profdb.h"

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: profdump FILE...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct prof p;
		char err[PROF_ERR_MAX];
		prof_init(&p);
		if (!profdb_read(argv[i], &p, err, sizeof err)) {
			fprintf(stderr, "profdump: %s\n", err);
			return 1;
		}
		for (size_t k = 0; k < p.n; k++)
			printf("%" PRIu32 " 0x%" PRIx64 " %" PRIu64 "\n", p.e[k].pid, p.e[k].offset,
			       p.e[k].count);
		prof_free(&p);
	}
	return 0;
}

/*
 * plantdb.c - a profiling daemon that plants links in its database
 * instead of profiling: run as dcpid is (ALPHASIM_DCPID, the guest's
 * first process, the one that may write the database: docs/usage.md,
 * "What a guest can reach"), with dcpid's arguments "--db DB --stats
 * FILE ...", it makes what PLANT (in its environment) names a symbolic
 * link, so that alphasim's summary after the run meets it
 * (tests/planted_files.sh; docs/usage.md, "Reading files a guest could
 * have made"):
 *
 *   stats  FILE -> /dev/zero
 *   prof   a good FILE, and DB/epoch-0001/...cycles.prof -> /dev/zero
 *   epoch  a good FILE, and DB/epoch-0001 -> /
 *
 * The links point at the host's /dev/zero and / when alphasim follows
 * them, whatever they mean in the guest.  Exit status 0 when all is
 * planted, else 1 with the failing call named.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what, const char *path)
{
	fprintf(stderr, "plantdb: %s %s: %s\n", what, path, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	const char *db = NULL, *stats = NULL, *plant = getenv("PLANT");
	for (int i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "--db"))
			db = argv[i + 1];
		else if (!strcmp(argv[i], "--stats"))
			stats = argv[i + 1];
	}
	if (!db || !stats || !plant) {
		fprintf(stderr, "plantdb: needs --db, --stats and PLANT\n");
		return 1;
	}
	/* as dcpid does: the database may not exist yet */
	if (mkdir(db, 0777) && errno != EEXIST)
		return fail("mkdir", db);
	if (!strcmp(plant, "stats"))
		return symlink("/dev/zero", stats) ? fail("symlink", stats) : 0;
	FILE *f = fopen(stats, "w");
	if (!f || fputs("driver_drops=0\n", f) == EOF || fclose(f))
		return fail("writing", stats);
	char epoch[4200], prof[4300];
	snprintf(epoch, sizeof epoch, "%s/epoch-0001", db);
	if (!strcmp(plant, "epoch"))
		return symlink("/", epoch) ? fail("symlink", epoch) : 0;
	snprintf(prof, sizeof prof, "%s/0000000000000001-prog.cycles.prof", epoch);
	if (mkdir(epoch, 0777))
		return fail("mkdir", epoch);
	return symlink("/dev/zero", prof) ? fail("symlink", prof) : 0;
}

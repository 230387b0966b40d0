/*
 * dbreach.c - a profiled program that tries to reach its own profile
 * database: DB (its first argument, a guest path) is dcpid's alone
 * under alphasim --profile (docs/usage.md, "What a guest can reach"),
 * so every attempt here must fail with EACCES, by whatever path it
 * takes: the database's own, with "." and "..", through a symbolic
 * link the program makes to it or into it, through a directory
 * descriptor, by renaming, linking or removing it or what it holds.
 * The program's own files beside it work as ever.  Prints "ok:" or
 * "FAIL:" per attempt; the status is the number of failures
 * (tests/guard_db.sh).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails;
static char db[4096];

/* DB joined with a name. */
static const char *in(const char *name)
{
	static char buf[8][4200];
	static int i;
	char *b = buf[i++ & 7];
	snprintf(b, sizeof buf[0], "%s/%s", db, name);
	return b;
}

/* An attempt that must fail: r is its result.  Where the guard
 * decides, the error is EACCES; across the mount of a database outside
 * the root, the mount's own (EXDEV for a rename or link) may come
 * first. */
static void refused(const char *what, long r)
{
	int e = errno;
	if (r < 0) {
		printf("ok: %s: refused (%s)\n", what, strerror(e));
		return;
	}
	printf("FAIL: %s: succeeded\n", what);
	fails++;
}

/* Something the program may do. */
static void allowed(const char *what, long r)
{
	if (r >= 0) {
		printf("ok: %s: allowed\n", what);
		return;
	}
	printf("FAIL: %s: %s\n", what, strerror(errno));
	fails++;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: dbreach DB\n");
		return 2;
	}
	snprintf(db, sizeof db, "%s", argv[1]);
	struct stat st;
	char dotdot[4200];
	snprintf(dotdot, sizeof dotdot, "%s/../%s/./dcpid.stats", db, strrchr(db, '/') + 1);

	/* its own files work */
	allowed("create mine.txt", open("mine.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644));
	allowed("mkdir mydir", mkdir("mydir", 0755));

	/* the database by its own name */
	refused("stat DB", stat(db, &st));
	refused("open DB", open(db, O_RDONLY | O_DIRECTORY));
	refused("opendir DB", opendir(db) ? 0 : -1);
	refused("chdir DB", chdir(db));
	refused("chmod DB", chmod(db, 0777));
	refused("open DB/dcpid.stats for reading", open(in("dcpid.stats"), O_RDONLY));
	refused("create DB/dcpid.stats", open(in("dcpid.stats"), O_WRONLY | O_CREAT | O_TRUNC, 0644));
	refused("create DB/evil", open(in("evil"), O_WRONLY | O_CREAT | O_EXCL, 0644));
	refused("mkdir DB/epoch-9999", mkdir(in("epoch-9999"), 0755));
	refused("symlink DB/dcpid.stats -> /dev/zero", symlink("/dev/zero", in("dcpid.stats")));
	refused("symlink DB/epoch-9999 -> /dev/zero", symlink("/dev/zero", in("epoch-9999")));
	refused("mknod DB/fifo", mknod(in("fifo"), S_IFREG | 0644, 0));
	refused("unlink DB/alphasim.lock", unlink(in("alphasim.lock")));
	refused("truncate DB/alphasim.lock", truncate(in("alphasim.lock"), 0));
	refused("open with .. and .", open(dotdot, O_RDONLY));
	refused("rmdir DB", rmdir(db));
	refused("rename DB", rename(db, "moved"));
	refused("rename over DB", rename("mydir", db));
	refused("exchange with DB", renameat2(AT_FDCWD, "mydir", AT_FDCWD, db, RENAME_EXCHANGE));
	refused("hard link out of DB", link(in("alphasim.lock"), "lock.link"));
	refused("hard link into DB", link("mine.txt", in("mine.link")));
	refused("rename into DB", rename("mine.txt", in("mine.txt")));

	/* through links the program makes: making them is harmless,
	 * following them is not */
	allowed("symlink to DB", symlink(db, "dblink"));
	refused("open through a link to DB", open("dblink/dcpid.stats", O_RDONLY));
	refused("create through a link to DB", open("dblink/evil", O_WRONLY | O_CREAT, 0644));
	refused("mkdir through a link to DB", mkdir("dblink/epoch-9999", 0755));
	refused("stat through a link to DB", stat("dblink/", &st));
	allowed("dangling symlink into DB", symlink(in("created"), "dangle"));
	refused("create through a dangling link into DB",
	        open("dangle", O_WRONLY | O_CREAT, 0644));
	allowed("relative symlink to DB", symlink(db[0] == '/' && strchr(db + 1, '/') ? db :
	                                          db + 1, "rel"));
	refused("open through a relative link", open("rel/dcpid.stats", O_RDONLY));

	/* through a directory descriptor of its parent */
	char parent[4200];
	snprintf(parent, sizeof parent, "%s", db);
	*strrchr(parent, '/') = 0;
	const char *up = *parent ? parent : "/";
	/* the directories above it keep their modes: a program that made
	 * one unsearchable would lock dcpid out (a harmless mode, should
	 * the guard let it through) */
	refused("chmod DB's parent", chmod(up, 0755));
	refused("chown DB's parent", chown(up, getuid(), getgid()));
	refused("utimes DB's parent", utimensat(AT_FDCWD, up, NULL, 0));
	int pd = open(up, O_RDONLY | O_DIRECTORY);
	if (pd >= 0) {
		refused("fchmod DB's parent", fchmod(pd, 0755));
		refused("fchown DB's parent", fchown(pd, getuid(), getgid()));
		refused("futimens DB's parent", futimens(pd, NULL));
		refused("openat DB's parent, DB", openat(pd, strrchr(db, '/') + 1,
		                                         O_RDONLY | O_DIRECTORY));
		refused("openat DB's parent, create DB/evil2",
		        openat(pd, in("evil2") + strlen(parent) + 1, O_WRONLY | O_CREAT, 0644));
	} else {
		printf("ok: DB's parent is not in the guest (%s)\n", strerror(errno));
	}
	return fails > 100 ? 100 : fails;
}

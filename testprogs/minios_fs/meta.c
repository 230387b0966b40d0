/*
 * meta.c - the file metadata calls (tests/minios_fs.sh, against
 * qemu-alpha, run by the same user): modes, owners (to the caller's own
 * ids, and to others, which only root may), times on files, links and
 * open files, access, truncate, statfs; and the *at calls relative to a
 * directory descriptor, fchdir.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

static void result(const char *what, int r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : "ok");
}

static void mode(const char *name)
{
	struct stat st;
	if (lstat(name, &st))
		printf("  %s: %s\n", name, strerror(errno));
	else
		printf("  %s: mode %06o size %lld\n", name, (unsigned)st.st_mode,
		       (long long)st.st_size);
}

static void times(const char *name)
{
	struct stat st;
	lstat(name, &st);
	printf("  %s: atime %lld.%09ld mtime %lld.%09ld\n", name,
	       (long long)st.st_atim.tv_sec, st.st_atim.tv_nsec,
	       (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

static void owner(const char *name, uid_t u, gid_t g)
{
	struct stat st;
	lstat(name, &st);
	printf("  %s: owner is uid %s, gid %s\n", name, st.st_uid == u ? "as set" : "other",
	       st.st_gid == g ? "as set" : "other");
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	umask(022);
	int fd = open("f", O_CREAT | O_RDWR, 0666);
	write(fd, "0123456789", 10);
	symlink("f", "link");
	mkdir("d", 0755);
	mode("f");
	result("chmod f 0600", chmod("f", 0600));
	mode("f");
	result("fchmod 0640", fchmod(fd, 0640));
	mode("f");
	result("fchmodat 0604 through the link", fchmodat(AT_FDCWD, "link", 0604, 0));
	mode("f");
	result("chmod missing", chmod("missing", 0600));

	uid_t u = getuid();
	gid_t g = getgid();
	result("chown f to my ids", chown("f", u, g));
	owner("f", u, g);
	result("fchown -1 -1", fchown(fd, (uid_t)-1, (gid_t)-1));
	result("lchown link to my ids", lchown("link", u, g));
	owner("link", u, g);
	int other = chown("f", 1234, 5678);
	result("chown f to 1234:5678 (root only)", other);
	if (!other)
		owner("f", 1234, 5678);
	result("fchownat d to my ids", fchownat(AT_FDCWD, "d", u, g, AT_SYMLINK_NOFOLLOW));

	struct timespec ts[2] = { { 1000, 5 }, { 2000, 6 } };
	result("utimensat f", utimensat(AT_FDCWD, "f", ts, 0));
	times("f");
	ts[0].tv_nsec = UTIME_OMIT;
	ts[1] = (struct timespec){ 3000, 7 };
	result("utimensat f, atime omitted, through the link", utimensat(AT_FDCWD, "link", ts, 0));
	times("f");
	ts[0] = (struct timespec){ 4000, 8 };
	ts[1] = (struct timespec){ 5000, 9 };
	result("utimensat link itself", utimensat(AT_FDCWD, "link", ts, AT_SYMLINK_NOFOLLOW));
	times("link");
	times("f");
	ts[0] = (struct timespec){ 6000, 0 };
	result("futimens", futimens(fd, ts));
	times("f");
	struct timeval tv[2] = { { 7000, 1 }, { 8000, 2 } };
	result("utimes", utimes("f", tv));
	times("f");
	ts[0].tv_nsec = 2000000000;
	result("utimensat with bad nanoseconds", utimensat(AT_FDCWD, "f", ts, 0));

	result("access f R_OK|W_OK", access("f", R_OK | W_OK));
	result("access f X_OK", access("f", X_OK));
	result("access d X_OK", access("d", X_OK));
	result("faccessat missing F_OK", faccessat(AT_FDCWD, "missing", F_OK, AT_EACCESS));

	result("truncate f 100", truncate("f", 100));
	mode("f");
	result("truncate d", truncate("d", 0));
	result("truncate missing", truncate("missing", 0));
	result("truncate f -1", truncate("f", -1));

	struct statfs sf, sf2;
	result("statfs .", statfs(".", &sf));
	result("fstatfs f", fstatfs(fd, &sf2));
	printf("  the same file system: %d, block size %ld, names up to %ld\n",
	       sf.f_type == sf2.f_type && sf.f_bsize == sf2.f_bsize, (long)sf.f_bsize,
	       (long)sf.f_namelen);
	int pfd[2];
	pipe(pfd);
	result("fstatfs pipe", fstatfs(pfd[0], &sf));
	printf("  pipe file system 0x%lx\n", (unsigned long)sf.f_type);

	/* relative to a directory descriptor */
	int dfd = open("d", O_RDONLY | O_DIRECTORY);
	int in = openat(dfd, "inner", O_CREAT | O_WRONLY, 0600);
	result("openat d/inner", in);
	close(in);
	result("fchmodat d/inner 0640", fchmodat(dfd, "inner", 0640, 0));
	mode("d/inner");
	struct stat st;
	result("fstatat d/inner", fstatat(dfd, "inner", &st, 0));
	/* glibc's faccessat makes the faccessat2 call; the older one: */
	result("faccessat call d/inner W_OK", (int)syscall(SYS_faccessat, dfd, "inner", W_OK));
	result("faccessat call d/inner X_OK", (int)syscall(SYS_faccessat, dfd, "inner", X_OK));
	result("mkdirat d/sub", mkdirat(dfd, "sub", 0700));
	mode("d/sub");
	result("openat of a file descriptor as directory", openat(fd, "x", O_RDONLY));
	result("fchdir d", fchdir(dfd));
	mode("inner");
	char cwd[200];
	printf("  cwd ends in /d: %d\n", getcwd(cwd, sizeof cwd) &&
	       !strcmp(cwd + strlen(cwd) - 2, "/d"));
	result("fchdir to a file", fchdir(fd));
	result("unlinkat sub", unlinkat(AT_FDCWD, "sub", AT_REMOVEDIR));
	return 0;
}

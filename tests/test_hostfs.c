/*
 * test_hostfs.c - unit tests of the hostfs device's host side: every
 * operation on a scratch tree, and every way out of the tree refused
 * (docs/platform.md, "hostfs": no path may resolve outside the root).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <unistd.h>
#include <cmocka.h>
#include "tests/scratch.h"
#include "platform/hostfs.h"

#define AE_PERM 1
#define AE_NOENT 2
#define AE_NXIO 6
#define AE_ACCES 13
#define AE_EXIST 17
#define AE_NOTDIR 20
#define AE_INVAL 22
#define AE_ROFS 30
#define AE_BADF 9
#define AE_NOTEMPTY 66

static uint8_t ram[1 << 16];
static char top[256];           /* scratch: top/root is the mount */
static struct hostfs fs;

/* Guest memory layout for the tests */
enum { PATH1 = 0x100, PATH2 = 0x1100, BUF = 0x2000, STATBUF = 0x8000 };

static int64_t call6(uint64_t op, uint64_t a0, uint64_t a1, uint64_t a2,
                     uint64_t a3, uint64_t a4, uint64_t a5)
{
	struct hostfs_req r = { op, { a0, a1, a2, a3, a4, a5 }, 0 };
	hostfs_serve(&fs, &r, ram, sizeof ram);
	return r.result;
}

static int64_t call(uint64_t op, uint64_t a0, uint64_t a1, uint64_t a2,
                    uint64_t a3, uint64_t a4)
{
	return call6(op, a0, a1, a2, a3, a4, 0);
}

static uint64_t path(uint64_t at, const char *p)
{
	memcpy(ram + at, p, strlen(p));
	return strlen(p);
}

static int64_t open_path(const char *p, uint64_t flags)
{
	return call(HOSTFS_OPEN, 0, PATH1, path(PATH1, p), flags, 0644);
}

static int setup(void **state)
{
	(void)state;
	char cmd[600];
	assert_int_equal(scratch_make(top, sizeof top, "hostfs-test"), 0);
	snprintf(cmd, sizeof cmd,
	         "cd %s && mkdir -p root/sub outside && echo secret > outside/secret && "
	         "echo hello > root/hello.txt && echo inner > root/sub/inner && "
	         "ln -s /etc root/abs && ln -s ../outside root/up && "
	         "ln -s sub/inner root/rel && ln -s ../../outside/secret root/sub/deep && "
	         "mkdir ro && echo r > ro/file", top);
	assert_int_equal(system(cmd), 0);
	hostfs_init(&fs);
	char dir[300], err[400];
	snprintf(dir, sizeof dir, "%s/root", top);
	assert_true(hostfs_mount(&fs, 0, dir, false, err, sizeof err));
	snprintf(dir, sizeof dir, "%s/ro", top);
	assert_true(hostfs_mount(&fs, 1, dir, true, err, sizeof err));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	hostfs_close_all(&fs);
	return scratch_remove(top);
}

static void read_write(void **state)
{
	(void)state;
	int64_t h = open_path("/hello.txt", HOSTFS_O_READ);
	assert_true(h >= 0);
	assert_int_equal(call(HOSTFS_PREAD, h, BUF, 100, 0, 0), 6);
	assert_memory_equal(ram + BUF, "hello\n", 6);
	assert_int_equal(call(HOSTFS_PREAD, h, BUF, 100, 2, 0), 4);
	/* opened for reading: writing is refused */
	assert_int_equal(call(HOSTFS_PWRITE, h, BUF, 1, 0, 0), -AE_BADF);
	assert_int_equal(call(HOSTFS_CLOSE, h, 0, 0, 0, 0), 0);
	assert_int_equal(call(HOSTFS_CLOSE, h, 0, 0, 0, 0), -AE_BADF);

	h = open_path("new.txt", HOSTFS_O_WRITE | HOSTFS_O_CREAT | HOSTFS_O_EXCL);
	assert_true(h >= 0);
	memcpy(ram + BUF, "abcdef", 6);
	assert_int_equal(call(HOSTFS_PWRITE, h, BUF, 6, 0, 0), 6);
	assert_int_equal(call(HOSTFS_FTRUNCATE, h, 3, 0, 0, 0), 0);
	assert_int_equal(call(HOSTFS_FSTAT, h, STATBUF, 0, 0, 0), 0);
	struct hostfs_stat st;
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.size, 3);
	assert_true(S_ISREG(st.mode));
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	assert_int_equal(open_path("new.txt", HOSTFS_O_WRITE | HOSTFS_O_CREAT |
	                           HOSTFS_O_EXCL), -AE_EXIST);
	/* buffers outside guest memory are refused, not followed */
	h = open_path("hello.txt", HOSTFS_O_READ);
	assert_int_equal(call(HOSTFS_PREAD, h, sizeof ram - 2, 100, 0, 0), -14);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
}

static void names(void **state)
{
	(void)state;
	assert_int_equal(call(HOSTFS_MKDIR, 0, PATH1, path(PATH1, "d1"), 0755, 0), 0);
	assert_int_equal(call(HOSTFS_MKDIR, 0, PATH1, path(PATH1, "d1"), 0755, 0), -AE_EXIST);
	assert_int_equal(call(HOSTFS_RENAME, 0, PATH1, path(PATH1, "d1"),
	                      PATH2, path(PATH2, "sub/d2")), 0);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "sub/d2"), STATBUF, 1), 0);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "d1"), STATBUF, 1), -AE_NOENT);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, "sub"), 1, 0), -AE_NOTEMPTY);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, "sub/d2"), 1, 0), 0);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, ".."), 1, 0), -AE_INVAL);
	/* readlink returns the link's text; stat with follow reaches the target */
	assert_int_equal(call(HOSTFS_READLINK, 0, PATH1, path(PATH1, "rel"), BUF, 100), 9);
	assert_memory_equal(ram + BUF, "sub/inner", 9);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "rel"), STATBUF, 1), 0);
	struct hostfs_stat st;
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.size, 6);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "rel"), STATBUF, 0), 0);
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_true(S_ISLNK(st.mode));
}

static void readdir_all(void **state)
{
	(void)state;
	int64_t h = open_path("sub", HOSTFS_O_READ | HOSTFS_O_DIRECTORY);
	assert_true(h >= 0);
	int64_t n = call(HOSTFS_READDIR, h, BUF, 4096, 0, 0);
	assert_true(n > 0);
	int found = 0, entries = 0;
	for (int64_t off = 0; off < n;) {
		struct hostfs_dirent d;
		memcpy(&d, ram + BUF + off, sizeof d);
		if (d.namelen == 5 && !memcmp(ram + BUF + off + sizeof d, "inner", 5))
			found = 1;
		entries++;
		off += d.reclen;
	}
	assert_true(found);
	assert_int_equal(entries, 4);            /* ., .., inner, deep */
	/* a cookie past the end gives nothing */
	assert_int_equal(call(HOSTFS_READDIR, h, BUF, 4096, 10, 0), 0);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
}

/* Every way out of the tree is refused. */
static void escapes(void **state)
{
	(void)state;
	static const char *const outside[] = {
		"../outside/secret", "sub/../../outside/secret", "/../outside/secret",
		"abs/passwd", "up/secret", "sub/deep", "./sub/../../outside",
	};
	for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
		int64_t r = open_path(outside[i], HOSTFS_O_READ);
		if (r != -AE_ACCES)
			fail_msg("open %s gave %lld, want -EACCES", outside[i], (long long)r);
		r = call(HOSTFS_STAT, 0, PATH1, path(PATH1, outside[i]), STATBUF, 1);
		if (r != -AE_ACCES)
			fail_msg("stat %s gave %lld, want -EACCES", outside[i], (long long)r);
	}
	/* creating through an escaping parent, renaming out, removing outside */
	assert_int_equal(call(HOSTFS_MKDIR, 0, PATH1, path(PATH1, "up/x"), 0755, 0), -AE_ACCES);
	assert_int_equal(call(HOSTFS_RENAME, 0, PATH1, path(PATH1, "hello.txt"),
	                      PATH2, path(PATH2, "../stolen")), -AE_ACCES);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, "up/secret"), 0, 0), -AE_ACCES);
	/* the secret is still there and nothing was created outside */
	char p[300];
	snprintf(p, sizeof p, "%s/outside/secret", top);
	assert_int_equal(access(p, F_OK), 0);
	snprintf(p, sizeof p, "%s/stolen", top);
	assert_int_equal(access(p, F_OK), -1);
	/* a path with a NUL inside, and a bad mount, are invalid */
	memcpy(ram + PATH1, "a\0b", 3);
	assert_int_equal(call(HOSTFS_OPEN, 0, PATH1, 3, HOSTFS_O_READ, 0), -AE_INVAL);
	assert_int_equal(call(HOSTFS_OPEN, 3, PATH1, 1, HOSTFS_O_READ, 0), -AE_INVAL);
	assert_int_equal(call(HOSTFS_OPEN, 99, PATH1, 1, HOSTFS_O_READ, 0), -AE_INVAL);
}

static void readonly_mount(void **state)
{
	(void)state;
	int64_t h = call(HOSTFS_OPEN, 1, PATH1, path(PATH1, "file"), HOSTFS_O_READ, 0);
	assert_true(h >= 0);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	assert_int_equal(call(HOSTFS_OPEN, 1, PATH1, path(PATH1, "file"),
	                      HOSTFS_O_WRITE, 0), -AE_ROFS);
	assert_int_equal(call(HOSTFS_MKDIR, 1, PATH1, path(PATH1, "d"), 0755, 0), -AE_ROFS);
	assert_int_equal(call(HOSTFS_UNLINK, 1, PATH1, path(PATH1, "file"), 0, 0), -AE_ROFS);
	assert_int_equal(call(99, 0, 0, 0, 0, 0), -78);   /* ENOSYS */
}

static mode_t mode_of(const char *rel)
{
	char p[400];
	struct stat st;
	snprintf(p, sizeof p, "%s/root/%s", top, rel);
	assert_int_equal(lstat(p, &st), 0);
	return st.st_mode;
}

/* No set-user-ID or set-group-ID file or directory comes out of the
 * guest, whoever runs the test (root too); the sticky bit stays, and the
 * host's umask does not apply. */
static void setid_stripped(void **state)
{
	(void)state;
	mode_t um = umask(077);
	int64_t h = call(HOSTFS_OPEN, 0, PATH1, path(PATH1, "setid"),
	                 HOSTFS_O_WRITE | HOSTFS_O_CREAT, 06777);
	assert_true(h >= 0);
	assert_int_equal(mode_of("setid") & 07777, 0777);
	assert_int_equal(call(HOSTFS_FCHMOD, h, 04755, 0, 0, 0), 0);
	assert_int_equal(mode_of("setid") & 07777, 0755);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	assert_int_equal(call(HOSTFS_CHMOD, 0, PATH1, path(PATH1, "setid"), 02711, 1), 0);
	assert_int_equal(mode_of("setid") & 07777, 0711);
	assert_int_equal(call(HOSTFS_MKDIR, 0, PATH1, path(PATH1, "sdir"), 07777, 0), 0);
	assert_int_equal(mode_of("sdir") & 07777, 01777);
	assert_int_equal(call(HOSTFS_CHMOD, 0, PATH1, path(PATH1, "sdir"), 06755, 1), 0);
	assert_int_equal(mode_of("sdir") & 07777, 0755);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, "sdir"), 1, 0), 0);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, "setid"), 0, 0), 0);
	umask(um);
}

/* Special files are refused at once, never opened so as to block: a
 * FIFO for reading and for writing, a socket, a device behind a link. */
static void special_files(void **state)
{
	(void)state;
	char p[400];
	snprintf(p, sizeof p, "%s/root/fifo", top);
	assert_int_equal(mkfifo(p, 0666), 0);
	snprintf(p, sizeof p, "%s/root/sock", top);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	assert_true(strlen(p) < sizeof sa.sun_path);
	strcpy(sa.sun_path, p);
	assert_int_equal(bind(s, (struct sockaddr *)&sa, sizeof sa), 0);
	static const struct { const char *name; uint64_t flags; int64_t want; } cases[] = {
		{ "fifo", HOSTFS_O_READ, -AE_NXIO },
		{ "fifo", HOSTFS_O_WRITE, -AE_NXIO },
		{ "fifo", HOSTFS_O_READ | HOSTFS_O_WRITE | HOSTFS_O_CREAT, -AE_NXIO },
		{ "fifo", HOSTFS_O_WRITE | HOSTFS_O_TRUNC, -AE_NXIO },
		{ "sock", HOSTFS_O_READ, -AE_NXIO },
		{ "nulldev", HOSTFS_O_READ, -AE_ACCES },
		{ "nulllink", HOSTFS_O_WRITE, -AE_ACCES },
	};
	/* a device node needs CAP_MKNOD: only then the device cases */
	snprintf(p, sizeof p, "%s/root/nulldev", top);
	bool dev = mknod(p, S_IFCHR | 0666, makedev(1, 3)) == 0;
	snprintf(p, sizeof p, "%s/root/nulllink", top);
	assert_int_equal(symlink("sub/../nulldev", p), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (!dev && cases[i].want == -AE_ACCES)
			continue;
		int64_t r = open_path(cases[i].name, cases[i].flags);
		if (r != cases[i].want)
			fail_msg("open %s (%llu) gave %lld, want %lld", cases[i].name,
			         (unsigned long long)cases[i].flags, (long long)r,
			         (long long)cases[i].want);
	}
	/* stat still sees them; truncate by name opens nothing */
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "fifo"), STATBUF, 1), 0);
	struct hostfs_stat st;
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_true(S_ISFIFO(st.mode));
	assert_int_equal(call(HOSTFS_TRUNCATE, 0, PATH1, path(PATH1, "fifo"), 0, 0), -AE_INVAL);
	close(s);
	for (const char *n = "fifo\0sock\0nulldev\0nulllink\0"; *n; n += strlen(n) + 1) {
		snprintf(p, sizeof p, "%s/root/%s", top, n);
		unlink(p);
	}
}

/* The metadata operations: modes, owners, times, links, truncation,
 * statfs, access, credentials; a read-only mount refuses the changes. */
static void metadata(void **state)
{
	(void)state;
	int64_t h = open_path("meta", HOSTFS_O_WRITE | HOSTFS_O_CREAT);
	assert_true(h >= 0);
	assert_int_equal(call(HOSTFS_FCHOWN, h, getuid(), HOSTFS_ID_KEEP, 0, 0), 0);
	struct hostfs_times t = { 100, 5, 200, 7 };
	memcpy(ram + BUF, &t, sizeof t);
	assert_int_equal(call(HOSTFS_FUTIMENS, h, BUF, 0, 0, 0), 0);
	assert_int_equal(call(HOSTFS_FSTAT, h, STATBUF, 0, 0, 0), 0);
	struct hostfs_stat st;
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.atime_s, 100);
	assert_int_equal(st.mtime_ns, 7);
	assert_int_equal(st.uid, getuid());
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	/* times through a link: follow sets the target's, else the link's */
	assert_int_equal(call(HOSTFS_SYMLINK, 0, PATH1, path(PATH1, "metalink"),
	                      PATH2, path(PATH2, "meta")), 0);
	t = (struct hostfs_times){ 0, HOSTFS_UTIME_OMIT, 300, 0 };
	memcpy(ram + BUF, &t, sizeof t);
	assert_int_equal(call(HOSTFS_UTIMENS, 0, PATH1, path(PATH1, "metalink"), BUF, 1), 0);
	t.mtime_s = 400;
	memcpy(ram + BUF, &t, sizeof t);
	assert_int_equal(call(HOSTFS_UTIMENS, 0, PATH1, path(PATH1, "metalink"), BUF, 0), 0);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "meta"), STATBUF, 0), 0);
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.atime_s, 100);
	assert_int_equal(st.mtime_s, 300);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "metalink"), STATBUF, 0), 0);
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.mtime_s, 400);
	/* a hard link to the link's target; truncate by name */
	assert_int_equal(call6(HOSTFS_LINK, 0, PATH1, path(PATH1, "metalink"),
	                      PATH2, path(PATH2, "sub/hard"), 1), 0);
	assert_int_equal(call(HOSTFS_TRUNCATE, 0, PATH1, path(PATH1, "sub/hard"), 42, 0), 0);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "meta"), STATBUF, 1), 0);
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.size, 42);
	assert_int_equal(st.nlink, 2);
	/* links and renames stay in the tree */
	assert_int_equal(call6(HOSTFS_LINK, 0, PATH1, path(PATH1, "up/secret"),
	                      PATH2, path(PATH2, "stolen"), 1), -AE_ACCES);
	assert_int_equal(call6(HOSTFS_RENAME, 0, PATH1, path(PATH1, "meta"),
	                      PATH2, path(PATH2, "sub/hard"), HOSTFS_RENAME_NOREPLACE), -AE_EXIST);
	assert_int_equal(call6(HOSTFS_RENAME, 0, PATH1, path(PATH1, "meta"),
	                      PATH2, path(PATH2, "hello.txt"), HOSTFS_RENAME_EXCHANGE), 0);
	assert_int_equal(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "hello.txt"), STATBUF, 1), 0);
	memcpy(&st, ram + STATBUF, sizeof st);
	assert_int_equal(st.size, 42);
	assert_int_equal(call6(HOSTFS_RENAME, 0, PATH1, path(PATH1, "meta"),
	                      PATH2, path(PATH2, "hello.txt"), HOSTFS_RENAME_EXCHANGE), 0);
	/* statfs, access, credentials */
	assert_int_equal(call(HOSTFS_STATFS, 0, PATH1, path(PATH1, "sub"), BUF, 0), 0);
	struct hostfs_statfs sf;
	memcpy(&sf, ram + BUF, sizeof sf);
	assert_true(sf.bsize > 0 && sf.namelen > 0);
	assert_int_equal(call(HOSTFS_ACCESS, 0, PATH1, path(PATH1, "hello.txt"), 4, 0), 0);
	assert_int_equal(call(HOSTFS_ACCESS, 0, PATH1, path(PATH1, "nothere"), 0, 0), -AE_NOENT);
	assert_int_equal(call(HOSTFS_CRED, BUF, 0, 0, 0, 0), 0);
	struct hostfs_cred c;
	memcpy(&c, ram + BUF, sizeof c);
	assert_int_equal(c.uid, geteuid());
	assert_int_equal(c.gid, getegid());
	/* nothing changes on the read-only mount */
	assert_int_equal(call(HOSTFS_CHMOD, 1, PATH1, path(PATH1, "file"), 0600, 1), -AE_ROFS);
	assert_int_equal(call6(HOSTFS_SYMLINK, 1, PATH1, path(PATH1, "l"), PATH2,
	                      path(PATH2, "file"), 0), -AE_ROFS);
	h = call(HOSTFS_OPEN, 1, PATH1, path(PATH1, "file"), HOSTFS_O_READ, 0);
	assert_int_equal(call(HOSTFS_FCHMOD, h, 0600, 0, 0, 0), -AE_ROFS);
	assert_int_equal(call(HOSTFS_FSTATFS, h, BUF, 0, 0, 0), 0);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	for (const char *n = "meta\0metalink\0sub/hard\0"; *n; n += strlen(n) + 1)
		assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, n), 0, 0), 0);
}

/* In the permissions test's child: exit with the step's number if the
 * call did not give what Linux gives. */
static void step(int n, int64_t got, int64_t want)
{
	if (got != want)
		_exit(n);
}

/* Permissions as Linux gives them to a user who is not root (the child
 * becomes nobody when the test runs as root): a handle opened for
 * writing may still truncate a file since made read-only, its name may
 * not (truncate asks for write permission, ftruncate for a writable
 * handle); a handle opened for reading truncates nothing. The child's
 * exit status is the first step that went wrong. */
static void permissions(void **state)
{
	(void)state;
	const uid_t nobody = 65534;
	bool root = geteuid() == 0;
	uid_t uid = root ? nobody : getuid();
	gid_t gid = root ? nobody : getgid();
	int64_t h = open_path("perm", HOSTFS_O_WRITE | HOSTFS_O_CREAT);
	assert_true(h >= 0);
	call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
	uint64_t len = path(PATH1, "perm");
	assert_int_equal(call6(HOSTFS_CHOWN, 0, PATH1, len, uid, gid, 1), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		if (root && (setgroups(0, NULL) || setgid(gid) || setuid(uid)))
			_exit(99);
		int64_t w = open_path("perm", HOSTFS_O_WRITE);
		int64_t r = open_path("perm", HOSTFS_O_READ);
		step(1, w >= 0 && r >= 0, true);
		step(2, call(HOSTFS_FCHMOD, w, 0444, 0, 0, 0), 0);
		step(3, call(HOSTFS_FTRUNCATE, w, 5, 0, 0, 0), 0);
		step(4, call(HOSTFS_TRUNCATE, 0, PATH1, len, 7, 0), -AE_ACCES);
		step(5, call(HOSTFS_FTRUNCATE, r, 3, 0, 0, 0), -AE_BADF);
		step(6, call(HOSTFS_ACCESS, 0, PATH1, len, W_OK, 0), -AE_ACCES);
		step(7, call(HOSTFS_CHMOD, 0, PATH1, len, 0644, 1), 0);
		step(8, call(HOSTFS_TRUNCATE, 0, PATH1, len, 9, 0), 0);
		_exit(0);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	if (WEXITSTATUS(st) == 99)
		skip();                  /* root that cannot become nobody */
	assert_int_equal(WEXITSTATUS(st), 0);
	char p[600];
	struct stat hs;
	snprintf(p, sizeof p, "%s/root/perm", top);
	assert_int_equal(stat(p, &hs), 0);
	assert_int_equal(hs.st_size, 9);
	assert_int_equal(hs.st_uid, uid);
	assert_int_equal(hs.st_mode & 07777, 0644);
	assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, len, 0, 0), 0);
}

/* Paths that stay in the tree, through "..", "." and links, resolve;
 * a loop of links is ELOOP; the same with openat2 and the walk. */
static void resolve(void **state)
{
	(void)state;
	static const struct { const char *path; int64_t want; } cases[] = {
		{ "sub/../hello.txt", 6 }, { "rel", 6 }, { "./sub//inner", 6 },
		{ "sub/./../sub/inner", 6 }, { "twice", 6 }, { "subl/inner", 6 },
		{ "subl/../hello.txt", 6 }, { "loop", -62 }, { "hello.txt/", -AE_NOTDIR },
		{ "sub/../..", -AE_ACCES }, { "missing/x", -AE_NOENT },
	};
	assert_int_equal(call6(HOSTFS_SYMLINK, 0, PATH1, path(PATH1, "twice"), PATH2,
	                      path(PATH2, "rel"), 0), 0);
	assert_int_equal(call6(HOSTFS_SYMLINK, 0, PATH1, path(PATH1, "subl"), PATH2,
	                      path(PATH2, "./sub/"), 0), 0);
	assert_int_equal(call6(HOSTFS_SYMLINK, 0, PATH1, path(PATH1, "loop"), PATH2,
	                      path(PATH2, "loop"), 0), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int64_t h = open_path(cases[i].path, HOSTFS_O_READ), r = h;
		if (h >= 0) {
			r = call(HOSTFS_PREAD, h, BUF, 100, 0, 0);
			call(HOSTFS_CLOSE, h, 0, 0, 0, 0);
		}
		if (r != cases[i].want)
			fail_msg("%s (%s) gave %lld, want %lld", cases[i].path,
			         fs.walk ? "walk" : "openat2", (long long)r, (long long)cases[i].want);
	}
	/* a directory through a link, and a link opened as itself */
	assert_true(call(HOSTFS_STAT, 0, PATH1, path(PATH1, "subl/"), STATBUF, 1) == 0);
	for (const char *n = "twice\0subl\0loop\0"; *n; n += strlen(n) + 1)
		assert_int_equal(call(HOSTFS_UNLINK, 0, PATH1, path(PATH1, n), 0, 0), 0);
}

/* A kernel without openat2 (seccomp makes it answer ENOSYS, as valgrind
 * 3.19 does): hostfs notices by itself and walks, in a child process,
 * opening a file in the tree and refusing one outside it. */
static void no_openat2(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		struct sock_filter code[] = {
			BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
			BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat2, 0, 1),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		};
		struct sock_fprog prog = { sizeof code / sizeof code[0], code };
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
			_exit(2);
		fs.walk = false;
		int64_t in = open_path("hello.txt", HOSTFS_O_READ);
		int64_t out = open_path("../outside/secret", HOSTFS_O_READ);
		_exit(in >= 0 && out == -AE_ACCES && fs.walk ? 0 : 1);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	if (WEXITSTATUS(st) == 2)
		skip();                  /* no seccomp here */
	assert_int_equal(WEXITSTATUS(st), 0);
}

/* Every test again with the walk that stands in for openat2 where the
 * host has none (platform/hostfs.c). */
static int setup_walk(void **state)
{
	int r = setup(state);
	fs.walk = true;
	return r;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_write),
		cmocka_unit_test(names),
		cmocka_unit_test(readdir_all),
		cmocka_unit_test(escapes),
		cmocka_unit_test(resolve),
		cmocka_unit_test(no_openat2),
		cmocka_unit_test(readonly_mount),
		cmocka_unit_test(setid_stripped),
		cmocka_unit_test(special_files),
		cmocka_unit_test(metadata),
		cmocka_unit_test(permissions),
	};
	return cmocka_run_group_tests_name("openat2", tests, setup, teardown) |
	       cmocka_run_group_tests_name("walk", tests, setup_walk, teardown);
}

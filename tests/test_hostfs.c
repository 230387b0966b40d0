/*
 * test_hostfs.c - unit tests of the hostfs device's host side: every
 * operation on a scratch tree, and every way out of the tree refused
 * (docs/platform.md, "hostfs": no path may resolve outside the root).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "sim/hostfs.h"

#define AE_NOENT 2
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

static int64_t call(uint64_t op, uint64_t a0, uint64_t a1, uint64_t a2,
                    uint64_t a3, uint64_t a4)
{
	struct hostfs_req r = { op, { a0, a1, a2, a3, a4, 0 }, 0 };
	hostfs_serve(&fs, &r, ram, sizeof ram);
	return r.result;
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
	strcpy(top, "/tmp/hostfs-test-XXXXXX");
	assert_non_null(mkdtemp(top));
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
	char cmd[300];
	hostfs_close_all(&fs);
	snprintf(cmd, sizeof cmd, "rm -rf %s", top);
	return system(cmd);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_write),
		cmocka_unit_test(names),
		cmocka_unit_test(readdir_all),
		cmocka_unit_test(escapes),
		cmocka_unit_test(readonly_mount),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}

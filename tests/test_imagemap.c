/*
 * test_imagemap.c - the daemon's image maps (daemon/imagemap.c): lookups
 * in executables, shared libraries and the kernel, the file-offset
 * convention, exec and overlapping mappings, exits kept until reaped,
 * and refused records.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "daemon/imagemap.h"

static struct imagemap m;

static int setup(void **state)
{
	(void)state;
	imagemap_init(&m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	imagemap_free(&m);
	return 0;
}

static bool rec(uint32_t kind, uint32_t pid, uint64_t id, uint64_t base, uint64_t size,
                uint64_t offset, const char *path)
{
	struct pcount_image r = { kind, pid, id, base, size, offset, 0, "" };
	snprintf(r.path, sizeof r.path, "%s", path);
	return imagemap_event(&m, &r);
}

/* The (image, offset) of (pid, pc), or image -1 when unknown. */
static long look(uint32_t pid, uint64_t pc, uint64_t *off)
{
	uint32_t image;
	return imagemap_lookup(&m, pid, pc, &image, off) ? (long)image : -1;
}

static void test_exec_lookup(void **state)
{
	(void)state;
	uint64_t off;
	assert_true(rec(PCOUNT_IMG_EXEC, 5, 0xaa, 0x120000000, 0x4000, 0, "/bin/prog"));
	assert_int_equal(look(5, 0x120000000, &off), 0);
	assert_int_equal(off, 0);
	assert_int_equal(look(5, 0x120003ffc, &off), 0);
	assert_int_equal(off, 0x3ffc);
	assert_int_equal(look(5, 0x120004000, &off), -1);   /* one past the end */
	assert_int_equal(look(5, 0x11fffffff, &off), -1);
	assert_int_equal(look(6, 0x120000000, &off), -1);   /* another process */
	assert_string_equal(m.img[0].path, "/bin/prog");
	assert_int_equal(m.img[0].id, 0xaa);
}

static void test_shared_library(void **state)
{
	(void)state;
	uint64_t off1, off2;
	/* libc's text (file offset 0x2000) at two addresses in two processes */
	assert_true(rec(PCOUNT_IMG_EXEC, 1, 0xa, 0x120000000, 0x1000, 0, "/bin/a"));
	assert_true(rec(PCOUNT_IMG_EXEC, 2, 0xb, 0x120000000, 0x1000, 0, "/bin/b"));
	assert_true(rec(PCOUNT_IMG_MMAP, 1, 0xc, 0x20000000000, 0x10000, 0x2000, "/lib/libc.so.6.1"));
	assert_true(rec(PCOUNT_IMG_MMAP, 2, 0xc, 0x20000100000, 0x10000, 0x2000, "/lib/libc.so.6.1"));
	long a = look(1, 0x20000000000 + 0x1234, &off1);
	long b = look(2, 0x20000100000 + 0x1234, &off2);
	assert_int_equal(a, 2);
	assert_int_equal(b, 2);                      /* one image, not two */
	assert_int_equal(m.nimg, 3);
	assert_int_equal(off1, 0x3234);              /* pc - base + file offset */
	assert_int_equal(off2, 0x3234);
	assert_int_equal(m.img[2].text_off, 0x2000);
	assert_int_equal(m.img[2].text_size, 0x10000);
	/* the same content under another path is another image */
	assert_true(rec(PCOUNT_IMG_MMAP, 2, 0xc, 0x30000000000, 0x10000, 0x2000, "/tmp/libc-copy"));
	assert_int_equal(look(2, 0x30000000000, &off1), 3);
}

static void test_kernel(void **state)
{
	(void)state;
	uint64_t off;
	const uint64_t kbase = IMAGEMAP_KSEG + 0x10000;
	/* no kernel record yet: kernel PCs are unknown */
	assert_int_equal(look(1, kbase + 0x100, &off), -1);
	assert_true(rec(PCOUNT_IMG_KERNEL, 0, 0x77, kbase, 0x12398, 0x10000, "minios.elf"));
	assert_true(rec(PCOUNT_IMG_EXEC, 1, 0xa, 0x120000000, 0x1000, 0, "/bin/a"));
	/* in any process, with or without a map of its own */
	assert_int_equal(look(1, kbase + 0x100, &off), 0);
	assert_int_equal(off, 0x10100);
	assert_int_equal(look(42, kbase + 0x100, &off), 0);
	assert_int_equal(look(0, kbase, &off), 0);
	assert_true(m.img[0].kernel);
	/* beyond the kernel image, or a user PC nobody maps */
	assert_int_equal(look(1, kbase + 0x12398, &off), -1);
	assert_int_equal(look(1, 0x140000000, &off), -1);
}

static void test_exec_replaces(void **state)
{
	(void)state;
	uint64_t off;
	assert_true(rec(PCOUNT_IMG_EXEC, 3, 0xa, 0x120000000, 0x1000, 0, "/bin/sh"));
	assert_true(rec(PCOUNT_IMG_MMAP, 3, 0xc, 0x20000000000, 0x1000, 0, "/lib/libc.so.6.1"));
	assert_true(rec(PCOUNT_IMG_EXEC, 3, 0xd, 0x120000000, 0x2000, 0, "/bin/prog"));
	assert_int_equal(look(3, 0x120001800, &off), 2);
	assert_int_equal(look(3, 0x20000000000, &off), -1);  /* libc went with exec */
	/* a mapping over part of an old one replaces it */
	assert_true(rec(PCOUNT_IMG_MMAP, 3, 0xe, 0x120001000, 0x4000, 0x100, "/lib/x.so"));
	assert_int_equal(look(3, 0x120000000, &off), -1);
	assert_int_equal(look(3, 0x120001000, &off), 3);
	assert_int_equal(off, 0x100);
	/* the scan adds mappings like MMAP, kept sorted */
	assert_true(rec(PCOUNT_IMG_SCAN, 3, 0xf, 0x100000, 0x1000, 0, "/lib/ld.so"));
	assert_true(rec(PCOUNT_IMG_SCAN, 3, 0xa, 0x130000000, 0x1000, 0, "/bin/sh"));
	assert_int_equal(look(3, 0x100800, &off), 4);
	assert_int_equal(look(3, 0x130000800, &off), 0);
	assert_int_equal(look(3, 0x120004fff, &off), 3);
	assert_int_equal(off, 0x3fff + 0x100);
}

static void test_exit_and_reap(void **state)
{
	(void)state;
	uint64_t off;
	assert_true(rec(PCOUNT_IMG_EXEC, 8, 0xa, 0x120000000, 0x1000, 0, "/bin/a"));
	assert_true(rec(PCOUNT_IMG_EXEC, 9, 0xb, 0x120000000, 0x1000, 0, "/bin/b"));
	assert_true(rec(PCOUNT_IMG_EXIT, 8, 0, 0, 0, 0, ""));
	/* its samples still in the driver are mapped until the drain */
	assert_int_equal(look(8, 0x120000010, &off), 0);
	imagemap_reap(&m);
	assert_int_equal(look(8, 0x120000010, &off), -1);
	assert_int_equal(look(9, 0x120000010, &off), 1);    /* the other stays */
	assert_int_equal(m.nproc, 1);
	/* an exit of a process never seen is harmless */
	assert_true(rec(PCOUNT_IMG_EXIT, 77, 0, 0, 0, 0, ""));
	/* exec of an exited pid before the reap: the new program lives */
	assert_true(rec(PCOUNT_IMG_EXIT, 9, 0, 0, 0, 0, ""));
	assert_true(rec(PCOUNT_IMG_EXEC, 9, 0xc, 0x120000000, 0x1000, 0, "/bin/c"));
	imagemap_reap(&m);
	assert_int_equal(look(9, 0x120000010, &off), 2);
}

static void test_refused(void **state)
{
	(void)state;
	assert_false(rec(99, 1, 0xa, 0x120000000, 0x1000, 0, "/bin/a"));
	assert_false(rec(0, 1, 0xa, 0x120000000, 0x1000, 0, "/bin/a"));
	assert_false(rec(PCOUNT_IMG_MMAP, 1, 0xa, 0x120000000, 0, 0, "/bin/a"));
	assert_false(rec(PCOUNT_IMG_MMAP, 1, 0xa, UINT64_MAX - 10, 0x1000, 0, "/bin/a"));
	assert_false(rec(PCOUNT_IMG_MMAP, 1, 0xa, 0x1000, 0x1000, UINT64_MAX - 10, "/bin/a"));
	assert_int_equal(m.nimg, 0);
	/* a path filling the record without a NUL is cut, not overrun */
	struct pcount_image r = { PCOUNT_IMG_MMAP, 1, 0xa, 0x1000, 0x1000, 0, 0, "" };
	memset(r.path, 'x', sizeof r.path);
	assert_true(imagemap_event(&m, &r));
	assert_int_equal(strlen(m.img[0].path), PCOUNT_PATH_MAX - 1);
}

UNIT_MAIN(NULL, NULL,
	UNIT_ST(test_exec_lookup), UNIT_ST(test_shared_library), UNIT_ST(test_kernel),
	UNIT_ST(test_exec_replaces), UNIT_ST(test_exit_and_reap), UNIT_ST(test_refused),
)

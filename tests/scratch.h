/*
 * scratch.h - a scratch directory under /tmp for a cmocka test's setup
 * and teardown (test_outfile, test_profdb, test_collect, test_hostfs):
 * made afresh before each test, removed with everything in it after;
 * and a file written whole (include after cmocka.h: it asserts).
 */
#ifndef TESTS_SCRATCH_H
#define TESTS_SCRATCH_H
#include <stdio.h>
#include <stdlib.h>

/* dir (n bytes) becomes a new directory /tmp/NAME.XXXXXX; 0, or -1. */
static inline int scratch_make(char *dir, size_t n, const char *name)
{
	snprintf(dir, n, "/tmp/%s.XXXXXX", name);
	return mkdtemp(dir) ? 0 : -1;
}

/* Remove dir and everything under it; system()'s status. */
static inline int scratch_remove(const char *dir)
{
	char cmd[320];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd);
}

/* path holds the n bytes at b, and nothing else. */
static inline void scratch_put(const char *path, const void *b, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

#endif

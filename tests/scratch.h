/*
 * scratch.h - a scratch directory under /tmp for a cmocka test's setup
 * and teardown (test_outfile, test_profdb, test_collect, test_hostfs):
 * made afresh before each test, removed with everything in it after.
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

#endif

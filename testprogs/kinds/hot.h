/*
 * hot.h - the hot loops of the kinds programs (hot.c, built each way a
 * user builds; spie.c, the static PIE without libc): one per part of the
 * run, kept apart (noinline) so each has its own symbol and address
 * range, which tests/profile_kinds.sh finds the samples in.  No libc.
 */
#ifndef KINDS_HOT_H
#define KINDS_HOT_H

static volatile long sink;

#define HOT(name) \
	__attribute__((noinline)) long name(long n) \
	{ \
		long s = 0; \
		for (long i = 0; i < n; i++) \
			s += (i ^ sink) >> 1; \
		return s; \
	}

#endif

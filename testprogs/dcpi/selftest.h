/*
 * selftest.h - what the /dev/pcount self-tests inside minios share
 * (pcount_selftest.c: the counters; pm_selftest.c: instruction sampling):
 * a CHECK that prints one ok/FAIL line a check and counts the failures,
 * and the loop they sample, its PCs bracketed by work_lo..work_hi so
 * that a sample can be told to be in it.
 */
#ifndef TESTPROGS_DCPI_SELFTEST_H
#define TESTPROGS_DCPI_SELFTEST_H

#include <stdio.h>

static int fails;
#define CHECK(cond, ...) \
	do { int ok_ = (cond); printf("%s: ", ok_ ? "ok" : "FAIL"); \
	     printf(__VA_ARGS__); putchar('\n'); fails += !ok_; } while (0)

extern const char work_lo[], work_hi[];

/* n iterations of five instructions: a dependent chain of integer work
 * in which the ADDQ (the second) waits for the MULQ. */
static unsigned long work(unsigned long n)
{
	unsigned long x = 1, t;
	__asm__ volatile(
		".globl work_lo\nwork_lo:\n"
		"1:	mulq	%0, 3, %1\n"
		"	addq	%1, %2, %0\n"
		"	xor	%0, %1, %0\n"
		"	subq	%2, 1, %2\n"
		"	bne	%2, 1b\n"
		".globl work_hi\nwork_hi:\n"
		: "+r"(x), "=&r"(t), "+r"(n));
	return x;
}

#endif

/*
 * blind.c - lab 2's guest program: a loop of two system calls made with
 * CALL_PAL callsys directly (so that the instruction after it is in
 * this program, not in libc), and some arithmetic of its own.
 *
 *   getppid      a short system call: PALcode in and out, a few
 *                kernel instructions at IPL 0
 *   sched_yield  the scheduler, which takes its spin lock at IPL 7,
 *                above the counters' IPL 6
 *
 * and then a walk over 256 pages, four times the DTB's 64 entries, so
 * that each load takes a DTB miss, which minios's PALcode fills
 * (docs/minios.md, "Page tables").
 *
 * usage: blind [ITERATIONS]   (default 10000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <asm/unistd.h>

/* A system call with no arguments (the Linux/Alpha ABI: the number in
 * v0, the result in v0, a3 set on error; the PALcode and the kernel may
 * change the temporaries and the argument registers). */
static inline long sys0(long nr)
{
	register long v0 __asm__("$0") = nr;
	__asm__ volatile("callsys"
	                 : "+r"(v0)
	                 :
	                 : "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$16", "$17",
	                   "$18", "$19", "$20", "$21", "$22", "$23", "$24", "$25", "$27",
	                   "$28", "memory");
	return v0;
}

#define NPAGES 256
static long pages[NPAGES * 1024];          /* 8 KB pages of longs */

__attribute__((noinline)) long walk(long s)
{
	for (unsigned i = 0; i < NPAGES; i++)
		s += pages[i * 1024];
	return s;
}

__attribute__((noinline)) long work(long s)
{
	for (int i = 0; i < 40; i++)
		s = s * 69069 + 1;
	return s;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10000, s = 0;
	for (unsigned i = 0; i < NPAGES; i++)
		pages[i * 1024] = i;               /* every page its own */
	for (long i = 0; i < n; i++) {
		s += sys0(__NR_getppid);
		s = work(s);
		s += sys0(__NR_sched_yield);
	}
	for (long i = 0; i < n / 10; i++)
		s = walk(s);
	printf("%ld\n", s & 0xffff);
	return 0;
}

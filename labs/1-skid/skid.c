/*
 * skid.c - lab 1's guest program: four phases, each making one kind of
 * event often, so that every event the lab samples has overflows in
 * plain user code.
 *
 *   code   a round of 64 short functions 256 bytes apart, called in a
 *          scrambled order, 16 KB of code, twice the 8 KB I-cache:
 *          I-cache misses (IMISS)
 *   data   a walk through 256 KB, one load per 32-byte D-cache block,
 *          each load's value used at once: D-cache misses (DMISS)
 *   pages  one load per 8 KB page over 128 pages (the DTB has 64
 *          entries): DTB misses (DTBMISS)
 *   branch branches on pseudo-random bits: mispredicts (BRMISS)
 *
 * usage: skid [ROUNDS]   (default 10)
 */
#include <stdio.h>
#include <stdlib.h>

#define BODY(n) \
	x = x * 3 + n; x ^= x >> 7; x += y; y = y * 5 + (x >> 3); \
	x ^= y << 2; y -= x >> 11; x = x * 7 + y; y ^= x >> 5;
#define FN(n) \
	__attribute__((noinline, aligned(256))) long code##n(long x, long y) { \
		BODY(n) BODY(n + 1) return x + y; }
#define FN8(n) FN(n##0) FN(n##1) FN(n##2) FN(n##3) FN(n##4) FN(n##5) FN(n##6) FN(n##7)
FN8(1) FN8(2) FN8(3) FN8(4) FN8(5) FN8(6) FN8(7) FN8(8)

typedef long fn(long, long);
#define P(n) code##n,
#define P8(n) P(n##0) P(n##1) P(n##2) P(n##3) P(n##4) P(n##5) P(n##6) P(n##7)
static fn *const codes[] = { P8(1) P8(2) P8(3) P8(4) P8(5) P8(6) P8(7) P8(8) };

#define DATA_BYTES (1 << 18)
#define PAGE 8192
#define NPAGES 128
static long data[DATA_BYTES / sizeof(long)];
static long pages[NPAGES * PAGE / sizeof(long)];

__attribute__((noinline)) long phase_code(long s)
{
	/* in a scrambled order, so that each call's first line is a true
	 * miss that the refill buffer's prefetch of the next line missed */
	for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++)
		s = codes[i * 37 % 64](s, (long)i);
	return s;
}

__attribute__((noinline)) long phase_data(long s)
{
	for (unsigned i = 0; i < DATA_BYTES / sizeof(long); i += 4)
		s = s * 3 + data[(i + (unsigned)s) % (DATA_BYTES / sizeof(long))];
	return s;
}

__attribute__((noinline)) long phase_pages(long s)
{
	for (unsigned i = 0; i < NPAGES; i++)
		s += pages[i * (PAGE / sizeof(long)) + (s & 7)];
	return s;
}

__attribute__((noinline)) long phase_branch(long s, unsigned n)
{
	unsigned long r = (unsigned long)s | 1;
	for (unsigned i = 0; i < n; i++) {
		r = r * 6364136223846793005ul + 1442695040888963407ul;
		if (r >> 63) {
			s += i;
			__asm__ volatile("");   /* a branch, not a conditional move */
		} else
			s ^= i;
	}
	return s;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 10;
	long s = 1;
	/* written first, so that every page is a page of its own (pages
	 * never written may all share the kernel's zero page) */
	for (unsigned i = 0; i < sizeof data / sizeof data[0]; i++)
		data[i] = (long)(i * 2654435761u);
	for (unsigned i = 0; i < sizeof pages / sizeof pages[0]; i++)
		pages[i] = (long)i;
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < 50; k++)
			s = phase_code(s);
		s = phase_data(s);
		s = phase_pages(s);
		s = phase_branch(s, 20000);
	}
	printf("%ld\n", s & 0xffff);
	return 0;
}

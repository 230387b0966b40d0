/*
 * datarecs.c - two loops whose loads touch known arrays, for the record
 * stream's test (tests/records.sh; docs/precise.md, "The record
 * stream"): stride() walks `big`, 4 MB, a cache block at a time, so that
 * every load misses the D-cache; resident() sums `small`, 2 KB, which
 * stays in it.  Each loop runs 65536 loads a round.
 *
 * Usage: datarecs [ROUNDS]   (default 4).  Prints one checksum.
 */
#include <stdio.h>
#include <stdlib.h>

#define BIG_LONGS (512 * 1024)         /* 4 MB */
#define SMALL_LONGS 256                /* 2 KB */
#define STEP 8                         /* longs in a 64-byte block */

long big[BIG_LONGS];
long small[SMALL_LONGS];

/* noipa: GCC would otherwise find the two pure and call each once for
 * every round */
__attribute__((noipa)) static long stride(void)
{
	long s = 0;
	for (long i = 0; i < BIG_LONGS; i += STEP)
		s += big[i];
	return s;
}

__attribute__((noipa)) static long resident(void)
{
	long s = 0;
	for (int r = 0; r < BIG_LONGS / STEP / SMALL_LONGS; r++)
		for (int i = 0; i < SMALL_LONGS; i++)
			s += small[i];
	return s;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 4, s = 0;
	if (argc > 2 || rounds < 1) {
		fprintf(stderr, "usage: datarecs [ROUNDS]\n");
		return 2;
	}
	for (long i = 0; i < SMALL_LONGS; i++)
		small[i] = i;
	for (long r = 0; r < rounds; r++)
		s += stride() + resident();
	printf("%ld\n", s);
	return 0;
}

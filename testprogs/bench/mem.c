/*
 * mem.c - memory-bound benchmark: a random pointer chase through 4 MB
 * (beyond the 96 KB S-cache) and a streaming sum over 2 MB.
 */
#include "tio.h"

#define N (512 * 1024)          /* 8-byte slots: 4 MB */
static unsigned long next[N];
static unsigned long stream[N / 2];

int main(void)
{
	/* A single cycle through all slots (Sattolo's shuffle). */
	unsigned long x = 12345;
	for (unsigned long i = 0; i < N; i++)
		next[i] = i;
	for (unsigned long i = N - 1; i > 0; i--) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		/* j uniform in [0, i): the high half of x * i (no division:
		 * Alpha has none, and the two runtimes' helpers differ) */
		unsigned long j = (unsigned long)(((unsigned __int128)x * i) >> 64);
		unsigned long t = next[i];
		next[i] = next[j];
		next[j] = t;
	}
	unsigned long p = 0, sum = 0;
	for (unsigned long i = 0; i < 24 * N; i++)
		p = next[p];
	for (int r = 0; r < 16; r++)
		for (unsigned long i = 0; i < N / 2; i++)
			sum += stream[i] + i;
	tio_printf("mem: %lu %lu\n", p, sum);
	return 0;
}

/*
 * straight.c - code larger than the I-cache run in sequence: a loop
 * over a function of about 24 KB of straight-line integer code (three
 * times the 8 KB I-cache), so that every 32-byte line misses and most
 * misses are served early by the fill of the line before (the refill
 * buffer and stream fills: cheaper than the S-cache's latency).  The
 * I-cache misses of an interpreter's or a library's long paths, in one
 * loop (docs/analysis.md, "A third estimator").
 *
 *   straight [ROUNDS]      default 20000
 */
#include <stdio.h>
#include <stdlib.h>

#define OP(k)  x = ((x << 3) ^ (x >> 5)) + (k);
#define OP4(k)  OP(k) OP((k) + 1) OP((k) + 2) OP((k) + 3)
#define OP16(k) OP4(k) OP4((k) + 4) OP4((k) + 8) OP4((k) + 12)
#define OP64(k) OP16(k) OP16((k) + 16) OP16((k) + 32) OP16((k) + 48)
#define OP256(k) OP64(k) OP64((k) + 64) OP64((k) + 128) OP64((k) + 192)

static __attribute__((noipa)) unsigned long run(unsigned long x)
{
	OP256(0) OP256(256) OP256(512) OP256(768)
	OP256(1024) OP256(1280)
	return x;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 20000;
	unsigned long x = 1;
	for (long r = 0; r < rounds; r++)
		x = run(x);
	printf("straight: %lu\n", x);
	return 0;
}

/*
 * bursty.c - lab 4's guest program: D-cache misses that are rare and
 * come in bursts.  Most of the time goes to compute(), arithmetic on
 * registers that never misses; every round, burst() loads 128 new
 * D-cache lines from a 4 MB array, and nearly all of the program's
 * D-cache misses happen there, in a short stretch of time.
 *
 * usage: bursty [ROUNDS]   (default 400)
 */
#include <stdio.h>
#include <stdlib.h>

#define BIG (4 << 20)
static long big[BIG / sizeof(long)];

__attribute__((noinline)) long compute(long s)
{
	for (int i = 0; i < 5000; i++)
		s = s * 69069 + (s >> 11);
	return s;
}

__attribute__((noinline)) long burst(long s, unsigned round)
{
	/* 128 lines of 32 bytes, a new stretch each round */
	const long *p = big + (round * 128 * 4) % (BIG / sizeof(long) - 512);
	for (int i = 0; i < 128; i++)
		s += p[i * 4];
	return s;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 400;
	long s = 1;
	for (unsigned i = 0; i < BIG / sizeof(long); i += 1024)
		big[i] = (long)i;               /* every page its own */
	for (int r = 0; r < rounds; r++) {
		s = compute(s);
		s = burst(s, (unsigned)r);
	}
	printf("%ld\n", s & 0xffff);
	return 0;
}

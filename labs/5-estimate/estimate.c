/*
 * estimate.c - lab 5's guest program: one procedure, kernel(), whose
 * blocks run at different, known frequencies: per call the outer block
 * once, the inner loop's body 8 times, a branch taken one time in four
 * (a table lookup, a D-cache miss now and then) and the rest.
 *
 * usage: estimate [CALLS]   (default 200000)
 */
#include <stdio.h>
#include <stdlib.h>

static long table[1 << 15];

__attribute__((noinline)) long kernel(long s, long i)
{
	for (int k = 0; k < 8; k++) {          /* 8 times a call */
		s = s * 31 + k;
		s ^= s >> 9;
	}
	if ((i & 3) == 0)                       /* one call in four */
		s += table[(s >> 3) & ((1 << 15) - 1)];
	else
		s -= i;
	return s;
}

int main(int argc, char **argv)
{
	long calls = argc > 1 ? atol(argv[1]) : 200000, s = 1;
	for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
		table[i] = i * 7;
	for (long i = 0; i < calls; i++)
		s = kernel(s, i);
	printf("%ld\n", s & 0xffff);
	return 0;
}

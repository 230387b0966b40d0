/*
 * hot_loop.c - a program with one hot loop in a procedure of its own,
 * which the tests build as a user builds a program (plain
 * alpha-linux-gnu-gcc -O2: dynamic, non-PIE) and look for in the
 * profile: tests/install.sh (the installed tools), tests/view.sh and
 * tests/view_live.sh (the live view's procedure panel).
 * Usage: hot [N]  (N iterations, default 1000); prints the loop's sum.
 */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long hot_loop(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (i * 7) ^ (s >> 3);
	return s;
}

int main(int argc, char **argv)
{
	printf("%ld\n", hot_loop(argc > 1 ? atol(argv[1]) : 1000));
	return 0;
}

/*
 * muldiv.c - two stress kernels of kernels.h: the multiplier busy
 * (culprit m), then the FP divider busy (culprit f).
 *
 *   muldiv [N]      N: multiplies (default 1000000), and N / 2 divides
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	long m = imul_busy(n, 3);
	double d = fdiv_busy(n / 2, 3.0);
	printf("muldiv: %ld %g\n", m, d);
	return 0;
}

/*
 * icache.c - one stress kernel of kernels.h: I-cache misses (culprit i).
 *
 *   icache [N]      N: loops over 16 KB of code (default 20000)
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000;
	kernels_init();
	printf("icache: %ld\n", icache_hops(n));
	return 0;
}

/*
 * dcache.c - one stress kernel of kernels.h: D-cache misses served by the S-cache (culprit d).
 *
 *   dcache [N]      N: rounds over 64 KB (default 400)
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 400;
	kernels_init();
	printf("dcache: %ld\n", dcache_lines(n));
	return 0;
}

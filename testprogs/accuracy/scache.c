/*
 * scache.c - one stress kernel of kernels.h: loads served by memory (culprit d).
 *
 *   scache [N]      N: rounds over 4 MB (default 4)
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 4;
	kernels_init();
	printf("scache: %ld\n", scache_blocks(n));
	return 0;
}

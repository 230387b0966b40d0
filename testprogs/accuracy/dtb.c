/*
 * dtb.c - one stress kernel of kernels.h: DTB misses (culprit D).
 *
 *   dtb [N]      N: rounds over 128 pages (default 1000)
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	kernels_init();
	printf("dtb: %ld\n", dtb_pages(n));
	return 0;
}

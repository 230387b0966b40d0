/*
 * wbuf.c - one stress kernel of kernels.h: write-buffer stalls (culprit w).
 *
 *   wbuf [N]      N: rounds over 64 KB (default 600)
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 600;
	kernels_init();
	printf("wbuf: %ld\n", wbuf_lines(n));
	return 0;
}

/*
 * misp.c - one stress kernel of kernels.h: conditional branch mispredicts (culprit p).
 *
 *   misp [N]      N: branches (default 2000000)
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 2000000;
	kernels_init();
	printf("misp: %lu\n", misp_flips(n));
	return 0;
}

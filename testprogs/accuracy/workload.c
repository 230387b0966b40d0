/*
 * workload.c - the default workload of alphasim --profile (docs/
 * usage.md, "Profiling"): every stress kernel of kernels.h in turn, each
 * sized to take some 80 million cycles on the simulated 21164, so that a
 * profile shows each dynamic stall culprit in its own procedure, and the
 * analysis has loops with enough samples to estimate (about 750 million
 * cycles: 11,000 CYCLES samples at DCPI's default period, 60K-64K).
 * Prints one checksum per kernel.  An argument D (default 1) divides
 * every size by D: the tests that need a database, not its sample
 * count, run it smaller.
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"

int main(int argc, char **argv)
{
	long d = argc > 1 ? atol(argv[1]) : 1;
	if (d < 1 || d > 16) {
		fprintf(stderr, "usage: workload [1-16]\n");
		return 2;
	}
	kernels_init();
	printf("lines:  %ld\n", dcache_lines(4000 / d));
	printf("blocks: %ld\n", scache_blocks(16 / d));
	printf("pages:  %ld\n", dtb_pages(16000 / d));
	printf("flips:  %lu\n", misp_flips(8000000 / d));
	printf("stores: %ld\n", wbuf_lines(9600 / d));
	printf("mul:    %ld\n", imul_busy(8000000 / d, 3));
	printf("div:    %g\n", fdiv_busy(4000000 / d, 3.0));
	printf("hops:   %ld\n", icache_hops(80000 / d));
	return 0;
}

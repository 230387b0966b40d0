/*
 * workload.c - the default workload of alphasim --profile (docs/
 * usage.md, "Profiling"): every stress kernel of kernels.h in turn, each
 * sized to take some 20 million cycles on the simulated 21164, so that a
 * profile shows each dynamic stall culprit in its own procedure, and the
 * analysis has loops with enough samples to estimate (about 180 million
 * cycles: 11,000 CYCLES samples at alphasim's period for it, 16K).
 * Prints one checksum per kernel.
 */
#include <stdio.h>
#include "kernels.h"

int main(void)
{
	kernels_init();
	printf("lines:  %ld\n", dcache_lines(1000));
	printf("blocks: %ld\n", scache_blocks(4));
	printf("pages:  %ld\n", dtb_pages(4000));
	printf("flips:  %lu\n", misp_flips(2000000));
	printf("stores: %ld\n", wbuf_lines(2400));
	printf("mul:    %ld\n", imul_busy(2000000, 3));
	printf("div:    %g\n", fdiv_busy(1000000, 3.0));
	printf("hops:   %ld\n", icache_hops(20000));
	return 0;
}

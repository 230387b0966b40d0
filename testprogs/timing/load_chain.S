/*
 * load_chain.S - dependent loads hitting the D-cache.
 *
 * 21164 rule: a load that hits the D-cache has a load-to-use latency of
 * 2 cycles (docs/ev5.md "Latencies").  A quadword that holds its own address
 * makes "ldq $1, 0($1)" a chain:
 *   [ld1 subq ld2 ld3] [ld4 bne]
 *   ld1,subq @0  ld2 @2  ld3 @4 | ld4,bne @6 | ld1' @8
 * 2 cycles per load, all of them waiting for a load that hit.
 *
 * EXPECT cycles=8 cause=dep_load stall=8 exact
 */
#define ITERS 2000
#include "bench.h"

	.ent	bench_setup
bench_setup:
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	lda	$1, bench_self
	br	$31, bench_loop
	.align	4
bench_loop:
	ldq	$1, 0($1)
	subq	$16, 1, $16
	ldq	$1, 0($1)
	ldq	$1, 0($1)
	ldq	$1, 0($1)
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

	.data
	.align	5
bench_self:
	.quad	bench_self

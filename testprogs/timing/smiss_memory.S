/*
 * smiss_memory.S - loads that miss every cache and go to memory.
 *
 * A pointer chase through a 4 MB ring of 64-byte nodes: twice the 2 MB
 * direct-mapped B-cache (assumed default) and far beyond the S-cache, one
 * node per S-cache and B-cache block.  Setup writes the ring in order, so
 * the B-cache ends up holding its second half; the chase starts at the
 * first node and goes on from where the last call stopped, so the 20 x
 * ITERS loads of the run (fewer than the 32768 nodes of the first half)
 * each visit a node no cache holds.  21164 rule (docs/ev5.md "Memory system",
 * the DCPI paper): a miss all the way to memory costs about 100 cycles.
 *   ld1 @0  ld2 @100  ld3 @200  ld4,bne @300 | ld1' @400
 *
 * EXPECT cycles=400 cause=dmiss_m stall=400 within2
 */
#define ITERS 1000
#define RING  4194304
#define NODE  64
#include "bench.h"

	.ent	bench_setup
bench_setup:
	lda	$1, bench_ring
	ldah	$2, (RING >> 16)($31)
	addq	$1, $2, $3
	mov	$1, $4
1:	lda	$5, NODE($4)
	cmpult	$5, $3, $6
	cmoveq	$6, $1, $5
	stq	$5, 0($4)
	lda	$4, NODE($4)
	cmpult	$4, $3, $6
	bne	$6, 1b
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
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

	.bss
	.align	13
bench_ring:
	.skip	RING

/*
 * dmiss_scache.S - D-cache misses served by the S-cache.
 *
 * A pointer chase through a 16 KB ring of 32-byte nodes: twice the
 * direct-mapped 8 KB D-cache, so every load misses it, and well inside
 * the 96 KB S-cache, so every miss is served there.  21164 rule
 * (docs/ev5.md "Memory system"): load to use through the S-cache is 8 cycles
 * (assumed).  Each load waits for the previous one:
 *   [ld1 subq ld2 ld3] [ld4 bne]
 *   ld1 @0  ld2 @8  ld3 @16 | ld4,bne @24 | ld1' @32
 * 32 cycles per iteration, all waiting for loads the S-cache served.
 *
 * EXPECT cycles=32 cause=dmiss_s stall=32 within2
 */
#define ITERS 1000
#define RING  16384
#define NODE  32
#include "bench.h"

/* node i points at node i+1, the last at the first */
	.ent	bench_setup
bench_setup:
	lda	$1, bench_ring
	lda	$2, RING($31)
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

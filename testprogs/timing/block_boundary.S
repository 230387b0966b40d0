/*
 * block_boundary.S - a loop whose target is not at a block boundary.
 *
 * 21164 rule (docs/ev5.md "Pipeline"; 21164 HRM 2.1.1.1): the issue stage
 * takes naturally aligned blocks of four; a branch into the middle of a
 * block issues from the target to the block's end, and the next block
 * starts only after the whole block has issued.  Seven independent
 * integer instructions and the loop branch, two per cycle, would take 4
 * cycles from an aligned target; with the target one slot into a block:
 *   [-- subq a1 a2]  subq,a1 @0  a2 @1
 *   [a3 a4 a5 a6]    a3,a4 @2  a5,a6 @3
 *   [bne]            bne @4                 | subq' @5
 * 5 cycles: the slot lost at the top and the one at the bottom are the
 * block boundaries.
 *
 * EXPECT cycles=5 cause=slot stall=5 exact
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
	br	$31, bench_loop
	.align	4
	nop
bench_loop:
	subq	$16, 1, $16
	addq	$1, 1, $1
	addq	$2, 1, $2
	addq	$3, 1, $3
	addq	$4, 1, $4
	addq	$5, 1, $5
	addq	$6, 1, $6
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

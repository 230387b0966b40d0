/*
 * branch_alternating.S - a branch that alternates, always mispredicted.
 *
 * 21164 rules (docs/ev5.md "Pipeline"): 2-bit counters start weakly not-taken
 * (assumed); a mispredicted conditional branch costs 5 cycles (assumed).
 * The branch is taken on the first, third, ... executions: from weakly
 * not-taken it flips between weakly not-taken and weakly taken and is
 * wrong every time.  An XOR (logical) feeds the branch test in the same
 * cycle.  Without mispredicts:
 *   taken:      [subq nop xor blbc] subq,nop @0  xor,blbc @1 -> [bne] @2  3 cycles
 *   not taken:  ... xor,blbc @1 [a nop nop nop] @2,@3 [bne] @4          5 cycles
 * plus 5 per iteration for the mispredict: (3 + 5 + 5 + 5) / 2 = 9
 * cycles per iteration, 5 of them lost to mispredicts.
 *
 * EXPECT cycles=9 cause=bmisp stall=5 within2
 */
#define ITERS 2000
#include "bench.h"

	.ent	bench_setup
bench_setup:
	lda	$5, 1($31)
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	4
bench_loop:
	subq	$16, 1, $16
	nop
	xor	$5, 1, $5
	blbc	$5, 1f
	addq	$6, 1, $6
	nop
	nop
	nop
1:	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

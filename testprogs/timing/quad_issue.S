/*
 * quad_issue.S - integer and floating point together: quad issue.
 *
 * 21164 rule: four pipes, E0 and E1 for integer operates and branches
 * (branches E1 only), FA for FP adds, FM for FP multiplies; a block of
 * two integer, one FP add and one FP multiply instruction issues in one
 * cycle (docs/ev5.md "Pipe classes").  The FP operands are never written in
 * the loop, so nothing waits for the 4-cycle FP latency.
 *   [a1 a2 addt mult] [a3 subq addt mult] [a4 bne addt mult]
 *   one block per cycle: 12 instructions in 3 cycles; each block's first
 *   instruction waits only for the block boundary: slotting.
 *
 * EXPECT cycles=3 cause=slot stall=3 exact
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
bench_loop:
	addq	$1, 1, $1
	addq	$2, 1, $2
	addt	$f1, $f2, $f10
	mult	$f1, $f2, $f11
	addq	$3, 1, $3
	subq	$16, 1, $16
	addt	$f1, $f2, $f12
	mult	$f1, $f2, $f13
	addq	$4, 1, $4
	bne	$16, bench_loop
	addt	$f1, $f2, $f14
	mult	$f1, $f2, $f15
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

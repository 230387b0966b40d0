/*
 * indep_add.S - independent integer adds: dual issue.
 *
 * 21164 rule: integer operates go to E0 or E1, so two issue per cycle;
 * instructions issue in order from an aligned block of four and the next
 * block starts a cycle after the last one finished (docs/ev5.md "Pipeline").
 *   [a1 a2 a3 a4] [a5 a6 a7 subq] [a8 bne]
 *   a1,a2 @0  a3,a4 @1 | a5,a6 @2  a7,subq @3 | a8,bne @4 | a1' @5
 * 10 instructions in 5 cycles; every cycle's first instruction waits for
 * a free pipe or a new block: slotting.
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
bench_loop:
	addq	$1, 1, $1
	addq	$2, 1, $2
	addq	$3, 1, $3
	addq	$4, 1, $4
	addq	$5, 1, $5
	addq	$6, 1, $6
	addq	$7, 1, $7
	subq	$16, 1, $16
	addq	$8, 1, $8
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

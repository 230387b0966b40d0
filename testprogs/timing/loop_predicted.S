/*
 * loop_predicted.S - well-predicted branches.
 *
 * 21164 rules (docs/ev5.md "Pipeline"): conditional branches are predicted by
 * 2-bit counters, so a branch that always goes the same way costs nothing
 * once learned; a correctly predicted taken branch loses no cycle
 * (taken_bubble, assumed 0); branches issue only in E1.  The loop has an
 * always-taken forward branch and the loop branch:
 *   [subq a1 a2 beq]   subq,a1 @0  a2,beq @1  --taken-->
 *   [a3 a4 bne]        a3,a4 @2  bne @3                 | subq' @4
 * 4 cycles per iteration, each cycle's first instruction waiting for a
 * block boundary or a pipe; no mispredicts but the loop exits, which the
 * harness's differences cancel.
 *
 * EXPECT cycles=4 cause=slot stall=4 within2
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
	subq	$16, 1, $16
	addq	$1, 1, $1
	addq	$2, 1, $2
	beq	$31, 1f
	.align	4
1:	addq	$3, 1, $3
	addq	$4, 1, $4
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

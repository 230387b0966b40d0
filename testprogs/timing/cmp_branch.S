/*
 * cmp_branch.S - a compare feeding a branch in the same cycle.
 *
 * 21164 rule (docs/ev5.md "Latencies"): a compare's result can be tested by a
 * branch issued in the same cycle (0 cycles), while an add's result is
 * usable one cycle after it issues.  The loop counts up to a limit:
 *   [addq cmplt bne]   addq @0  cmplt,bne @1 | addq' @2
 * 2 cycles per iteration (3 if the branch had to wait for the compare):
 * one with the compare waiting for the add, one with the next add
 * waiting for the block after the taken branch.
 *
 * EXPECT cycles=2 cause=dep_int stall=1 exact
 */
#define ITERS 4000
#include "bench.h"

	.ent	bench_setup
bench_setup:
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	addq	$1, $16, $17
	br	$31, bench_loop
	.align	4
bench_loop:
	addq	$1, 1, $1
	cmplt	$1, $17, $2
	bne	$2, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

/*
 * dep_add.S - a chain of dependent integer adds.
 *
 * 21164 rule: an add's result is usable 1 cycle after it issues
 * (docs/ev5.md "Latencies"), so each add of the chain issues one cycle after
 * the one before.  The loop counter and branch ride along in free slots:
 *   [a1 subq a2 a3] [a4 a5 a6 a7] [a8 bne]
 *   a1,subq @0  a2 @1  a3 @2 | a4 @3 .. a7 @6 | a8,bne @7 | a1' @8
 * a1 of the next iteration waits for a8: 8 cycles per iteration, every
 * head cycle an operand dependency on an add.
 *
 * EXPECT cycles=8 cause=dep_int stall=8 exact
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
	subq	$16, 1, $16
	addq	$1, 1, $1
	addq	$1, 1, $1
	addq	$1, 1, $1
	addq	$1, 1, $1
	addq	$1, 1, $1
	addq	$1, 1, $1
	addq	$1, 1, $1
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

/*
 * imulq_chain.S - a chain of dependent IMULQ.
 *
 * 21164 rules (docs/ev5.md "Latencies"; GCC config/alpha/ev5.md): IMULQ has
 * a latency of 12 cycles, the multiplier takes no operand from a bypass,
 * and a multiply whose operand comes from a multiply has one more cycle
 * of latency (13); the multiplier is busy 8 cycles, less than that.
 *   [m1 subq m2 bne]   m1,subq @0  m2,bne @13 | m1' @26
 * 26 cycles per iteration, waiting for multiplies.
 *
 * EXPECT cycles=26 cause=dep_imul stall=26 exact
 */
#define ITERS 500
#include "bench.h"

	.ent	bench_setup
bench_setup:
	lda	$1, 3($31)
	lda	$2, 5($31)
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	4
bench_loop:
	mulq	$1, $2, $1
	subq	$16, 1, $16
	mulq	$1, $2, $1
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

/*
 * cmov.S - compare and conditional move pairs in a chain.
 *
 * 21164 rules (docs/ev5.md "Latencies"): a compare can feed the test of a
 * CMOV in the same cycle (0 cycles); a CMOV's result is usable 2 cycles
 * after it issues; a CMOV also reads its old destination.  Each pair
 * "cmpeq $1,$5,$2; cmovne $2,$3,$1" depends on the previous pair's $1:
 *   [c1 m1 subq nop]  c1,m1 @0  subq,nop @1
 *   [c2 m2 c3 m3]     c2,m2 @2  c3,m3 @4
 *   [c4 m4 bne]       c4,m4 @6  bne @7       | c1' @8
 * 8 cycles per iteration: 6 waiting for a CMOV result, 2 (subq, bne)
 * for a free pipe.
 *
 * EXPECT cycles=8 cause=dep_cmov stall=6 exact
 */
#define ITERS 2000
#include "bench.h"

	.ent	bench_setup
bench_setup:
	lda	$1, 1($31)
	lda	$3, 1($31)
	lda	$5, 7($31)
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	4
bench_loop:
	cmpeq	$1, $5, $2
	cmovne	$2, $3, $1
	subq	$16, 1, $16
	nop
	cmpeq	$1, $5, $2
	cmovne	$2, $3, $1
	cmpeq	$1, $5, $2
	cmovne	$2, $3, $1
	cmpeq	$1, $5, $2
	cmovne	$2, $3, $1
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

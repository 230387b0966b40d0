/*
 * call_chain.S - a call chain deeper than the return stack.
 *
 * 21164 rules (docs/ev5.md "Pipeline"): RET is predicted from a 12-entry
 * return stack (assumed) that BSR/JSR push; a mispredicted return costs
 * 5 cycles (assumed).  Each iteration calls f1, which calls f2, ...,
 * f16 (a leaf): 16 pushes, so the stack keeps only the 12 newest return
 * addresses and the returns of f4, f3, f2 and f1 are mispredicted.
 * Each BSR ends its block, so a return starts a new one.  Without the
 * mispredicts (D-cache hits, a load-to-use of 2, a taken branch costing
 * only its block boundary):
 *   [-- -- subq bsr]               @0
 *   f_k  [lda nop stq bsr]         lda @1+2(k-1), stq,bsr one later
 *   f16  [ret]                     @31
 *   f_k  [ldq lda ret nop]         ldq,lda @x, ret @x+2, next @x+3,
 *                                  x = 32 for f15 ... 74 for f1
 *   [bne]                          @77                  | subq' @78
 * 78 cycles, plus 4 x 5 for the mispredicted returns: 98 per iteration.
 *
 * EXPECT cycles=98 cause=jmisp stall=20 within2
 */
#define ITERS 500
#include "bench.h"

	.ent	bench_setup
bench_setup:
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	mov	$26, $8
	br	$31, bench_loop
	.align	4
	nop
	nop
bench_loop:
	subq	$16, 1, $16
	bsr	$26, f1
	bne	$16, bench_loop
	br	$31, bench_out
	.align	4
f1:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f2
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f2:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f3
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f3:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f4
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f4:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f5
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f5:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f6
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f6:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f7
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f7:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f8
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f8:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f9
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f9:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f10
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f10:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f11
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f11:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f12
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f12:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f13
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f13:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f14
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f14:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f15
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f15:	lda	$30, -16($30)
	nop
	stq	$26, 0($30)
	bsr	$26, f16
	ldq	$26, 0($30)
	lda	$30, 16($30)
	ret	$31, ($26), 1
	.align	4
f16:	ret	$31, ($26), 1
bench_loop_end:
bench_out:
	ret	$31, ($8), 1
	.end	kernel

/*
 * slotting.S - slotting conflicts: shifts, and loads with stores.
 *
 * 21164 rules (docs/ev5.md "Pipe classes", "Structural hazards"): shifts issue
 * only in E0, so two shifts never issue in the same cycle; stores issue
 * only in E0 and a load and a store never issue in the same cycle.
 *   [sll sll sll subq]   sll @0  sll @1  sll,subq @2
 *   [ldq stq ldq stq]    ldq @3  stq @4  ldq @5  stq @6
 *   [ldq bne]            ldq,bne @7                   | sll' @8
 * The loads hit the D-cache (a 32-byte stack block the stores also keep
 * in the write buffer) and nothing uses their results.  Every head cycle
 * is a slotting conflict or a block boundary.
 *
 * EXPECT cycles=8 cause=slot stall=8 exact
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
	lda	$1, bench_buf
	br	$31, bench_loop
	.align	4
bench_loop:
	sll	$2, 1, $3
	sll	$4, 1, $5
	sll	$6, 1, $7
	subq	$16, 1, $16
	ldq	$17, 0($1)
	stq	$18, 8($1)
	ldq	$19, 16($1)
	stq	$20, 24($1)
	ldq	$21, 0($1)
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

	.data
	.align	5
bench_buf:
	.quad	0, 0, 0, 0

/*
 * wb_saturate.S - stores faster than the write buffer drains.
 *
 * Every store goes to a new 32-byte block of a 32 KB ring, which the
 * S-cache holds, so no store merges with another; the write buffer
 * (6 entries, docs/ev5.md "Memory system") writes one entry into the S-cache
 * every 4 cycles (assumed) and stays full, so the stores go at that rate:
 * 4 stores, 16 cycles per iteration.  Without the write buffer the loop
 * would take 8 (stores issue only in E0, one per cycle):
 *   [st st st st] @0-3  [addq,subq @4  and @5  addq @6]  [bne @7]
 * so 8 of the 16 are spent waiting for a write buffer entry.
 *
 * EXPECT cycles=16 cause=wbfull stall=8 within2
 */
#define ITERS 1000
#define RING  32768
#include "bench.h"

	.ent	bench_setup
bench_setup:
	lda	$3, bench_ring
	lda	$2, (RING - 128)($31)
	mov	$31, $1
	mov	$3, $4
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	4
bench_loop:
	stq	$31, 0($4)
	stq	$31, 32($4)
	stq	$31, 64($4)
	stq	$31, 96($4)
	addq	$1, 128, $1
	subq	$16, 1, $16
	and	$1, $2, $1
	addq	$3, $1, $4
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

	.bss
	.align	13
bench_ring:
	.skip	RING

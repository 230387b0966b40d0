/*
 * icache_thrash.S - a loop over more code than the I-cache holds.
 *
 * The loop hops between two 2 KB regions exactly 8 KB apart, one
 * instruction per 32-byte line: A0 B0 A1 B1 ... A63 B63 T, where Bk is
 * Ak + 8 KB, so Ak and Bk share a line of the direct-mapped 8 KB I-cache
 * and evict each other, and T (the loop branch) is the line after A63.
 * 21164 rules (docs/ev5.md "Memory system"; 21164 HRM 2.1.1.2): an I-cache miss
 * that also misses the refill buffer (a true miss) fetches the line from
 * the S-cache, 8 cycles (assumed), and restarts the prefetcher behind it;
 * every hop goes 8 KB away from the last prefetched line, so each is a
 * true miss.  A taken branch costs only its block boundary.  Each of the
 * 128 hops: issue 1 cycle after the previous one, plus 8 for the line;
 * T hits: 1 cycle.  128 x 9 + 1 = 1153 cycles per iteration, 1024 of
 * them waiting for the I-cache.
 *
 * EXPECT cycles=1153 cause=imiss stall=1024 within2
 */
#define ITERS 64
#define HOPS  64
#include "bench.h"

	.ent	bench_setup
bench_setup:
	ret	$31, ($26), 1
	.end	bench_setup

	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	13
bench_loop:
	subq	$16, 1, $16
	br	$31, bench_loop + 8192
	.align	5
	.rept	HOPS - 1
	br	$31, . + 8192
	.align	5
	.endr
	bne	$16, bench_loop
	br	$31, bench_out
	.org	bench_loop + 8192
	.rept	HOPS
	br	$31, . - 8192 + 32
	.align	5
	.endr
bench_loop_end:
bench_out:
	ret	$31, ($26), 1
	.end	kernel

/*
 * divt_chain.S - a chain of dependent DIVT.
 *
 * 21164 rules (docs/ev5.md "Latencies"; GCC config/alpha/ev5.md): DIVT has a
 * latency of 22 cycles and the divider is not pipelined.  1.0 / 1.0 keeps
 * the operand 1.0 (no trap, no data-dependent shortcut in the model).
 *   [d1 subq d2 bne]   d1,subq @0  d2,bne @22 | d1' @44
 * 44 cycles per iteration, waiting for divides.
 *
 * EXPECT cycles=44 cause=dep_fdiv stall=44 exact
 */
#define ITERS 500
#include "bench.h"

	.ent	bench_setup
bench_setup:
	lda	$1, bench_one
	ldt	$f1, 0($1)
	ldt	$f2, 0($1)
	ret	$31, ($26), 1
	.end	bench_setup

	.align	4
	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	4
bench_loop:
	divt	$f1, $f2, $f1
	subq	$16, 1, $16
	divt	$f1, $f2, $f1
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

	.data
	.align	3
bench_one:
	.t_floating 1.0

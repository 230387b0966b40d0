/*
 * bench.h - harness of the timing microbenchmarks (docs/timing.md).
 *
 * A benchmark defines ITERS, then includes this file, and provides:
 *   bench_setup   called once (may just return); may use $1-$8, $17-$21
 *   kernel        runs its loop $16 times and returns with ret ($26);
 *                 it may use $0-$8, $16-$21, $f0-$f30 and keep state in
 *                 $1-$8 and $f0-$f30 from one call to the next
 *   bench_loop, bench_loop_end  labels around the measured loop, which
 *                 the test finds in the symbol table
 *
 * main calls kernel four times from one loop (the same code each time):
 * once to warm the caches and predictors, then with ITERS, ITERS and
 * 2 x ITERS iterations, reading the simctl cycle counter after each call.
 * Everything around the loop (calls, returns, the final mispredicted
 * loop exit) is the same in the last two windows, so
 *     (t3 - t2) - (t2 - t1) = ITERS x cycles per iteration
 * exactly.  It prints "bench: iters=ITERS cycles=that".
 *
 * Each benchmark states, in a comment and in an EXPECT line the test
 * reads (tests/timing_bench.sh), what the 21164 rules give:
 *   EXPECT cycles=C cause=NAME stall=S exact|within2
 * C cycles per iteration; NAME the truth cause that must account for at
 * least 95% of the S stall cycles per iteration in the measured loop;
 * exact: the model must give C exactly; within2: within 2%.
 */
	.set noreorder
	.set noat

/* The simctl cycle counter (docs/platform.md) through kseg:
 * 0xfffffc80_00002018. */
#define RDCYC(r) \
	lda	r, -896($31);	\
	sll	r, 32, r;	\
	ldq	r, 0x2018(r)

	.section .rodata
bench_fmt:
	.asciz	"bench: iters=%ld cycles=%ld\n"

	.text
	.align	5
	.globl	main
	.ent	main
main:
	ldgp	$29, 0($27)
	lda	$30, -80($30)
	stq	$26, 0($30)
	stq	$9, 8($30)
	bsr	$26, bench_setup
	mov	$31, $9
	.align	5
1:	cmpeq	$9, 3, $22		/* the last call runs twice as long */
	lda	$16, ITERS($31)
	sll	$16, $22, $16
	bsr	$26, kernel
	RDCYC($23)
	s8addq	$9, $30, $24
	stq	$23, 40($24)
	addq	$9, 1, $9
	cmplt	$9, 4, $22
	bne	$22, 1b
	ldq	$23, 48($30)
	ldq	$24, 56($30)
	ldq	$25, 64($30)
	subq	$25, $24, $25
	subq	$24, $23, $24
	subq	$25, $24, $18
	lda	$17, ITERS($31)
	lda	$16, bench_fmt
	jsr	$26, tio_printf
	ldgp	$29, 0($26)
	ldq	$26, 0($30)
	ldq	$9, 8($30)
	lda	$30, 80($30)
	mov	$31, $0
	ret	$31, ($26), 1
	.end	main

	.section .note.GNU-stack, "", @progbits
	.text

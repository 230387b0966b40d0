/*
 * crt0.S - start-up of a bare-metal alphasim program.
 *
 * alphasim starts every CPU here in kernel mode with the superpage on and
 * HW_* allowed (docs/platform.md).  Each CPU reads its number from simctl
 * CPUID and points its PAL_BASE at the trap-recording PALcode of pal.S
 * and its PALtemp23 at its trap record (rt_trap for CPU 0, rt_trap_smp[n]
 * for CPU n).  CPU 0 sets up gp and sp, clears .bss, lets the others go
 * (rt_smp_go), calls main and passes its value to rt_exit after flushing
 * tio's buffer.  CPU n > 0 takes the n-th 64 KB stack above CPU 0's,
 * waits for rt_smp_go and calls rt_secondary_start (rt.c).
 */
#include "rt_pal.h"
	.set noreorder
	.set noat
	.section .text.start, "ax"
	.globl _start
	.ent _start
_start:
	br	$27, 1f
1:	ldgp	$29, 0($27)
	lda	$1, -896($31)		/* 0xffff...fc80 */
	sll	$1, 32, $1		/* kseg address of I/O space */
	ldq	$9, IO_SIMCTL - IO_BASE + SIMCTL_CPUID($1)
	/* PALcode: PAL_BASE and the trap record are physical addresses */
	lda	$1, rt_pal_base
	zapnot	$1, 0x1f, $1		/* kseg VA -> PA<39:0> */
	hw_mtpr	$1, EV5__PAL_BASE
	lda	$1, rt_trap
	beq	$9, 2f
	lda	$1, rt_trap_smp
	mulq	$9, TR_SIZE, $2
	addq	$1, $2, $1
2:	zapnot	$1, 0x1f, $1
	hw_mtpr	$1, IPR_PT_TRAPREC
	lda	$30, __stack_top
	bne	$9, secondary
	lda	$1, __bss_start
	lda	$2, __bss_end
3:	cmpult	$1, $2, $3
	beq	$3, 4f
	stq	$31, 0($1)
	addq	$1, 8, $1
	br	3b
4:	mb
	lda	$1, rt_smp_go
	lda	$2, 1($31)
	stq	$2, 0($1)
	mov	$31, $16
	mov	$31, $17
	jsr	$26, main
	ldgp	$29, 0($26)
	mov	$0, $9
	jsr	$26, tio_flush
	ldgp	$29, 0($26)
	mov	$9, $16
	jsr	$26, rt_exit
	halt

secondary:
	sll	$9, 16, $1		/* 64 KB stacks */
	addq	$30, $1, $30
	lda	$1, rt_smp_go
5:	ldq	$2, 0($1)
	beq	$2, 5b
	mb
	mov	$9, $16
	jsr	$26, rt_secondary_start
	halt
	.end _start

	/* set to 1 by CPU 0 once .bss is clear */
	.data
	.align	3
rt_smp_go:
	.quad	0

	.section .note.GNU-stack, "", @progbits

/*
 * crt0.S - start-up of a bare-metal alphasim program.
 *
 * alphasim starts it in kernel mode with the superpage on and HW_*
 * allowed (docs/platform.md).  We set up gp and sp, clear .bss, point
 * PAL_BASE at the trap-recording PALcode of pal.S, call main and pass its
 * value to rt_exit after flushing tio's buffer.
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
	lda	$30, __stack_top
	lda	$1, __bss_start
	lda	$2, __bss_end
2:	cmpult	$1, $2, $3
	beq	$3, 3f
	stq	$31, 0($1)
	addq	$1, 8, $1
	br	2b
3:	/* PALcode: PAL_BASE and the trap record are physical addresses */
	lda	$1, rt_pal_base
	zapnot	$1, 0x1f, $1		/* kseg VA -> PA<39:0> */
	hw_mtpr	$1, IPR_PAL_BASE
	lda	$1, rt_trap
	zapnot	$1, 0x1f, $1
	hw_mtpr	$1, IPR_PT_TRAPREC
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
	.end _start

	.section .note.GNU-stack, "", @progbits

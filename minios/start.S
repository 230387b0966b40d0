/*
 * start.S - how minios starts (docs/minios.md, "Boot").
 *
 * _start is the ELF entry: alphasim starts a kseg image in kernel mode
 * with HW_* instructions allowed (docs/platform.md, "Bare-metal
 * programs"), and a0 holds the boot block's physical address (0 when
 * there is none).  It enters PAL mode at the reset entry, as a 21164
 * reset would: HW_REI to PAL_BASE + 0 with the PAL bit set.
 *
 * _kstart is where the PAL reset flow leaves PAL mode: kernel mode,
 * IPL 7, superpages on.  It sets gp and the boot stack, clears .bss,
 * tells PALcode the kernel gp (wrkgp) and calls kmain(boot block).
 */
#include "minios/pal/pal.h"
	.set noreorder
	.set noat

	.section .text.start, "ax"
	.globl	_start
	.ent	_start
_start:
	br	$27, 1f
1:	ldgp	$29, 0($27)
	lda	$1, pal_base
	zapnot	$1, 0x1f, $1		/* kseg VA -> PA<39:0> */
	bis	$1, 1, $1
	hw_mtpr	$1, EV5__EXC_ADDR
	hw_rei
	.end	_start

	.text
	.globl	_kstart
	.ent	_kstart
_kstart:
	br	$27, 1f
1:	ldgp	$29, 0($27)
	lda	$30, boot_stack_top
	mov	$16, $9
	lda	$1, __bss_start		/* 64-byte aligned (minios.ld) */
	lda	$2, __bss_end
2:	cmpult	$1, $2, $3
	beq	$3, 3f
	stq	$31, 0($1)
	stq	$31, 8($1)
	stq	$31, 16($1)
	stq	$31, 24($1)
	stq	$31, 32($1)
	stq	$31, 40($1)
	stq	$31, 48($1)
	stq	$31, 56($1)
	addq	$1, 64, $1
	br	2b
3:	mov	$29, $16
	call_pal 0x37			/* wrkgp */
	mov	$9, $16
	jsr	$26, kmain
	call_pal 0x00			/* halt: kmain does not return */
	.end	_kstart

	.section .note.GNU-stack, "", @progbits

/*
 * pal.S - minimal PALcode for bare-metal test programs: every exception
 * entry records (entry offset, EXC_ADDR, EXC_SUM, EXC_MASK, VA, MM_STAT)
 * in rt_trap, counts it, and resumes.  A fault (everything but ARITH,
 * whose EXC_ADDR already points past the trapping instruction) resumes
 * after the faulting instruction, so a test can provoke an exception and
 * carry on; or, when rt_trap.resume is set, at that address with R27
 * pointing to it (trap_bare.c).  Entry offsets: EV5.md "PAL mode".
 */
#include "rt_pal.h"
	.set noreorder
	.set noat
	.section .pal, "ax"
	.globl rt_pal_base
	/* Not a label: GNU as for Alpha moves a label to the next instruction,
	 * which the .org below would put at offset 0x080. */
	rt_pal_base = .

#define ENTRY(off, resume_skip)		\
	.org	off;	\
	hw_mtpr	$1, IPR_PT0;		\
	hw_mtpr	$2, IPR_PT1;		\
	lda	$1, off($31);		\
	lda	$2, resume_skip($31);	\
	br	$31, record

	ENTRY(0x080, 4)		/* IACCVIO        */
	ENTRY(0x100, 0)		/* INTERRUPT      */
	ENTRY(0x180, 4)		/* ITB_MISS       */
	ENTRY(0x200, 4)		/* DTB_MISS       */
	ENTRY(0x280, 4)		/* DTB_MISS double */
	ENTRY(0x300, 4)		/* UNALIGN        */
	ENTRY(0x380, 4)		/* D_FAULT        */
	ENTRY(0x400, 4)		/* MCHK           */
	ENTRY(0x480, 4)		/* OPCDEC         */
	ENTRY(0x500, 0)		/* ARITH          */
	ENTRY(0x580, 4)		/* FEN            */

	.org	0x600
record:
	hw_mtpr	$3, IPR_PT2
	hw_mfpr	$3, IPR_PT_TRAPREC
	hw_stq/p $1, TR_ENTRY($3)
	hw_ldq/p $1, TR_COUNT($3)
	addq	$1, 1, $1
	hw_stq/p $1, TR_COUNT($3)
	hw_mfpr	$1, IPR_EXC_SUM
	hw_stq/p $1, TR_EXC_SUM($3)
	hw_mfpr	$1, IPR_EXC_MASK
	hw_stq/p $1, TR_EXC_MASK($3)
	hw_mfpr	$1, IPR_VA
	hw_stq/p $1, TR_VA($3)
	hw_mfpr	$1, IPR_MM_STAT
	hw_stq/p $1, TR_MM_STAT($3)
	hw_mfpr	$1, IPR_EXC_ADDR
	hw_stq/p $1, TR_EXC_ADDR($3)
	addq	$1, $2, $1		/* skip a faulting instruction */
	hw_ldq/p $2, TR_RESUME($3)
	beq	$2, 1f
	hw_stq/p $31, TR_RESUME($3)	/* resume once, at trap_run's unwinder */
	mov	$2, $1
	mov	$2, $27
1:	hw_mtpr	$1, IPR_EXC_ADDR
	hw_mfpr	$1, IPR_PT0
	hw_mfpr	$2, IPR_PT1
	hw_mfpr	$3, IPR_PT2
	hw_rei

	.section .note.GNU-stack, "", @progbits

/*
 * pal.S - minimal PALcode for bare-metal test programs: every exception
 * entry records (entry offset, EXC_ADDR, EXC_SUM, EXC_MASK, VA, MM_STAT,
 * ISR, INTID) in rt_trap, counts it, and resumes.  A fault (everything
 * but ARITH, whose EXC_ADDR already points past the trapping instruction,
 * and INTERRUPT, taken before an instruction ran) resumes after the
 * faulting instruction, so a test can provoke an exception and carry on;
 * or, when rt_trap.resume is set, at that address with R27 pointing to it
 * (trap_bare.c).  Entry offsets: docs/ev5.md "PAL mode".
 *
 * Three services for tests and benchmarks (rt.h):
 * - INTERRUPT raises IPLR to INTID before recording, so the request does
 *   not come back at once; the program clears it and lowers IPLR.  In
 *   sampling mode (PT_SAMPLE not 0) it instead counts the counter
 *   interrupt in rt_trap.samples, clears ISR<PC0-2> (HWINT_CLR) and, when
 *   CTR0 interrupted, reloads CTR0 for a pseudo-random period.
 * - DTB_MISS fills the DTB from a linear page table (PT_PTBR, physical,
 *   indexed by VA<42:13>) when there is one, else records the miss.
 * - CALL_PAL RT_PAL_SPIN (0xBF) spins a0 times in PAL mode, first writing
 *   a1 to SIRR when a1 is not 0: a long PAL routine for the deferral
 *   tests.  It also adds 1 to R8 and copies it to R0: with ICSR<SDE> R8
 *   is a shadow register, which the caller's R8 does not see.
 * - CALL_PAL RT_PAL_KERNEL (0xBE) returns in kernel mode with ICSR<HWE>
 *   set, from a test that went to user mode or cleared HWE.
 * - CALL_PAL RT_PAL_USER (0xBD) goes to user mode (ICM and DTB_CM) at
 *   a0, through HW_REI; R0 is lost.  Five instructions in PAL mode.
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

	.org	0x100		/* INTERRUPT      */
	hw_mtpr	$1, IPR_PT0
	hw_mtpr	$2, IPR_PT1
	hw_mfpr	$1, IPR_PT_SAMPLE
	bne	$1, sample
	hw_mfpr	$1, EV5__INTID
	hw_mtpr	$1, EV5__IPLR	/* mask it until the program has looked */
	lda	$1, 0x100($31)
	lda	$2, 0($31)
	br	$31, record

	ENTRY(0x180, 4)		/* ITB_MISS       */

	.org	0x200		/* DTB_MISS       */
	hw_mtpr	$1, IPR_PT0
	hw_mtpr	$2, IPR_PT1
	hw_mfpr	$1, IPR_PT_PTBR
	beq	$1, 1f
	hw_mfpr	$2, EV5__VA	/* reading VA unlocks it */
	srl	$2, 13, $2
	s8addq	$2, $1, $1	/* the PTE's physical address */
	hw_ldq/p $1, 0($1)
	hw_mtpr	$1, EV5__DTB_PTE
	hw_mfpr	$2, EV5__VA
	hw_mtpr	$2, EV5__DTB_TAG	/* writes the entry */
	hw_mfpr	$1, IPR_PT0
	hw_mfpr	$2, IPR_PT1
	hw_rei
1:	lda	$1, 0x200($31)
	lda	$2, 4($31)
	br	$31, record

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
	hw_mfpr	$1, EV5__EXC_SUM
	hw_stq/p $1, TR_EXC_SUM($3)
	hw_mfpr	$1, EV5__EXC_MASK
	hw_stq/p $1, TR_EXC_MASK($3)
	hw_mfpr	$1, EV5__VA
	hw_stq/p $1, TR_VA($3)
	hw_mfpr	$1, EV5__MM_STAT
	hw_stq/p $1, TR_MM_STAT($3)
	hw_mfpr	$1, EV5__ISR
	hw_stq/p $1, TR_ISR($3)
	hw_mfpr	$1, EV5__INTID
	hw_stq/p $1, TR_INTID($3)
	hw_mfpr	$1, EV5__EXC_ADDR
	hw_stq/p $1, TR_EXC_ADDR($3)
	addq	$1, $2, $1		/* skip a faulting instruction */
	hw_ldq/p $2, TR_RESUME($3)
	beq	$2, 1f
	hw_stq/p $31, TR_RESUME($3)	/* resume once, at trap_run's unwinder */
	mov	$2, $1
	mov	$2, $27
1:	hw_mtpr	$1, EV5__EXC_ADDR
	hw_mfpr	$1, IPR_PT0
	hw_mfpr	$2, IPR_PT1
	hw_mfpr	$3, IPR_PT2
	hw_rei

/* Sampling: $1 = PT_SAMPLE, the period base in <15:0> and the mask of
 * its random part in <31:16>; the random state is a 32-bit LCG. */
sample:
	hw_mtpr	$3, IPR_PT2
	hw_mfpr	$2, EV5__ISR
	srl	$2, 27, $2
	and	$2, 7, $2		/* the counters requesting */
	sll	$2, 27, $3
	hw_mtpr	$3, EV5__HWINT_CLR
	hw_mfpr	$3, IPR_PT_TRAPREC
	hw_ldq/p $1, TR_SAMPLES($3)
	addq	$1, 1, $1
	hw_stq/p $1, TR_SAMPLES($3)
	hw_mfpr	$1, IPR_PT_SAMPLE
	blbc	$2, 2f			/* CTR0 did not interrupt */
	hw_mfpr	$2, IPR_PT_RAND
	lda	$3, 0x0dcd($31)		/* x = x * 69069 + 1 */
	ldah	$3, 1($3)
	mull	$2, $3, $2
	addl	$2, 1, $2
	hw_mtpr	$2, IPR_PT_RAND
	srl	$2, 16, $2
	srl	$1, 16, $3
	and	$2, $3, $2		/* the random part */
	zapnot	$1, 3, $3
	addq	$2, $3, $2		/* the period */
	subq	$31, $2, $2
	zapnot	$2, 3, $2
	sll	$2, 48, $2		/* CTR0 = 0x10000 - period */
	hw_mfpr	$3, EV5__PMCTR
	sll	$3, 16, $3
	srl	$3, 16, $3
	or	$3, $2, $3
	hw_mtpr	$3, EV5__PMCTR
2:	hw_mfpr	$1, IPR_PT0
	hw_mfpr	$2, IPR_PT1
	hw_mfpr	$3, IPR_PT2
	hw_rei

	.org	0x3000 + (RT_PAL_USER & 0x3f) * 0x40
	lda	$0, 0x18($31)		/* user mode in <4:3> */
	hw_mtpr	$0, EV5__ICM
	hw_mtpr	$0, EV5__DTB_CM
	hw_mtpr	$16, EV5__EXC_ADDR
	hw_rei

	.org	0x3000 + (RT_PAL_KERNEL & 0x3f) * 0x40
	hw_mtpr	$31, EV5__ICM
	hw_mtpr	$31, EV5__DTB_CM
	hw_mtpr	$1, IPR_PT0
	hw_mtpr	$2, IPR_PT1
	hw_mfpr	$1, EV5__ICSR
	ldah	$2, 0x800($31)		/* ICSR<HWE> */
	bis	$1, $2, $1
	hw_mtpr	$1, EV5__ICSR
	hw_mfpr	$1, IPR_PT0
	hw_mfpr	$2, IPR_PT1
	hw_rei

	.org	0x3000 + (RT_PAL_SPIN & 0x3f) * 0x40
	addq	$8, 1, $8		/* R8 (a shadow register with ICSR<SDE>) */
	mov	$8, $0			/* counts the calls into v0 */
	beq	$17, 1f
	hw_mtpr	$17, EV5__SIRR
1:	subq	$16, 1, $16
	bgt	$16, 1b
	hw_rei

	.section .note.GNU-stack, "", @progbits

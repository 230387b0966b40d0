/*
 * vectors.S - the 21164 hardware entry points at PAL_BASE + 0x000..0x5ff
 * (21164 HRM 6.2 and docs/ev5.md "PAL mode"), 128 bytes each.
 *
 * The TB misses are filled here, on the spot, by a physical walk of the
 * three-level page table whose level-1 page is at PT_PTBR (docs/minios.md,
 * "Page tables"): VA<42:33>, VA<32:23> and VA<22:13> index the levels;
 * each PTE's PFN (bits 63:32) locates the next level.  The PTE found is
 * written to ITB_PTE/DTB_PTE as it is (the formats agree, HRM 5.1.2,
 * 5.2.3).  An invalid PTE at any level becomes a translation-not-valid
 * fault for the kernel's entMM.  The walk uses only the PAL shadow
 * registers R8-R10, so it saves nothing.
 *
 * Every other vector builds its OSF/1 arguments (docs/ev5.md "The OSF/1
 * PALcode interface") in the shadow registers and posts the exception
 * with pal_post (trap.S):
 *   r12 PC for the frame, r13 kernel entry, r14/r9/r10 new a0/a1/a2.
 */
#include "minios/pal/pal.h"
	.set noreorder
	.set noat
	.section .pal.vectors, "ax"

/* Level n index of VA $8, times 8, plus table base; then the PTE. */
#define WALK(shift, base, fail)		\
	sll	$8, shift, $10;		\
	srl	$10, 54, $10;		\
	s8addq	$10, base, $9;		\
	hw_ldq/p $9, 0($9);		\
	blbc	$9, fail
#define NEXT	srl $9, PTE_PFN_SHIFT, $9; sll $9, 13, $9

/* RESET: the reset flow learns PAL_BASE from the return address. */
	.org	0x000
	br	$1, pal_reset

/* IACCVIO: I-stream access violation -> entMM(pc, ACV, -1). */
	.org	0x080
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	mov	$12, $14
	lda	$9, MMCSR_ACV($31)
	lda	$10, -1($31)
	hw_mfpr	$13, PT_ENTMM
	br	$31, pal_post

/* INTERRUPT */
	.org	0x100
	br	$31, pal_interrupt

/* ITB_MISS: fetch at EXC_ADDR missed in the ITB. */
	.org	0x180
	hw_mfpr	$8, EV5__EXC_ADDR
	hw_mfpr	$9, PT_PTBR
	WALK(21, $9, pal_itb_invalid)
	NEXT
	WALK(31, $9, pal_itb_invalid)
	NEXT
	WALK(41, $9, pal_itb_invalid)
	and	$9, PTE_FOE, $10
	bne	$10, pal_itb_foe
	hw_mtpr	$8, EV5__ITB_TAG
	hw_mtpr	$9, EV5__ITB_PTE
	hw_rei

/* DTB_MISS single: the reference to VA missed in the DTB. */
	.org	0x200
	hw_mfpr	$8, EV5__VA
	hw_mfpr	$9, PT_PTBR
	WALK(21, $9, pal_dtb_invalid)
	NEXT
	WALK(31, $9, pal_dtb_invalid)
	NEXT
	WALK(41, $9, pal_dtb_invalid)
	hw_mtpr	$9, EV5__DTB_PTE
	hw_mtpr	$8, EV5__DTB_TAG
	hw_rei

/* DTB_MISS double: only a virtual PTE fetch misses twice, and the walk
 * above is physical. */
	.org	0x280
	br	$31, pal_bug

/* UNALIGN -> entUna(va, opcode, ra), returning after the instruction. */
	.org	0x300
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	hw_mfpr	$8, EV5__MM_STAT
	hw_mfpr	$14, EV5__VA
	srl	$8, MM_STAT_OP_SHIFT, $9
	and	$9, 0x3f, $9
	srl	$8, MM_STAT_RA_SHIFT, $10
	and	$10, 0x1f, $10
	addq	$12, 4, $12
	hw_mfpr	$13, PT_ENTUNA
	br	$31, pal_post

/* D_FAULT -> entMM(va, ACV, FOR or FOW, write) */
	.org	0x380
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	hw_mfpr	$8, EV5__MM_STAT
	hw_mfpr	$14, EV5__VA
	and	$8, MM_STAT_WR, $10
	lda	$9, MMCSR_FOW($31)
	and	$8, MM_STAT_FOR, $25
	cmovne	$25, MMCSR_FOR, $9
	and	$8, MM_STAT_ACV, $25
	cmovne	$25, MMCSR_ACV, $9
	hw_mfpr	$13, PT_ENTMM
	br	$31, pal_post

/* MCHK: a reference to no memory and no device. */
	.org	0x400
	br	$31, pal_bug

/* OPCDEC -> entIF(OPDEC), returning after the instruction. */
	.org	0x480
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	addq	$12, 4, $12
	lda	$14, IF_OPDEC($31)
	br	$31, pal_entif

/* ARITH -> entArith(exception summary, register mask); EXC_ADDR is
 * already past the trapping instruction. */
	.org	0x500
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	hw_mfpr	$14, EV5__EXC_SUM
	srl	$14, 10, $14
	hw_mfpr	$9, EV5__EXC_MASK
	hw_mtpr	$31, EV5__EXC_SUM
	mov	$18, $10
	hw_mfpr	$13, PT_ENTARITH
	br	$31, pal_post

/* FEN: an FP instruction with ICSR<FPE> clear -> entIF(FEN); with FPE
 * set it is really an illegal instruction. */
	.org	0x580
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	lda	$14, IF_FEN($31)
	hw_mfpr	$8, EV5__ICSR
	srl	$8, ICSR_FPE_SHIFT, $8
	blbc	$8, pal_entif
	addq	$12, 4, $12
	lda	$14, IF_OPDEC($31)
	br	$31, pal_entif

	.org	0x600
pal_itb_invalid:
	lda	$9, MMCSR_TNV($31)
	br	$31, pal_itb_fault
pal_itb_foe:
	lda	$9, MMCSR_FOE($31)
pal_itb_fault:				/* entMM(a0 = PC, a1 = $9, a2 = -1) */
	hw_mfpr	$12, EV5__EXC_ADDR
	mov	$12, $14
	lda	$10, -1($31)
	hw_mfpr	$13, PT_ENTMM
	br	$31, pal_post
pal_dtb_invalid:
	hw_mfpr	$12, EV5__EXC_ADDR
	blbs	$12, pal_bug
	hw_mfpr	$10, EV5__MM_STAT
	and	$10, MM_STAT_WR, $10
	mov	$8, $14
	lda	$9, MMCSR_TNV($31)
	hw_mfpr	$13, PT_ENTMM
	br	$31, pal_post

	.section .note.GNU-stack, "", @progbits

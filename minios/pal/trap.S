/*
 * trap.S - entering the kernel from PALcode: the OSF/1 exception frame
 * (docs/ev5.md "The OSF/1 PALcode interface"), interrupts, and the fatal path.
 *
 * pal_post switches to the kernel stack when the exception came from
 * user mode (saving the user SP in PT_USP), pushes PS, PC, GP, a0, a1, a2
 * (48 bytes), loads the kernel GP, enters kernel mode and jumps to the
 * kernel entry point.  Its inputs are PAL shadow registers:
 *   r11 PS (kept in r11 at all times), r12 PC to push, r13 entry point,
 *   r14/r9/r10 the entry's a0/a1/a2.
 * Exceptions keep the IPL (user mode always runs at IPL 0); interrupts
 * enter with the IPL of the request (pal_post_ps, r8 = new PS).
 */
#include "minios/pal/pal.h"
	.set noreorder
	.set noat
	.section .pal.text, "ax"

/* reg = pa, the physical address of an I/O register (abi/iomap.h) */
#define IOPA(reg, pa)	lda reg, IO_BASE >> 32($31); sll reg, 32, reg; lda reg, pa - IO_BASE(reg)

	.globl	pal_post, pal_entif, pal_bug, pal_interrupt
pal_post:
	and	$11, PS_IPL, $8
pal_post_ps:
	hw_mtpr	$31, EV5__DTB_CM		/* the pushes are kernel references */
	hw_mtpr	$31, EV5__ICM
	and	$11, PS_USER, $25
	beq	$25, 1f
	hw_mtpr	$30, PT_USP
	hw_mfpr	$30, PT_KSP
1:	lda	$30, -FRAME_SIZE($30)
	stq	$11, FRAME_PS($30)
	stq	$12, FRAME_PC($30)
	stq	$29, FRAME_GP($30)
	stq	$16, FRAME_A0($30)
	stq	$17, FRAME_A1($30)
	stq	$18, FRAME_A2($30)
	mov	$8, $11
	mov	$14, $16
	mov	$9, $17
	mov	$10, $18
	hw_mfpr	$29, PT_KGP
	hw_mtpr	$13, EV5__EXC_ADDR
	hw_rei

/* entIF with a0 in r14 and the frame PC in r12; a1, a2 unpredictable. */
pal_entif:
	mov	$17, $9
	mov	$18, $10
	hw_mfpr	$13, PT_ENTIF
	br	$31, pal_post

/*
 * INTERRUPT (21164 HRM 6.2, ISR 5.1.x): INTID is the level of the
 * highest request.  Performance counter overflows (ISR<29:27>) go to
 * entInt(4, 0, counter) after clearing the request with HWINT_CLR; any
 * The instruction-sampling unit (ISR<35>, an alphasim extension:
 * docs/precise.md) goes to entInt(5, bytes, collisions) with its records at
 * PM_BUF_BASE: in interrupt mode the latch's two records, copied there
 * with HW_MFPR and the latch emptied; in buffer mode the buffer up to
 * PM_BUF_PTR, the unit stopped until the kernel gives it the buffer
 * back (wrperfmon 9).  Any
 * other request to entInt(3, INTID, ISR), the kernel clearing it at its
 * source, except IRQ2, the line the timer and the IPI device share
 * (docs/platform.md "Interrupts"): entInt(1, ...) when the timer's
 * PENDING is set, else entInt(0, ...), an IPI.  The new OSF IPL follows from INTID: 0x14..0x16 are 3..5,
 * 0x1d..0x1e 6, 0x1f 7 (docs/ev5.md "The OSF/1 PALcode interface");
 * software levels 1 and 2 are themselves.
 */
pal_interrupt:
	hw_mfpr	$13, EV5__INTID
	hw_mfpr	$8, EV5__IPLR
	cmple	$13, $8, $9
	bne	$9, pal_passive		/* no longer above the IPL */
	hw_mfpr	$10, EV5__ISR
	srl	$10, 27, $9
	and	$9, 7, $9
	bne	$9, pal_int_perf
	srl	$10, ISR_PM_SHIFT, $9
	blbs	$9, pal_int_pm
	lda	$14, 3($31)
	mov	$13, $9
	cmpeq	$13, 0x16, $12		/* IRQ2: the timer and the IPIs */
	beq	$12, pal_int_ipl
	IOPA($12, IO_TIMER + TIMER_PENDING)
	hw_ldq/p $12, 0($12)
	mov	$31, $14		/* entInt(0): an IPI ... */
	cmovne	$12, 1, $14		/* ... unless the clock ticked */
	br	$31, pal_int_ipl
pal_int_perf:
	lda	$14, 4($31)
	lda	$10, 2($31)		/* counter: the lowest pending */
	and	$9, 2, $25
	cmovne	$25, 1, $10
	and	$9, 1, $25
	cmovne	$25, 0, $10
	lda	$25, 1($31)
	sll	$25, $10, $25
	sll	$25, 27, $25
	hw_mtpr	$25, EV5__HWINT_CLR
	mov	$31, $9
pal_int_ipl:
	subq	$13, 0x11, $8		/* 0x14..0x16 -> 3..5 */
	srl	$8, 1, $25		/* 0x1d..0x1f -> 6, 6, 7 */
	cmpule	$13, 0x1c, $12
	cmoveq	$12, $25, $8
	cmpule	$13, 2, $12
	cmovne	$12, $13, $8		/* software 1, 2 */
	hw_mfpr	$12, PT_INTMASK
	extbl	$12, $8, $12
	hw_mtpr	$12, EV5__IPLR
	hw_mfpr	$12, EV5__EXC_ADDR
	hw_mfpr	$13, PT_ENTINT
	br	$31, pal_post_ps
pal_passive:
	hw_rei

/* ISR<35>: the sampling unit's records (see pal_interrupt), out of the
 * counters' path, which falls through into pal_int_ipl as before. */
pal_int_pm:
	lda	$14, 5($31)
	hw_mfpr	$12, EV5X__PM_BUF_BASE
	hw_mfpr	$10, EV5X__PM_STAT
	and	$10, 2, $9		/* PM_STAT<STOPPED> */
	srl	$10, 32, $10		/* a2: PM_STAT<63:32>, the collisions */
	beq	$9, 1f
	hw_mfpr	$9, EV5X__PM_BUF_PTR	/* buffer mode: it filled */
	subq	$9, $12, $9
	br	$31, pal_int_ipl
1:	.irp	q, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	hw_mfpr	$25, EV5X__PM_REC + \q
	hw_stq/p $25, 8 * \q($12)
	.endr
	lda	$25, 1($31)		/* PM_STAT<FULL>: emptied */
	hw_mtpr	$25, EV5X__PM_STAT
	lda	$9, 256($31)		/* two records */
	br	$31, pal_int_ipl

/*
 * A trap PALcode cannot hand to the kernel (in PAL mode, a double miss,
 * a machine check): print EXC_ADDR, VA and MM_STAT on the console's
 * error stream and stop the machine with status 254.
 */
#define PUTC(ch)	lda $10, ch($31); hw_stq/p $10, 0($13)
pal_bug:
	IOPA($13, IO_CONSOLE + CON_ERRC)
	PUTC(10); PUTC(0x70); PUTC(0x61); PUTC(0x6c); PUTC(0x3a); PUTC(0x20)
	hw_mfpr	$8, EV5__EXC_ADDR
	bsr	$14, pal_puthex
	PUTC(0x20)
	hw_mfpr	$8, EV5__VA
	bsr	$14, pal_puthex
	PUTC(0x20)
	hw_mfpr	$8, EV5__MM_STAT
	bsr	$14, pal_puthex
	PUTC(10)
	IOPA($13, IO_SIMCTL + SIMCTL_EXIT)
	lda	$10, 254($31)
	hw_stq/p $10, 0($13)
1:	br	$31, 1b

/* Print r8 as 16 hex digits on the console register at r13; link r14. */
pal_puthex:
	lda	$9, 60($31)
1:	srl	$8, $9, $10
	and	$10, 15, $10
	cmpult	$10, 10, $12
	addq	$10, 0x57, $25		/* 'a' - 10 */
	addq	$10, 0x30, $10		/* '0' */
	cmoveq	$12, $25, $10
	hw_stq/p $10, 0($13)
	subq	$9, 4, $9
	bge	$9, 1b
	ret	$31, ($14)

	.section .note.GNU-stack, "", @progbits

/*
 * swtch.S - the context switch and the user FP state (docs/minios.md,
 * "Processes and scheduling").
 *
 * swtch(pcb_pa) saves the callee-saved registers (s0-s6, ra: the Alpha
 * calling standard's) on the current kernel stack and lets swpctx do
 * the rest: it stores that stack pointer in the current PCB and loads
 * the new PCB's kernel stack, user stack, page table, ASN and FEN
 * (docs/ev5.md "The OSF/1 PALcode interface").  The new stack holds the same
 * frame, so swtch returns in the other context.  A process that has
 * never run has a frame whose ra is forkret.
 *
 * The kernel has no FP registers (-mno-fp-regs), so the user's stay in
 * the FPU across system calls and only the switch moves them.
 */
#include "minios/defs.h"
	.set noreorder
	.set noat
	.text

#define CALLEE(X) X($9,0) X($10,8) X($11,16) X($12,24) X($13,32) X($14,40) \
	X($15,48) X($26,56)
#define SAVE(r, off) stq r, off($30);
#define LOAD(r, off) ldq r, off($30);

	.globl	swtch
	.ent	swtch
swtch:
	lda	$30, -SWTCH_FRAME($30)
	CALLEE(SAVE)
	call_pal 0x30			/* swpctx: a0 is the new PCB */
	CALLEE(LOAD)
	lda	$30, SWTCH_FRAME($30)
	ret	$31, ($26)
	.end	swtch

/* A new process's first return from swtch: drop the scheduler's lock,
 * then leave through the way back to user mode (entry.S) with the
 * trapframe its creator built just above the frame. */
	.globl	forkret
	.ent	forkret
forkret:
	br	$27, 1f
1:	ldgp	$29, 0($27)
	jsr	$26, sched_forkret
	br	$31, trap_return
	.end	forkret

#define FREGS(X) X($f0,0) X($f1,8) X($f2,16) X($f3,24) X($f4,32) \
	X($f5,40) X($f6,48) X($f7,56) X($f8,64) X($f9,72) X($f10,80) \
	X($f11,88) X($f12,96) X($f13,104) X($f14,112) X($f15,120) \
	X($f16,128) X($f17,136) X($f18,144) X($f19,152) X($f20,160) \
	X($f21,168) X($f22,176) X($f23,184) X($f24,192) X($f25,200) \
	X($f26,208) X($f27,216) X($f28,224) X($f29,232) X($f30,240)
#define FSAVE(r, off) stt r, off($16);
#define FLOAD(r, off) ldt r, off($16);

/* fp_save(fp[32]): f0-f30, then the FPCR (EXCB around the move, ARM
 * 4.7.8); f31 is zero. */
	.globl	fp_save
	.ent	fp_save
fp_save:
	FREGS(FSAVE)
	excb
	mf_fpcr	$f0
	excb
	stt	$f0, 248($16)
	ldt	$f0, 0($16)
	ret	$31, ($26)
	.end	fp_save

	.globl	fp_load
	.ent	fp_load
fp_load:
	ldt	$f0, 248($16)
	excb
	mt_fpcr	$f0
	excb
	FREGS(FLOAD)
	ret	$31, ($26)
	.end	fp_load

	.section .note.GNU-stack, "", @progbits

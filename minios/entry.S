/*
 * entry.S - the kernel's entry points, registered with wrent
 * (docs/ev5.md "The OSF/1 PALcode interface").
 *
 * PALcode has pushed the 48-byte frame (PS, PC, GP, a0, a1, a2) on the
 * kernel stack and set gp to the kernel's.  Each entry saves r0-r28 and
 * the user SP below that frame, making a struct trapframe (defs.h), and
 * calls its C handler with it; r16-r18 in the trapframe are the entry's
 * arguments (for entSys, the system call's first three).  The way back
 * reloads every register from the trapframe, so a handler changes the
 * interrupted context by changing it, and leaves by rti (or retsys for
 * a system call, which restores the same registers the same way).
 */
#include "minios/defs.h"
	.set noreorder
	.set noat
	.text

#define REGS(X) X($0,0) X($1,8) X($2,16) X($3,24) X($4,32) X($5,40) \
	X($6,48) X($7,56) X($8,64) X($9,72) X($10,80) X($11,88) X($12,96) \
	X($13,104) X($14,112) X($15,120) X($16,128) X($17,136) X($18,144) \
	X($19,152) X($20,160) X($21,168) X($22,176) X($23,184) X($24,192) \
	X($25,200) X($26,208) X($27,216) X($28,224)
#define SAVE(r, off) stq r, off($30);
#define LOAD(r, off) ldq r, off($30);

	.macro	ENTRY name, handler, back
	.globl	\name
	.ent	\name
\name:
	lda	$30, -TF_REGS($30)
	REGS(SAVE)
	call_pal 0x3a			/* rdusp */
	stq	$0, TF_USP($30)
	mov	$30, $16
	jsr	$26, \handler
	br	$31, \back
	.end	\name
	.endm

/* entInt reads the cycle counter second thing, for the sampling
 * driver's measure of its own cost (docs/dcpi.md, "The handler's own
 * cost"): a1 is saved first and takes the count, trap_interrupt's
 * second argument (the interrupt's own a1 is in the trapframe). */
#define REGS_BUT_A1(X) X($0,0) X($1,8) X($2,16) X($3,24) X($4,32) X($5,40) \
	X($6,48) X($7,56) X($8,64) X($9,72) X($10,80) X($11,88) X($12,96) \
	X($13,104) X($14,112) X($15,120) X($16,128) X($18,144) \
	X($19,152) X($20,160) X($21,168) X($22,176) X($23,184) X($24,192) \
	X($25,200) X($26,208) X($27,216) X($28,224)
	.globl	entInt
	.ent	entInt
entInt:
	lda	$30, -TF_REGS($30)
	stq	$17, 136($30)
	rpcc	$17
	REGS_BUT_A1(SAVE)
	call_pal 0x3a			/* rdusp */
	stq	$0, TF_USP($30)
	mov	$30, $16
	jsr	$26, trap_interrupt
	br	$31, trap_return
	.end	entInt

	ENTRY	entArith, trap_arith, trap_return
	ENTRY	entMM, trap_mm, trap_return
	ENTRY	entIF, trap_if, trap_return
	ENTRY	entUna, trap_unaligned, trap_return
	ENTRY	entSys, syscall, sys_return

/* The way back.  Towards user mode, user_return (trap.c) first runs
 * what must happen there: rescheduling, signals. */
	.globl	trap_return
	.ent	trap_return
trap_return:
	ldq	$1, TF_REGS+FRAME_PS($30)
	and	$1, PS_USER, $1
	beq	$1, 1f
	mov	$30, $16
	jsr	$26, user_return
1:	ldq	$16, TF_USP($30)
	call_pal 0x38			/* wrusp */
	REGS(LOAD)
	lda	$30, TF_REGS($30)
	call_pal 0x3f			/* rti */
	.end	trap_return

	.ent	sys_return
sys_return:
	mov	$30, $16
	jsr	$26, user_return
	ldq	$16, TF_USP($30)
	call_pal 0x38			/* wrusp */
	REGS(LOAD)
	lda	$30, TF_REGS($30)
	call_pal 0x3d			/* retsys */
	.end	sys_return

/*
 * _ksecondary: where the PAL reset flow sends every CPU but 0 (reset.S),
 * in kernel mode at IPL 7.  It waits, without a stack, until CPU 0 has
 * given it one in smp_stack[cpu] (smp.c, in .data so that CPU 0's
 * clearing of .bss cannot race with it), then enters smp_secondary(cpu).
 * It waits in wtint, which CPU 0's IPI after the store ends (the IPI
 * stays pending until the scheduler lowers the IPL).
 */
	.globl	_ksecondary
	.ent	_ksecondary
_ksecondary:
	br	$27, 1f
1:	ldgp	$29, 0($27)
	call_pal 0x3c			/* whami */
	mov	$0, $9
	lda	$1, smp_stack
	s8addq	$9, $1, $1
2:	ldq	$30, 0($1)
	bne	$30, 3f
	call_pal 0x3e			/* wtint */
	br	$31, 2b
3:	mb
	mov	$29, $16
	call_pal 0x37			/* wrkgp */
	mov	$9, $16
	jsr	$26, smp_secondary
	call_pal 0x00			/* halt: smp_secondary does not return */
	.end	_ksecondary

	.section .note.GNU-stack, "", @progbits

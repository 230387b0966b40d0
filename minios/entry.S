/*
 * entry.S - the kernel's entry points, registered with wrent (EV5.md
 * "The OSF/1 PALcode interface").
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

	ENTRY	entInt, trap_interrupt, trap_return
	ENTRY	entArith, trap_arith, trap_return
	ENTRY	entMM, trap_mm, trap_return
	ENTRY	entIF, trap_if, trap_return
	ENTRY	entUna, trap_unaligned, trap_return
	ENTRY	entSys, syscall, sys_return

	.globl	trap_return
	.ent	trap_return
trap_return:
	ldq	$16, TF_USP($30)
	call_pal 0x38			/* wrusp */
	REGS(LOAD)
	lda	$30, TF_REGS($30)
	call_pal 0x3f			/* rti */
	.end	trap_return

	.ent	sys_return
sys_return:
	ldq	$16, TF_USP($30)
	call_pal 0x38			/* wrusp */
	REGS(LOAD)
	lda	$30, TF_REGS($30)
	call_pal 0x3d			/* retsys */
	.end	sys_return

/* proc_enter(pcb_pa): switch to the process (its PCB's KSP points at a
 * trapframe) and return from that trapframe. */
	.globl	proc_enter
	.ent	proc_enter
proc_enter:
	call_pal 0x30			/* swpctx */
	br	$31, trap_return
	.end	proc_enter

	.section .note.GNU-stack, "", @progbits

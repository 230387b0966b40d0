/*
 * rt_jmp.S - rt_setjmp / rt_longjmp (rt.h) for bare-metal programs: save
 * and restore what the Alpha calling standard says a callee preserves
 * (s0-s6 = R9-R15, RA, GP, SP, F2-F9), as trap_bare.c needs to abandon a
 * snippet that raised an exception.
 */
	.set noreorder
	.set noat
	.text

#define REGS(X) X(stq, ldq, $9, 0) X(stq, ldq, $10, 8) X(stq, ldq, $11, 16) \
	X(stq, ldq, $12, 24) X(stq, ldq, $13, 32) X(stq, ldq, $14, 40) \
	X(stq, ldq, $15, 48) X(stq, ldq, $26, 56) X(stq, ldq, $29, 64) \
	X(stq, ldq, $30, 72) X(stt, ldt, $f2, 80) X(stt, ldt, $f3, 88) \
	X(stt, ldt, $f4, 96) X(stt, ldt, $f5, 104) X(stt, ldt, $f6, 112) \
	X(stt, ldt, $f7, 120) X(stt, ldt, $f8, 128) X(stt, ldt, $f9, 136)
#define SAVE(st, ld, r, off) st r, off($16);
#define LOAD(st, ld, r, off) ld r, off($16);

	.globl rt_setjmp
	.ent rt_setjmp
rt_setjmp:
	.prologue 0
	REGS(SAVE)
	mov	$31, $0
	ret	$31, ($26), 1
	.end rt_setjmp

	.globl rt_longjmp
	.ent rt_longjmp
rt_longjmp:
	.prologue 0
	REGS(LOAD)
	mov	$17, $0
	ret	$31, ($26), 1
	.end rt_longjmp

	.section .note.GNU-stack, "", @progbits

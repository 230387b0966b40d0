/*
 * div.S - the integer division helpers GCC calls on Alpha, which has no
 * divide instruction: __divq __divqu __remq __remqu __divl __divlu
 * __reml __remlu.  Their private calling convention (as glibc's
 * sysdeps/alpha/divrem.h documents it): dividend in t10 ($24), divisor in
 * t11 ($25), result in t12 ($27), return address in t9 ($23); every other
 * register except AT is preserved.  Each entry saves the caller-saved
 * registers, calls rt_divrem(a, b, op) in C, and restores them.
 */
	.set noreorder
	.set noat
	.text

#define SAVED(X) X($0,0) X($1,8) X($2,16) X($3,24) X($4,32) X($5,40) \
	X($6,48) X($7,56) X($8,64) X($16,72) X($17,80) X($18,88) X($19,96) \
	X($20,104) X($21,112) X($22,120) X($26,128) X($29,136) X($23,144) \
	X($24,152) X($25,160)
#define SAVE(r, off) stq r, off($30);
#define LOAD(r, off) ldq r, off($30);

#define DIVREM(name, op)		\
	.globl name;			\
	.ent name;			\
name:					\
	lda	$30, -176($30);		\
	SAVED(SAVE)			\
	br	$27, 1f;		\
1:	ldgp	$29, 0($27);		\
	mov	$24, $16;		\
	mov	$25, $17;		\
	lda	$18, op($31);		\
	jsr	$26, rt_divrem;		\
	mov	$0, $27;		\
	SAVED(LOAD)			\
	lda	$30, 176($30);		\
	ret	$31, ($23), 1;		\
	.end name

DIVREM(__divq, 0)
DIVREM(__divqu, 1)
DIVREM(__remq, 2)
DIVREM(__remqu, 3)
DIVREM(__divl, 4)
DIVREM(__divlu, 5)
DIVREM(__reml, 6)
DIVREM(__remlu, 7)

	.section .note.GNU-stack, "", @progbits

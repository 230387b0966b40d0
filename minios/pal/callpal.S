/*
 * callpal.S - the CALL_PAL entry table at PAL_BASE + 0x2000..0x3fff and
 * the OSF/1 PAL functions (docs/ev5.md "The OSF/1 PALcode interface"; ARM III,
 * OSF/1 PALcode instruction descriptions).
 *
 * A CALL_PAL enters at 0x2000 + fn<5:0> * 64 (privileged, fn 0x00-0x3f)
 * or 0x3000 + fn<5:0> * 64 (unprivileged, 0x80-0xbf), with EXC_ADDR the
 * instruction after it (21164 HRM 6.7).  The table is made from
 * isa/palcall.def, the list of OSF functions: each listed function's
 * slot branches to pal_NAME, every other slot to pal_call_opcdec.  The
 * functions return with HW_REI to EXC_ADDR.
 */
#include "minios/pal/pal.h"
	.set noreorder
	.set noat

/* ---- the entry table ------------------------------------------------ */
	.section .pal.calls, "ax"
pal_calls:
/* Fill the slots before offset `to` with branches to OPCDEC. */
	.macro	slots_to to
	.rept	((\to) - (. - pal_calls)) / 64
	br	$31, pal_call_opcdec
	.rept	15
	nop
	.endr
	.endr
	.endm
#define SLOT(fn)	((((fn) & 0x80) << 5) + (((fn) & 0x3f) << 6))
#define PALCALL(name, fn, priv, objdump)	\
	slots_to SLOT(fn);			\
	br	$31, pal_##name;		\
	.rept 15; nop; .endr;
#include "isa/palcall.def"
#undef PALCALL
	slots_to 0x2000

/* ---- the functions -------------------------------------------------- */
	.section .pal.text, "ax"

/* Reserved or unimplemented function: entIF(OPDEC) after the call. */
pal_call_opcdec:
	hw_mfpr	$12, EV5__EXC_ADDR
	lda	$14, IF_OPDEC($31)
	br	$31, pal_entif

/* halt: there is no console to return to, so stop the machine with
 * a0<7:0> as alphasim's exit status (simctl EXIT). */
pal_halt:
	lda	$13, 0x80($31)
	sll	$13, 32, $13
	lda	$13, 0x2000($13)
	and	$16, 0xff, $12
	hw_stq/p $12, 0($13)
1:	br	$31, 1b

/* cflush, draina: the caches are coherent; draina waits for writes. */
pal_cflush:
	hw_rei
pal_draina:
	mb
	hw_rei

/* wripir: an interprocessor interrupt to CPU a0: its bit in the IPI
 * device's SEND register (docs/platform.md "ipi"). */
pal_wripir:
	lda	$12, 1($31)
	sll	$12, $16, $12
	lda	$13, IO_BASE >> 32($31)
	sll	$13, 32, $13
	lda	$13, IO_IPI - IO_BASE + IPI_SEND($13)
	hw_stq/p $12, 0($13)
	hw_rei

/* rdmces/wrmces: MCES<2:0> (MCK, SCE, PCE) clear where a0 has ones,
 * MCES<4:3> (DPC, DSC) are set from a0. */
pal_rdmces:
	hw_mfpr	$0, PT_MCES
	hw_rei
pal_wrmces:
	hw_mfpr	$12, PT_MCES
	and	$16, 0x7, $13
	bic	$12, $13, $12
	bic	$12, 0x18, $12
	and	$16, 0x18, $13
	or	$12, $13, $12
	hw_mtpr	$12, PT_MCES
	hw_rei

/* wrfen: a0<0> -> ICSR<FPE> and the PCB's FEN bit. */
pal_wrfen:
	and	$16, 1, $13
	hw_mfpr	$12, EV5__ICSR
	ldah	$14, 0x400($31)		/* FPE, bit 26 */
	bic	$12, $14, $12
	sll	$13, ICSR_FPE_SHIFT, $14
	or	$12, $14, $12
	hw_mtpr	$12, EV5__ICSR
	hw_mfpr	$12, PT_PCBB
	hw_ldq/p $14, PCB_FLAGS($12)
	bic	$14, 1, $14
	or	$14, $13, $14
	hw_stq/p $14, PCB_FLAGS($12)
	hw_rei

/* wrvptptr: kept (the TB miss walk is physical and does not use it). */
pal_wrvptptr:
	hw_mtpr	$16, PT_VPTB
	hw_mtpr	$16, EV5__IVPTBR
	hw_mtpr	$16, EV5__MVPTBR
	hw_rei

/*
 * swpctx: save the current context (KSP, USP) in the PCB at PT_PCBB,
 * load the one at a0 (physical): KSP, USP, PTBR, ASN, FEN, PME.  v0 is
 * the old PCB's address.  The process cycle counter field is not kept.
 */
pal_swpctx:
	hw_mfpr	$0, PT_PCBB
	hw_stq/p $30, PCB_KSP($0)
	hw_mfpr	$12, PT_USP
	hw_stq/p $12, PCB_USP($0)
	hw_mtpr	$16, PT_PCBB
	hw_ldq/p $30, PCB_KSP($16)
	hw_ldq/p $12, PCB_USP($16)
	hw_mtpr	$12, PT_USP
	hw_ldq/p $12, PCB_PTBR($16)
	sll	$12, 13, $12
	hw_mtpr	$12, PT_PTBR
	hw_ldl/p $12, PCB_ASN($16)
	zapnot	$12, 0x0f, $12
	sll	$12, 4, $13		/* ITB_ASN<10:4> */
	hw_mtpr	$13, EV5__ITB_ASN
	sll	$12, 57, $13		/* DTB_ASN<63:57> */
	hw_mtpr	$13, EV5__DTB_ASN
	hw_ldq/p $12, PCB_CTX($16)	/* the sampling unit's context */
	hw_mtpr	$12, EV5X__PM_CTX
	hw_ldq/p $12, PCB_FLAGS($16)
	and	$12, 1, $13		/* FEN -> ICSR<FPE> */
	sll	$13, ICSR_FPE_SHIFT, $13
	srl	$12, PCB_PME_BIT, $14	/* PME -> ICSR<PMP> */
	and	$14, 1, $14
	sll	$14, ICSR_PMP_SHIFT, $14
	or	$13, $14, $13
	hw_mfpr	$12, EV5__ICSR
	ldah	$14, 0x400($31)		/* FPE (bit 26) and PMP (bit 9) */
	lda	$14, 0x200($14)
	bic	$12, $14, $12
	or	$12, $13, $12
	hw_mtpr	$12, EV5__ICSR
	hw_rei

pal_wrval:
	hw_mtpr	$16, PT_SYSVAL
	hw_rei
pal_rdval:
	hw_mfpr	$0, PT_SYSVAL
	hw_rei

/* tbi: a0 -2 TBIA, -1 TBIAP, 1 TBISI, 2 TBISD, 3 TBIS (a1 = VA). */
pal_tbi:
	addq	$16, 2, $12
	beq	$12, 1f
	addq	$16, 1, $12
	beq	$12, 2f
	blbs	$16, 3f			/* 1 and 3: the ITB */
4:	and	$16, 2, $12		/* 2 and 3: the DTB */
	beq	$12, 5f
	hw_mtpr	$17, EV5__DTB_IS
5:	hw_rei
3:	hw_mtpr	$17, EV5__ITB_IS
	br	$31, 4b
1:	hw_mtpr	$31, EV5__DTB_IA
	hw_mtpr	$31, EV5__ITB_IA
	hw_rei
2:	hw_mtpr	$31, EV5__DTB_IAP
	hw_mtpr	$31, EV5__ITB_IAP
	hw_rei

/* wrent: a0 = entry point, a1 = 0 entInt .. 5 entSys. */
pal_wrent:
	beq	$17, 0f
	cmpeq	$17, 1, $12
	bne	$12, 1f
	cmpeq	$17, 2, $12
	bne	$12, 2f
	cmpeq	$17, 3, $12
	bne	$12, 3f
	cmpeq	$17, 4, $12
	bne	$12, 4f
	cmpeq	$17, 5, $12
	bne	$12, 5f
	hw_rei
0:	hw_mtpr	$16, PT_ENTINT
	hw_rei
1:	hw_mtpr	$16, PT_ENTARITH
	hw_rei
2:	hw_mtpr	$16, PT_ENTMM
	hw_rei
3:	hw_mtpr	$16, PT_ENTIF
	hw_rei
4:	hw_mtpr	$16, PT_ENTUNA
	hw_rei
5:	hw_mtpr	$16, PT_ENTSYS
	hw_rei

/* swpipl: v0 = old IPL; PS<2:0> and the 21164's IPLR = a0<2:0>. */
pal_swpipl:
	and	$11, PS_IPL, $0
	and	$16, PS_IPL, $12
	bic	$11, PS_IPL, $11
	or	$11, $12, $11
	hw_mfpr	$13, PT_INTMASK
	extbl	$13, $12, $13
	hw_mtpr	$13, EV5__IPLR
	hw_rei

pal_rdps:
	mov	$11, $0
	hw_rei
pal_wrkgp:
	hw_mtpr	$16, PT_KGP
	hw_rei
pal_wrusp:
	hw_mtpr	$16, PT_USP
	hw_rei
pal_rdusp:
	hw_mfpr	$0, PT_USP
	hw_rei
pal_whami:
	hw_mfpr	$0, PT_WHAMI
	hw_rei

/*
 * wrperfmon: the performance counters for the kernel (docs/pal.md
 * "wrperfmon" gives the encodings; function numbers as Linux's
 * asm/wrperfmon.h, EV5 PERFMON_CMD_*).  a0 the function, a1 its
 * argument, with fields where PMCTR has them (docs/pmu.md); a1<2:0>
 * chooses counters for 0, 1, 6 and 7.  v0 = 0, PMCTR for 5, -1 for an
 * unknown function.  PT_PERFMON keeps the interrupt modes (function 4)
 * that enabling applies.  PMCTR is read right before it is written back
 * so the counters not being changed lose as few events as possible.
 * Functions 8-10 set the instruction-sampling unit up (an alphasim
 * extension, docs/precise.md): 8 PM_CTL = a1, PM_FILT = a2 (its filter
 * first, so that the restart PM_CTL's write makes finds it), v0 the
 * bytes of records buffer mode left in the area before it; 9 the
 * record area, PM_BUF_BASE = PM_BUF_PTR = a1 (physical), PM_BUF_LIMIT =
 * a2, the latch emptied and buffering restarted; 10 PM_SEED = a1.
 *
 * PM_BIT: for counter n (a1 bit n), or its CTL field (3 << ctlpos) into
 * r8 and its count field into r9.  The count field is bytes `bytes` of
 * a mask (CTR0, CTR1) or, for CTR2's 14 bits, ldah `hi`.  Scratch: r10,
 * r12; never r11, which holds the PS (trap.S): a wrperfmon that left
 * its IPL at 0 made the next swpipl pair in the counter interrupt
 * (wakeup's lock, when a buffer fills) drop IPLR to 0 inside the
 * handler, so that another counter interrupt came in half-way through
 * an eviction and a sample was lost.
 */
	.macro	PM_BIT n, ctlpos, bytes, hi
	srl	$17, \n, $10
	and	$10, 1, $10
	negq	$10, $10		/* 0 or all ones */
	.if	\hi
	ldah	$12, \hi($31)
	and	$10, $12, $12
	.else
	zapnot	$10, \bytes, $12
	.endif
	bis	$9, $12, $9
	lda	$12, 3($31)
	sll	$12, \ctlpos, $12
	and	$10, $12, $12
	bis	$8, $12, $8
	.endm
pal_wrperfmon:
	mov	$31, $8			/* CTL fields of the chosen counters */
	mov	$31, $9			/* their count fields */
	PM_BIT	0, 14, 0xc0, 0
	PM_BIT	1, 12, 0x30, 0
	PM_BIT	2, 10, 0, 0x3fff
	mov	$31, $0
	beq	$16, pm_disable
	subq	$16, 1, $10
	beq	$10, pm_enable
	subq	$16, 2, $10
	beq	$10, pm_select
	subq	$16, 3, $10
	beq	$10, pm_options
	subq	$16, 4, $10
	beq	$10, pm_freq
	subq	$16, 5, $10
	beq	$10, pm_read
	subq	$16, 6, $10
	beq	$10, pm_write
	subq	$16, 7, $10
	beq	$10, pm_clear
	subq	$16, 8, $10
	beq	$10, samp_configure
	subq	$16, 9, $10
	beq	$10, samp_area
	subq	$16, 10, $10
	beq	$10, samp_seed
	lda	$0, -1($31)
	hw_rei
samp_configure:				/* 8: PM_FILT = a2, PM_CTL = a1 */
	hw_mfpr	$0, EV5X__PM_BUF_PTR	/* v0: the records left in the area */
	hw_mfpr	$10, EV5X__PM_BUF_BASE
	subq	$0, $10, $0
	hw_mtpr	$18, EV5X__PM_FILT
	hw_mtpr	$17, EV5X__PM_CTL
	hw_rei
samp_area:				/* 9: the records' area */
	hw_mtpr	$17, EV5X__PM_BUF_BASE
	hw_mtpr	$17, EV5X__PM_BUF_PTR
	hw_mtpr	$18, EV5X__PM_BUF_LIMIT
	lda	$10, 3($31)		/* PM_STAT<FULL, STOPPED> */
	hw_mtpr	$10, EV5X__PM_STAT
	hw_rei
samp_seed:				/* 10 */
	hw_mtpr	$17, EV5X__PM_SEED
	hw_rei
pm_disable:				/* 0: CTLn = 0 */
	mov	$8, $9
	mov	$31, $17
	br	$31, pm_merge
pm_select:				/* 2: SEL0 <31>, SEL1 <7:4>, SEL2 <3:0> */
	lda	$9, 1($31)
	sll	$9, 31, $9
	bis	$9, 0xff, $9
	br	$31, pm_merge
pm_options:				/* 3: KILLU <30>, KILLP <9>, KILLK <8> */
	ldah	$9, 0x4000($31)
	lda	$9, 0x300($9)
	br	$31, pm_merge
pm_freq:				/* 4: CTL modes <15:10>, kept */
	lda	$10, 0x3f($31)
	sll	$10, 10, $10
	and	$17, $10, $10
	hw_mtpr	$10, PT_PERFMON
	hw_rei
pm_read:				/* 5 */
	hw_mfpr	$0, EV5__PMCTR
	hw_rei
pm_clear:				/* 7: zero the counts, then enable */
	mov	$31, $17
	hw_mfpr	$12, EV5__PMCTR
	bic	$12, $9, $12
	hw_mtpr	$12, EV5__PMCTR
pm_enable:				/* 1: CTLn = the kept mode; ICSR<PMA> */
	hw_mfpr	$10, EV5__ICSR
	lda	$12, 1($31)
	sll	$12, ICSR_PMA_SHIFT, $12
	bis	$10, $12, $10
	hw_mtpr	$10, EV5__ICSR
	hw_mfpr	$17, PT_PERFMON
	mov	$8, $9
pm_write:				/* 6: the chosen counts from a1 */
pm_merge:				/* PMCTR<r9> = a1<r9> */
	and	$17, $9, $17
	hw_mfpr	$12, EV5__PMCTR
	bic	$12, $9, $12
	bis	$12, $17, $12
	hw_mtpr	$12, EV5__PMCTR
	hw_rei

/*
 * wtint: wait for an interrupt; v0 = 0 ticks skipped (a0, the most the
 * caller allows, is not used: the timer keeps ticking and its next tick
 * ends the wait).  The 21164 has no wait state; this platform's simctl
 * WAIT stands for the loop real PALcode would spin in, or the system
 * logic stopping an idle CPU's clock (docs/pal.md): the CPU waits until
 * an interrupt is requested at any level, IPL or not, so one that came
 * before the call ends it at once.  The kernel looks for work at IPL 7,
 * calls wtint and lowers the IPL to take what woke it (sched.c).
 */
pal_wtint:
	lda	$13, IO_BASE >> 32($31)
	sll	$13, 32, $13
	lda	$13, IO_SIMCTL - IO_BASE + SIMCTL_WAIT($13)
	hw_stq/p $31, 0($13)
	mov	$31, $0
	hw_rei

/*
 * rti: pop PS, PC, GP, a0, a1, a2 and return there.  To user mode the
 * kernel SP (after the pop) is kept in PT_KSP and the user SP loaded; to
 * kernel mode the IPL comes from the popped PS.
 */
pal_rti:
	ldq	$12, FRAME_PS($30)
	ldq	$13, FRAME_PC($30)
	ldq	$29, FRAME_GP($30)
	ldq	$16, FRAME_A0($30)
	ldq	$17, FRAME_A1($30)
	ldq	$18, FRAME_A2($30)
	lda	$30, FRAME_SIZE($30)
	bic	$13, 3, $13
	hw_mtpr	$13, EV5__EXC_ADDR
	and	$12, PS_USER, $25
	bne	$25, pal_to_user
	and	$12, PS_IPL, $11
	hw_mfpr	$13, PT_INTMASK
	extbl	$13, $11, $13
	hw_mtpr	$13, EV5__IPLR
	hw_rei

/* retsys: pop the frame's PC and GP (a0-a2 stay as the kernel left
 * them) and return to user mode at IPL 0. */
pal_retsys:
	ldq	$13, FRAME_PC($30)
	ldq	$29, FRAME_GP($30)
	lda	$30, FRAME_SIZE($30)
	bic	$13, 3, $13
	hw_mtpr	$13, EV5__EXC_ADDR
pal_to_user:
	hw_mtpr	$30, PT_KSP
	hw_mfpr	$30, PT_USP
	lda	$11, PS_USER($31)
	lda	$13, CM_USER($31)
	hw_mtpr	$13, EV5__DTB_CM
	hw_mtpr	$13, EV5__ICM
	hw_mtpr	$31, EV5__IPLR
	hw_rei

/* bpt, bugchk, gentrap -> entIF(0, 1, 2) with the PC after the call. */
pal_bpt:
	lda	$14, IF_BPT($31)
	br	$31, 1f
pal_bugchk:
	lda	$14, IF_BUGCHK($31)
	br	$31, 1f
pal_gentrap:
	lda	$14, IF_GENTRAP($31)
1:	hw_mfpr	$12, EV5__EXC_ADDR
	br	$31, pal_entif

/* callsys: from user mode only -> entSys with a0-a2 as they are. */
pal_callsys:
	and	$11, PS_USER, $12
	beq	$12, pal_bug
	hw_mfpr	$12, EV5__EXC_ADDR
	mov	$16, $14
	mov	$17, $9
	mov	$18, $10
	hw_mfpr	$13, PT_ENTSYS
	br	$31, pal_post

/* imb: the I-cache is made coherent with memory. */
pal_imb:
	hw_mtpr	$31, EV5__IC_FLUSH_CTL
	hw_rei

/* rdunique/wrunique: the process unique value lives in its PCB. */
pal_rdunique:
	hw_mfpr	$12, PT_PCBB
	hw_ldq/p $0, PCB_UNIQUE($12)
	hw_rei
pal_wrunique:
	hw_mfpr	$12, PT_PCBB
	hw_stq/p $16, PCB_UNIQUE($12)
	hw_rei

	.section .note.GNU-stack, "", @progbits

/*
 * reset.S - the PAL reset flow (21164 HRM 6.2, RESET entry; the IPR
 * initial values follow HRM chapter 5 and the OSF/1 PALcode's reset).
 *
 * Entered in PAL mode at PAL_BASE + 0, whose `br r1` gives PAL_BASE + 4.
 * It sets PAL_BASE, turns on the shadow registers, both superpages and
 * the FPU, masks every interrupt, clears the TBs and ASNs, fills the
 * PALtemps (the OSF IPL map, a PCB to start with), puts the kernel PS
 * (kernel mode, IPL 7) in shadow r11 and leaves PAL mode at the kernel's
 * entry point in kernel mode.  Every CPU comes here (alphasim starts
 * them all at minios's entry): each keeps its number, read from simctl
 * CPUID, in PT_WHAMI; CPU 0 goes on to _kstart with a0 (the boot block's
 * physical address, docs/minios.md) untouched, the others to
 * _ksecondary (entry.S), where they wait for CPU 0.
 */
#include "minios/pal/pal.h"
	.set noreorder
	.set noat
	.section .pal.text, "ax"

	.align	3
lit_kstart:
	.quad	_kstart
lit_ksecondary:
	.quad	_ksecondary
pcb0:					/* the PCB until the kernel's swpctx */
	.rept	PCB_SIZE / 8
	.quad	0
	.endr

	.globl	pal_reset
pal_reset:
	bic	$1, 3, $1
	subq	$1, 4, $1
	hw_mtpr	$1, EV5__PAL_BASE
	ldah	$2, (ICSR_RESET >> 16)($31)
	hw_mtpr	$2, EV5__ICSR
	lda	$2, MCSR_RESET($31)
	hw_mtpr	$2, EV5__MCSR
	hw_mtpr	$31, EV5__ICM
	hw_mtpr	$31, EV5__DTB_CM
	lda	$2, 0x1f($31)
	hw_mtpr	$2, EV5__IPLR
	hw_mtpr	$31, EV5__ITB_ASN
	hw_mtpr	$31, EV5__DTB_ASN
	hw_mtpr	$31, EV5__ITB_IA
	hw_mtpr	$31, EV5__DTB_IA
	hw_mtpr	$31, EV5__IC_FLUSH_CTL

	ldah	$2, (INTMASK_LO >> 16)($31)
	lda	$2, (INTMASK_LO & 0xffff)($2)
	ldah	$3, (INTMASK_HI >> 16)($31)
	lda	$3, (INTMASK_HI & 0xffff)($3)
	sll	$3, 32, $3
	or	$2, $3, $2
	hw_mtpr	$2, PT_INTMASK
	hw_mtpr	$31, PT_ENTINT
	hw_mtpr	$31, PT_ENTARITH
	hw_mtpr	$31, PT_ENTMM
	hw_mtpr	$31, PT_ENTIF
	hw_mtpr	$31, PT_ENTUNA
	hw_mtpr	$31, PT_ENTSYS
	hw_mtpr	$31, PT_KGP
	hw_mtpr	$31, PT_USP
	hw_mtpr	$31, PT_KSP
	hw_mtpr	$31, PT_PTBR
	hw_mtpr	$31, PT_VPTB
	lda	$2, IO_BASE >> 32($31)	/* simctl CPUID */
	sll	$2, 32, $2
	lda	$2, IO_SIMCTL - IO_BASE + SIMCTL_CPUID($2)
	hw_ldq/p $4, 0($2)
	hw_mtpr	$4, PT_WHAMI
	hw_mtpr	$31, PT_SYSVAL
	hw_mtpr	$31, PT_MCES
	hw_mtpr	$31, PT_PERFMON

	br	$2, 1f			/* PA of our literals */
1:	bic	$2, 3, $2
	lda	$3, pcb0 - 1b($2)
	hw_mtpr	$3, PT_PCBB
	lda	$3, lit_kstart - 1b($2)
	lda	$5, lit_ksecondary - 1b($2)
	cmovne	$4, $5, $3
	hw_ldq/p $3, 0($3)
	hw_mtpr	$3, EV5__EXC_ADDR
	lda	$11, 7($31)		/* PS: kernel mode, IPL 7 */
	hw_rei

	.section .note.GNU-stack, "", @progbits

/*
 * dtb_reach.S - loads striding over more pages than the DTB holds.
 *
 * 80 virtual pages (VA 0x2000 to 0xa2000, kernel mode, through the DTB)
 * all map to one physical page; the loop loads from the next page each
 * iteration, round robin.  The DTB has 64 entries replaced round robin
 * (docs/ev5.md "Memory system"), so a page's entry is gone 64 misses after it
 * was filled, before the loop comes back to it 80 loads later: every
 * load misses.  The runtime's DTB_MISS handler (testprogs/rt/pal.S)
 * fills the entry from a linear page table and returns; the load runs
 * again and hits.  The loads all hit one D-cache line; the PTEs' lines
 * (at a different D-cache index) stay in the D-cache, and the loop and
 * the handler use different I-cache lines.
 *
 * 21164 rules (docs/timing.md; PAL entry and HW_REI cost pal_penalty 5,
 * HW_MFPR/HW_MTPR go to E0 with latency 1, a load hitting the D-cache 2):
 * let t0 be the BNE's issue cycle.  The load faults; the handler's first
 * block issues from a = t0 + 6:
 *   [MTPR PT0 a] [MTPR PT1 a+1] [MFPR PTBR a+2] [BEQ a+3, not taken]
 *   [MFPR VA a+4] [SRL a+5] [S8ADDQ a+6] [HW_LDQ/P a+7]
 *   [MTPR DTB_PTE a+9, the PTE two cycles after] [MFPR VA a+10]
 *   [MTPR DTB_TAG a+11] [MFPR PT0 a+12] [MFPR PT1 a+13, HW_REI a+13]
 * (E0 takes one instruction a cycle); the load issues again at
 * b = a + 19 with the LDA, then CMPEQ b+1 with CMOVNE (the compare feeds
 * the CMOV test in the same cycle), SUBQ b+2 (new block), BNE b+3; the
 * next load faults, so the next a is b + 3 + 6: 28 cycles a load.  In
 * the loop the load's head time is the 6 cycles after HW_REI, charged to
 * the DTB miss (the handler's own 19, in PAL space, too: its first 6).
 *
 * EXPECT cycles=28 cause=dtbmiss stall=6 exact
 */
#define ITERS 2000
#include "bench.h"

#define NPAGES 80
#define OFFSET 0x1000           /* the loads' offset in their page */

	.ent	bench_setup
bench_setup:
	lda	$1, dtb_ptes
	lda	$2, dtb_page
	zapnot	$2, 0x1f, $2		/* kseg -> physical */
	srl	$2, 13, $2
	sll	$2, 32, $2		/* PFN<58:32> */
	lda	$2, 0x1101($2)		/* KWE KRE V */
	lda	$3, NPAGES($31)
	addq	$1, 8, $4		/* VA page k: entry k, k = 1..80 */
1:	stq	$2, 0($4)
	addq	$4, 8, $4
	subq	$3, 1, $3
	bne	$3, 1b
	zapnot	$1, 0x1f, $1
	hw_mtpr	$1, 0x156		/* the runtime's PT_PTBR */
	lda	$1, 0x2000 + OFFSET($31)	/* the next load's VA */
	lda	$3, 0x2000 + OFFSET($31)
	ldah	$2, 0xa($31)		/* one page past the last, */
	lda	$2, 0x3000($2)		/* (NPAGES + 1) * 0x2000 + OFFSET */
	ret	$31, ($26), 1
	.end	bench_setup

	/* away from the I-cache lines of main and of the DTB_MISS handler */
	.align	13
	.skip	0x1000
	.ent	kernel
kernel:
	br	$31, bench_loop
	.align	4
bench_loop:
	ldq	$4, 0($1)
	lda	$1, 0x2000($1)
	cmpeq	$1, $2, $5
	cmovne	$5, $3, $1
	subq	$16, 1, $16
	bne	$16, bench_loop
bench_loop_end:
	ret	$31, ($26), 1
	.end	kernel

	.section .bss
	.align	13
dtb_page:
	.skip	8192
dtb_ptes:
	.skip	(NPAGES + 1) * 8

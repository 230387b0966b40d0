/*
 * pal_intr.c - interrupt masking by IPL and PAL mode, with software
 * interrupts and ASTs (21164 HRM 5.1: SIRR, ASTRR, ASTER, ISR, INTID,
 * IPLR; docs/ev5.md "PAL mode": no interrupt is taken in PAL mode, otherwise
 * one is taken when its EV5 IPL is above IPLR).
 *
 * SIRR<n+3> requests software interrupt level n (1-15); ISR<18:4> shows
 * SIRR<18:4>, ISR<3:0> ASTRR & ASTER, ISR<19> (ATR) an AST the current
 * mode may take (a mode takes the ASTs of itself and of the more
 * privileged modes), at level 2.  INTID is the highest level requesting.
 * An interrupt is taken at an instruction boundary: EXC_ADDR is the
 * instruction that has not run, here the one after the HW_MTPR that
 * lowered IPLR, or the one after a CALL_PAL during whose PAL code the
 * request arose.  The runtime's PALcode (pal.S) records it and raises
 * IPLR to INTID; each case clears its request and lowers IPLR itself.
 * Every expected value below follows from those rules.
 */
#include "exc.h"

/* Lower IPLR to ipl by an HW_MTPR; returns the MTPR's address. */
static uint64_t set_ipl(uint64_t ipl)
{
	uint64_t at;
	__asm__ volatile("br %0, 1f\n1:\thw_mtpr %1, 0x110\n\tnop\n\tnop"
	                 : "=&r"(at) : "r"(ipl) : "memory");
	return at;
}

/* CALL_PAL RT_PAL_SPIN: n iterations in PAL mode, writing sirr to SIRR
 * first; returns the CALL_PAL's address. */
static uint64_t spin_pal(uint64_t n, uint64_t sirr)
{
	uint64_t at;
	register uint64_t a0 __asm__("$16") = n, a1 __asm__("$17") = sirr;
	__asm__ volatile("br %0, 1f\n1:\tcall_pal 0xbf\n\tnop"
	                 : "=&r"(at), "+r"(a0) : "r"(a1) : "$0", "$8", "memory");
	return at;
}

#define SIRR_LEVEL(n) (1ull << ((n) + 3))

/* A request at level lvl was taken before the instruction at want. */
static void expect_taken(const char *id, uint64_t before, uint64_t want, uint64_t lvl)
{
	exc_expect(id, before, PAL_INTERRUPT);
	exc_check(id, "EXC_ADDR", rt_trap.exc_addr, want);
	exc_check(id, "INTID", rt_trap.intid, lvl);
	exc_check(id, "IPLR after", MFPR(EV5__IPLR), lvl);
}

static void software(void)
{
	uint64_t before = rt_trap.count;
	set_ipl(31);
	MTPR(EV5__SIRR, SIRR_LEVEL(5));
	exc_check("sirr", "SIRR", MFPR(EV5__SIRR), SIRR_LEVEL(5));
	exc_check("sirr", "ISR", MFPR(EV5__ISR), SIRR_LEVEL(5));
	exc_check("sirr", "INTID", MFPR(EV5__INTID), 5);
	set_ipl(5);                     /* level 5 is not above IPL 5 */
	exc_expect("sirr ipl 5", before, 0);
	uint64_t at = set_ipl(4);
	expect_taken("sirr ipl 4", before, at + 4, 5);
	exc_check("sirr ipl 4", "ISR<18:4>", rt_trap.isr & 0x7fff0, SIRR_LEVEL(5));

	/* the request stays until it is cleared: lowering IPL again
	 * takes it again */
	before = rt_trap.count;
	at = set_ipl(0);
	expect_taken("sirr again", before, at + 4, 5);
	MTPR(EV5__SIRR, 0);
	before = rt_trap.count;
	set_ipl(0);
	exc_expect("sirr cleared", before, 0);
	exc_check("sirr cleared", "INTID", MFPR(EV5__INTID), 0);

	/* two levels: the higher first, then the other */
	set_ipl(31);
	MTPR(EV5__SIRR, SIRR_LEVEL(3) | SIRR_LEVEL(7));
	exc_check("two", "INTID", MFPR(EV5__INTID), 7);
	before = rt_trap.count;
	at = set_ipl(0);
	expect_taken("two: 7", before, at + 4, 7);
	MTPR(EV5__SIRR, SIRR_LEVEL(3));
	before = rt_trap.count;
	at = set_ipl(2);
	expect_taken("two: 3", before, at + 4, 3);
	MTPR(EV5__SIRR, 0);
	/* bits outside <18:4> do not exist */
	set_ipl(31);
	before = rt_trap.count;
	MTPR(EV5__SIRR, ~0ull);
	exc_check("sirr mask", "SIRR", MFPR(EV5__SIRR), 0x7fff0);
	exc_check("sirr mask", "INTID", MFPR(EV5__INTID), 15);
	MTPR(EV5__SIRR, 0);
	exc_expect("sirr mask", before, 0);
}

/* A request raised inside PAL code waits for HW_REI, then is taken
 * before the instruction after the CALL_PAL. */
static void pal_mode(void)
{
	set_ipl(0);
	uint64_t before = rt_trap.count;
	uint64_t at = spin_pal(200, SIRR_LEVEL(6));
	expect_taken("in PAL", before, at + 4, 6);
	exc_check("in PAL", "EXC_ADDR<0>", rt_trap.exc_addr & 1, 0);
	MTPR(EV5__SIRR, 0);
	set_ipl(31);
}

/* ASTs: level 2, for the modes ASTER enables and ASTRR requests; in
 * kernel mode only the kernel's. */
static void asts(void)
{
	set_ipl(0);
	uint64_t before = rt_trap.count;
	MTPR(EV5__ASTER, 0xf);
	MTPR(EV5__ASTRR, 8);             /* user AST: not for kernel mode */
	exc_check("user ast", "ISR", MFPR(EV5__ISR), 8);
	exc_expect("user ast", before, 0);
	MTPR(EV5__ASTER, 0xe);
	MTPR(EV5__ASTRR, 0xff);          /* four bits exist */
	exc_check("astrr", "ASTRR", MFPR(EV5__ASTRR), 0xf);
	exc_check("aster off", "ISR", MFPR(EV5__ISR), 0xe);
	exc_expect("aster off", before, 0);
	set_ipl(31);
	MTPR(EV5__ASTER, 0xf);           /* kernel AST enabled: ATR */
	exc_check("kernel ast", "ISR", MFPR(EV5__ISR), 0xf | 1ull << 19);
	exc_check("kernel ast", "INTID", MFPR(EV5__INTID), 2);
	set_ipl(2);
	exc_expect("kernel ast ipl 2", before, 0);
	uint64_t at = set_ipl(1);
	expect_taken("kernel ast", before, at + 4, 2);
	MTPR(EV5__ASTRR, 0);
	MTPR(EV5__ASTER, 0);
	set_ipl(31);
}

int main(void)
{
	software();
	pal_mode();
	asts();
	return exc_end("pal_intr");
}

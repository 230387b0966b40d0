/*
 * pmu_skid.c - where a counter interrupt lands, on hand-made sequences
 * whose issue cycles follow from the 21164 rules (docs/ev5.md "Pipeline" and
 * "Performance counters"; the DCPI paper, section 4.1; docs/pmu.md).
 * tests/pal_skid.sh runs it with pmu_delay 0, 6 and 30, timed and with
 * --timing=off, and compares the indices it prints with the ones
 * worked out here.
 *
 * Each sequence is called twice from the same code, first with every
 * counter off (to bring its lines into the I-cache), then with CTR0
 * counting cycles (SEL0 = 0, CTL0 = 2) from 0x10000 - N.  The HW_MTPR
 * that writes PMCTR issues at cycle T, last in its block; the counter
 * counts from the next instruction's cycles on, so it wraps at cycle
 * O = T + N, and the interrupt is deliverable at D = O + delay, before
 * the first instruction that has not issued by then: the first whose
 * issue cycle is D or later.  The program prints that instruction's
 * index in the sequence (EXC_ADDR from the runtime's PALcode).
 *
 * seq1: 48 dependent ADDQs from the next block: ADDQ k issues at
 *   T + 1 + k (latency 1).  N = 10: O = T + 10, in ADDQ 9's cycle.
 *   The interrupt comes before ADDQ k with T + 1 + k >= T + 10 + delay:
 *   k = 9 + delay:  delay 0 -> 9, 6 -> 15, 30 -> 39.
 * seq2: MULQ at T + 1 (latency 12), then dependent ADDQs: ADDQ 1 waits
 *   for the product, issuing at T + 13, ADDQ k at T + 12 + k.  N = 5:
 *   O = T + 5, while ADDQ 1 stalls.  delay 0 -> D = T + 5 -> index 1;
 *   6 -> T + 11 -> 1 (the stall hides the skid); 30 -> T + 35 -> 23.
 * seq3: CALL_PAL RT_PAL_SPIN at T + 1, N = 3: the counter wraps in PAL
 *   code (KILLP is clear), where no interrupt is taken: it is deferred
 *   to the instruction after the CALL_PAL (index 0 of seq3_after).
 * seq4: IPLR = 31 first, N = 3: the overflow comes among 40 ADDQs at
 *   IPL 31 and waits for the HW_MTPR that sets IPLR to 0: index 0 of
 *   seq4_after.
 *
 * With --timing=off a cycle is an instruction: instruction k after the
 * HW_MTPR is cycle M + 1 + k.  seq1 gives the same indices; seq2
 * 4 + delay (4, 10, 34); seq3 and seq4 the same.
 */
#include "exc.h"

__asm__(
	".set noreorder\n\t.set noat\n\t.text\n"
	".align 5\n\t.globl seq1\n\t.ent seq1\nseq1:\n"
	"\tnop\n\tnop\n\tnop\n\thw_mtpr $16, 0x11c\n"
	"\t.globl seq1_a\nseq1_a:\n"
	"\t.rept 48\n\taddq $2, 1, $2\n\t.endr\n"
	"\tret $31, ($26), 1\n\t.end seq1\n"

	".align 5\n\t.globl seq2\n\t.ent seq2\nseq2:\n"
	"\tnop\n\tnop\n\tnop\n\thw_mtpr $16, 0x11c\n"
	"\t.globl seq2_a\nseq2_a:\n"
	"\tmulq $2, $3, $2\n"
	"\t.rept 40\n\taddq $2, 1, $2\n\t.endr\n"
	"\tret $31, ($26), 1\n\t.end seq2\n"

	".align 5\n\t.globl seq3\n\t.ent seq3\nseq3:\n"
	"\tnop\n\tnop\n\tnop\n\thw_mtpr $18, 0x11c\n"
	"\tcall_pal 0xbf\n"
	"\t.globl seq3_after\nseq3_after:\n"
	"\t.rept 8\n\taddq $2, 1, $2\n\t.endr\n"
	"\tret $31, ($26), 1\n\t.end seq3\n"

	".align 5\n\t.globl seq4\n\t.ent seq4\nseq4:\n"
	"\thw_mtpr $17, 0x110\n\tnop\n\tnop\n\thw_mtpr $16, 0x11c\n"
	"\t.rept 40\n\taddq $2, 1, $2\n\t.endr\n"
	"\thw_mtpr $31, 0x110\n"
	"\t.globl seq4_after\nseq4_after:\n"
	"\t.rept 8\n\taddq $2, 1, $2\n\t.endr\n"
	"\tret $31, ($26), 1\n\t.end seq4\n"
	".set reorder\n\t.set at\n");

extern char seq1_a[], seq2_a[], seq3_after[], seq4_after[];

/* CTR0 counting cycles from 0x10000 - n, interrupting when it wraps. */
static uint64_t armed(unsigned n)
{
	return (uint64_t)(0x10000 - n) << 48 | 2u << 14;
}

#define CALL(fn, a0, a1, a2) do { \
	register uint64_t r16 __asm__("$16") = (a0), r17 __asm__("$17") = (a1); \
	register uint64_t r18 __asm__("$18") = (a2), r3 __asm__("$3") = 1; \
	__asm__ volatile("bsr $26, " #fn : "+r"(r16), "+r"(r17), "+r"(r18), "+r"(r3) \
	                 : : "$0", "$1", "$2", "$8", "$26", "memory"); \
} while (0)

/* The index of the instruction the interrupt came before, from base. */
static long landed(const char *id, uint64_t before, const char *base)
{
	exc_expect(id, before, PAL_INTERRUPT);
	MTPR(EV5__PMCTR, 0);
	MTPR(EV5__HWINT_CLR, 7ull << 27);
	return (long)(rt_trap.exc_addr - (uint64_t)(uintptr_t)base) / 4;
}

int main(void)
{
	uint64_t icsr = MFPR(EV5__ICSR), before;
	MTPR(EV5__ICSR, icsr | 1ull << 8);               /* ICSR<PMA> */
	MTPR(EV5__IPLR, 0);

	CALL(seq1, 0, 0, 0);
	before = rt_trap.count;
	CALL(seq1, armed(10), 0, 0);
	tio_printf("seq1 %ld\n", landed("seq1", before, seq1_a));
	MTPR(EV5__IPLR, 0);

	CALL(seq2, 0, 0, 0);
	before = rt_trap.count;
	CALL(seq2, armed(5), 0, 0);
	tio_printf("seq2 %ld\n", landed("seq2", before, seq2_a));
	MTPR(EV5__IPLR, 0);

	CALL(seq3, 40, 0, 0);
	before = rt_trap.count;
	CALL(seq3, 40, 0, armed(3));
	tio_printf("seq3 %ld\n", landed("seq3", before, seq3_after));
	MTPR(EV5__IPLR, 0);

	CALL(seq4, 0, 31, 0);
	MTPR(EV5__IPLR, 0);
	before = rt_trap.count;
	CALL(seq4, armed(3), 31, 0);
	tio_printf("seq4 %ld\n", landed("seq4", before, seq4_after));

	MTPR(EV5__IPLR, 31);
	MTPR(EV5__ICSR, icsr);
	return exc_end("pmu_skid");
}

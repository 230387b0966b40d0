/*
 * pmu_sample.c - sampling with the performance counters as the DCPI
 * driver does (the DCPI paper, section 4.1; docs/pmu.md),
 * for tests/pal_sampling.sh to check the paper's statements on the skid
 * trace (--skid-trace): undeferred interrupts arrive exactly six cycles
 * after the overflow; IMISS samples land on the missing instruction
 * most of the time; CYCLES samples land on the instruction at the head,
 * in proportion to its time there; samples taken in PAL code or at
 * IPL 31 land on the instruction after it.
 *
 * The runtime's PALcode is in sampling mode (rt_sample): each counter
 * interrupt is cleared and CTR0 reloaded for 1000-1255 cycles, the
 * period randomised as DCPI does.  Four phases, each a loop in the
 * assembly below (its labels let the test find the instructions):
 *   cycles  CYCLES on CTR0 (KILLP: the interrupt handler is not counted)
 *           over a loop with a multiply chain and a load-use pair;
 *   imiss   IMISS on CTR2, an interrupt every 256 misses (CTL 3), over
 *           1024 one-line chunks of code (32 KB, four times the I-cache)
 *           run in an order that never falls through to the next line,
 *           so each fetch is a true miss served by the S-cache;
 *   pal     CYCLES over CALL_PAL RT_PAL_SPIN (most of the time in PAL);
 *   ipl     CYCLES over a stretch at IPL 31 between two HW_MTPR IPLR.
 */
#include "exc.h"

__asm__(
	".set noreorder\n\t.set noat\n\t.text\n"
	/* cycles: $16 iterations */
	".align 5\n\t.globl cyc_kernel\n\t.ent cyc_kernel\ncyc_kernel:\n"
	"\t.globl cyc_loop\ncyc_loop:\n"
	"\tmulq $2, $3, $2\n\taddq $4, 1, $4\n\tsubq $16, 1, $16\n\tldq $5, 0($30)\n"
	"\taddq $5, 1, $6\n\tbne $16, cyc_loop\n"
	"\t.globl cyc_loop_end\ncyc_loop_end:\n"
	"\tret $31, ($26), 1\n\t.end cyc_kernel\n"

	/* imiss: 1024 chunks of one line, chunk k going on to chunk
	 * (k + 257) mod 1024, 8224 bytes further on; the chain starts at
	 * chunk 0 and chunk 767 (whose next would be 0 again) ends it */
	".align 5\n\t.globl imiss_kernel\n\t.ent imiss_kernel\nimiss_kernel:\n"
	"\tbr $31, imiss_code\n"
	"\t.align 5\n\t.globl imiss_code\nimiss_code:\n"
	"\tk = 0\n\t.rept 1024\n"
	"\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n"
	"\t.if k - 767\n\tbr $31, . - 28 + (((k + 257) & 1023) - k) * 32\n"
	"\t.else\n\tbr $31, imiss_back\n\t.endif\n"
	"\tk = k + 1\n\t.endr\n"
	"\t.globl imiss_code_end\nimiss_code_end:\n"
	"imiss_back:\n\tsubq $16, 1, $16\n\tbne $16, imiss_code\n"
	"\tret $31, ($26), 1\n\t.end imiss_kernel\n"

	/* pal: $16 iterations of a 20-iteration PAL spin */
	".align 5\n\t.globl pal_kernel\n\t.ent pal_kernel\npal_kernel:\n"
	"\tmov $16, $22\n"
	"1:\tlda $16, 20($31)\n\tmov $31, $17\n"
	"\t.globl pal_call\npal_call:\n\tcall_pal 0xbf\n"
	"\t.globl pal_after\npal_after:\n"
	"\tsubq $22, 1, $22\n\tbne $22, 1b\n"
	"\tret $31, ($26), 1\n\t.end pal_kernel\n"

	/* ipl: $16 iterations of 48 ADDQs at IPL 31, then 8 at IPL 0 */
	".align 5\n\t.globl ipl_kernel\n\t.ent ipl_kernel\nipl_kernel:\n"
	"\tlda $17, 31($31)\n"
	"1:\thw_mtpr $17, 0x110\n"
	"\t.globl ipl_high\nipl_high:\n"
	"\t.rept 48\n\taddq $4, 1, $4\n\t.endr\n"
	"\thw_mtpr $31, 0x110\n"
	"\t.globl ipl_after\nipl_after:\n"
	"\t.rept 8\n\taddq $4, 1, $4\n\t.endr\n"
	"\tsubq $16, 1, $16\n\tbne $16, 1b\n"
	"\tret $31, ($26), 1\n\t.end ipl_kernel\n"
	".set reorder\n\t.set at\n");

#define CALL(fn, n) do { \
	register uint64_t r16 __asm__("$16") = (n), r3 __asm__("$3") = 3; \
	__asm__ volatile("bsr $26, " #fn : "+r"(r16), "+r"(r3) : \
	                 : "$0", "$1", "$2", "$4", "$5", "$6", "$8", "$17", "$22", \
	                   "$26", "memory"); \
} while (0)

#define CTL0_WRAP (2ull << 14)
#define CTL2_256  (3ull << 10)
#define KILLP     (1ull << 9)
#define SEL2_IMISS 4ull

static uint64_t phase(uint64_t pmctr)
{
	uint64_t before = rt_trap.samples;
	MTPR(EV5__PMCTR, pmctr);
	return before;
}

static void done(const char *name, uint64_t before)
{
	MTPR(EV5__PMCTR, 0);
	MTPR(EV5__HWINT_CLR, 7ull << 27);
	tio_printf("%s: %lu samples\n", name, rt_trap.samples - before);
	exc_check(name, "some samples", rt_trap.samples > before, 1);
}

int main(void)
{
	uint64_t icsr = MFPR(EV5__ICSR), b;
	MTPR(EV5__ICSR, icsr | 1ull << 8);               /* ICSR<PMA> */
	rt_sample(1000, 0xff);
	MTPR(EV5__IPLR, 0);

	b = phase(0xfc00ull << 48 | CTL0_WRAP | KILLP);
	CALL(cyc_kernel, 200000);
	done("cycles", b);

	b = phase(CTL2_256 | SEL2_IMISS);
	CALL(imiss_kernel, 100);
	done("imiss", b);

	b = phase(0xfc00ull << 48 | CTL0_WRAP);
	CALL(pal_kernel, 20000);
	done("pal", b);

	b = phase(0xfc00ull << 48 | CTL0_WRAP | KILLP);
	CALL(ipl_kernel, 20000);
	done("ipl", b);

	MTPR(EV5__IPLR, 31);
	rt_sample(0, 0);
	MTPR(EV5__ICSR, icsr);
	return exc_end("pmu_sample");
}

/*
 * pal_pmu.c - the performance counters through PMCTR (IPR 0x11C), as a
 * program sees them (EV5.md "Performance counters"; 21164 HRM 5.1.23;
 * docs/pmu.md), on the timed model:
 *
 * - the fields: CTR0<63:48> CTR1<47:32> SEL0<31> KILLU<30> CTR2<29:16>
 *   CTL0<15:14> CTL1<13:12> CTL2<11:10> KILLP<9> KILLK<8> SEL1<7:4>
 *   SEL2<3:0>; CTR2 has 14 bits;
 * - CTL 0 stops a counter, 1 counts, 2 interrupts when it wraps, 3 every
 *   256 events; KILLK/KILLP stop counting in kernel mode / PAL mode;
 *   nothing counts unless ICSR<PMA> or ICSR<PMP> is set;
 * - SEL0 = 1 counts instructions issued: between two reads of PMCTR the
 *   count grows by the instructions after the first read up to and
 *   including the second; SEL1 = 0xB counts loads, SEL2 = 6 D-cache
 *   load misses;
 * - an overflow sets ISR<27+n> at once and requests an interrupt at EV5
 *   IPL 29 (INTID 29), taken only when IPLR is below 29 and until
 *   HWINT_CLR<27+n> clears the request.
 */
#include "exc.h"

static uint64_t pmctr(uint64_t c0, uint64_t c1, uint64_t c2, unsigned ctl0, unsigned ctl1,
                      unsigned ctl2, unsigned sel0, unsigned sel1, unsigned sel2)
{
	return c0 << 48 | c1 << 32 | (uint64_t)sel0 << 31 | c2 << 16 | (uint64_t)ctl0 << 14 |
	       (uint64_t)ctl1 << 12 | (uint64_t)ctl2 << 10 | (uint64_t)sel1 << 4 | sel2;
}
#define KILLU (1ull << 30)
#define KILLP (1ull << 9)
#define KILLK (1ull << 8)
#define CTR0(v) ((v) >> 48)
#define CTR2(v) (((v) >> 16) & 0x3fff)
#define PMA (1ull << 8)
#define PMP (1ull << 9)

static uint64_t icsr0;

static void enable(uint64_t bits)
{
	MTPR(IPR_ICSR, (icsr0 & ~(PMA | PMP)) | bits);
}

static void busy(unsigned n)
{
	for (volatile unsigned i = 0; i < n; i++)
		;
}

static void fields(void)
{
	/* every counter off: the value reads back as written */
	uint64_t v = pmctr(0x1234, 0x5678, 0x2abc, 0, 0, 0, 1, 0xa, 5) | KILLU | KILLP | KILLK;
	MTPR(IPR_PMCTR, v);
	busy(10);
	exc_check("fields", "PMCTR", MFPR(IPR_PMCTR), v);
	/* CTR2 is 14 bits: counting cycles from 0x3ff0 it wraps to 0 */
	MTPR(IPR_PMCTR, pmctr(0, 0, 0x3ff0, 0, 0, 1, 0, 0, 0xc));
	busy(10);
	uint64_t c2 = CTR2(MFPR(IPR_PMCTR));
	exc_check("CTR2 width", "wrapped below 0x3ff0", c2 > 0 && c2 < 0x3ff0, 1);
	/* CTL 1: CTR0 wraps without an interrupt */
	uint64_t before = rt_trap.count;
	MTPR(IPR_IPLR, 0);
	MTPR(IPR_PMCTR, pmctr(0xfff0, 0, 0, 1, 0, 0, 0, 0, 0));
	busy(10);
	uint64_t c0 = CTR0(MFPR(IPR_PMCTR));
	exc_check("CTL 1", "wrapped", c0 > 0 && c0 < 0xfff0, 1);
	exc_expect("CTL 1", before, 0);
	MTPR(IPR_PMCTR, 0);
	MTPR(IPR_IPLR, 31);
}

/* The gates: ICSR<PMA>/<PMP>, KILLK, KILLP. */
static void gates(void)
{
	static const struct {
		const char *id;
		uint64_t icsr, kill;
		int counts;
	} g[] = {
		{ "no PMA, no PMP", 0, 0, 0 }, { "PMA", PMA, 0, 1 }, { "PMP", PMP, 0, 1 },
		{ "KILLK", PMA, KILLK, 0 }, { "KILLP", PMA, KILLP, 1 }, { "KILLU", PMA, KILLU, 1 },
	};
	for (unsigned i = 0; i < N_OF(g); i++) {
		enable(g[i].icsr);
		MTPR(IPR_PMCTR, pmctr(0, 0, 0, 1, 0, 0, 0, 0, 0) | g[i].kill);
		busy(10);
		exc_check(g[i].id, "counted", CTR0(MFPR(IPR_PMCTR)) > 0, g[i].counts);
	}
	/* KILLP: a PAL routine's cycles are not counted; without it they are */
	enable(PMA);
	uint64_t with = 0, without = 0;
	for (int k = 0; k < 2; k++) {
		MTPR(IPR_PMCTR, pmctr(0, 0, 0, 1, 0, 0, 0, 0, 0) | (k ? KILLP : 0));
		register uint64_t a0 __asm__("$16") = 1000, a1 __asm__("$17") = 0;
		__asm__ volatile("call_pal 0xbf" : "+r"(a0) : "r"(a1) : "$0", "$8", "memory");
		*(k ? &without : &with) = CTR0(MFPR(IPR_PMCTR));
	}
	/* the spin is 1000 iterations of two instructions */
	exc_check("KILLP", "PAL cycles left out", with >= without + 2000, 1);
	MTPR(IPR_PMCTR, 0);
}

/* Issues (SEL0 = 1) between two reads: the instructions after the first
 * read up to and including the second. */
static void issues(void)
{
	uint64_t a, b;
	MTPR(IPR_PMCTR, pmctr(0, 0, 0, 1, 0, 0, 1, 0, 0));
	__asm__ volatile("hw_mfpr %0, 0x11c\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\t"
	                 "nop\n\tnop\n\tnop\n\tnop\n\tnop\n\thw_mfpr %1, 0x11c"
	                 : "=&r"(a), "=r"(b) : : "memory");
	exc_check("issues", "ten nops and a read", CTR0(b) - CTR0(a), 11);
	MTPR(IPR_PMCTR, 0);
}

/* Loads (SEL1 = 0xB) and D-cache load misses (SEL2 = 6): 64 loads, each
 * to a line of its own not touched before. */
static uint64_t lines[64 * 4] __attribute__((aligned(32)));
static void loads(void)
{
	MTPR(IPR_PMCTR, pmctr(0, 0, 0, 0, 1, 1, 0, 0xb, 6));
	uint64_t sum = 0;
	for (int i = 0; i < 64; i++)
		sum += ((volatile uint64_t *)lines)[i * 4];
	uint64_t v = MFPR(IPR_PMCTR);
	MTPR(IPR_PMCTR, 0);
	exc_check("loads", "sum", sum, 0);
	exc_check("loads", "CTR1 at least the 64", (v >> 32 & 0xffff) >= 64, 1);
	exc_check("dmiss", "CTR2", CTR2(v), 64);
}

/* An overflow requests at IPL 29 until HWINT_CLR clears it. */
static void overflow(void)
{
	MTPR(IPR_IPLR, 29);
	uint64_t before = rt_trap.count;
	MTPR(IPR_PMCTR, pmctr(0xffc0, 0, 0, 2, 0, 0, 0, 0, 0));
	busy(20);
	exc_expect("IPL 29", before, 0);
	uint64_t isr = MFPR(IPR_ISR);
	exc_check("IPL 29", "ISR<PC0>", isr >> 27 & 7, 1);
	exc_check("IPL 29", "INTID", MFPR(IPR_INTID), 29);
	MTPR(IPR_IPLR, 28);
	exc_expect("IPL 28", before, PAL_INTERRUPT);
	exc_check("IPL 28", "INTID", rt_trap.intid, 29);
	exc_check("IPL 28", "ISR<PC0>", rt_trap.isr >> 27 & 7, 1);
	/* still requesting: lowering IPL takes it again */
	before = rt_trap.count;
	MTPR(IPR_IPLR, 0);
	exc_expect("not cleared", before, PAL_INTERRUPT);
	MTPR(IPR_HWINT_CLR, 1ull << 27);
	exc_check("HWINT_CLR", "ISR<PC0>", MFPR(IPR_ISR) >> 27 & 7, 0);
	before = rt_trap.count;
	MTPR(IPR_IPLR, 0);
	exc_expect("cleared", before, 0);

	/* CTL 3: every 256 events, and the counter counts on */
	MTPR(IPR_PMCTR, pmctr(0x12f0, 0, 0, 3, 0, 0, 0, 0, 0));
	busy(20);
	exc_expect("CTL 3", before, PAL_INTERRUPT);
	exc_check("CTL 3", "counted on", CTR0(MFPR(IPR_PMCTR)) > 0x1300, 1);
	MTPR(IPR_PMCTR, 0);
	MTPR(IPR_HWINT_CLR, 1ull << 27);
	MTPR(IPR_IPLR, 31);
}

int main(void)
{
	icsr0 = MFPR(IPR_ICSR);
	enable(PMA);
	fields();
	gates();
	enable(PMA);
	issues();
	loads();
	overflow();
	MTPR(IPR_ICSR, icsr0);
	return exc_end("pal_pmu");
}

/*
 * pal_pmu.c - the performance counters through PMCTR (IPR 0x11C), as a
 * program sees them (docs/ev5.md "Performance counters"; 21164 HRM 5.1.23;
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
/* PTE bits (ARM 11.8; the ITB_PTE layout) */
#define KRE (1ull << 8)
#define URE (1ull << 11)
#define PFN(pa) ((uint64_t)(pa) >> 13 << 32)
#define PMP (1ull << 9)

static uint64_t icsr0;

static void enable(uint64_t bits)
{
	MTPR(EV5__ICSR, (icsr0 & ~(PMA | PMP)) | bits);
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
	MTPR(EV5__PMCTR, v);
	busy(10);
	exc_check("fields", "PMCTR", MFPR(EV5__PMCTR), v);
	/* CTR2 is 14 bits: counting cycles from 0x3ff0 it wraps to 0 */
	MTPR(EV5__PMCTR, pmctr(0, 0, 0x3ff0, 0, 0, 1, 0, 0, 0xc));
	busy(10);
	uint64_t c2 = CTR2(MFPR(EV5__PMCTR));
	exc_check("CTR2 width", "wrapped below 0x3ff0", c2 > 0 && c2 < 0x3ff0, 1);
	/* CTL 1: CTR0 wraps without an interrupt */
	uint64_t before = rt_trap.count;
	MTPR(EV5__IPLR, 0);
	MTPR(EV5__PMCTR, pmctr(0xfff0, 0, 0, 1, 0, 0, 0, 0, 0));
	busy(10);
	uint64_t c0 = CTR0(MFPR(EV5__PMCTR));
	exc_check("CTL 1", "wrapped", c0 > 0 && c0 < 0xfff0, 1);
	exc_expect("CTL 1", before, 0);
	MTPR(EV5__PMCTR, 0);
	MTPR(EV5__IPLR, 31);
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
		MTPR(EV5__PMCTR, pmctr(0, 0, 0, 1, 0, 0, 0, 0, 0) | g[i].kill);
		busy(10);
		exc_check(g[i].id, "counted", CTR0(MFPR(EV5__PMCTR)) > 0, g[i].counts);
	}
	/* KILLP: a PAL routine's cycles are not counted; without it they are */
	enable(PMA);
	uint64_t with = 0, without = 0;
	for (int k = 0; k < 2; k++) {
		MTPR(EV5__PMCTR, pmctr(0, 0, 0, 1, 0, 0, 0, 0, 0) | (k ? KILLP : 0));
		register uint64_t a0 __asm__("$16") = 1000, a1 __asm__("$17") = 0;
		__asm__ volatile("call_pal 0xbf" : "+r"(a0) : "r"(a1) : "$0", "$8", "memory");
		*(k ? &without : &with) = CTR0(MFPR(EV5__PMCTR));
	}
	/* the spin is 1000 iterations of two instructions */
	exc_check("KILLP", "PAL cycles left out", with >= without + 2000, 1);
	MTPR(EV5__PMCTR, 0);
}

/* Issues (SEL0 = 1) between two reads: the instructions after the first
 * read up to and including the second. */
static void issues(void)
{
	uint64_t a, b;
	MTPR(EV5__PMCTR, pmctr(0, 0, 0, 1, 0, 0, 1, 0, 0));
	__asm__ volatile("hw_mfpr %0, 0x11c\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\t"
	                 "nop\n\tnop\n\tnop\n\tnop\n\tnop\n\thw_mfpr %1, 0x11c"
	                 : "=&r"(a), "=r"(b) : : "memory");
	exc_check("issues", "ten nops and a read", CTR0(b) - CTR0(a), 11);
	MTPR(EV5__PMCTR, 0);
}

/* Loads (SEL1 = 0xB) and D-cache load misses (SEL2 = 6): 64 loads, each
 * to a line of its own not touched before. */
static uint64_t lines[64 * 4] __attribute__((aligned(32)));
static void loads(void)
{
	MTPR(EV5__PMCTR, pmctr(0, 0, 0, 0, 1, 1, 0, 0xb, 6));
	uint64_t sum = 0;
	for (int i = 0; i < 64; i++)
		sum += ((volatile uint64_t *)lines)[i * 4];
	uint64_t v = MFPR(EV5__PMCTR);
	MTPR(EV5__PMCTR, 0);
	exc_check("loads", "sum", sum, 0);
	exc_check("loads", "CTR1 at least the 64", (v >> 32 & 0xffff) >= 64, 1);
	exc_check("dmiss", "CTR2", CTR2(v), 64);
}

/* The events of issue and fetch (docs/pmu.md), from a second run of
 * each sequence, when its code is in the I-cache:
 * - splitissue: four adds, each needing the one before (one cycle), issue
 *   in four cycles; the first three issue their aligned block only in
 *   part, so a second such block adds 3;
 * - pipedry: a loop whose branch alternates; a mispredict empties the
 *   fetch stage for bmisp_penalty (5) cycles, and with the code in the
 *   I-cache nothing else does, so pipedry is 5 x brmiss. */
#define DEPADDS ".align 4\n\taddq $1, 1, $1\n\taddq $1, 1, $1\n\t" \
	"addq $1, 1, $1\n\taddq $1, 1, $1\n\t"
static __attribute__((noinline)) uint64_t split_run(int two)
{
	uint64_t a, b;
	MTPR(EV5__PMCTR, pmctr(0, 0, 0, 0, 1, 0, 0, 1, 0));
	if (two)
		__asm__ volatile(".align 4\n\thw_mfpr %0, 0x11c\n\t" DEPADDS DEPADDS
		                 ".align 4\n\thw_mfpr %1, 0x11c"
		                 : "=&r"(a), "=r"(b) : : "$1", "memory");
	else
		__asm__ volatile(".align 4\n\thw_mfpr %0, 0x11c\n\t" DEPADDS
		                 ".align 4\n\thw_mfpr %1, 0x11c"
		                 : "=&r"(a), "=r"(b) : : "$1", "memory");
	MTPR(EV5__PMCTR, 0);
	return ((b >> 32) - (a >> 32)) & 0xffff;
}

static __attribute__((noinline)) uint64_t dry_run(void)
{
	uint64_t v, ctl = pmctr(0, 0, 0, 0, 1, 1, 0, 2, 3);
	__asm__ volatile("hw_mtpr %1, 0x11c\n\t"
	                 "lda $1, 64($31)\n"
	                 "1:\tand $1, 1, $2\n\t"
	                 "beq $2, 2f\n\t"
	                 "addq $3, 1, $3\n"
	                 "2:\tsubq $1, 1, $1\n\t"
	                 "bne $1, 1b\n\t"
	                 "hw_mfpr %0, 0x11c"
	                 : "=r"(v) : "r"(ctl) : "$1", "$2", "$3", "memory");
	MTPR(EV5__PMCTR, 0);
	return v;
}

static void issue_events(void)
{
	uint64_t one = 0, two = 0;
	for (int k = 0; k < 2; k++) {
		one = split_run(0);
		two = split_run(1);
	}
	exc_check("splitissue", "a second block of four dependent adds", two - one, 3);

	uint64_t v = 0;
	for (int k = 0; k < 2; k++)
		v = dry_run();
	uint64_t dry = v >> 32 & 0xffff, brmiss = CTR2(v);
	exc_check("pipedry", "branch mispredicts", brmiss > 0, 1);
	exc_check("pipedry", "5 per mispredict", dry, 5 * brmiss);
}

/* The Cbox events, from the second run of each sequence (its code is in
 * the I-cache, so no fill reaches the S-cache):
 * - 16 pairs of loads, each pair to a D-cache line of its own never
 *   touched before: the first misses and goes to the S-cache (saccess),
 *   the second finds the fill in flight and merges in the MAF
 *   (mafmerge): 16 each;
 * - after a WMB, 16 stores, each to a line of its own, in the S-cache
 *   since the first run: each allocates a write-buffer entry and writes
 *   it into the S-cache (saccess 16).  The stores issue one a cycle, the
 *   entries are written one at a time, wb_retire (4) cycles each: store
 *   i comes at cycle i, entry j is done at 4(j + 1), so store 6 finds
 *   entry 0 gone, store 7 finds six entries, and from then on every
 *   store waits for the next entry (wbreplay 16 - 7 = 9). */
/* line 4o + i, o and i of 0..3 */
#define LDPAIR(o, i) "ldq $1, (" #o "*4+" #i ")*32($16)\n\t" \
	"ldq $2, (" #o "*4+" #i ")*32+8($16)\n\t"
#define LDPAIRS4(o) LDPAIR(o, 0) LDPAIR(o, 1) LDPAIR(o, 2) LDPAIR(o, 3)
#define ST(o, i) "stq $31, (" #o "*4+" #i ")*32($16)\n\t"
#define ST4(o) ST(o, 0) ST(o, 1) ST(o, 2) ST(o, 3)
static uint64_t cold_ld[2][16 * 4] __attribute__((aligned(64)));
static uint64_t wb_lines[16 * 4] __attribute__((aligned(64)));
static __attribute__((noinline)) uint64_t ld_run(uint64_t *p)
{
	register uint64_t base __asm__("$16") = (uint64_t)(uintptr_t)p;
	uint64_t v, ctl = pmctr(0, 0, 0, 0, 1, 1, 0, 0xf, 8);
	__asm__ volatile("hw_mtpr %1, 0x11c\n\t"
	                 LDPAIRS4(0) LDPAIRS4(1) LDPAIRS4(2) LDPAIRS4(3)
	                 "hw_mfpr %0, 0x11c"
	                 : "=r"(v) : "r"(ctl), "r"(base) : "$1", "$2", "memory");
	MTPR(EV5__PMCTR, 0);
	return v;
}

static __attribute__((noinline)) uint64_t st_run(uint64_t *p)
{
	register uint64_t base __asm__("$16") = (uint64_t)(uintptr_t)p;
	uint64_t v, ctl = pmctr(0, 0, 0, 0, 1, 1, 0, 0xf, 0xa);
	__asm__ volatile("wmb\n\thw_mtpr %1, 0x11c\n\t"
	                 ST4(0) ST4(1) ST4(2) ST4(3)
	                 "hw_mfpr %0, 0x11c"
	                 : "=r"(v) : "r"(ctl), "r"(base) : "memory");
	MTPR(EV5__PMCTR, 0);
	return v;
}

static void cbox_events(void)
{
	uint64_t v = 0;
	for (int k = 0; k < 2; k++)
		v = ld_run(cold_ld[k]);
	exc_check("saccess", "16 load misses", v >> 32 & 0xffff, 16);
	exc_check("mafmerge", "16 second loads", CTR2(v), 16);
	for (int k = 0; k < 2; k++)
		v = st_run(wb_lines);
	exc_check("saccess", "16 write-buffer entries", v >> 32 & 0xffff, 16);
	exc_check("wbreplay", "16 stores, 6 entries", CTR2(v), 9);
}

/* Counting by mode (KILLU, KILLK, KILLP; docs/pmu.md), with SEL0 = 1
 * (issues): from kernel mode, CALL_PAL RT_PAL_USER (5 PAL instructions,
 * pal.S) drops to user mode at a page of this program mapped at USER_VA
 * (user and kernel read), which issues 100 adds and CALL_PAL
 * RT_PAL_KERNEL (11 PAL instructions) and returns in kernel mode.
 * Kernel mode issues the BR to the CALL_PAL, the CALL_PAL, the RET, the
 * BR past it and the reading HW_MFPR: 5; PAL mode 5 + 11 = 16; user
 * mode the adds and its CALL_PAL: 101. */
#define USER_VA 0x10000ull
extern const uint32_t user_code[];
__asm__(".text\n\t.align 13\n\t.globl user_code\nuser_code:\n\t"
        ".rept 100\n\taddq $1, 1, $1\n\t.endr\n\t"
        "call_pal 0xbe\n\t"
        "ret $31, ($26), 1\n\t.previous");

static uint64_t user_run(uint64_t kill, unsigned ctl)
{
	register uint64_t a0 __asm__("$16") = USER_VA + (PHYS(user_code) & 0x1fff);
	uint64_t v, w = pmctr(0, 0, 0, ctl, 0, 0, 1, 0, 0) | kill;
	__asm__ volatile("hw_mtpr %1, 0x11c\n\t"
	                 "br $26, 1f\n\t"
	                 "br $31, 2f\n"
	                 "1:\tcall_pal 0xbd\n"
	                 "2:\thw_mfpr %0, 0x11c"
	                 : "=r"(v) : "r"(w), "r"(a0) : "$0", "$1", "$26", "memory");
	MTPR(EV5__PMCTR, 0);
	return CTR0(v);
}

static void modes(void)
{
	static const struct {
		const char *id;
		uint64_t kill;
		unsigned ctl, want;
	} m[] = {
		{ "all modes", 0, 1, 5 + 16 + 101 }, { "CTL 0", 0, 0, 0 },
		{ "KILLU", KILLU, 1, 5 + 16 }, { "KILLK", KILLK, 1, 16 + 101 },
		{ "KILLP", KILLP, 1, 5 + 101 }, { "KILLU KILLP", KILLU | KILLP, 1, 5 },
		{ "KILLK KILLP", KILLK | KILLP, 1, 101 }, { "KILLU KILLK", KILLU | KILLK, 1, 16 },
	};
	MTPR(EV5__ITB_TAG, USER_VA);
	MTPR(EV5__ITB_PTE, PFN(PHYS(user_code)) | KRE | URE);
	for (unsigned i = 0; i < N_OF(m); i++)
		exc_check(m[i].id, "issues", user_run(m[i].kill, m[i].ctl), m[i].want);
}

/* An overflow requests at IPL 29 until HWINT_CLR clears it. */
static void overflow(void)
{
	MTPR(EV5__IPLR, 29);
	uint64_t before = rt_trap.count;
	MTPR(EV5__PMCTR, pmctr(0xffc0, 0, 0, 2, 0, 0, 0, 0, 0));
	busy(20);
	exc_expect("IPL 29", before, 0);
	uint64_t isr = MFPR(EV5__ISR);
	exc_check("IPL 29", "ISR<PC0>", isr >> 27 & 7, 1);
	exc_check("IPL 29", "INTID", MFPR(EV5__INTID), 29);
	MTPR(EV5__IPLR, 28);
	exc_expect("IPL 28", before, PAL_INTERRUPT);
	exc_check("IPL 28", "INTID", rt_trap.intid, 29);
	exc_check("IPL 28", "ISR<PC0>", rt_trap.isr >> 27 & 7, 1);
	/* still requesting: lowering IPL takes it again */
	before = rt_trap.count;
	MTPR(EV5__IPLR, 0);
	exc_expect("not cleared", before, PAL_INTERRUPT);
	MTPR(EV5__HWINT_CLR, 1ull << 27);
	exc_check("HWINT_CLR", "ISR<PC0>", MFPR(EV5__ISR) >> 27 & 7, 0);
	before = rt_trap.count;
	MTPR(EV5__IPLR, 0);
	exc_expect("cleared", before, 0);

	/* CTL 3: every 256 events, and the counter counts on */
	MTPR(EV5__PMCTR, pmctr(0x12f0, 0, 0, 3, 0, 0, 0, 0, 0));
	busy(20);
	exc_expect("CTL 3", before, PAL_INTERRUPT);
	exc_check("CTL 3", "counted on", CTR0(MFPR(EV5__PMCTR)) > 0x1300, 1);
	MTPR(EV5__PMCTR, 0);
	MTPR(EV5__HWINT_CLR, 1ull << 27);
	MTPR(EV5__IPLR, 31);
}

int main(void)
{
	icsr0 = MFPR(EV5__ICSR);
	enable(PMA);
	fields();
	gates();
	enable(PMA);
	issues();
	loads();
	issue_events();
	cbox_events();
	modes();
	overflow();
	MTPR(EV5__ICSR, icsr0);
	return exc_end("pal_pmu");
}

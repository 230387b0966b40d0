/*
 * pal_ipr.c - the 21164 internal processor registers as HW_MFPR and
 * HW_MTPR see them (21164 HRM chapter 5, with the field layouts of its
 * ev5_defs.h; docs/ev5.md "PAL mode"; docs/pal.md):
 *
 * - a read-write register keeps exactly the bits it implements (the
 *   masks below are those fields, written out from the manual);
 * - a read-only register ignores writes, a write-only one reads as 0;
 * - the PALtemps are 64-bit storage;
 * - a write to EXC_SUM clears EXC_SUM and EXC_MASK;
 * - CC<31:0> counts cycles when CC_CTL<32> enables it, from the value
 *   CC_CTL<31:4> loads, and stops when it is disabled; CC<63:32> is what
 *   PALcode writes to CC; RPCC reads CC;
 * - reading ITB_PTE or DTB_PTE reads the next TB entry, round robin, into
 *   ITB_PTE_TEMP / DTB_PTE_TEMP in their own layouts;
 * - with ICSR<SDE>, PAL code's R8-R14 and R25 are shadow registers;
 * - without ICSR<HWE>, the HW_* instructions are OPCDEC in kernel mode.
 */
#include "exc.h"

/* Read-write registers and the bits they implement. */
#define RW(X) \
	X(ITB_ASN,  0x103, 0x00000000000007f0ull) \
	X(SIRR,     0x108, 0x000000000007fff0ull) \
	X(ASTRR,    0x109, 0x000000000000000full) \
	X(ASTER,    0x10a, 0x000000000000000full) \
	X(EXC_ADDR, 0x10b, 0xffffffffffffffffull) \
	X(IVPTBR,   0x113, 0xfffffffe00000000ull) \
	X(DC_MODE,  0x216, 0x000000000000000full) \
	X(MAF_MODE, 0x217, 0x000000000000003full)

/* Write v, read back, restore. */
#define RW_FN(name, ipr, mask) \
	static uint64_t rw_##name(uint64_t v) \
	{ \
		uint64_t old = MFPR(ipr); \
		MTPR(ipr, v); \
		uint64_t got = MFPR(ipr); \
		MTPR(ipr, old); \
		return got; \
	}
RW(RW_FN)

/* Read-only registers: a write changes nothing. */
#define RO(X) X(ISR, 0x100) X(ITB_PTE_TEMP, 0x104) X(EXC_MASK, 0x10d) \
	X(INTID, 0x111) X(IFAULT_VA_FORM, 0x112) X(DTB_PTE_TEMP, 0x204) \
	X(MM_STAT, 0x205) X(VA_FORM, 0x207)
#define RO_FN(name, ipr) \
	static int ro_##name(void) \
	{ \
		uint64_t old = MFPR(ipr); \
		MTPR(ipr, ~old); \
		return MFPR(ipr) == old; \
	}
RO(RO_FN)

/* Write-only registers read as 0 (values harmless to write here). */
#define WO(X) X(ITB_TAG, 0x101, 0x2000) X(DTB_CM, 0x201, 0) \
	X(DTB_TAG, 0x202, 0) X(MVPTBR, 0x208, 0x200000000ull) \
	X(ALT_MODE, 0x20c, 0) X(HWINT_CLR, 0x115, 0) X(DTB_ASN, 0x200, 0)
#define WO_FN(name, ipr, v) \
	static uint64_t wo_##name(void) { MTPR(ipr, v); return MFPR(ipr); }
WO(WO_FN)

/* PALtemps 3-19 (the runtime's PALcode uses 0-2 and 20-23). */
#define PTS(X) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) \
	X(13) X(14) X(15) X(16) X(17) X(18) X(19)
#define PT_FN(n) \
	static uint64_t pt_##n(uint64_t v) { MTPR(0x140 + n, v); return MFPR(0x140 + n); }
PTS(PT_FN)

static void masks(void)
{
	static const uint64_t pat[] = { ~0ull, 0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull };
	for (unsigned i = 0; i < N_OF(pat); i++) {
#define RW_CHECK(name, ipr, mask) exc_check(#name, "read back", rw_##name(pat[i]), pat[i] & (mask));
		RW(RW_CHECK)
#define PT_CHECK(n) exc_check("PALtemp" #n, "read back", pt_##n(pat[i] ^ n), pat[i] ^ n);
		PTS(PT_CHECK)
	}
	/* the registers whose every value matters to the program run */
	uint64_t pal_base = MFPR(EV5__PAL_BASE);
	MTPR(EV5__PAL_BASE, ~0ull);
	uint64_t got = MFPR(EV5__PAL_BASE);
	MTPR(EV5__PAL_BASE, pal_base);
	exc_check("PAL_BASE", "read back", got, 0x000000ffffffc000ull);
	uint64_t icsr = MFPR(EV5__ICSR);
	MTPR(EV5__ICSR, ~0ull);
	got = MFPR(EV5__ICSR);
	MTPR(EV5__ICSR, icsr);
	exc_check("ICSR", "read back", got, 0x000000ff7ffe0300ull);
	uint64_t mcsr = MFPR(EV5__MCSR);
	MTPR(EV5__MCSR, 0x5a);
	got = MFPR(EV5__MCSR);
	MTPR(EV5__MCSR, mcsr);
	exc_check("MCSR", "read back", got, 0x1a);
	MTPR(EV5__ICM, ~0x18ull);        /* the mode stays kernel */
	exc_check("ICM", "read back", MFPR(EV5__ICM), 0);
	uint64_t ipl = MFPR(EV5__IPLR);
	MTPR(EV5__IPLR, ~0ull);
	exc_check("IPLR", "read back", MFPR(EV5__IPLR), 31);
	MTPR(EV5__IPLR, ipl);
#define RO_CHECK(name, ipr) exc_check(#name, "unchanged by a write", ro_##name(), 1);
	RO(RO_CHECK)
#define WO_CHECK(name, ipr, v) exc_check(#name, "reads as", wo_##name(), 0);
	WO(WO_CHECK)
}

/* ADDQ/V overflowing into R7 sets EXC_SUM<IOV> and EXC_MASK<7>. */
static void exc_sum(void)
{
	register uint64_t a __asm__("$7") = 0x7fffffffffffffffull;
	__asm__ volatile("addq/v %0, 1, %0" : "+r"(a));
	exc_check("EXC_SUM", "after ADDQ/V", MFPR(EV5__EXC_SUM), 1ull << 16);
	exc_check("EXC_MASK", "after ADDQ/V", MFPR(EV5__EXC_MASK), 1ull << 7);
	MTPR(EV5__EXC_SUM, 0x1234);
	exc_check("EXC_SUM", "after a write", MFPR(EV5__EXC_SUM), 0);
	exc_check("EXC_MASK", "after EXC_SUM write", MFPR(EV5__EXC_MASK), 0);
}

static uint64_t rpcc(void)
{
	uint64_t v;
	__asm__ volatile("rpcc %0" : "=r"(v));
	return v;
}

static void cycle_counter(void)
{
	MTPR(EV5__CC, 0x1234567800000000ull);
	MTPR(EV5__CC_CTL, 1ull << 32 | 0x10009);  /* <3:0> do not load */
	uint64_t a = rpcc(), b = rpcc();
	exc_check("CC", "offset", a >> 32, 0x12345678);
	exc_check("CC", "counts from CC_CTL", (a & 0xffffffff) >= 0x10000 &&
	          (a & 0xffffffff) < 0x10100, 1);
	exc_check("CC", "counting", b > a, 1);
	exc_check("CC", "read by HW_MFPR too", MFPR(EV5__CC) >> 32, 0x12345678);
	MTPR(EV5__CC_CTL, 0x4560);                /* disabled: it stays */
	a = rpcc();
	b = rpcc();
	exc_check("CC", "stopped", a & 0xffffffff, 0x4560);
	exc_check("CC", "stays", b, a);
	MTPR(EV5__CC, 0);
	MTPR(EV5__CC_CTL, 1ull << 32);
}

/* A TB entry read back through the _TEMP registers: written by hand
 * from the PTE layout (FOR<1> FOW<2> ASM<4> GH<6:5> KRE..URE<11:8>
 * KWE..UWE<15:12> PFN<58:32>) and the _TEMP layouts. */
static void tb_readout(void)
{
	const uint64_t dpte = 0x123ull << 32 | 1 << 1 | 1 << 4 | 1 << 8 | 1 << 11 | 1 << 12;
	const uint64_t dtemp = 1 | 1 << 2 | 1 << 5 | 1 << 6 | 1 << 10 | 0x123ull << 13;
	MTPR(EV5__DTB_IA, 0);
	MTPR(EV5__DTB_PTE, dpte);
	MTPR(EV5__DTB_TAG, 0x40000000);
	int found = 0;
	for (int i = 0; i < 64; i++) {
		exc_check("DTB_PTE", "read", MFPR(EV5__DTB_PTE), 0);
		found += MFPR(EV5__DTB_PTE_TEMP) == dtemp;
	}
	exc_check("DTB_PTE_TEMP", "entry read out once in 64", found, 1);
	const uint64_t ipte = 0x456ull << 32 | 1 << 4 | 2 << 5 | 1 << 8 | 1 << 11;
	const uint64_t itemp = 1 << 13 | 1 << 18 | 1 << 21 | 0x60000000ull | 0x456ull << 32;
	MTPR(EV5__ITB_IA, 0);
	MTPR(EV5__ITB_TAG, 0x40000000);
	MTPR(EV5__ITB_PTE, ipte);
	found = 0;
	for (int i = 0; i < 48; i++) {
		exc_check("ITB_PTE", "read", MFPR(EV5__ITB_PTE), 0);
		found += MFPR(EV5__ITB_PTE_TEMP) == itemp;
	}
	exc_check("ITB_PTE_TEMP", "entry read out once in 48", found, 1);
	MTPR(EV5__DTB_IA, 0);
	MTPR(EV5__ITB_IA, 0);
}

/* CALL_PAL RT_PAL_SPIN adds 1 to R8 in PAL mode and copies it to R0. */
static uint64_t pal_r8(uint64_t *r8)
{
	register uint64_t v0 __asm__("$0"), a0 __asm__("$16") = 1, a1 __asm__("$17") = 0;
	register uint64_t s8 __asm__("$8") = *r8;
	__asm__ volatile("call_pal 0xbf" : "=r"(v0), "+r"(a0), "+r"(s8) : "r"(a1) : "memory");
	*r8 = s8;
	return v0;
}

static void shadows(void)
{
	uint64_t r8 = 100;
	exc_check("no shadow", "R0", pal_r8(&r8), 101);
	exc_check("no shadow", "R8", r8, 101);
	uint64_t icsr = MFPR(EV5__ICSR);
	MTPR(EV5__ICSR, icsr | 1ull << 30);
	uint64_t first = pal_r8(&r8), second = pal_r8(&r8);
	MTPR(EV5__ICSR, icsr);
	exc_check("shadow", "R8 outside PAL", r8, 101);
	exc_check("shadow", "PAL R8 kept between entries", second, first + 1);
	pal_r8(&r8);
	exc_check("shadow", "R8 after SDE off", r8, 102);
}

/* Without ICSR<HWE> a kernel-mode HW_MFPR is OPCDEC; RT_PAL_KERNEL puts
 * HWE back. */
static void hwe(void)
{
	uint64_t icsr = MFPR(EV5__ICSR), before = rt_trap.count, at;
	MTPR(EV5__ICSR, icsr & ~(1ull << 27));
	__asm__ volatile("br %0, 1f\n1:\thw_mfpr $31, 0x140" : "=r"(at) : : "memory");
	exc_expect("no HWE", before, PAL_OPCDEC);
	exc_check("no HWE", "EXC_ADDR", rt_trap.exc_addr, at);
	__asm__ volatile("call_pal 0xbe" : : : "$0", "memory");
	exc_check("HWE back", "ICSR", MFPR(EV5__ICSR), icsr);
}

int main(void)
{
	masks();
	exc_sum();
	cycle_counter();
	tb_readout();
	shadows();
	hwe();
	return exc_end("pal_ipr");
}

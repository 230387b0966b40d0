/*
 * pal_mm.c - translation through the ITB and DTB and its exceptions
 * (21164 HRM 4.4, 5.1-5.2; Alpha Architecture Reference Manual 11.8;
 * docs/ev5.md "PAL mode"; docs/pal.md), with the runtime's PALcode recording
 * each exception (testprogs/rt/pal.S) and these programs filling the TBs
 * themselves through HW_MTPR (kernel mode with ICSR<HWE>):
 *
 * - a D-stream reference the DTB cannot translate enters DTB_MISS (0x200),
 *   or DTB_MISS double (0x280) for a virtual PTE fetch (HW_LD/V); an
 *   I-stream one ITB_MISS (0x180); all are faults: EXC_ADDR is the
 *   instruction (the missing PC for the I-stream);
 * - a DTB hit without the mode's read/write enable is D_FAULT (0x380)
 *   with MM_STAT<ACV>; with the PTE's FOR/FOW for the access, MM_STAT<FOR>
 *   or <FOW>; a VA whose bits 63:43 are not copies of bit 42 is D_FAULT
 *   with MM_STAT<BAD_VA> (IACCVIO, 0x080, for the I-stream, as is an ITB
 *   hit without the mode's read enable);
 * - MM_STAT: WR<0> (a store, or a write check), ACV<1> FOR<2> FOW<3>
 *   DTB_MISS<4> BAD_VA<5>, Ra<10:6>, opcode<16:11>; VA the address;
 *   VA_FORM MVPTBR<63:33> | VA<42:13> at <32:3>; IFAULT_VA_FORM the same
 *   with IVPTBR and the PC; EXC_SUM unchanged (0 here);
 * - entries match their ASN unless ASM; TBIS/TBIAP/TBIA invalidate one,
 *   the non-ASM ones, all; a granularity hint of g maps 8^g pages;
 * - HW_LD/A checks ALT_MODE's mode; HW_LD/L and HW_ST/C lock and store
 *   conditionally; the 32-bit superpage (MCSR<1>, ICSR<28>) maps
 *   VA 0xffffffff80000000 + PA for PA < 1 GB;
 * - FEN (0x580) for an FP instruction with ICSR<FPE> clear, MCHK (0x400)
 *   for a physical address with no memory;
 * - the runtime's DTB_MISS handler filling the DTB from a page table.
 */
#include <stdbool.h>
#include "exc.h"
#include "trap.h"

#define VA_T   0x0000000100000000ull    /* a seg0 page mapped by hand     */
#define VA_G   0x0000000200000000ull    /* a granularity hint 1 region    */
#define VA_I   0x0000000300000000ull    /* an I-stream page               */
#define VA_BAD 0x0000080000000000ull    /* bit 43 set, bit 42 clear       */
#define MVPTB  0xfffffffe00000000ull    /* page table bases (<63:33>)     */
#define IVPTB  0xfffffff600000000ull

/* PTE bits (ARM 11.8; the DTB_PTE/ITB_PTE layout). */
#define FOR (1ull << 1)
#define FOW (1ull << 2)
#define ASM_ (1ull << 4)
#define GH(g) ((uint64_t)(g) << 5)
#define KRE (1ull << 8)
#define URE (1ull << 11)
#define KWE (1ull << 12)
#define PFN(pa) ((uint64_t)(pa) >> 13 << 32)

/* MM_STAT bits */
enum { WR = 1, ACV = 2, MFOR = 4, MFOW = 8, MISS = 16, BADVA = 32 };
#define MM(stat, ra, opc) ((stat) | (ra) << 6 | (opc) << 11)
enum { OP_LDQ = 0x29, OP_STQ = 0x2d, OP_HWLD = 0x1b };

static uint64_t page[1024] __attribute__((aligned(8192)));
static uint64_t big[8 * 1024] __attribute__((aligned(65536)));

static void dtb_fill(uint64_t va, uint64_t pte)
{
	MTPR(EV5__DTB_PTE, pte);
	MTPR(EV5__DTB_TAG, va);
}

/* One access through R2 into or from R4; returns its address.  The
 * runtime's PALcode skips it when it faults. */
#define ACCESS(fn, insn) \
	static uint64_t fn(uint64_t va, uint64_t *r4) \
	{ \
		uint64_t at; \
		register uint64_t a2 __asm__("$2") = va, v4 __asm__("$4") = *r4; \
		__asm__ volatile("br %0, 1f\n1:\t" insn " $4, 0($2)" \
		                 : "=&r"(at), "+r"(v4) : "r"(a2) : "memory"); \
		*r4 = v4; \
		return at; \
	}
ACCESS(ldq, "ldq")
ACCESS(stq, "stq")
ACCESS(hw_ldv, "hw_ldq/v")
ACCESS(hw_lda, "hw_ldq/a")
ACCESS(hw_ldw, "hw_ldq/w")
ACCESS(hw_ldl, "hw_ldq/l")
ACCESS(hw_stc, "hw_stq/c")

/* The access at `at` faulted at `entry` with this MM_STAT for va. */
static void expect_d(const char *id, uint64_t before, uint64_t at, unsigned entry,
                     uint64_t va, uint64_t mm_stat)
{
	exc_expect(id, before, entry);
	exc_check(id, "EXC_ADDR", rt_trap.exc_addr, at);
	exc_check(id, "VA", rt_trap.va, va);
	exc_check(id, "MM_STAT", rt_trap.mm_stat, mm_stat);
	exc_check(id, "VA_FORM", MFPR(EV5__VA_FORM), MVPTB | (va >> 13 & 0x3fffffff) << 3);
	exc_check(id, "EXC_SUM", rt_trap.exc_sum, 0);
}

static void dstream(void)
{
	uint64_t r4 = 7, before, at;
	MTPR(EV5__MVPTBR, MVPTB);
	MTPR(EV5__DTB_IA, 0);
	before = rt_trap.count;
	at = ldq(VA_T + 16, &r4);
	expect_d("ldq miss", before, at, PAL_DTB_MISS, VA_T + 16, MM(MISS, 4, OP_LDQ));
	exc_check("ldq miss", "R4", r4, 7);
	before = rt_trap.count;
	at = stq(VA_T + 24, &r4);
	expect_d("stq miss", before, at, PAL_DTB_MISS, VA_T + 24, MM(MISS | WR, 4, OP_STQ));

	/* mapped read-write for the kernel */
	dtb_fill(VA_T, PFN(PHYS(page)) | KRE | KWE);
	page[2] = 0x1111;
	before = rt_trap.count;
	ldq(VA_T + 16, &r4);
	r4 = 0x2222;
	stq(VA_T + 24, &r4);
	exc_expect("mapped", before, 0);
	exc_check("mapped", "load", r4, 0x2222);
	exc_check("mapped", "store", page[3], 0x2222);
	ldq(VA_T + 16, &r4);
	exc_check("mapped", "load", r4, 0x1111);

	/* access violations and faults on read/write */
	static const struct {
		const char *id;
		uint64_t pte;
		bool store;
		uint64_t stat;
	} faults[] = {
		{ "user only: read", URE, false, ACV },
		{ "read only: write", KRE, true, ACV | WR },
		{ "FOR: read", KRE | KWE | FOR, false, MFOR },
		{ "FOR: write", KRE | KWE | FOR, true, 0 },
		{ "FOW: write", KRE | KWE | FOW, true, MFOW | WR },
		{ "FOW: read", KRE | KWE | FOW, false, 0 },
	};
	for (unsigned i = 0; i < N_OF(faults); i++) {
		dtb_fill(VA_T, PFN(PHYS(page)) | faults[i].pte);
		before = rt_trap.count;
		r4 = 5;
		at = (faults[i].store ? stq : ldq)(VA_T + 8, &r4);
		if (!faults[i].stat) {
			exc_expect(faults[i].id, before, 0);
			continue;
		}
		expect_d(faults[i].id, before, at, PAL_D_FAULT, VA_T + 8,
		         MM(faults[i].stat, 4, faults[i].store ? OP_STQ : OP_LDQ));
	}
	before = rt_trap.count;
	at = ldq(VA_BAD, &r4);
	expect_d("bad VA", before, at, PAL_D_FAULT, VA_BAD, MM(BADVA, 4, OP_LDQ));

	/* HW_LD: a write check, a virtual PTE fetch, the alternate mode */
	dtb_fill(VA_T, PFN(PHYS(page)) | KRE);
	before = rt_trap.count;
	at = hw_ldw(VA_T, &r4);
	expect_d("hw_ld/w", before, at, PAL_D_FAULT, VA_T, MM(ACV | WR, 4, OP_HWLD));
	before = rt_trap.count;
	at = hw_ldv(VA_T + 0x2000, &r4);
	expect_d("hw_ld/v miss", before, at, PAL_DTB_DOUBLE, VA_T + 0x2000,
	         MM(MISS, 4, OP_HWLD));
	MTPR(EV5__ALT_MODE, 3 << 3);      /* user */
	before = rt_trap.count;
	at = hw_lda(VA_T, &r4);
	expect_d("hw_ld/a user", before, at, PAL_D_FAULT, VA_T, MM(ACV, 4, OP_HWLD));
	dtb_fill(VA_T, PFN(PHYS(page)) | URE);
	page[0] = 0x3333;
	before = rt_trap.count;
	hw_lda(VA_T, &r4);
	exc_expect("hw_ld/a user page", before, 0);
	exc_check("hw_ld/a user page", "R4", r4, 0x3333);
	MTPR(EV5__ALT_MODE, 0);

	/* HW_LD/L, HW_ST/C: the second store has lost the lock */
	dtb_fill(VA_T, PFN(PHYS(page)) | KRE | KWE);
	hw_ldl(VA_T + 32, &r4);
	r4 = 0x4444;
	hw_stc(VA_T + 32, &r4);
	exc_check("hw_st/c", "success", r4, 1);
	exc_check("hw_st/c", "stored", page[4], 0x4444);
	r4 = 0x5555;
	hw_stc(VA_T + 32, &r4);
	exc_check("hw_st/c again", "failure", r4, 0);
	exc_check("hw_st/c again", "not stored", page[4], 0x4444);
}

static void asns(void)
{
	uint64_t r4 = 0, before;
	page[0] = 0x77;
	MTPR(EV5__DTB_IA, 0);
	MTPR(EV5__DTB_ASN, 5ull << 57);
	dtb_fill(VA_T, PFN(PHYS(page)) | KRE);
	before = rt_trap.count;
	ldq(VA_T, &r4);
	exc_expect("asn 5", before, 0);
	MTPR(EV5__DTB_ASN, 6ull << 57);
	ldq(VA_T, &r4);
	exc_expect("asn 6", before, PAL_DTB_MISS);
	dtb_fill(VA_T + 0x2000, PFN(PHYS(page)) | KRE | ASM_);
	MTPR(EV5__DTB_ASN, 5ull << 57);
	before = rt_trap.count;
	ldq(VA_T + 0x2000, &r4);
	exc_check("asm", "R4", r4, 0x77);
	/* TBIS: that page only; TBIAP: the entries without ASM */
	MTPR(EV5__DTB_IS, VA_T + 0x2000);
	ldq(VA_T, &r4);
	exc_expect("tbis: other page", before, 0);
	ldq(VA_T + 0x2000, &r4);
	exc_expect("tbis", before, PAL_DTB_MISS);
	dtb_fill(VA_T + 0x2000, PFN(PHYS(page)) | KRE | ASM_);
	MTPR(EV5__DTB_IAP, 0);
	before = rt_trap.count;
	ldq(VA_T + 0x2000, &r4);
	exc_expect("tbiap: asm", before, 0);
	ldq(VA_T, &r4);
	exc_expect("tbiap: process", before, PAL_DTB_MISS);
	MTPR(EV5__DTB_IA, 0);
	before = rt_trap.count;
	ldq(VA_T + 0x2000, &r4);
	exc_expect("tbia", before, PAL_DTB_MISS);
	MTPR(EV5__DTB_ASN, 0);

	/* a granularity hint of 1: eight pages from one entry */
	dtb_fill(VA_G, PFN(PHYS(big)) | KRE | GH(1));
	big[3 * 1024 + 1] = 0x88;
	before = rt_trap.count;
	ldq(VA_G + 3 * 8192 + 8, &r4);
	exc_expect("gh 1", before, 0);
	exc_check("gh 1", "R4", r4, 0x88);
	ldq(VA_G + 8 * 8192, &r4);
	exc_expect("gh 1: ninth page", before, PAL_DTB_MISS);
	MTPR(EV5__DTB_IA, 0);
}

/* A function alone in its page, run at other addresses. */
static uint64_t __attribute__((aligned(8192), noinline)) at_va_i(uint64_t x)
{
	return x * 3 + 1;
}

static uint64_t call_arg;
static void call_va(void *fn)
{
	call_arg = ((uint64_t (*)(uint64_t))fn)(call_arg);
}

static void istream(void)
{
	struct trap_info t;
	uint64_t before = rt_trap.count;
	uint64_t fn = VA_I + (PHYS(at_va_i) & 0x1fff);
	MTPR(EV5__IVPTBR, IVPTB);
	MTPR(EV5__ITB_IA, 0);
	trap_run(call_va, (void *)fn, &t);
	exc_expect("itb miss", before, PAL_ITB_MISS);
	exc_check("itb miss", "EXC_ADDR", rt_trap.exc_addr, fn);
	exc_check("itb miss", "IFAULT_VA_FORM", MFPR(EV5__IFAULT_VA_FORM),
	          IVPTB | (fn >> 13 & 0x3fffffff) << 3);
	exc_check("itb miss", "EXC_SUM", rt_trap.exc_sum, 0);
	MTPR(EV5__ITB_TAG, VA_I);
	MTPR(EV5__ITB_PTE, PFN(PHYS(at_va_i)) | KRE);
	call_arg = 5;
	before = rt_trap.count;
	trap_run(call_va, (void *)fn, &t);
	exc_expect("itb hit", before, 0);
	exc_check("itb hit", "result", call_arg, 16);
	MTPR(EV5__ITB_IS, VA_I);
	trap_run(call_va, (void *)fn, &t);
	exc_expect("itb is", before, PAL_ITB_MISS);
	MTPR(EV5__ITB_TAG, VA_I);
	MTPR(EV5__ITB_PTE, PFN(PHYS(at_va_i)) | URE);
	before = rt_trap.count;
	trap_run(call_va, (void *)fn, &t);
	exc_expect("itb no KRE", before, PAL_IACCVIO);
	exc_check("itb no KRE", "EXC_ADDR", rt_trap.exc_addr, fn);
	before = rt_trap.count;
	trap_run(call_va, (void *)VA_BAD, &t);
	exc_expect("bad I-VA", before, PAL_IACCVIO);
	exc_check("bad I-VA", "EXC_ADDR", rt_trap.exc_addr, VA_BAD);
	MTPR(EV5__ITB_IA, 0);
	/* the 32-bit superpage, I-stream */
	call_arg = 1;
	before = rt_trap.count;
	trap_run(call_va, (void *)(0xffffffff80000000ull | PHYS(at_va_i)), &t);
	exc_expect("32-bit superpage, I", before, 0);
	exc_check("32-bit superpage, I", "result", call_arg, 4);
}

static void superpage32(void)
{
	uint64_t r4 = 0, before = rt_trap.count, mcsr = MFPR(EV5__MCSR);
	page[5] = 0x99;
	MTPR(EV5__MCSR, mcsr & ~2ull);
	ldq(0xffffffff80000000ull | PHYS(&page[5]), &r4);
	exc_expect("32-bit superpage off", before, PAL_DTB_MISS);
	MTPR(EV5__MCSR, mcsr | 2);
	before = rt_trap.count;
	ldq(0xffffffff80000000ull | PHYS(&page[5]), &r4);
	exc_expect("32-bit superpage on", before, 0);
	exc_check("32-bit superpage on", "R4", r4, 0x99);
	MTPR(EV5__MCSR, mcsr);
}

/* FP with ICSR<FPE> clear: FEN, a fault. */
static void fen(void)
{
	uint64_t icsr = MFPR(EV5__ICSR), at, before = rt_trap.count;
	MTPR(EV5__ICSR, icsr & ~(1ull << 26));
	__asm__ volatile("br %0, 1f\n1:\tcpys $f1, $f1, $f2" : "=r"(at) : : "$f2", "memory");
	MTPR(EV5__ICSR, icsr);
	exc_expect("fen", before, PAL_FEN);
	exc_check("fen", "EXC_ADDR", rt_trap.exc_addr, at);
}

/* No memory at a physical address: MCHK. */
static void mchk(void)
{
	uint64_t r4 = 0, before = rt_trap.count;
	uint64_t at = ldq(0xfffffc0000000000ull | 0x7ff0000000ull, &r4);
	exc_expect("mchk", before, PAL_MCHK);
	exc_check("mchk", "EXC_ADDR", rt_trap.exc_addr, at);
}

/* The runtime's DTB_MISS handler fills from a page table: VA page k
 * maps to page[] when k is 2, 3 or 4. */
static uint64_t ptes[8];
static void filled(void)
{
	uint64_t r4 = 0, before = rt_trap.count;
	for (int k = 2; k < 5; k++)
		ptes[k] = PFN(PHYS(page)) | KRE | KWE | 1;
	page[6] = 0xabc;
	rt_page_table(ptes);
	MTPR(EV5__DTB_IA, 0);
	for (int k = 2; k < 5; k++) {
		r4 = 0;
		ldq(k * 8192ull + 48, &r4);
		exc_check("filled", "R4", r4, 0xabc);
	}
	rt_page_table(0);
	exc_expect("filled", before, 0);
	MTPR(EV5__DTB_IA, 0);
}

int main(void)
{
	dstream();
	asns();
	istream();
	superpage32();
	fen();
	mchk();
	filled();
	return exc_end("pal_mm");
}

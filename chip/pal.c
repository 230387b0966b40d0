/*
 * pal.c - the 21164 internal processor registers (chip/pal.h): every
 * register of chip/ipr.def with the side effects of its reads and writes,
 * in one table.  Sources: 21164 HRM chapter 5 as its ev5_defs.h lays the
 * registers out, the EV5 OSF/1 PALcode's use of them, docs/ev5.md "PAL mode"
 * and "Performance counters"; docs/pal.md lists what each one does here.
 */
#include "chip/pal.h"
#include "chip/intr.h"
#include "chip/bus.h"
#include "chip/mem.h"
#include "chip/model.h"

/* One HW_MFPR or HW_MTPR. */
struct ipr_access {
	struct cpu *c;
	int         i;          /* enum ipr_id */
	uint64_t    v;          /* the value written, under the mask */
	uint64_t    pc;         /* the instruction */
};

/* ---- plain registers ------------------------------------------------- */

static uint64_t rd_plain(const struct ipr_access *a) { return a->c->ipr[a->i]; }
static void wr_plain(const struct ipr_access *a) { a->c->ipr[a->i] = a->v; }

/* ---- interrupts (chip/intr.c) ----------------------------------------- */

static uint64_t rd_isr(const struct ipr_access *a) { return intr_isr(a->c); }

/* INTID: the highest level requesting, as if IPLR were 0 (21164 HRM
 * 5.1.9); the OSF PALcode compares it with IPLR for a passive release. */
static uint64_t rd_intid(const struct ipr_access *a)
{
	uint64_t lv = intr_levels(a->c) & 0xffffffffull;
	return lv ? 63u - (unsigned)__builtin_clzll(lv) : 0;
}

/* SIRR, ASTRR, ASTER, IPLR: a request or mask changed. */
static void wr_intr(const struct ipr_access *a)
{
	a->c->ipr[a->i] = a->v;
	intr_update(a->c);
}

/* HWINT_CLR: writing 1 clears ISR<PC0-2> and <CRD>, <SLI>. */
static void wr_hwint_clr(const struct ipr_access *a)
{
	pmu_clear(&a->c->pmu, (unsigned)(a->v >> ISR_PC0) & 7);
	a->c->ipr[IPR_ISR] &= ~(a->v & (1ull << ISR_CRD | 1ull << ISR_SLI));
	intr_update(a->c);
}

/* Any write clears EXC_SUM and EXC_MASK. */
static void wr_exc_sum(const struct ipr_access *a)
{
	a->c->ipr[IPR_EXC_SUM] = 0;
	a->c->ipr[IPR_EXC_MASK] = 0;
}

/* ---- modes and control ----------------------------------------------- */

/* ICM: the Ibox's current mode (privilege of CALL_PAL and HW_*, I-stream
 * access checks, which ASTs may be taken, the counters' KILL bits). */
static void wr_icm(const struct ipr_access *a)
{
	struct cpu *c = a->c;
	intr_pmu_sync(c, a->pc, 1);
	c->ipr[IPR_ICM] = a->v;
	c->cm = (uint8_t)IPR_MODE(a->v);
	c->ipage_tag = ~0ull;
	intr_update(c);
}

/* DTB_CM: the Mbox's current mode, for D-stream access checks. */
static void wr_dtb_cm(const struct ipr_access *a)
{
	a->c->ipr[IPR_DTB_CM] = a->v;
	a->c->dcm = (uint8_t)IPR_MODE(a->v);
}

/* ICSR: SDE swaps in the shadow registers at once in PAL mode, SPE
 * changes I-stream translation, PMA/PMP gate the counters, IM0-3 and
 * CRDE mask interrupts; FPE and HWE are read where they matter. */
static void wr_icsr(const struct ipr_access *a)
{
	struct cpu *c = a->c;
	uint64_t old = c->ipr[IPR_ICSR];
	if (c->pal && ((old ^ a->v) & ICSR_SDE))
		cpu_swap_shadow(c);
	intr_pmu_sync(c, a->pc, 1);
	c->ipr[IPR_ICSR] = a->v;
	c->pmu.enabled = a->v & (ICSR_PMA | ICSR_PMP);
	if ((old ^ a->v) & ICSR_SPE)
		cpu_flush_itlb(c);
	intr_update(c);
}

/* MCSR: SP<1:0> are the D-stream superpage enables. */
static void wr_mcsr(const struct ipr_access *a)
{
	a->c->ipr[IPR_MCSR] = a->v;
	cpu_flush_stlb(a->c);
}

/* ---- the counters ----------------------------------------------------- */

static uint64_t rd_pmctr(const struct ipr_access *a)
{
	intr_pmu_sync(a->c, a->pc, 1);
	return pmu_read(&a->c->pmu);
}

static void wr_pmctr(const struct ipr_access *a)
{
	intr_pmu_sync(a->c, a->pc, 1);
	pmu_write(&a->c->pmu, a->v);
	intr_update(a->c);
}

/* ---- cycle counter ---------------------------------------------------- */

#define LO32 0xffffffffull
#define CC_ENA (1ull << 32)

/* ipr[CC] keeps the offset in <63:32> and in <31:0> the count minus the
 * cycles elapsed while it is enabled (the frozen count when it is not). */
uint64_t pal_cc(const struct cpu *c)
{
	uint64_t cc = c->ipr[IPR_CC];
	uint64_t lo = cc + ((c->ipr[IPR_CC_CTL] & CC_ENA) ? cpu_cycles(c) : 0);
	return (cc & ~LO32) | (lo & LO32);
}

static uint64_t rd_cc(const struct ipr_access *a) { return pal_cc(a->c); }

static void wr_cc(const struct ipr_access *a)
{
	a->c->ipr[IPR_CC] = a->v | (a->c->ipr[IPR_CC] & LO32);
}

/* CC_CTL: <31:4> load the count (<3:0> become 0), <32> enables it. */
static void wr_cc_ctl(const struct ipr_access *a)
{
	struct cpu *c = a->c;
	uint64_t count = a->v & LO32;
	if (a->v & CC_ENA)
		count -= cpu_cycles(c);
	c->ipr[IPR_CC_CTL] = a->v;
	c->ipr[IPR_CC] = (c->ipr[IPR_CC] & ~LO32) | (count & LO32);
}

/* ---- translation buffers ---------------------------------------------- */

/* Put a PTE (the DTB_PTE/ITB_PTE layout) into a TB for va; forget what
 * the soft TLBs cached from an entry it displaces. */
static void tb_fill(struct cpu *c, bool itb, uint64_t va, uint64_t pte, unsigned asn)
{
	struct tlb_entry gone;
	if (!tlb_insert(itb ? &c->itb : &c->dtb, va, asn, pte & PTE_ASM,
	                (unsigned)PTE_GH(pte), PTE_PFN(pte), pte, &gone))
		return;
	if (itb)
		cpu_flush_itlb(c);
	else
		mem_forget_dpages(c, gone.vpn << TLB_PAGE_SHIFT, tlb_pages(&gone));
}

static unsigned itb_asn(const struct cpu *c) { return (unsigned)(c->ipr[IPR_ITB_ASN] >> 4) & 0x7f; }
static unsigned dtb_asn(const struct cpu *c) { return (unsigned)(c->ipr[IPR_DTB_ASN] >> 57); }

/* ITB_PTE write: fills the entry for the VA in ITB_TAG (which an ITB
 * miss loads with the missing PC). */
static void wr_itb_pte(const struct ipr_access *a)
{
	struct cpu *c = a->c;
	c->ipr[IPR_ITB_PTE] = a->v;
	tb_fill(c, true, c->ipr[IPR_ITB_TAG], a->v, itb_asn(c));
}

/* DTB_TAG write: fills the entry with the PTE written to DTB_PTE before. */
static void wr_dtb_tag(const struct ipr_access *a)
{
	struct cpu *c = a->c;
	c->ipr[IPR_DTB_TAG] = a->v;
	tb_fill(c, false, a->v, c->ipr[IPR_DTB_PTE], dtb_asn(c));
}

/* Reading ITB_PTE or DTB_PTE reads the next entry round robin into
 * ITB_PTE_TEMP / DTB_PTE_TEMP, in their own layouts; the read itself
 * returns 0 (UNPREDICTABLE in the manual). */
static uint64_t rd_itb_pte(const struct ipr_access *a)
{
	static const uint64_t gh_bits[4] = { 0, 0x20000000, 0x60000000, 0xe0000000 };
	const struct tlb_entry *e = tlb_read_next(&a->c->itb);
	a->c->ipr[IPR_ITB_PTE_TEMP] = ((e->pte & PTE_ASM) ? 1ull << 13 : 0) |
		((e->pte >> 8) & 0xf) << 18 | gh_bits[e->gh] | (e->pfn & 0x7ffffff) << 32;
	return 0;
}

static uint64_t rd_dtb_pte(const struct ipr_access *a)
{
	const struct tlb_entry *e = tlb_read_next(&a->c->dtb);
	a->c->ipr[IPR_DTB_PTE_TEMP] = ((e->pte >> 1) & 3) | ((e->pte >> 8) & 0xff) << 2 |
		((e->pte & PTE_ASM) ? 1ull << 10 : 0) | (e->pfn & 0x7ffffff) << 13;
	return 0;
}

static void wr_itb_asn(const struct ipr_access *a)
{
	a->c->ipr[IPR_ITB_ASN] = a->v;
	cpu_flush_itlb(a->c);
}

static void wr_dtb_asn(const struct ipr_access *a)
{
	a->c->ipr[IPR_DTB_ASN] = a->v;
	cpu_flush_stlb(a->c);
}

/* ITB_IA, DTB_IA (every entry) and ITB_IAP, DTB_IAP (those without ASM):
 * invalidate in the buffer the register belongs to, and forget what the
 * soft TLBs of that stream cached from it. */
static void tb_invalidate(const struct ipr_access *a, void (*inval)(struct tlb *))
{
	if (a->i == IPR_ITB_IA || a->i == IPR_ITB_IAP) {
		inval(&a->c->itb);
		cpu_flush_itlb(a->c);
	} else {
		inval(&a->c->dtb);
		cpu_flush_stlb(a->c);
	}
}

static void wr_tb_ia(const struct ipr_access *a) { tb_invalidate(a, tlb_invalidate_all); }
static void wr_tb_iap(const struct ipr_access *a) { tb_invalidate(a, tlb_invalidate_proc); }

static void wr_itb_is(const struct ipr_access *a)
{
	tlb_invalidate_va(&a->c->itb, a->v, itb_asn(a->c));
	cpu_flush_itlb(a->c);
}

static void wr_dtb_is(const struct ipr_access *a)
{
	const struct tlb_entry *e = tlb_probe(&a->c->dtb, a->v, dtb_asn(a->c));
	if (e)
		mem_forget_dpages(a->c, e->vpn << TLB_PAGE_SHIFT, tlb_pages(e));
	tlb_invalidate_va(&a->c->dtb, a->v, dtb_asn(a->c));
}

/* VA: reading it unlocks VA, VA_FORM and MM_STAT for the next fault. */
static uint64_t rd_va(const struct ipr_access *a)
{
	a->c->va_locked = false;
	return a->c->ipr[IPR_VA];
}

/* ---- caches: the timing model's, when it runs ------------------------- */

static void wr_ic_flush(const struct ipr_access *a)
{
	if (a->c->timing)
		timing_flush(a->c->timing, true);
}

static void wr_dc_flush(const struct ipr_access *a)
{
	if (a->c->timing)
		timing_flush(a->c->timing, false);
}

/* ---- the instruction-sampling unit (pmu/pm.h; docs/precise.md) ------- */

_Static_assert(IPR_PM_BUF_PTR - IPR_PM_CTL == EV5X__PM_BUF_PTR - EV5X__PM_CTL,
               "ipr.def lists the unit's registers in their numbers' order");

static uint64_t rd_pm(const struct ipr_access *a)
{
	uint64_t v = 0;
	pm_mfpr(&a->c->pm, EV5X__PM_CTL + (unsigned)(a->i - IPR_PM_CTL), &v);
	return v;
}

/* Enabling or disabling it, or emptying its latch, changes what the
 * loops look at and what requests an interrupt. */
static void wr_pm(const struct ipr_access *a)
{
	pm_mtpr(&a->c->pm, EV5X__PM_CTL + (unsigned)(a->i - IPR_PM_CTL), a->v);
	intr_update(a->c);
}

/* ---- the table ---------------------------------------------------------- */

enum { RW, RO, WO };

static const struct {
	uint8_t  access;
	uint64_t mask;
	uint64_t (*rd)(const struct ipr_access *);
	void     (*wr)(const struct ipr_access *);
} iprs[IPR_PALTEMP0] = {
#define IPR(id, acc, m, r, w) [IPR_##id] = { acc, m, rd_##r, wr_##w },
#include "chip/ipr.def"
#undef IPR
};

uint64_t pal_read_ipr(struct cpu *c, int i, uint64_t pc)
{
	if (i >= IPR_PM_REC0) {
		uint64_t v = 0;
		pm_mfpr(&c->pm, EV5X__PM_REC + (unsigned)(i - IPR_PM_REC0), &v);
		return v;
	}
	if (i >= IPR_PALTEMP0)
		return c->ipr[i];
	if (iprs[i].access == WO)
		return 0;
	return iprs[i].rd(&(struct ipr_access){ c, i, 0, pc });
}

void pal_write_ipr(struct cpu *c, int i, uint64_t v, uint64_t pc)
{
	if (i >= IPR_PM_REC0)
		return;                    /* the latch reads only */
	if (i >= IPR_PALTEMP0)
		c->ipr[i] = v;
	else if (iprs[i].access != RO)
		iprs[i].wr(&(struct ipr_access){ c, i, v & iprs[i].mask, pc });
}

bool pal_ipr_replayable(unsigned index, bool write)
{
	int i = ipr_lookup(index);
	if (i < 0 || (i >= IPR_PALTEMP0 && i < IPR_PM_REC0))
		return true;               /* ignored, or a PALtemp */
	if (i >= IPR_PM_REC0)
		return false;              /* the sampling unit's latch */
	if (write)
		return iprs[i].access == RO || iprs[i].wr == wr_plain || iprs[i].wr == wr_dtb_tag;
	return iprs[i].access == WO || iprs[i].rd == rd_plain || iprs[i].rd == rd_va;
}

/* ---- set-up ------------------------------------------------------------- */

void pal_configure_cpu(struct cpu *c, const struct params *p,
                       const struct pmu_tracer *trace)
{
	c->memo = p->memo;
	tlb_init(&c->itb, (unsigned)p->itb_entries, p->memo);
	tlb_init(&c->dtb, (unsigned)p->dtb_entries, p->memo);
	pmu_init(&c->pmu, c->id, (unsigned)p->pmu_delay, trace);
	c->pmu.enabled = c->ipr[IPR_ICSR] & (ICSR_PMA | ICSR_PMP);
	c->intr.pmu_ipl = (unsigned)p->pmu_ipl;
	c->intr.dev_due = UINT64_MAX;
	cpu_flush_stlb(c);
	cpu_flush_itlb(c);
}

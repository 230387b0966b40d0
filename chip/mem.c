/*
 * mem.c - address translation and the memory slow paths.
 *
 * Translation follows the 21164 (HRM 4.4 and 5.2; docs/pal.md): in PAL
 * mode the I-stream is physical; a VA whose bits 63:43 are not copies of
 * bit 42 is bad (IACCVIO, or D_FAULT with MM_STAT.BAD_VA); kernel-mode
 * references to a superpage enabled by ICSR.SPE (I-stream) or MCSR.SP
 * (D-stream) map directly: VA<42:41> = 2 to PA<39:0> (enable bit 1), or
 * VA<42:30> = 0x1ffe to PA<29:0> (enable bit 0); everything else goes
 * through the ITB or DTB with the current ASN.  A miss enters PAL at
 * ITB_MISS, DTB_MISS single, or DTB_MISS double for a virtual PTE fetch;
 * a hit without the mode's read/write enable is IACCVIO or D_FAULT with
 * ACV, one with FOR/FOW set for the access is D_FAULT with FOR/FOW.
 * D-stream faults load VA, VA_FORM and MM_STAT (cpu_dstream_fault);
 * I-stream ones ITB_TAG and IFAULT_VA_FORM.
 */
#include "chip/mem.h"
#include <stdio.h>
#include <stdlib.h>

#define VA_PAGE_MASK 0x000007ffffffe000ull   /* VA<42:13>            */

/* VA<63:43> must equal VA<42> (a 43-bit virtual address). */
static bool bad_va(uint64_t va)
{
	return (uint64_t)((int64_t)(va << 21) >> 21) != va;
}

/* The superpages (kernel mode only); ~0 if va is in neither enabled one. */
static uint64_t superpage(uint64_t va, uint64_t enables, unsigned mode)
{
	if (mode != MODE_KERNEL)
		return ~0ull;
	if ((enables & 2) && ((va >> 41) & 3) == 2)
		return va & PA_MASK;
	if ((enables & 1) && ((va >> 30) & 0x1fff) == 0x1ffe)
		return va & 0x3fffffffull;
	return ~0ull;
}

static unsigned dtb_asn(const struct cpu *c) { return (unsigned)(c->ipr[IPR_DTB_ASN] >> 57); }
static unsigned itb_asn(const struct cpu *c) { return (unsigned)(c->ipr[IPR_ITB_ASN] >> 4) & 0x7f; }

/* What a DTB entry forbids an access of this mode and kind (MM_STAT). */
static unsigned denied(uint64_t pte, unsigned mode, bool write)
{
	if (!(pte & (write ? PTE_WE(mode) : PTE_RE(mode))))
		return MM_STAT_ACV;
	if (pte & (write ? PTE_FOW : PTE_FOR))
		return write ? MM_STAT_FOW : MM_STAT_FOR;
	return 0;
}

static _Noreturn void dfault(struct cpu *c, const struct dinsn *d, uint64_t pc, uint64_t va,
                             bool write, unsigned stat, enum pal_entry e)
{
	cpu_dstream_fault(c, d, va, stat | (write ? MM_STAT_WR : 0));
	cpu_exception(c, e, pc | c->pal);
}

/* D-stream translation in the given mode; returns the physical address
 * or raises. */
static uint64_t translate_data(struct cpu *c, const struct dinsn *d, uint64_t pc,
                               uint64_t va, unsigned mode, bool write, bool vpte)
{
	if (bad_va(va))
		dfault(c, d, pc, va, write, MM_STAT_BAD_VA, PALE_D_FAULT);
	uint64_t pa = superpage(va, c->ipr[IPR_MCSR] >> 1, mode);
	if (pa != ~0ull)
		return pa;
	const struct tlb_entry *e = tlb_lookup(&c->dtb, va, dtb_asn(c));
	if (!e)
		dfault(c, d, pc, va, write, MM_STAT_DTB_MISS,
		       vpte ? PALE_DTB_MISS_DOUBLE : PALE_DTB_MISS_SINGLE);
	unsigned why = denied(e->pte, mode, write);
	if (why)
		dfault(c, d, pc, va, write, why, PALE_D_FAULT);
	return tlb_pa(e, va);
}

uint64_t mem_translate_data(struct cpu *c, const struct dinsn *d, uint64_t pc,
                            uint64_t va, bool write)
{
	return translate_data(c, d, pc, va, c->dcm, write, false);
}

uint64_t mem_translate_hw(struct cpu *c, const struct dinsn *d, uint64_t pc,
                          uint64_t va, unsigned mode, bool write, bool vpte)
{
	return translate_data(c, d, pc, va, mode, write, vpte);
}

bool mem_probe_slow(const struct cpu *c, uint64_t va, bool write, uint64_t *pa)
{
	if (bad_va(va))
		return false;
	*pa = superpage(va, c->ipr[IPR_MCSR] >> 1, c->dcm);
	if (*pa != ~0ull)
		return true;
	const struct tlb_entry *e = tlb_probe(&c->dtb, va, dtb_asn(c));
	if (!e || denied(e->pte, c->dcm, write))
		return false;
	*pa = tlb_pa(e, va);
	return true;
}

void mem_forget_dpages(struct cpu *c, uint64_t va, uint64_t pages)
{
	if (pages >= STLB_SIZE) {
		cpu_flush_stlb(c);
		return;
	}
	uint64_t v = (uint64_t)((int64_t)(va << 21) >> 21) & ~PAGE_MASK;
	for (uint64_t k = 0; k < pages; k++, v += PAGE_SIZE)
		for (unsigned m = 0; m < 4; m++) {
			struct stlb_entry *l = stlb_slot(c->stlb_ld[m], v), *s = stlb_slot(c->stlb_st[m], v);
			if (l->tag == v)
				l->tag = ~0ull;
			if (s->tag == v)
				s->tag = ~0ull;
		}
}

static uint8_t *ram_or_null(struct cpu *c, uint64_t pa, unsigned size)
{
	if (pa + size <= c->bus->mem_size)
		return c->bus->ram + pa;
	return NULL;
}

uint64_t mem_load_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                       uint64_t va, unsigned size)
{
	if (va & (size - 1))
		cpu_unaligned(c, d, pc, va);
	uint64_t pa = translate_data(c, d, pc, va, c->dcm, false, false);
	uint8_t *h = ram_or_null(c, pa, size);
	if (h) {
		struct stlb_entry *e = stlb_slot(c->stlb_ld[c->dcm], va);
		e->tag = va & ~PAGE_MASK;
		e->host = h - (pa & PAGE_MASK);
		uint64_t v = 0;
		memcpy(&v, h, size);
		return v;
	}
	uint64_t v;
	if (!c->bus->ops->io_read(c->bus, c, pa, size, &v)) {
		c->ipr[IPR_VA] = va;
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	}
	return v;
}

void mem_store_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                    uint64_t va, unsigned size, uint64_t val)
{
	if (va & (size - 1))
		cpu_unaligned(c, d, pc, va);
	uint64_t pa = translate_data(c, d, pc, va, c->dcm, true, false);
	uint8_t *h = ram_or_null(c, pa, size);
	if (h) {
		uint64_t page = pa >> PAGE_SHIFT;
		if (c->bus->pflags[page] & PF_CODE)
			cpu_invalidate_code(c->bus, pa, size);
		else {
			struct stlb_entry *e = stlb_slot(c->stlb_st[c->dcm], va);
			e->tag = va & ~PAGE_MASK;
			e->host = h - (pa & PAGE_MASK);
		}
		memcpy(h, &val, size);
		bus_store_notify(c->bus, c, pa, size);
		return;
	}
	if (!c->bus->ops->io_write(c->bus, c, pa, size, val)) {
		c->ipr[IPR_VA] = va;
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	}
}

/* An I-stream fault: ITB_TAG and IFAULT_VA_FORM (IVPTBR<63:33> |
 * VA<42:13> at <32:3>) for PALcode, EXC_ADDR the PC. */
static _Noreturn void ifault(struct cpu *c, uint64_t pc, enum pal_entry e)
{
	c->ipr[IPR_ITB_TAG] = pc & VA_PAGE_MASK;
	c->ipr[IPR_IFAULT_VA_FORM] = c->ipr[IPR_IVPTBR] | ((pc >> 10) & 0x1fffffff8ull);
	cpu_exception(c, e, pc);
}

/* I-stream translation outside PAL mode, through the I-side soft TLB. */
static uint64_t translate_fetch(struct cpu *c, uint64_t pc)
{
	unsigned mode = c->cm;
	uint64_t tag = (pc & ~PAGE_MASK) | mode;
	struct itlb_soft *s = &c->itlb_soft[(pc >> PAGE_SHIFT) & (ITLB_SOFT_SIZE - 1)];
	if (s->tag == tag)
		return s->pa | (pc & PAGE_MASK);
	if (bad_va(pc))
		ifault(c, pc, PALE_IACCVIO);
	uint64_t pa = superpage(pc, c->ipr[IPR_ICSR] >> 28, mode);
	if (pa == ~0ull) {
		const struct tlb_entry *e = tlb_lookup(&c->itb, pc, itb_asn(c));
		if (!e)
			ifault(c, pc, PALE_ITB_MISS);
		if (!(e->pte & PTE_RE(mode)))
			ifault(c, pc, PALE_IACCVIO);
		pa = tlb_pa(e, pc);
	}
	s->tag = tag;
	s->pa = pa & ~PAGE_MASK;
	return pa;
}

struct dpage *mem_fetch_page(struct cpu *c, uint64_t pc)
{
	struct bus *b = c->bus;
	uint64_t pa = c->pal ? pc & PA_MASK : translate_fetch(c, pc);
	if (pa >= b->mem_size) {
		/* no memory there: the fetch ends in a machine check */
		c->ipr[IPR_VA] = pc;
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	}
	uint64_t page = pa >> PAGE_SHIFT;
	struct dpage *p = b->dpages[page];
	if (!p) {
		/* zeroed: the timed loop reads a slot's operand flags (tflags)
		 * before the lazy decoder has filled the slot */
		p = calloc(1, sizeof *p);
		if (!p) {
			cpu_request_stop(c, STOP_NOMEM);
			return NULL;
		}
		p->pa = page << PAGE_SHIFT;
		b->dpages[page] = p;
		cpu_invalidate_code(b, p->pa, PAGE_SIZE); /* all slots: decoder */
	}
	if (!(b->pflags[page] & PF_CODE)) {
		b->pflags[page] |= PF_CODE;
		/* stores to this page must now take the slow path */
		for (unsigned i = 0; i < b->ncpus; i++)
			cpu_flush_stlb(b->cpu[i]);
	}
	return p;
}

/*
 * mem.c - address translation and the memory slow paths.
 *
 * Translation follows the 21164 (HRM 4.4 and 5.2): in PAL mode the
 * I-stream is physical; kernel-mode references to the superpage
 * (VA<42:41> = 2, enabled by ICSR.SPE for the I-stream and MCSR.SP for the
 * D-stream) map to PA<39:0>; everything else goes through the ITB/DTB,
 * and a reference they cannot translate enters PAL at ITB_MISS or
 * DTB_MISS.  The translation buffers themselves arrive with the timing
 * model; until then every non-superpage reference misses.
 */
#include "sim/mem.h"
#include <stdio.h>
#include <stdlib.h>

static bool kseg(uint64_t va)
{
	return (va >> 41) == 0x7ffffe;       /* VA<63:41> = 1...10 (sign-ext) */
}

/* D-stream translation; returns the physical address or raises. */
static uint64_t translate_data(struct cpu *c, const struct dinsn *d,
                               uint64_t pc, uint64_t va, bool write)
{
	(void)d; (void)write;
	if (c->cm == MODE_KERNEL && kseg(va) && (c->ipr[IPR_MCSR] & MCSR_SP))
		return KSEG_PA(va);
	c->ipr[IPR_VA] = va;
	c->ipr[IPR_MM_STAT] = write;
	cpu_exception(c, PALE_DTB_MISS_SINGLE, pc | c->pal);
}

uint64_t mem_translate_data(struct cpu *c, const struct dinsn *d, uint64_t pc,
                            uint64_t va, bool write)
{
	return translate_data(c, d, pc, va, write);
}

static uint8_t *ram_or_null(struct cpu *c, uint64_t pa, unsigned size)
{
	if (pa + size <= c->m->mem_size)
		return c->m->ram + pa;
	return NULL;
}

uint64_t mem_load_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                       uint64_t va, unsigned size)
{
	if (va & (size - 1))
		cpu_unaligned(c, d, pc, va);
	uint64_t pa = translate_data(c, d, pc, va, false);
	uint8_t *h = ram_or_null(c, pa, size);
	if (h) {
		struct stlb_entry *e = stlb_slot(c->stlb_ld[c->cm], va);
		e->tag = va & ~PAGE_MASK;
		e->host = h - (pa & PAGE_MASK);
		uint64_t v = 0;
		memcpy(&v, h, size);
		return v;
	}
	uint64_t v;
	if (!machine_io_read(c->m, c, pa, size, &v)) {
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
	uint64_t pa = translate_data(c, d, pc, va, true);
	uint8_t *h = ram_or_null(c, pa, size);
	if (h) {
		uint64_t page = pa >> PAGE_SHIFT;
		if (c->m->pflags[page] & PF_CODE)
			cpu_invalidate_code(c->m, pa, size);
		else {
			struct stlb_entry *e = stlb_slot(c->stlb_st[c->cm], va);
			e->tag = va & ~PAGE_MASK;
			e->host = h - (pa & PAGE_MASK);
		}
		memcpy(h, &val, size);
		return;
	}
	if (!machine_io_write(c->m, c, pa, size, val)) {
		c->ipr[IPR_VA] = va;
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	}
}

struct dpage *mem_fetch_page(struct cpu *c, uint64_t pc)
{
	struct machine *m = c->m;
	uint64_t pa;
	if (c->pal)
		pa = pc & PA_MASK;
	else if (c->cm == MODE_KERNEL && kseg(pc) && (c->ipr[IPR_ICSR] & ICSR_SPE))
		pa = KSEG_PA(pc);
	else {
		c->ipr[IPR_IFAULT_VA_FORM] = pc;
		cpu_exception(c, PALE_ITB_MISS, pc);
	}
	if (pa >= m->mem_size) {
		/* no memory there: the fetch ends in a machine check */
		c->ipr[IPR_VA] = pc;
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	}
	uint64_t page = pa >> PAGE_SHIFT;
	struct dpage *p = m->dpages[page];
	if (!p) {
		p = malloc(sizeof *p);
		if (!p) {
			fprintf(stderr, "alphasim: out of host memory for decoded code\n");
			exit(1);
		}
		p->pa = page << PAGE_SHIFT;
		m->dpages[page] = p;
		cpu_invalidate_code(m, p->pa, PAGE_SIZE); /* all slots: decoder */
	}
	if (!(m->pflags[page] & PF_CODE)) {
		m->pflags[page] |= PF_CODE;
		/* stores to this page must now take the slow path */
		for (unsigned i = 0; i < m->ncpus; i++)
			cpu_flush_stlb(m->cpu[i]);
	}
	return p;
}

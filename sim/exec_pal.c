/*
 * exec_pal.c - the 21164 PAL instructions HW_MFPR, HW_MTPR, HW_LD, HW_ST
 * and HW_REI (21164 HRM 6.6).  They run in PAL mode, or in kernel mode
 * when ICSR.HWE is set.  IPRs are plain storage here; registers whose
 * reads or writes have side effects get them in sim/pal.c.
 */
#include "sim/exec.h"
#include "sim/machine.h"

/* HW_LD/HW_ST flag bits (21164 HRM 6.6.3). */
enum { HW_PHYS = 1 << 15, HW_ALT = 1 << 14, HW_WCHK = 1 << 13,
       HW_QUAD = 1 << 12, HW_VPTE = 1 << 11, HW_LOCK = 1 << 10 };

EXEC(hw_mfpr)
{
	require_hw(c, pc);
	int i = ipr_lookup((unsigned)d->imm);
	SET_RC(i < 0 ? 0 : c->ipr[i]);
	return pc + 4;
}

EXEC(hw_mtpr)
{
	require_hw(c, pc);
	int i = ipr_lookup((unsigned)d->imm);
	if (i < 0)
		return pc + 4;
	c->ipr[i] = RA;
	if (i == IPR_ICSR || i == IPR_MCSR)
		cpu_flush_stlb(c);          /* superpage enables changed */
	return pc + 4;
}

EXEC(hw_rei) { require_hw(c, pc); (void)d; return cpu_rei(c); }

/* Physical HW_LD/HW_ST go straight to memory; virtual ones translate in
 * the current mode (ALT_MODE and VPTE forms come with the PAL model). */
static uint64_t hw_addr(struct cpu *c, const struct dinsn *d, uint64_t pc,
                        bool write)
{
	uint64_t va = RB + (uint64_t)DISP;
	unsigned size = (d->raw & HW_QUAD) ? 8 : 4;
	if (va & (size - 1))
		cpu_unaligned(c, d, pc, va);
	return (d->raw & HW_PHYS) ? va & PA_MASK
	                          : mem_translate_data(c, d, pc, va, write);
}

EXEC(hw_ld)
{
	require_hw(c, pc);
	uint64_t pa = hw_addr(c, d, pc, false), v = 0;
	unsigned size = (d->raw & HW_QUAD) ? 8 : 4;
	uint8_t *h = machine_ram(c->m, pa);
	if (h)
		memcpy(&v, h, size);
	else if (!machine_io_read(c->m, c, pa, size, &v))
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	SET_RC(size == 4 ? SEXT32(v) : v);
	return pc + 4;
}

EXEC(hw_st)
{
	require_hw(c, pc);
	uint64_t pa = hw_addr(c, d, pc, true), v = RA;
	unsigned size = (d->raw & HW_QUAD) ? 8 : 4;
	uint8_t *h = machine_ram(c->m, pa);
	if (h) {
		if (c->m->pflags[pa >> PAGE_SHIFT] & PF_CODE)
			cpu_invalidate_code(c->m, pa, size);
		memcpy(h, &v, size);
	} else if (!machine_io_write(c->m, c, pa, size, v))
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	return pc + 4;
}

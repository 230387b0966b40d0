/*
 * exec_pal.c - the 21164 PAL instructions HW_MFPR, HW_MTPR, HW_LD, HW_ST
 * and HW_REI (21164 HRM 6.6).  They run in PAL mode, or in kernel mode
 * when ICSR.HWE is set.  Register side effects are in chip/pal.c.
 */
#include "chip/exec.h"
#include "chip/bus.h"
#include "chip/pal.h"

EXEC(hw_mfpr)
{
	require_hw(c, pc);
	int i = ipr_lookup((unsigned)d->imm);
	SET_RC(i < 0 ? 0 : pal_read_ipr(c, i, pc));
	return pc + 4;
}

EXEC(hw_mtpr)
{
	require_hw(c, pc);
	int i = ipr_lookup((unsigned)d->imm);
	if (i >= 0)
		pal_write_ipr(c, i, RA, pc);
	return pc + 4;
}

EXEC(hw_rei) { require_hw(c, pc); (void)d; return cpu_rei(c, pc); }

/* The physical address of a HW_LD/HW_ST: bit 15 makes it physical,
 * else it translates in ALT_MODE's mode (bit 14), kernel (a VPTE fetch)
 * or DTB_CM's. */
static uint64_t hw_addr(struct cpu *c, const struct dinsn *d, uint64_t pc,
                        bool write)
{
	uint64_t va = RB + (uint64_t)DISP;
	unsigned size = (d->raw & HW_QUAD) ? 8 : 4;
	if (va & (size - 1))
		cpu_unaligned(c, d, pc, va);
	if (d->raw & HW_PHYS)
		return va & PA_MASK;
	bool vpte = !write && (d->raw & HW_VPTE);
	unsigned mode = (d->raw & HW_ALT) ? IPR_MODE(c->ipr[IPR_ALT_MODE])
	                : vpte ? MODE_KERNEL : c->dcm;
	return mem_translate_hw(c, d, pc, va, mode, write || (d->raw & HW_WCHK), vpte);
}

EXEC(hw_ld)
{
	require_hw(c, pc);
	uint64_t pa = hw_addr(c, d, pc, false), v = 0;
	unsigned size = (d->raw & HW_QUAD) ? 8 : 4;
	uint8_t *h = bus_ram(c->bus, pa);
	if (h)
		memcpy(&v, h, size);
	else if (!c->bus->ops->io_read(c->bus, c, pa, size, &v))
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	if (d->raw & HW_LOCK) {
		/* as LDx_L (chip/exec_mem.c): the lock covers 16 bytes */
		c->lock_pa = pa & ~15ull;
		c->lock_flag = true;
	}
	SET_RC(size == 4 ? SEXT32(v) : v);
	return pc + 4;
}

EXEC(hw_st)
{
	require_hw(c, pc);
	uint64_t pa = hw_addr(c, d, pc, true), v = RA;
	unsigned size = (d->raw & HW_QUAD) ? 8 : 4;
	if (d->raw & HW_LOCK) {
		/* conditional, as STx_C: Ra tells whether it stored */
		bool ok = c->lock_flag && (pa & ~15ull) == c->lock_pa;
		c->lock_flag = false;
		if (d->a != 31)
			c->r[d->a] = ok;
		if (!ok)
			return pc + 4;
	}
	uint8_t *h = bus_ram(c->bus, pa);
	if (h) {
		if (c->bus->pflags[pa >> PAGE_SHIFT] & PF_CODE)
			cpu_invalidate_code(c->bus, pa, size);
		memcpy(h, &v, size);
		bus_store_notify(c->bus, c, pa, size);
	} else if (!c->bus->ops->io_write(c->bus, c, pa, size, v))
		cpu_exception(c, PALE_MCHK, pc | c->pal);
	return pc + 4;
}

/*
 * bus.c - the coherence of what the CPUs share (chip/bus.h): LDx_L/STx_C
 * lock flags across CPUs, the soft TLB's store entries that must not
 * bypass them, and decoded code that a device's write makes stale.
 */
#include "chip/bus.h"

/* Drop c's soft-TLB store entries for the RAM page at pa, so that its
 * next store there takes the slow path (and bus_store_notify). */
static void stlb_forget_page(struct bus *b, struct cpu *c, uint64_t pa)
{
	if (pa >= b->mem_size)
		return;
	const uint8_t *host = b->ram + (pa & ~PAGE_MASK);
	for (unsigned mode = 0; mode < 4; mode++)
		for (unsigned i = 0; i < STLB_SIZE; i++) {
			struct stlb_entry *e = &c->stlb_st[mode][i];
			if (e->host == host)
				e->tag = ~0ull;
		}
}

/* Does a CPU other than c hold a lock in pa's page? */
static bool page_locked(const struct bus *b, const struct cpu *c, uint64_t pa)
{
	for (unsigned i = 0; i < b->ncpus; i++) {
		const struct cpu *o = b->cpu[i];
		if (o != c && o->lock_flag && (o->lock_pa & ~PAGE_MASK) == (pa & ~PAGE_MASK))
			return true;
	}
	return false;
}

/* Every CPU but c (all when c is NULL) loses a lock in [pa, pa+size). */
static void clear_locks(struct bus *b, const struct cpu *c, uint64_t pa,
                        uint64_t size)
{
	uint64_t first = LOCK_BLOCK(pa), last = LOCK_BLOCK(pa + size - 1);
	for (unsigned i = 0; i < b->ncpus; i++) {
		struct cpu *o = b->cpu[i];
		if (o != c && o->lock_flag && o->lock_pa >= first && o->lock_pa <= last)
			o->lock_flag = false;
	}
}

void bus_store_notify(struct bus *b, struct cpu *c, uint64_t pa, uint64_t size)
{
	if (b->ncpus == 1)
		return;
	clear_locks(b, c, pa, size);
	if (page_locked(b, c, pa))
		stlb_forget_page(b, c, pa);
}

void bus_guard_locks(struct bus *b, struct cpu *c)
{
	for (unsigned i = 0; i < b->ncpus; i++) {
		const struct cpu *o = b->cpu[i];
		if (o != c && o->lock_flag)
			stlb_forget_page(b, c, o->lock_pa);
	}
}

void bus_dma_write(struct bus *b, uint64_t pa, uint64_t len)
{
	clear_locks(b, NULL, pa, len);
	for (uint64_t p = pa & ~PAGE_MASK; p < pa + len; p += PAGE_SIZE) {
		struct dpage *dp = b->dpages[p >> PAGE_SHIFT];
		if (!dp || !(b->pflags[p >> PAGE_SHIFT] & PF_CODE))
			continue;
		uint64_t lo = p > pa ? p : pa, hi = pa + len < p + PAGE_SIZE ? pa + len : p + PAGE_SIZE;
		cpu_invalidate_code(b, lo, hi - lo);
		/* the timed loop trusts a slot's operand flags: clear them too */
		for (uint64_t a = lo & ~3ull; a < hi; a += 4)
			dp->insn[(a & PAGE_MASK) >> 2].tflags = 0;
	}
}

/*
 * mem.h - virtual memory access from a CPU: address translation and the
 * soft TLB that makes the common case a compare and a host load.
 *
 * The soft TLB caches, per current mode, VA page -> host page for RAM
 * pages the mode may access.  It is a simulator cache, not the 21164's
 * ITB/DTB (those are modelled, with their misses, by the translation
 * slow path).  A tag includes no low address bits, so an access that is
 * not naturally aligned misses and the slow path raises UNALIGN.
 * Store entries are made only for pages without decoded code, so a store
 * into code always takes the slow path, which forgets the decoded page.
 */
#ifndef ALPHASIM_MEM_H
#define ALPHASIM_MEM_H

#include <string.h>
#include "sim/cpu.h"
#include "sim/machine.h"

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Slow paths: translate, check, fill the soft TLB, or do device I/O. */
uint64_t mem_load_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                       uint64_t va, unsigned size);
void mem_store_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                    uint64_t va, unsigned size, uint64_t val);

/* Translate a data address for LDx_L/STx_C (the lock is physical). */
uint64_t mem_translate_data(struct cpu *c, const struct dinsn *d, uint64_t pc,
                            uint64_t va, bool write);

/* Fetch translation: the host page holding the instruction at pc, its
 * physical address in *pa.  Raises ITB miss / IACCVIO as needed. */
struct dpage *mem_fetch_page(struct cpu *c, uint64_t pc);

static inline struct stlb_entry *stlb_slot(struct stlb_entry *t, uint64_t va)
{
	return &t[(va >> PAGE_SHIFT) & (STLB_SIZE - 1)];
}

#define MEM_ACCESSORS(sz, type)                                               \
static inline uint64_t mem_ld##sz(struct cpu *c, const struct dinsn *d,      \
                                  uint64_t pc, uint64_t va)                  \
{                                                                             \
	struct stlb_entry *e = stlb_slot(c->stlb_ld[c->cm], va);              \
	if (likely(e->tag == (va & ~(PAGE_MASK ^ (sz / 8 - 1))))) {           \
		type v;                                                       \
		memcpy(&v, e->host + (va & PAGE_MASK), sizeof v);             \
		return v;                                                     \
	}                                                                     \
	return mem_load_slow(c, d, pc, va, sz / 8);                           \
}                                                                             \
static inline void mem_st##sz(struct cpu *c, const struct dinsn *d,          \
                              uint64_t pc, uint64_t va, uint64_t val)        \
{                                                                             \
	struct stlb_entry *e = stlb_slot(c->stlb_st[c->cm], va);              \
	if (likely(e->tag == (va & ~(PAGE_MASK ^ (sz / 8 - 1))))) {           \
		type v = (type)val;                                           \
		memcpy(e->host + (va & PAGE_MASK), &v, sizeof v);             \
		return;                                                       \
	}                                                                     \
	mem_store_slow(c, d, pc, va, sz / 8, val);                            \
}
MEM_ACCESSORS(8, uint8_t)
MEM_ACCESSORS(16, uint16_t)
MEM_ACCESSORS(32, uint32_t)
MEM_ACCESSORS(64, uint64_t)
#undef MEM_ACCESSORS

#endif

/*
 * mem.h - virtual memory access from a CPU: address translation and the
 * soft TLB that makes the common case a compare and a host load.
 *
 * The soft TLB caches, per Mbox current mode (DTB_CM), VA page -> host
 * page for RAM pages the mode may access.  It is a simulator cache in
 * front of the 21164's DTB, never holding more: whatever displaces or
 * invalidates a DTB entry, or changes the ASN or the superpage enables,
 * removes what it cached (chip/pal.c).  A tag includes no low address
 * bits, so an access that is not naturally aligned misses and the slow
 * path raises UNALIGN.  Store entries are made only for pages without
 * decoded code, so a store into code always takes the slow path, which
 * forgets the decoded page.  The I-stream has a smaller one of its own
 * (struct itlb_soft) in front of the ITB.
 */
#ifndef ALPHASIM_MEM_H
#define ALPHASIM_MEM_H

#include <string.h>
#include "chip/cpu.h"
#include "chip/bus.h"

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Slow paths: translate, check, fill the soft TLB, or do device I/O. */
uint64_t mem_load_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                       uint64_t va, unsigned size);
void mem_store_slow(struct cpu *c, const struct dinsn *d, uint64_t pc,
                    uint64_t va, unsigned size, uint64_t val);

/* Translate a data address for LDx_L/STx_C (the lock is physical):
 * DTB_CM's mode, or raise the fault. */
uint64_t mem_translate_data(struct cpu *c, const struct dinsn *d, uint64_t pc,
                            uint64_t va, bool write);
/* The same for HW_LD/HW_ST: in the given mode (ALT_MODE, DTB_CM, or
 * kernel for a virtual PTE fetch, whose DTB miss is a double miss). */
uint64_t mem_translate_hw(struct cpu *c, const struct dinsn *d, uint64_t pc,
                          uint64_t va, unsigned mode, bool write, bool vpte);
/* Where a data access would go, without side effects: false if it
 * would fault (the timing model asks before the access runs).  The soft
 * TLB answers inline, mem_probe_slow the rest. */
bool mem_probe_slow(const struct cpu *c, uint64_t va, bool write, uint64_t *pa);
/* Forget soft TLB entries for `pages` pages from va (VA<42:13> are
 * used, the rest sign-extended). */
void mem_forget_dpages(struct cpu *c, uint64_t va, uint64_t pages);

/* Fetch translation: the decoded page holding the instruction at pc.
 * Raises ITB_MISS / IACCVIO / MCHK as needed.  NULL when the host has no
 * memory for a new page: the CPU is then stopped (STOP_NOMEM). */
struct dpage *mem_fetch_page(struct cpu *c, uint64_t pc);

static inline struct stlb_entry *stlb_slot(struct stlb_entry *t, uint64_t va)
{
	return &t[(va >> PAGE_SHIFT) & (STLB_SIZE - 1)];
}

#define MEM_ACCESSORS(sz, type)                                               \
static inline uint64_t mem_ld##sz(struct cpu *c, const struct dinsn *d,      \
                                  uint64_t pc, uint64_t va)                  \
{                                                                             \
	struct stlb_entry *e = stlb_slot(c->stlb_ld[c->dcm], va);              \
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
	struct stlb_entry *e = stlb_slot(c->stlb_st[c->dcm], va);              \
	if (likely(e->tag == (va & ~(PAGE_MASK ^ (sz / 8 - 1))))) {           \
		type v = (type)val;                                           \
		memcpy(e->host + (va & PAGE_MASK), &v, sizeof v);             \
		return;                                                       \
	}                                                                     \
	mem_store_slow(c, d, pc, va, sz / 8, val);                            \
}
static inline bool mem_probe_data(const struct cpu *c, uint64_t va, bool write,
                                  uint64_t *pa)
{
	const struct stlb_entry *e =
		stlb_slot((struct stlb_entry *)(write ? c->stlb_st[c->dcm] : c->stlb_ld[c->dcm]), va);
	if (likely(e->tag == (va & ~PAGE_MASK))) {
		*pa = (uint64_t)(e->host - c->bus->ram) + (va & PAGE_MASK);
		return true;
	}
	return mem_probe_slow(c, va, write, pa);
}

MEM_ACCESSORS(8, uint8_t)
MEM_ACCESSORS(16, uint16_t)
MEM_ACCESSORS(32, uint32_t)
MEM_ACCESSORS(64, uint64_t)
#undef MEM_ACCESSORS

#endif

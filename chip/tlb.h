/*
 * tlb.h - a 21164 translation buffer: ITB (48 entries) or DTB (64),
 * fully associative, 8 KB pages with granularity hints, each entry
 * tagged with an ASN unless its ASM bit makes it global (docs/ev5.md "Memory
 * system"; 21164 HRM 5.1.x ITB_* and 5.2.x DTB_* IPRs, ARM 11.8).
 *
 * Replacement is round-robin, as PALcode writing ITB_PTE/DTB_TAG sees
 * it on the 21164 (the hardware picks the entry, "not-last-used").  Each
 * CPU has one of each (struct cpu); chip/mem.c translates through them
 * and PALcode fills them through chip/pal.c.  The entries are part of the
 * structure, sized for the largest itb_entries/dtb_entries parameter.
 */
#ifndef ALPHASIM_TLB_H
#define ALPHASIM_TLB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define TLB_MAX 1024                  /* params.def's itb/dtb_entries max */
#define TLB_PAGE_SHIFT 13

struct tlb_entry {
	uint64_t vpn;                 /* VA >> 13, masked by the hint      */
	uint64_t pfn;                 /* PA >> 13                          */
	uint64_t pte;                 /* protection bits, as written       */
	uint8_t  asn;
	uint8_t  gh;                  /* granularity hint: 8^gh pages      */
	bool     asm_;                /* matches every ASN                 */
	bool     valid;
};

/*
 * The search is a scan in entry order, the first match winning.  In
 * front of it, a host index that gives the same answer without the scan
 * (the memo parameter; docs/performance.md): the valid entries of one
 * page of one ASN (no ASM bit, no granularity hint), chained by a hash
 * of (page, ASN).  Such entries are unique per (page, ASN) (an insert
 * replaces the one there), so while every valid entry is of that kind
 * the chain has the answer; any other kind valid, the scan runs.
 */
#define TLB_BUCKETS 256
struct tlb {
	unsigned n, next, rd;         /* size, replacement and read pointers */
	bool     indexed;             /* the index is kept and used         */
	unsigned others;              /* valid entries outside the index    */
	struct {
		uint64_t lookups, misses, inserts, invalidates;
	} st;
	int16_t  bucket[TLB_BUCKETS]; /* first entry of a chain, -1: none   */
	int16_t  chain[TLB_MAX];      /* next entry in its chain            */
	struct tlb_entry e[TLB_MAX];
};

/* An empty TB of `entries` entries (1..TLB_MAX); indexed: keep the
 * index (the answers are the same without it, only slower). */
void tlb_init(struct tlb *t, unsigned entries, bool indexed);

/* The entry translating va for asn, or NULL; lookup counts the lookup
 * (and the miss), probe does not (a look that changes nothing). */
const struct tlb_entry *tlb_lookup(struct tlb *t, uint64_t va, unsigned asn);
const struct tlb_entry *tlb_probe(const struct tlb *t, uint64_t va, unsigned asn);

/* The physical address of va through entry e. */
static inline uint64_t tlb_pa(const struct tlb_entry *e, uint64_t va)
{
	uint64_t in = (1ull << (3 * e->gh)) - 1;     /* pages inside the hint */
	uint64_t pfn = (e->pfn & ~in) | ((va >> TLB_PAGE_SHIFT) & in);
	return pfn << TLB_PAGE_SHIFT | (va & ((1ull << TLB_PAGE_SHIFT) - 1));
}

/* Pages an entry covers (its first is vpn). */
static inline uint64_t tlb_pages(const struct tlb_entry *e)
{
	return 1ull << (3 * e->gh);
}

/* Add a translation (replacing any for the same page and ASN); when it
 * displaces a valid entry, that entry is copied to *gone and true is
 * returned, so the caller can forget what it cached from it. */
bool tlb_insert(struct tlb *t, uint64_t va, unsigned asn, bool global, unsigned gh,
                uint64_t pfn, uint64_t pte, struct tlb_entry *gone);
/* Invalidate: everything (TBIA), every entry without ASM (TBIAP), or
 * the entries translating va for asn (TBIS). */
void tlb_invalidate_all(struct tlb *t);
void tlb_invalidate_proc(struct tlb *t);
void tlb_invalidate_va(struct tlb *t, uint64_t va, unsigned asn);

/* The entry ITB_PTE/DTB_PTE reads return next (round robin). */
const struct tlb_entry *tlb_read_next(struct tlb *t);

void tlb_json(const struct tlb *t, FILE *f, const char *indent, const char *name);

#endif

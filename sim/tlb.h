/*
 * tlb.h - a 21164 translation buffer: ITB (48 entries) or DTB (64),
 * fully associative, 8 KB pages with granularity hints, each entry
 * tagged with an ASN unless its ASM bit makes it global (EV5.md "Memory
 * system"; 21164 HRM 5.1.x ITB_* and 5.2.x DTB_* IPRs, ARM 11.8).
 *
 * Replacement is round-robin, as PALcode writing ITB_PTE/DTB_PTE sees
 * it on the 21164 (the hardware picks the entry, "not-last-used").
 * The structure keeps its statistics; the translation path that uses it
 * (mem.c, with PALcode filling it on a miss) comes with the PAL-mode
 * work: see docs/timing.md.
 */
#ifndef ALPHASIM_TLB_H
#define ALPHASIM_TLB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct tlb_entry {
	uint64_t vpn;                 /* VA >> 13, masked by the hint      */
	uint64_t pfn;                 /* PA >> 13                          */
	uint64_t pte;                 /* protection bits, as written       */
	uint8_t  asn;
	uint8_t  gh;                  /* granularity hint: 8^gh pages      */
	bool     asm_;                /* matches every ASN                 */
	bool     valid;
};

struct tlb {
	struct tlb_entry *e;
	unsigned n, next;
	struct {
		uint64_t lookups, misses, inserts, invalidates;
	} st;
};

bool tlb_init(struct tlb *t, unsigned entries);
void tlb_free(struct tlb *t);

/* The entry translating va for asn, or NULL (a miss, counted). */
const struct tlb_entry *tlb_lookup(struct tlb *t, uint64_t va, unsigned asn);
/* Add a translation (replacing any for the same page and ASN). */
void tlb_insert(struct tlb *t, uint64_t va, unsigned asn, bool global, unsigned gh,
                uint64_t pfn, uint64_t pte);
/* Invalidate: everything (TBIA), all non-global entries of an ASN
 * (TBIAP), or the page holding va (TBIS). */
void tlb_invalidate_all(struct tlb *t);
void tlb_invalidate_asn(struct tlb *t, unsigned asn);
void tlb_invalidate_va(struct tlb *t, uint64_t va, unsigned asn);

void tlb_json(const struct tlb *t, FILE *f, const char *indent, const char *name);

#endif

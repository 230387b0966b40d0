/*
 * tlb.c - fully associative, ASN-tagged translation buffer (sim/tlb.h).
 */
#include "sim/tlb.h"
#include <stdlib.h>

#define TLB_PAGE_SHIFT 13

bool tlb_init(struct tlb *t, unsigned entries)
{
	*t = (struct tlb){ .n = entries };
	t->e = calloc(entries, sizeof *t->e);
	return t->e != NULL;
}

void tlb_free(struct tlb *t)
{
	free(t->e);
	t->e = NULL;
}

/* Page numbers covered by a granularity hint: 8^gh pages, aligned. */
static uint64_t gh_mask(unsigned gh)
{
	return ~((1ull << (3 * gh)) - 1);
}

static bool match(const struct tlb_entry *e, uint64_t vpn, unsigned asn)
{
	return e->valid && (vpn & gh_mask(e->gh)) == e->vpn && (e->asm_ || e->asn == asn);
}

const struct tlb_entry *tlb_lookup(struct tlb *t, uint64_t va, unsigned asn)
{
	uint64_t vpn = va >> TLB_PAGE_SHIFT;
	t->st.lookups++;
	for (unsigned i = 0; i < t->n; i++)
		if (match(&t->e[i], vpn, asn))
			return &t->e[i];
	t->st.misses++;
	return NULL;
}

void tlb_insert(struct tlb *t, uint64_t va, unsigned asn, bool global, unsigned gh,
                uint64_t pfn, uint64_t pte)
{
	uint64_t vpn = (va >> TLB_PAGE_SHIFT) & gh_mask(gh & 3);
	struct tlb_entry *slot = NULL;
	for (unsigned i = 0; i < t->n && !slot; i++)
		if (t->e[i].valid && t->e[i].vpn == vpn && t->e[i].asn == (uint8_t)asn)
			slot = &t->e[i];
	if (!slot) {
		slot = &t->e[t->next];
		t->next = (t->next + 1) % t->n;
	}
	*slot = (struct tlb_entry){ .vpn = vpn, .pfn = pfn, .pte = pte, .asn = (uint8_t)asn,
	                            .gh = (uint8_t)(gh & 3), .asm_ = global, .valid = true };
	t->st.inserts++;
}

void tlb_invalidate_all(struct tlb *t)
{
	for (unsigned i = 0; i < t->n; i++)
		t->e[i].valid = false;
	t->st.invalidates++;
}

void tlb_invalidate_asn(struct tlb *t, unsigned asn)
{
	for (unsigned i = 0; i < t->n; i++)
		if (!t->e[i].asm_ && t->e[i].asn == asn)
			t->e[i].valid = false;
	t->st.invalidates++;
}

void tlb_invalidate_va(struct tlb *t, uint64_t va, unsigned asn)
{
	uint64_t vpn = va >> TLB_PAGE_SHIFT;
	for (unsigned i = 0; i < t->n; i++)
		if (match(&t->e[i], vpn, asn))
			t->e[i].valid = false;
	t->st.invalidates++;
}

void tlb_json(const struct tlb *t, FILE *f, const char *indent, const char *name)
{
	fprintf(f, "%s\"%s\": { \"entries\": %u, \"lookups\": %llu, \"misses\": %llu, "
	        "\"inserts\": %llu, \"invalidates\": %llu },\n", indent, name, t->n,
	        (unsigned long long)t->st.lookups, (unsigned long long)t->st.misses,
	        (unsigned long long)t->st.inserts, (unsigned long long)t->st.invalidates);
}

/*
 * tlb.c - fully associative, ASN-tagged translation buffer (chip/tlb.h).
 */
#include "chip/tlb.h"
#include <string.h>

void tlb_init(struct tlb *t, unsigned entries)
{
	memset(t, 0, sizeof *t);
	t->n = entries < 1 ? 1 : entries > TLB_MAX ? TLB_MAX : entries;
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

const struct tlb_entry *tlb_probe(const struct tlb *t, uint64_t va, unsigned asn)
{
	uint64_t vpn = (va >> TLB_PAGE_SHIFT) & ((1ull << 30) - 1);
	for (unsigned i = 0; i < t->n; i++)
		if (match(&t->e[i], vpn, asn))
			return &t->e[i];
	return NULL;
}

const struct tlb_entry *tlb_lookup(struct tlb *t, uint64_t va, unsigned asn)
{
	const struct tlb_entry *e = tlb_probe(t, va, asn);
	t->st.lookups++;
	t->st.misses += !e;
	return e;
}

bool tlb_insert(struct tlb *t, uint64_t va, unsigned asn, bool global, unsigned gh,
                uint64_t pfn, uint64_t pte, struct tlb_entry *gone)
{
	uint64_t vpn = (va >> TLB_PAGE_SHIFT) & ((1ull << 30) - 1) & gh_mask(gh & 3);
	struct tlb_entry *slot = NULL;
	for (unsigned i = 0; i < t->n && !slot; i++)
		if (t->e[i].valid && t->e[i].vpn == vpn && t->e[i].asn == (uint8_t)asn)
			slot = &t->e[i];
	if (!slot) {
		slot = &t->e[t->next];
		t->next = (t->next + 1) % t->n;
	}
	bool displaced = slot->valid;
	if (displaced)
		*gone = *slot;
	*slot = (struct tlb_entry){ .vpn = vpn, .pfn = pfn, .pte = pte, .asn = (uint8_t)asn,
	                            .gh = (uint8_t)(gh & 3), .asm_ = global, .valid = true };
	t->st.inserts++;
	return displaced;
}

void tlb_invalidate_all(struct tlb *t)
{
	for (unsigned i = 0; i < t->n; i++)
		t->e[i].valid = false;
	t->st.invalidates++;
}

void tlb_invalidate_proc(struct tlb *t)
{
	for (unsigned i = 0; i < t->n; i++)
		if (!t->e[i].asm_)
			t->e[i].valid = false;
	t->st.invalidates++;
}

void tlb_invalidate_va(struct tlb *t, uint64_t va, unsigned asn)
{
	uint64_t vpn = (va >> TLB_PAGE_SHIFT) & ((1ull << 30) - 1);
	for (unsigned i = 0; i < t->n; i++)
		if (match(&t->e[i], vpn, asn))
			t->e[i].valid = false;
	t->st.invalidates++;
}

const struct tlb_entry *tlb_read_next(struct tlb *t)
{
	const struct tlb_entry *e = &t->e[t->rd];
	t->rd = (t->rd + 1) % t->n;
	return e;
}

void tlb_json(const struct tlb *t, FILE *f, const char *indent, const char *name)
{
	fprintf(f, "%s\"%s\": { \"entries\": %u, \"lookups\": %llu, \"misses\": %llu, "
	        "\"inserts\": %llu, \"invalidates\": %llu },\n", indent, name, t->n,
	        (unsigned long long)t->st.lookups, (unsigned long long)t->st.misses,
	        (unsigned long long)t->st.inserts, (unsigned long long)t->st.invalidates);
}

/*
 * tlb.c - fully associative, ASN-tagged translation buffer (chip/tlb.h).
 */
#include "chip/tlb.h"
#include <string.h>

/* ---- the index (tlb.h) ------------------------------------------------- */

static unsigned bucket_of(uint64_t vpn, unsigned asn)
{
	return (unsigned)((vpn ^ (uint64_t)asn << 5) & (TLB_BUCKETS - 1));
}

/* Does entry e belong in the index? */
static bool plain(const struct tlb_entry *e)
{
	return e->valid && !e->asm_ && !e->gh;
}

static void index_add(struct tlb *t, unsigned i)
{
	if (!t->e[i].valid)
		return;
	if (!plain(&t->e[i])) {
		t->others++;
		return;
	}
	int16_t *b = &t->bucket[bucket_of(t->e[i].vpn, t->e[i].asn)];
	t->chain[i] = *b;
	*b = (int16_t)i;
}

static void index_remove(struct tlb *t, unsigned i)
{
	if (!t->e[i].valid)
		return;
	if (!plain(&t->e[i])) {
		t->others--;
		return;
	}
	int16_t *p = &t->bucket[bucket_of(t->e[i].vpn, t->e[i].asn)];
	while (*p != (int16_t)i)
		p = &t->chain[*p];
	*p = t->chain[i];
}

static void index_rebuild(struct tlb *t)
{
	memset(t->bucket, 0xff, sizeof t->bucket);
	t->others = 0;
	for (unsigned i = 0; i < t->n; i++)
		index_add(t, i);
}

/* The index's entry for (vpn, asn) among the plain ones, or -1. */
static int index_find(const struct tlb *t, uint64_t vpn, unsigned asn)
{
	for (int i = t->bucket[bucket_of(vpn, asn)]; i >= 0; i = t->chain[i])
		if (t->e[i].vpn == vpn && t->e[i].asn == asn)
			return i;
	return -1;
}

/* ---- the TB --------------------------------------------------------------- */

void tlb_init(struct tlb *t, unsigned entries, bool indexed)
{
	memset(t, 0, sizeof *t);
	t->n = entries < 1 ? 1 : entries > TLB_MAX ? TLB_MAX : entries;
	t->indexed = indexed;
	index_rebuild(t);
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
	if (t->indexed && !t->others) {
		int i = index_find(t, vpn, asn);
		return i < 0 ? NULL : &t->e[i];
	}
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
	if (t->indexed && !t->others) {
		int i = index_find(t, vpn, (uint8_t)asn);
		slot = i < 0 ? NULL : &t->e[i];
	} else
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
	unsigned i = (unsigned)(slot - t->e);
	if (t->indexed)
		index_remove(t, i);
	*slot = (struct tlb_entry){ .vpn = vpn, .pfn = pfn, .pte = pte, .asn = (uint8_t)asn,
	                            .gh = (uint8_t)(gh & 3), .asm_ = global, .valid = true };
	if (t->indexed)
		index_add(t, i);
	t->st.inserts++;
	return displaced;
}

void tlb_invalidate_all(struct tlb *t)
{
	for (unsigned i = 0; i < t->n; i++)
		t->e[i].valid = false;
	if (t->indexed)
		index_rebuild(t);
	t->st.invalidates++;
}

void tlb_invalidate_proc(struct tlb *t)
{
	for (unsigned i = 0; i < t->n; i++)
		if (!t->e[i].asm_)
			t->e[i].valid = false;
	if (t->indexed)
		index_rebuild(t);
	t->st.invalidates++;
}

void tlb_invalidate_va(struct tlb *t, uint64_t va, unsigned asn)
{
	uint64_t vpn = (va >> TLB_PAGE_SHIFT) & ((1ull << 30) - 1);
	for (unsigned i = 0; i < t->n; i++)
		if (match(&t->e[i], vpn, asn))
			t->e[i].valid = false;
	if (t->indexed)
		index_rebuild(t);
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

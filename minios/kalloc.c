/*
 * kalloc.c - the physical page allocator: pages never used are handed
 * out upwards from the end of the boot block, freed ones go on a list
 * threaded through the pages themselves, reached through kseg (as xv6's
 * kalloc.c), and are used first.
 *
 * Every page has a reference count, so that fork can share private
 * pages copy-on-write and MAP_SHARED pages between address spaces
 * (vm.c): kalloc gives a page with one reference, page_dup adds one,
 * kfree drops one and frees the page at zero.  The counts are an array
 * at the start of free memory, one per page after it.  One lock covers
 * the list and the counts (every other VM structure is under the big
 * kernel lock).
 */
#include "minios/defs.h"

struct run { struct run *next; };
static struct run *freelist;
static uint64_t base, next_pa, end;
static uint32_t *refs;
static struct spinlock lock = { .name = "kalloc" };

void kinit(uint64_t start_pa, uint64_t end_pa)
{
	uint64_t start = PGUP(start_pa);
	end = PGDOWN(end_pa);
	uint64_t npages = (end - start) >> PGSHIFT;
	refs = P2V(start);
	base = next_pa = start + PGUP(npages * sizeof *refs);
	memset(refs, 0, npages * sizeof *refs);
}

static uint32_t *ref_of(uint64_t pa)
{
	if ((pa & PGMASK) || pa < base || pa >= next_pa)
		panic("kalloc: 0x%lx is not an allocated page", pa);
	return &refs[(pa - base) >> PGSHIFT];
}

void kfree(uint64_t pa)
{
	acquire(&lock);
	uint32_t *r = ref_of(pa);
	if (!*r)
		panic("kfree: page 0x%lx is already free", pa);
	if (!--*r) {
		struct run *run = P2V(pa);
		run->next = freelist;
		freelist = run;
	}
	release(&lock);
}

void page_dup(uint64_t pa)
{
	acquire(&lock);
	++*ref_of(pa);
	release(&lock);
}

unsigned page_refs(uint64_t pa)
{
	acquire(&lock);
	unsigned n = *ref_of(pa);
	release(&lock);
	return n;
}

/* A page whose contents do not matter (the caller fills it), or 0. */
uint64_t kalloc_dirty(void)
{
	acquire(&lock);
	struct run *r = freelist;
	uint64_t pa = 0;
	if (r) {
		freelist = r->next;
		pa = V2P(r);
	} else if (next_pa < end) {
		pa = next_pa;
		next_pa += PGSIZE;
	}
	if (pa)
		*ref_of(pa) = 1;
	release(&lock);
	return pa;
}

uint64_t kalloc(void)
{
	uint64_t pa = kalloc_dirty();
	if (pa)
		memset(P2V(pa), 0, PGSIZE);
	return pa;
}

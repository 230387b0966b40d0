/*
 * kalloc.c - the physical page allocator: pages never used are handed
 * out upwards from the end of the boot block, freed ones go on a list
 * threaded through the pages themselves, reached through kseg (as xv6's
 * kalloc.c), and are used first.
 */
#include "minios/defs.h"

struct run { struct run *next; };
static struct run *freelist;
static uint64_t next_pa, end;

void kinit(uint64_t start_pa, uint64_t end_pa)
{
	next_pa = PGUP(start_pa);
	end = PGDOWN(end_pa);
}

void kfree(uint64_t pa)
{
	if (pa & PGMASK)
		panic("kfree: unaligned page %lx", pa);
	struct run *r = P2V(pa);
	r->next = freelist;
	freelist = r;
}

/* A page whose contents do not matter (the caller fills it), or 0. */
uint64_t kalloc_dirty(void)
{
	struct run *r = freelist;
	if (r) {
		freelist = r->next;
	} else if (next_pa < end) {
		r = P2V(next_pa);
		next_pa += PGSIZE;
	} else {
		return 0;
	}
	return V2P(r);
}

uint64_t kalloc(void)
{
	uint64_t pa = kalloc_dirty();
	if (pa)
		memset(P2V(pa), 0, PGSIZE);
	return pa;
}

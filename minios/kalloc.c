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
static uint64_t nfreelist;             /* pages on the free list */
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
		nfreelist++;
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
		nfreelist--;
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

/* Pages free now: on the list and never handed out. */
uint64_t kfree_pages(void)
{
	acquire(&lock);
	uint64_t n = nfreelist + ((end - next_pa) >> PGSHIFT);
	release(&lock);
	return n;
}

uint64_t kalloc(void)
{
	uint64_t pa = kalloc_dirty();
	if (pa)
		memset(P2V(pa), 0, PGSIZE);
	return pa;
}

/* ---- small objects: kmalloc ------------------------------------------ */

/* Power-of-two size classes from 32 bytes to a page, each a free list
 * of blocks carved from whole pages (never given back), so tables that
 * grow with use (open files, descriptor chunks, locks, directory paths)
 * cost memory only when used.  Under the big kernel lock. */
#define KM_MIN_SHIFT 5
#define KM_CLASSES   (PGSHIFT - KM_MIN_SHIFT + 1)
static struct run *km_free[KM_CLASSES];

static unsigned km_class(size_t n)
{
	unsigned c = 0;
	while ((size_t)1 << (c + KM_MIN_SHIFT) < n)
		c++;
	return c;
}

void *kmalloc(size_t n)
{
	if (!n || n > PGSIZE)
		panic("kmalloc: %lu bytes", (unsigned long)n);
	unsigned c = km_class(n);
	if (!km_free[c]) {
		uint64_t pa = kalloc_dirty();
		if (!pa)
			return NULL;
		size_t size = (size_t)1 << (c + KM_MIN_SHIFT);
		for (size_t off = 0; off < PGSIZE; off += size) {
			struct run *r = (struct run *)((char *)P2V(pa) + off);
			r->next = km_free[c];
			km_free[c] = r;
		}
	}
	struct run *r = km_free[c];
	km_free[c] = r->next;
	memset(r, 0, n);
	return r;
}

void kmfree(void *obj, size_t n)
{
	unsigned c = km_class(n);
	struct run *r = obj;
	r->next = km_free[c];
	km_free[c] = r;
}

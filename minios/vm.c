/*
 * vm.c - address spaces: the three-level page table PALcode walks on a
 * TB miss (docs/minios.md, "Page tables"; PTE format in pal/pal.h), the
 * list of mapped regions (VMAs), demand paging, copy-on-write, ASNs, and
 * the kernel's access to user memory.
 *
 * Pages are brought in when first touched: by the program (a TNV fault,
 * vm_fault) or by the kernel copying to or from user memory, which walks
 * the tables itself and reaches the page through kseg, so the kernel
 * never takes a fault on a user address.  A page comes zeroed, or read
 * from the mapping's file (a private copy).
 *
 * Copy-on-write is the Alpha way (Linux's pte_wrprotect sets _PAGE_FOW):
 * a private writable page shared after fork keeps UWE and gets FOW, so a
 * write is a FOW fault (ACV stays for real protection errors); the
 * fault copies the page unless this was its last sharer.  MAP_SHARED
 * anonymous pages are shared outright, so fork brings them all in first.
 *
 * Writable mappings are committed when made (vma_add, vma_protect,
 * mm_copy) against a limit of 7/8 of the memory free at boot, the rest
 * kept for the kernel's own pages and for read-only and executable
 * mappings, which are not counted (Linux's overcommit_memory = 2 with
 * overcommit_ratio covering all of RAM and no swap); mapping past it is
 * ENOMEM.  The main stack is reserved, not committed.
 */
#include "minios/defs.h"

_Static_assert(sizeof(struct mm) <= PGSIZE, "an mm is one page");

static uint64_t *table(uint64_t pa) { return P2V(pa); }
static uint64_t pte_pa(uint64_t pte) { return (pte >> PTE_PFN_SHIFT) << PGSHIFT; }
static uint64_t pte_make(uint64_t pa, uint64_t bits)
{
	return (pa >> PGSHIFT) << PTE_PFN_SHIFT | bits;
}

/* Level shifts: VA<42:33>, VA<32:23>, VA<22:13>. */
static const unsigned level_shift[3] = { 33, 23, 13 };
#define INDEX(va, l) (((va) >> level_shift[l]) & 1023)

/* ---- commitment ---------------------------------------------------- */

static uint64_t committed, commit_limit;       /* pages */

void vm_commit_init(void)
{
	uint64_t free = kfree_pages();
	commit_limit = free - free / 8;
}

uint64_t vm_committed(void) { return committed; }

static uint64_t commit_pages(const struct vma *v)
{
	bool counted = (v->prot & PROT_W) && !(v->flags & VMA_STACK);
	return counted ? (v->end - v->start) >> PGSHIFT : 0;
}

static int commit(uint64_t pages)
{
	if (pages > commit_limit - committed)
		return -ENOMEM;
	committed += pages;
	return 0;
}

/* ---- ASNs ------------------------------------------------------------ */

/* ASNs 1..127 are handed out in turn (0 is the reset state, never
 * given), so one comes back into use as late as possible; when every
 * one is taken, address spaces share the least used one (more than 127
 * processes).  A CPU's TB may hold entries of an address space that
 * used an ASN before, so each CPU remembers which address space (by a
 * number never reused) it last ran under each ASN and flushes (TBIAP)
 * before it runs another under it (vm_asn_enter): whether the ASN was
 * freed and given again, or is shared. */
#define NASN 128
static int asn_users[NASN];
static uint32_t asn_next = 1;
static uint64_t mm_ids;

static uint32_t asn_alloc(void)
{
	uint32_t best = 0;
	for (uint32_t i = 0; i < NASN - 1; i++) {
		uint32_t a = (asn_next - 1 + i) % (NASN - 1) + 1;
		if (!best || asn_users[a] < asn_users[best])
			best = a;
		if (!asn_users[a])
			break;
	}
	asn_users[best]++;
	asn_next = best % (NASN - 1) + 1;
	return best;
}

static void asn_free(uint32_t a)
{
	asn_users[a]--;
}

bool vm_asn_enter(struct mm *mm)
{
	struct cpu *c = mycpu();
	if (c->asn_mm[mm->asn] == mm->id)
		return false;
	c->asn_mm[mm->asn] = mm->id;
	return true;
}

/* ---- page tables ----------------------------------------------------- */

/* The level-3 PTE for va, making the tables on the way if alloc. */
uint64_t *vm_pte(uint64_t l1, uint64_t va, bool alloc)
{
	uint64_t pa = l1;
	for (int l = 0; l < 2; l++) {
		uint64_t *pte = &table(pa)[INDEX(va, l)];
		if (!(*pte & PTE_V)) {
			uint64_t np = alloc ? kalloc() : 0;
			if (!np)
				return NULL;
			*pte = pte_make(np, PTE_V | PTE_KRE | PTE_KWE);
		}
		pa = pte_pa(*pte);
	}
	return &table(pa)[INDEX(va, 2)];
}

/* PROT_NONE keeps the page (its contents survive a later mprotect) but
 * gives the user no access. */
uint64_t vm_pte_bits(unsigned prot)
{
	uint64_t b = PTE_V | PTE_KRE | PTE_KWE;
	if (prot & (PROT_R | PROT_W | PROT_X))
		b |= PTE_URE;
	if (prot & PROT_W)
		b |= PTE_UWE;
	if (!(prot & PROT_X))
		b |= PTE_FOE;
	return b;
}

/* The bits for page pa in v: FOW while a private writable page is
 * shared. */
static uint64_t pte_bits(const struct vma *v, uint64_t pa)
{
	bool cow = (v->prot & PROT_W) && !(v->flags & VMA_SHARED) && page_refs(pa) > 1;
	return vm_pte_bits(v->prot) | (cow ? PTE_FOW : 0);
}

/* Apply f to every valid level-3 PTE in [start, end), skipping absent
 * tables whole. */
static void vm_range(uint64_t l1, uint64_t start, uint64_t end,
                     void (*f)(uint64_t *pte, uint64_t va, void *arg), void *arg)
{
	for (uint64_t va = start; va < end; ) {
		uint64_t *p1 = &table(l1)[INDEX(va, 0)];
		if (!(*p1 & PTE_V)) {
			va = (va | ((1ul << 33) - 1)) + 1;
			continue;
		}
		uint64_t *p2 = &table(pte_pa(*p1))[INDEX(va, 1)];
		if (!(*p2 & PTE_V)) {
			va = (va | ((1ul << 23) - 1)) + 1;
			continue;
		}
		uint64_t *p3 = &table(pte_pa(*p2))[INDEX(va, 2)];
		if (*p3 & PTE_V)
			f(p3, va, arg);
		va += PGSIZE;
	}
}

static void pte_free(uint64_t *pte, uint64_t va, void *arg)
{
	(void)va, (void)arg;
	kfree(pte_pa(*pte));
	*pte = 0;
}

static void pte_reprotect(uint64_t *pte, uint64_t va, void *v)
{
	(void)va;
	*pte = pte_make(pte_pa(*pte), pte_bits(v, pte_pa(*pte)));
}

static void free_tables(uint64_t l1)
{
	for (int i = 0; i < 1024; i++) {
		uint64_t p1 = table(l1)[i];
		if (!(p1 & PTE_V))
			continue;
		for (int j = 0; j < 1024; j++)
			if (table(pte_pa(p1))[j] & PTE_V)
				kfree(pte_pa(table(pte_pa(p1))[j]));
		kfree(pte_pa(p1));
	}
	kfree(l1);
}

/* ---- pages on demand --------------------------------------------------- */

/* A private copy of the file page behind va; past the end of the file
 * it is zero (Linux would give SIGBUS for whole pages past it). */
static uint64_t file_page(const struct vma *v, uint64_t va)
{
	uint64_t pa = kalloc_dirty();
	if (!pa)
		return 0;
	int64_t n = hostfs_call(HOSTFS_PREAD, v->file->handle, pa, PGSIZE,
	                        v->off + (PGDOWN(va) - v->start), 0, 0);
	if (n < 0) {
		kfree(pa);
		return 0;
	}
	memset((char *)P2V(pa) + n, 0, PGSIZE - (uint64_t)n);
	return pa;
}

/* The PTE of va in v, its page present and good for `need`: brought in,
 * its copy-on-write broken for a write, its bits refreshed for a fetch;
 * NULL when memory or the file fails. */
static uint64_t *page_in(struct mm *mm, const struct vma *v, uint64_t va, unsigned need)
{
	uint64_t *pte = vm_pte(mm->l1, va, true);
	if (!pte)
		return NULL;
	if (!(*pte & PTE_V)) {
		uint64_t pa = v->file ? file_page(v, va) : kalloc();
		if (!pa)
			return NULL;
		*pte = pte_make(pa, vm_pte_bits(v->prot));
		return pte;
	}
	uint64_t pa = pte_pa(*pte);
	if ((need & PROT_W) && (*pte & PTE_FOW) && page_refs(pa) > 1) {
		uint64_t np = kalloc_dirty();
		if (!np)
			return NULL;
		memcpy(P2V(np), P2V(pa), PGSIZE);
		kfree(pa);
		pa = np;
	}
	uint64_t bits = pte_bits(v, pa);
	if (pte_make(pa, bits) != *pte) {
		*pte = pte_make(pa, bits);
		tlb_shootdown(mm);
	}
	return pte;
}

/* May a `need` access (one PROT_* bit) touch v?  Any access right
 * allows reading, as URE does. */
static bool allowed(const struct vma *v, unsigned need)
{
	return need == PROT_R ? v->prot != 0 : (v->prot & need) != 0;
}

int vm_fault(struct proc *p, uint64_t va, uint64_t mmcsr, int64_t cause)
{
	unsigned need = cause < 0 ? PROT_X : cause ? PROT_W : PROT_R;
	struct vma *v = vma_find(p->mm, va);
	if (!v || !allowed(v, need) || mmcsr == MMCSR_ACV || mmcsr == MMCSR_FOR)
		return -EFAULT;
	return page_in(p->mm, v, va, need) ? 0 : -ENOMEM;
}

void *vm_kpage(struct mm *mm, uint64_t va)
{
	struct vma *v = vma_find(mm, va);
	uint64_t *pte = v ? page_in(mm, v, va, PROT_W) : NULL;
	return pte ? (char *)P2V(pte_pa(*pte)) + (va & PGMASK) : NULL;
}

/* ---- address spaces ---------------------------------------------------- */

static void vma_hold(const struct vma *v)
{
	if (v->file)
		file_dup(v->file);
	if (v->img)
		image_dup(v->img);
}

static void vma_release(const struct vma *v)
{
	if (v->file)
		file_close(v->file);
	if (v->img)
		image_put(v->img);
}

struct mm *mm_create(void)
{
	uint64_t pa = kalloc();
	if (!pa)
		return NULL;
	struct mm *mm = P2V(pa);
	mm->l1 = kalloc();
	if (!mm->l1) {
		kfree(pa);
		return NULL;
	}
	mm->asn = asn_alloc();
	mm->id = ++mm_ids;
	mm->ref = 1;
	mm->mmap_next = MMAP_BASE;
	return mm;
}

void mm_put(struct mm *mm)
{
	if (--mm->ref > 0)
		return;
	for (int i = 0; i < mm->nvma; i++) {
		vm_range(mm->l1, mm->vma[i].start, mm->vma[i].end, pte_free, NULL);
		committed -= commit_pages(&mm->vma[i]);
		vma_release(&mm->vma[i]);
	}
	free_tables(mm->l1);
	asn_free(mm->asn);
	kfree(V2P(mm));
}

struct fork_copy { struct mm *child; const struct vma *v; bool failed; };

/* Share one present page with the child: both lose write access to a
 * private page until one of them writes (page_in). */
static void pte_share(uint64_t *pte, uint64_t va, void *arg)
{
	struct fork_copy *fc = arg;
	uint64_t *c = vm_pte(fc->child->l1, va, true);
	if (!c) {
		fc->failed = true;
		return;
	}
	page_dup(pte_pa(*pte));
	*pte = pte_make(pte_pa(*pte), pte_bits(fc->v, pte_pa(*pte)));
	*c = *pte;
}

struct mm *mm_copy(struct mm *parent)
{
	struct mm *c = mm_create();
	if (!c)
		return NULL;
	c->brk_start = parent->brk_start;
	c->brk = parent->brk;
	c->mmap_next = parent->mmap_next;
	struct fork_copy fc = { c, NULL, false };
	for (int i = 0; i < parent->nvma && !fc.failed; i++) {
		const struct vma *v = &parent->vma[i];
		if (commit(commit_pages(v))) {
			fc.failed = true;
			break;
		}
		c->vma[c->nvma++] = *v;
		vma_hold(v);
		if (v->flags & VMA_SHARED)     /* every page, so both see the same */
			for (uint64_t va = v->start; va < v->end && !fc.failed; va += PGSIZE)
				fc.failed = !page_in(parent, v, va, PROT_R);
		fc.v = v;
		if (!fc.failed)
			vm_range(parent->l1, v->start, v->end, pte_share, &fc);
	}
	tlb_shootdown(parent);
	if (fc.failed) {
		mm_put(c);
		return NULL;
	}
	return c;
}

/* ---- VMAs: a sorted array of non-overlapping page ranges ------------ */

/* Make addr a boundary between VMAs. */
static int vma_split(struct mm *mm, uint64_t addr)
{
	for (int i = 0; i < mm->nvma; i++) {
		struct vma *v = &mm->vma[i];
		if (v->start < addr && addr < v->end) {
			if (mm->nvma == NVMA)
				return -ENOMEM;
			memmove(v + 1, v, (size_t)(mm->nvma - i) * sizeof *v);
			mm->nvma++;
			v->end = addr;
			v[1].start = addr;
			v[1].off += addr - v->start;
			vma_hold(&v[1]);
			return 0;
		}
	}
	return 0;
}

/* Join neighbours that map the same thing the same way. */
static void vma_merge(struct mm *mm)
{
	for (int i = 0; i + 1 < mm->nvma; ) {
		struct vma *v = &mm->vma[i], *w = v + 1;
		bool backed = v->file || v->img;
		if (v->end == w->start && v->prot == w->prot && v->flags == w->flags &&
		    v->file == w->file && v->img == w->img &&
		    (!backed || w->off == v->off + (v->end - v->start))) {
			v->end = w->end;
			vma_release(w);
			memmove(w, w + 1, (size_t)(mm->nvma - i - 2) * sizeof *v);
			mm->nvma--;
		} else {
			i++;
		}
	}
}

bool vma_free_range(struct mm *mm, uint64_t start, uint64_t end)
{
	for (int i = 0; i < mm->nvma; i++)
		if (mm->vma[i].start < end && start < mm->vma[i].end)
			return false;
	return true;
}

/* A free range of len bytes in the mmap area, first fit from mmap_next
 * (Linux/Alpha allocates bottom-up from TASK_UNMAPPED_BASE). */
uint64_t vma_find_free(struct mm *mm, uint64_t len)
{
	for (uint64_t a = mm->mmap_next; a + len <= USER_END && a + len > a; ) {
		bool clash = false;
		for (int i = 0; i < mm->nvma && !clash; i++)
			if (mm->vma[i].start < a + len && a < mm->vma[i].end) {
				clash = true;
				a = mm->vma[i].end;
			}
		if (!clash)
			return a;
	}
	return 0;
}

int vma_add(struct mm *mm, const struct vma *nv)
{
	if (mm->nvma == NVMA || commit(commit_pages(nv)))
		return -ENOMEM;
	int i = 0;
	while (i < mm->nvma && mm->vma[i].start < nv->start)
		i++;
	memmove(&mm->vma[i + 1], &mm->vma[i], (size_t)(mm->nvma - i) * sizeof mm->vma[0]);
	mm->vma[i] = *nv;
	vma_hold(nv);
	mm->nvma++;
	vma_merge(mm);
	return 0;
}

int vma_remove(struct mm *mm, uint64_t start, uint64_t end)
{
	int err = vma_split(mm, start);
	if (!err)
		err = vma_split(mm, end);
	if (err)
		return err;
	for (int i = 0; i < mm->nvma; ) {
		struct vma *v = &mm->vma[i];
		if (v->start >= start && v->end <= end) {
			vm_range(mm->l1, v->start, v->end, pte_free, NULL);
			committed -= commit_pages(v);
			vma_release(v);
			memmove(v, v + 1, (size_t)(mm->nvma - i - 1) * sizeof *v);
			mm->nvma--;
		} else {
			i++;
		}
	}
	tlb_shootdown(mm);
	return 0;
}

int vma_protect(struct mm *mm, uint64_t start, uint64_t end, unsigned prot)
{
	int err = vma_split(mm, start);
	if (!err)
		err = vma_split(mm, end);
	if (err)
		return err;
	/* what becomes writable is committed first, all or nothing */
	uint64_t more = 0, less = 0;
	for (int i = 0; i < mm->nvma; i++) {
		struct vma *v = &mm->vma[i], after = *v;
		after.prot = prot;
		if (v->start >= start && v->end <= end) {
			more += commit_pages(&after) > commit_pages(v) ? commit_pages(&after) : 0;
			less += commit_pages(&after) < commit_pages(v) ? commit_pages(v) : 0;
		}
	}
	if (commit(more))
		return -ENOMEM;
	committed -= less;
	for (int i = 0; i < mm->nvma; i++) {
		struct vma *v = &mm->vma[i];
		if (v->start >= start && v->end <= end) {
			v->prot = prot;
			vm_range(mm->l1, v->start, v->end, pte_reprotect, v);
		}
	}
	vma_merge(mm);
	tlb_shootdown(mm);
	return 0;
}

/* Move the mapping [from, from+len), inside one VMA, to the free range
 * at to, its pages with it (mremap). */
int vma_move(struct mm *mm, uint64_t from, uint64_t len, uint64_t to)
{
	struct vma *v = vma_find(mm, from);
	if (!v)
		return -ENOMEM;
	struct vma nv = *v;
	nv.off += from - v->start;
	nv.start = to;
	nv.end = to + len;
	if (vma_add(mm, &nv))
		return -ENOMEM;
	for (uint64_t off = 0; off < len; off += PGSIZE) {
		uint64_t *old = vm_pte(mm->l1, from + off, false);
		if (!old || !(*old & PTE_V))
			continue;
		uint64_t *new = vm_pte(mm->l1, to + off, true);
		if (!new)
			return -ENOMEM;
		*new = *old;
		*old = 0;
	}
	return vma_remove(mm, from, from + len);
}

/* Drop the private pages in [start, end) (MADV_DONTNEED): they come
 * back zero, or from the file, when next touched.  Shared ones stay,
 * since another address space may use them.  -ENOMEM if part of the
 * range is not mapped (the rest is still done, as Linux does). */
int vma_discard(struct mm *mm, uint64_t start, uint64_t end)
{
	uint64_t covered = 0;
	for (int i = 0; i < mm->nvma; i++) {
		const struct vma *v = &mm->vma[i];
		uint64_t a = v->start > start ? v->start : start;
		uint64_t b = v->end < end ? v->end : end;
		if (a >= b)
			continue;
		covered += b - a;
		if (!(v->flags & VMA_SHARED))
			vm_range(mm->l1, a, b, pte_free, NULL);
	}
	tlb_shootdown(mm);
	return covered == end - start ? 0 : -ENOMEM;
}

struct vma *vma_find(struct mm *mm, uint64_t va)
{
	for (int i = 0; i < mm->nvma; i++)
		if (mm->vma[i].start <= va && va < mm->vma[i].end)
			return &mm->vma[i];
	return NULL;
}

/* ---- user memory ---------------------------------------------------- */

/* The kernel address of user byte va for an access needing `need`
 * (PROT_R, PROT_W or PROT_X), bringing the page in as a fault would;
 * NULL when the access is not allowed or memory ran out. */
void *uvm_page(struct proc *p, uint64_t va, unsigned need)
{
	struct vma *v = vma_find(p->mm, va);
	uint64_t *pte = v && allowed(v, need) ? page_in(p->mm, v, va, need) : NULL;
	return pte ? (char *)P2V(pte_pa(*pte)) + (va & PGMASK) : NULL;
}

int copyin(struct proc *p, void *dst, uint64_t uva, size_t n)
{
	char *d = dst;
	while (n) {
		size_t k = PGSIZE - (uva & PGMASK);
		if (k > n)
			k = n;
		const char *s = uvm_page(p, uva, PROT_R);
		if (!s)
			return -EFAULT;
		memcpy(d, s, k);
		d += k, uva += k, n -= k;
	}
	return 0;
}

int copyout(struct proc *p, uint64_t uva, const void *src, size_t n)
{
	const char *s = src;
	while (n) {
		size_t k = PGSIZE - (uva & PGMASK);
		if (k > n)
			k = n;
		char *d = uvm_page(p, uva, PROT_W);
		if (!d)
			return -EFAULT;
		memcpy(d, s, k);
		s += k, uva += k, n -= k;
	}
	return 0;
}

/* A NUL-terminated user string into dst[max]: its length, -EFAULT, or
 * -ENAMETOOLONG when it does not fit. */
int64_t copyinstr(struct proc *p, char *dst, uint64_t uva, size_t max)
{
	for (size_t i = 0; i < max; i++, uva++) {
		const char *s = uvm_page(p, uva, PROT_R);
		if (!s)
			return -EFAULT;
		if (!(dst[i] = *s))
			return (int64_t)i;
	}
	return -ENAMETOOLONG;
}

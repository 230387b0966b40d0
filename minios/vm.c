/*
 * vm.c - address spaces: the three-level page table PALcode walks on a
 * TB miss (docs/minios.md, "Page tables"; PTE format in pal/pal.h), the
 * process's list of mapped regions (VMAs) and demand-zero paging, and
 * the kernel's access to user memory.
 *
 * Pages are allocated when first touched: by the program (a TNV fault,
 * trap.c) or by the kernel copying to or from user memory, which walks
 * the tables itself and reaches the page through kseg, so the kernel
 * never takes a fault on a user address.
 */
#include "minios/defs.h"

static uint64_t *table(uint64_t pa) { return P2V(pa); }
static uint64_t pte_pa(uint64_t pte) { return (pte >> PTE_PFN_SHIFT) << PGSHIFT; }
static uint64_t pte_make(uint64_t pa, uint64_t bits)
{
	return (pa >> PGSHIFT) << PTE_PFN_SHIFT | bits;
}

/* Level shifts: VA<42:33>, VA<32:23>, VA<22:13>. */
static const unsigned level_shift[3] = { 33, 23, 13 };
#define INDEX(va, l) (((va) >> level_shift[l]) & 1023)

uint64_t vm_create(void) { return kalloc(); }

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

/* Apply f to every valid level-3 PTE in [start, end), skipping absent
 * tables whole. */
static void vm_range(uint64_t l1, uint64_t start, uint64_t end,
                     void (*f)(uint64_t *pte, uint64_t arg), uint64_t arg)
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
			f(p3, arg);
		va += PGSIZE;
	}
}

static void pte_free(uint64_t *pte, uint64_t arg)
{
	(void)arg;
	kfree(pte_pa(*pte));
	*pte = 0;
}

static void pte_reprotect(uint64_t *pte, uint64_t bits)
{
	*pte = pte_make(pte_pa(*pte), bits);
}

void tlb_flush_user(void) { pal_tbi(-1, 0); }      /* TBIAP */

/* ---- VMAs: a sorted array of non-overlapping page ranges ------------ */

/* Make addr a boundary between VMAs. */
static int vma_split(struct proc *p, uint64_t addr)
{
	for (int i = 0; i < p->mm->nvma; i++) {
		struct vma *v = &p->mm->vma[i];
		if (v->start < addr && addr < v->end) {
			if (p->mm->nvma == NVMA)
				return -ENOMEM;
			memmove(v + 1, v, (size_t)(p->mm->nvma - i) * sizeof *v);
			p->mm->nvma++;
			v->end = addr;
			v[1].start = addr;
			return 0;
		}
	}
	return 0;
}

/* Join neighbours with the same protection. */
static void vma_merge(struct proc *p)
{
	for (int i = 0; i + 1 < p->mm->nvma; ) {
		struct vma *v = &p->mm->vma[i];
		if (v->end == v[1].start && v->prot == v[1].prot) {
			v->end = v[1].end;
			memmove(v + 1, v + 2, (size_t)(p->mm->nvma - i - 2) * sizeof *v);
			p->mm->nvma--;
		} else {
			i++;
		}
	}
}

bool vma_free_range(struct proc *p, uint64_t start, uint64_t end)
{
	for (int i = 0; i < p->mm->nvma; i++)
		if (p->mm->vma[i].start < end && start < p->mm->vma[i].end)
			return false;
	return true;
}

int vma_add(struct proc *p, uint64_t start, uint64_t end, unsigned prot)
{
	if (p->mm->nvma == NVMA)
		return -ENOMEM;
	int i = 0;
	while (i < p->mm->nvma && p->mm->vma[i].start < start)
		i++;
	memmove(&p->mm->vma[i + 1], &p->mm->vma[i], (size_t)(p->mm->nvma - i) * sizeof p->mm->vma[0]);
	p->mm->vma[i] = (struct vma){ start, end, prot };
	p->mm->nvma++;
	vma_merge(p);
	return 0;
}

int vma_remove(struct proc *p, uint64_t start, uint64_t end)
{
	int err = vma_split(p, start);
	if (!err)
		err = vma_split(p, end);
	if (err)
		return err;
	for (int i = 0; i < p->mm->nvma; ) {
		struct vma *v = &p->mm->vma[i];
		if (v->start >= start && v->end <= end) {
			vm_range(p->mm->l1, v->start, v->end, pte_free, 0);
			memmove(v, v + 1, (size_t)(p->mm->nvma - i - 1) * sizeof *v);
			p->mm->nvma--;
		} else {
			i++;
		}
	}
	tlb_flush_user();
	return 0;
}

int vma_protect(struct proc *p, uint64_t start, uint64_t end, unsigned prot)
{
	int err = vma_split(p, start);
	if (!err)
		err = vma_split(p, end);
	if (err)
		return err;
	for (int i = 0; i < p->mm->nvma; i++) {
		struct vma *v = &p->mm->vma[i];
		if (v->start >= start && v->end <= end) {
			v->prot = prot;
			if (prot)
				vm_range(p->mm->l1, v->start, v->end, pte_reprotect,
				         vm_pte_bits(prot));
			else
				vm_range(p->mm->l1, v->start, v->end, pte_free, 0);
		}
	}
	vma_merge(p);
	tlb_flush_user();
	return 0;
}

/* Move the mapping [from, from+len) to the free range at to, its pages
 * with it (mremap). */
int vma_move(struct proc *p, uint64_t from, uint64_t len, uint64_t to)
{
	struct vma *v = vma_find(p, from);
	if (!v || vma_add(p, to, to + len, v->prot))
		return -ENOMEM;
	for (uint64_t off = 0; off < len; off += PGSIZE) {
		uint64_t *old = vm_pte(p->mm->l1, from + off, false);
		if (!old || !(*old & PTE_V))
			continue;
		uint64_t *new = vm_pte(p->mm->l1, to + off, true);
		if (!new)
			return -ENOMEM;
		*new = *old;
		*old = 0;
	}
	return vma_remove(p, from, from + len);
}

struct vma *vma_find(struct proc *p, uint64_t va)
{
	for (int i = 0; i < p->mm->nvma; i++)
		if (p->mm->vma[i].start <= va && va < p->mm->vma[i].end)
			return &p->mm->vma[i];
	return NULL;
}

/* ---- user memory ---------------------------------------------------- */

/* The kernel address of user byte va for an access needing `need`
 * (PROT_R, PROT_W or PROT_X), allocating a zero page on first touch;
 * NULL when the access is not allowed or memory ran out. */
void *uvm_page(struct proc *p, uint64_t va, unsigned need)
{
	struct vma *v = vma_find(p, va);
	if (!v || !(v->prot & need) || (need == PROT_R && !v->prot))
		return NULL;
	uint64_t *pte = vm_pte(p->mm->l1, va, true);
	if (!pte)
		return NULL;
	if (!(*pte & PTE_V)) {
		uint64_t pa = kalloc();
		if (!pa)
			return NULL;
		*pte = pte_make(pa, vm_pte_bits(v->prot));
	}
	return (char *)P2V(pte_pa(*pte)) + (va & PGMASK);
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

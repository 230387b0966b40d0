/*
 * sysmem.c - the memory system calls: brk, mmap (anonymous), munmap,
 * mremap, mprotect, madvise.  Linux/Alpha conventions: osf_brk fails with
 * -ENOMEM, osf_mmap takes a byte offset (arch/alpha/kernel/osf_sys.c);
 * MAP_* values from the cross toolchain's asm/mman.h.  Mappings are
 * VMAs; their pages come on first touch (vm.c).
 */
#include "minios/defs.h"
#include <linux/mman.h>

int64_t sys_brk(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t want = ARG(tf, 0), top = PGUP(p->mm->brk), ntop = PGUP(want);
	if (!want || want < p->mm->brk_start)
		return (int64_t)p->mm->brk;
	if (ntop > top) {
		if (ntop > MMAP_BASE || !vma_free_range(p, top, ntop) ||
		    vma_add(p, top, ntop, PROT_R | PROT_W))
			return -ENOMEM;
	} else if (ntop < top && vma_remove(p, ntop, top)) {
		return -ENOMEM;
	}
	p->mm->brk = want;
	return (int64_t)want;
}

/* A free range of len bytes at or above hint, first fit from mmap_next. */
static uint64_t find_free(struct proc *p, uint64_t len)
{
	for (uint64_t a = p->mm->mmap_next; a + len <= USER_END && a + len > a; ) {
		bool clash = false;
		for (int i = 0; i < p->mm->nvma && !clash; i++)
			if (p->mm->vma[i].start < a + len && a < p->mm->vma[i].end) {
				clash = true;
				a = p->mm->vma[i].end;
			}
		if (!clash)
			return a;
	}
	return 0;
}

int64_t sys_mmap(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1)), flags = ARG(tf, 3);
	unsigned prot = (unsigned)ARG(tf, 2) & (PROT_R | PROT_W | PROT_X);
	if (!len || (addr & PGMASK) || (ARG(tf, 5) & PGMASK))
		return -EINVAL;
	if (!(flags & MAP_ANONYMOUS))
		return -ENODEV;              /* file mappings: not yet */
	if ((flags & MAP_TYPE) != MAP_PRIVATE && (flags & MAP_TYPE) != MAP_SHARED)
		return -EINVAL;
	if (flags & MAP_FIXED) {
		if (addr + len > USER_END || addr + len < addr)
			return -ENOMEM;
		if (vma_remove(p, addr, addr + len))
			return -ENOMEM;
	} else if (!addr || addr + len > USER_END || !vma_free_range(p, addr, addr + len)) {
		addr = find_free(p, len);
		if (!addr)
			return -ENOMEM;
	}
	if (vma_add(p, addr, addr + len, prot))
		return -ENOMEM;
	return (int64_t)addr;
}

int64_t sys_munmap(struct trapframe *tf)
{
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1));
	if ((addr & PGMASK) || !len || addr + len > USER_END)
		return -EINVAL;
	return vma_remove(proc_current(), addr, addr + len);
}

/* mremap(old, old_len, new_len, flags): shrink in place, grow in place
 * when the pages after it are free, else move if MREMAP_MAYMOVE. */
int64_t sys_mremap(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t old = ARG(tf, 0), olen = PGUP(ARG(tf, 1)), nlen = PGUP(ARG(tf, 2));
	if ((old & PGMASK) || !nlen || (ARG(tf, 3) & ~MREMAP_MAYMOVE))
		return -EINVAL;
	struct vma *v = vma_find(p, old);
	if (!v || old + olen > v->end)
		return -EFAULT;
	if (nlen <= olen)
		return nlen < olen && vma_remove(p, old + nlen, old + olen) ? -ENOMEM
		                                                        : (int64_t)old;
	if (old + nlen <= USER_END && vma_free_range(p, old + olen, old + nlen))
		return vma_add(p, old + olen, old + nlen, v->prot) ? -ENOMEM : (int64_t)old;
	if (!(ARG(tf, 3) & MREMAP_MAYMOVE))
		return -ENOMEM;
	uint64_t to = find_free(p, nlen);
	if (!to || vma_move(p, old, olen, to))
		return -ENOMEM;
	return vma_add(p, to + olen, to + nlen, vma_find(p, to)->prot) ? -ENOMEM
	                                                               : (int64_t)to;
}

int64_t sys_mprotect(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1));
	if (addr & PGMASK)
		return -EINVAL;
	for (uint64_t a = addr; a < addr + len; ) {   /* all of it mapped */
		struct vma *v = vma_find(p, a);
		if (!v)
			return -ENOMEM;
		a = v->end;
	}
	return vma_protect(p, addr, addr + len,
	                   (unsigned)ARG(tf, 2) & (PROT_R | PROT_W | PROT_X));
}

int64_t sys_madvise(struct trapframe *tf) { (void)tf; return 0; }

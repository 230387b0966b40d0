/*
 * sysmem.c - the memory system calls: brk, mmap, munmap, mremap,
 * mprotect, madvise.  Linux/Alpha conventions: osf_brk fails with
 * -ENOMEM, osf_mmap takes a byte offset (arch/alpha/kernel/osf_sys.c);
 * MAP_* values from the cross toolchain's asm/mman.h.  Mappings are
 * VMAs; their pages come on first touch (vm.c).
 *
 * File mappings are private copies, read a page at a time on first
 * touch; the mapping keeps a reference on the open file.  MAP_SHARED of
 * a file is accepted while it cannot be written (nothing could tell the
 * difference); a writable shared file mapping is ENODEV, as for a file
 * system without mmap.  An executable file mapping is an image load
 * (image.c).
 */
#include "minios/defs.h"
#include <asm/fcntl.h>
#include <linux/mman.h>

int64_t sys_brk(struct trapframe *tf)
{
	struct mm *mm = proc_current()->mm;
	uint64_t want = ARG(tf, 0), top = PGUP(mm->brk), ntop = PGUP(want);
	if (!want || want < mm->brk_start)
		return (int64_t)mm->brk;
	if (ntop > top) {
		struct vma v = { .start = top, .end = ntop, .prot = PROT_R | PROT_W };
		if (ntop > MMAP_BASE || !vma_free_range(mm, top, ntop) || vma_add(mm, &v))
			return -ENOMEM;
	} else if (ntop < top && vma_remove(mm, ntop, top)) {
		return -ENOMEM;
	}
	mm->brk = want;
	return (int64_t)want;
}

/* The open file fd as the backing of a mapping with prot and flags. */
static int64_t map_file(struct proc *p, int64_t fd, unsigned prot, uint64_t flags,
                        struct file **fp)
{
	struct file *f = fd_get(p, fd);
	if (!f)
		return -EBADF;
	if (f->type != F_HOSTFS || f->dir)
		return -ENODEV;
	if ((f->flags & O_ACCMODE) == O_WRONLY)
		return -EACCES;
	if ((flags & MAP_TYPE) == MAP_SHARED && (prot & PROT_W))
		return -ENODEV;
	*fp = f;
	return 0;
}

int64_t sys_mmap(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct mm *mm = p->mm;
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1)), flags = ARG(tf, 3);
	unsigned prot = (unsigned)ARG(tf, 2) & (PROT_R | PROT_W | PROT_X);
	struct vma v = { .prot = prot, .off = ARG(tf, 5) };
	if (!len || (addr & PGMASK) || (v.off & PGMASK))
		return -EINVAL;
	if ((flags & MAP_TYPE) != MAP_PRIVATE && (flags & MAP_TYPE) != MAP_SHARED)
		return -EINVAL;
	v.flags = (flags & MAP_TYPE) == MAP_SHARED ? VMA_SHARED : 0;
	if (flags & MAP_ANONYMOUS) {
		v.off = 0;
	} else {
		int64_t err = map_file(p, (int64_t)ARG(tf, 4), prot, flags, &v.file);
		if (err)
			return err;
	}
	if (flags & MAP_FIXED) {
		if (addr + len > USER_END || addr + len < addr)
			return -ENOMEM;
		if (vma_remove(mm, addr, addr + len))
			return -ENOMEM;
	} else if (!addr || addr + len > USER_END || !vma_free_range(mm, addr, addr + len)) {
		addr = vma_find_free(mm, len);
		if (!addr)
			return -ENOMEM;
	}
	v.start = addr;
	v.end = addr + len;
	if (v.file && (prot & PROT_X))
		v.img = image_load(p, v.file->handle, addr, len, v.off);
	int err = vma_add(mm, &v);
	if (v.img)
		image_put(v.img);            /* the VMA holds its own reference */
	return err ? -ENOMEM : (int64_t)addr;
}

int64_t sys_munmap(struct trapframe *tf)
{
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1));
	if ((addr & PGMASK) || !len || addr + len > USER_END)
		return -EINVAL;
	return vma_remove(proc_current()->mm, addr, addr + len);
}

/* mremap(old, old_len, new_len, flags): shrink in place, grow in place
 * when the pages after it are free, else move if MREMAP_MAYMOVE.  The
 * grown part continues the mapping (the same file, the next offsets). */
int64_t sys_mremap(struct trapframe *tf)
{
	struct mm *mm = proc_current()->mm;
	uint64_t old = ARG(tf, 0), olen = PGUP(ARG(tf, 1)), nlen = PGUP(ARG(tf, 2));
	if ((old & PGMASK) || !nlen || (ARG(tf, 3) & ~MREMAP_MAYMOVE))
		return -EINVAL;
	struct vma *v = vma_find(mm, old);
	if (!v || old + olen > v->end)
		return -EFAULT;
	if (nlen <= olen)
		return nlen < olen && vma_remove(mm, old + nlen, old + olen) ? -ENOMEM
		                                                        : (int64_t)old;
	struct vma grow = *v;
	grow.off += old + olen - v->start;
	uint64_t at = old;
	if (old + nlen > USER_END || !vma_free_range(mm, old + olen, old + nlen)) {
		if (!(ARG(tf, 3) & MREMAP_MAYMOVE))
			return -ENOMEM;
		at = vma_find_free(mm, nlen);
		if (!at || vma_move(mm, old, olen, at))
			return -ENOMEM;
	}
	grow.start = at + olen;
	grow.end = at + nlen;
	return vma_add(mm, &grow) ? -ENOMEM : (int64_t)at;
}

int64_t sys_mprotect(struct trapframe *tf)
{
	struct mm *mm = proc_current()->mm;
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1));
	unsigned prot = (unsigned)ARG(tf, 2) & (PROT_R | PROT_W | PROT_X);
	if (addr & PGMASK)
		return -EINVAL;
	for (uint64_t a = addr; a < addr + len; ) {   /* all of it mapped */
		struct vma *v = vma_find(mm, a);
		if (!v)
			return -ENOMEM;
		if (v->file && (v->flags & VMA_SHARED) && (prot & PROT_W))
			return -EACCES;          /* no writable shared file maps */
		a = v->end;
	}
	return vma_protect(mm, addr, addr + len, prot);
}

/* madvise: MADV_DONTNEED gives the range fresh pages on the next touch
 * (Linux's zap_page_range); other advice changes nothing here. */
int64_t sys_madvise(struct trapframe *tf)
{
	uint64_t addr = ARG(tf, 0), len = PGUP(ARG(tf, 1));
	if ((addr & PGMASK) || addr + len > USER_END || addr + len < addr)
		return -EINVAL;
	if (ARG(tf, 2) != MADV_DONTNEED || !len)
		return 0;
	return vma_discard(proc_current()->mm, addr, addr + len);
}

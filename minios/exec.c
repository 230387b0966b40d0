/*
 * exec.c - loading a static Linux/Alpha ELF executable read through
 * hostfs, and its initial stack as Linux lays it out (fs/binfmt_elf.c
 * create_elf_tables; arch/alpha/include/asm/elf.h for the Alpha auxv):
 *
 *   sp -> argc, argv[0..argc-1], NULL, envp[...], NULL, auxv pairs,
 *         AT_NULL; then (upwards) 16 random bytes, the platform string,
 *         the argument and environment strings, the file name.
 *
 * ELF64 structures: the System V gABI (only the fields used here).
 */
#include "minios/defs.h"

struct ehdr {
	uint8_t  ident[16];
	uint16_t type, machine;
	uint32_t version;
	uint64_t entry, phoff, shoff;
	uint32_t flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};
struct phdr {
	uint32_t type, flags;
	uint64_t offset, vaddr, paddr, filesz, memsz, align;
};
enum { ET_EXEC = 2, EM_ALPHA = 0x9026, PT_LOAD = 1, PT_INTERP = 3, PT_PHDR = 6 };
enum { PF_X = 1, PF_W = 2, PF_R = 4 };
enum {
	AT_NULL = 0, AT_PHDR = 3, AT_PHENT = 4, AT_PHNUM = 5, AT_PAGESZ = 6,
	AT_BASE = 7, AT_FLAGS = 8, AT_ENTRY = 9, AT_UID = 11, AT_EUID = 12,
	AT_GID = 13, AT_EGID = 14, AT_PLATFORM = 15, AT_HWCAP = 16,
	AT_CLKTCK = 17, AT_SECURE = 23, AT_RANDOM = 25, AT_EXECFN = 31,
};

static int64_t pread(uint64_t h, void *kbuf, uint64_t n, uint64_t off)
{
	return hostfs_call(HOSTFS_PREAD, h, V2P(kbuf), n, off, 0, 0);
}

/* Map and fill one PT_LOAD segment: the file part is read straight into
 * the pages, the rest of a new page is zeroed. */
static int load_segment(struct proc *p, uint64_t h, const struct phdr *ph)
{
	unsigned prot = (ph->flags & PF_R ? PROT_R : 0) | (ph->flags & PF_W ? PROT_W : 0) |
	                (ph->flags & PF_X ? PROT_X : 0);
	uint64_t start = PGDOWN(ph->vaddr), end = PGUP(ph->vaddr + ph->memsz);
	if (ph->filesz > ph->memsz || end > USER_END || end < start)
		return -ENOEXEC;
	for (uint64_t va = start; va < end; va += PGSIZE) {
		uint64_t *pte = vm_pte(p->mm->l1, va, true);
		if (!pte)
			return -ENOMEM;
		uint64_t from = va > ph->vaddr ? va : ph->vaddr;
		uint64_t to = va + PGSIZE < ph->vaddr + ph->filesz ? va + PGSIZE
		                                                   : ph->vaddr + ph->filesz;
		if (to < from)
			to = from;
		if (!(*pte & PTE_V)) {
			uint64_t pa = kalloc_dirty();
			if (!pa)
				return -ENOMEM;
			char *page = P2V(pa);
			memset(page, 0, from - va);
			memset(page + (to - va), 0, va + PGSIZE - to);
			*pte = (pa >> PGSHIFT) << PTE_PFN_SHIFT | vm_pte_bits(prot);
		} else {
			/* a page shared with the previous segment: both rights */
			struct vma *v = vma_find(p, va);
			unsigned both = prot | (v ? v->prot : 0);
			*pte = (*pte & ~0xffffffffull) | vm_pte_bits(both);
		}
		if (from < to) {
			uint64_t pa = (*pte >> PTE_PFN_SHIFT) << PGSHIFT;
			uint64_t n = to - from;
			if (pread(h, P2V(pa + (from & PGMASK)), n,
			          ph->offset + (from - ph->vaddr)) != (int64_t)n)
				return -EIO;
		}
	}
	while (start < end && vma_find(p, start))
		start += PGSIZE;
	return start < end ? vma_add(p, start, end, prot) : 0;
}

/* Push n bytes on the user stack at *sp; their address. */
static uint64_t push(struct proc *p, uint64_t *sp, const void *data, size_t n, int *err)
{
	*sp -= n;
	if (!*err)
		*err = copyout(p, *sp, data, n);
	return *sp;
}

static uint64_t stack_table[2 + 4096 + 4096 + 2 * 24], argp[4096], envpp[4096];

static int build_stack(struct proc *p, const char *path, int argc,
                       const char *const *argv, int envc, const char *const *envp,
                       const struct ehdr *eh, uint64_t phdr_va, uint64_t *spp)
{
	int err = vma_add(p, STACK_TOP - STACK_MAX, STACK_TOP, PROT_R | PROT_W);
	uint64_t sp = STACK_TOP, *t = stack_table;
	static const char platform[] = "ev5";
	if (err || argc >= 4096 || envc >= 4096)
		return err ? err : -E2BIG;
	uint64_t execfn = push(p, &sp, path, strlen(path) + 1, &err);
	for (int i = envc - 1; i >= 0; i--)
		envpp[i] = push(p, &sp, envp[i], strlen(envp[i]) + 1, &err);
	for (int i = argc - 1; i >= 0; i--)
		argp[i] = push(p, &sp, argv[i], strlen(argv[i]) + 1, &err);
	uint64_t plat = push(p, &sp, platform, sizeof platform, &err);
	uint8_t rnd[16];
	random_bytes(rnd, sizeof rnd);
	sp &= ~15ul;
	uint64_t rand = push(p, &sp, rnd, sizeof rnd, &err);
	if (err)
		return err;

	*t++ = (uint64_t)argc;
	for (int i = 0; i < argc; i++)
		*t++ = argp[i];
	*t++ = 0;
	for (int i = 0; i < envc; i++)
		*t++ = envpp[i];
	*t++ = 0;
	const uint64_t aux[][2] = {
		{ AT_HWCAP, 0 }, { AT_PAGESZ, PGSIZE }, { AT_CLKTCK, 1024 },
		{ AT_PHDR, phdr_va }, { AT_PHENT, eh->phentsize }, { AT_PHNUM, eh->phnum },
		{ AT_BASE, 0 }, { AT_FLAGS, 0 }, { AT_ENTRY, eh->entry },
		{ AT_UID, 0 }, { AT_EUID, 0 }, { AT_GID, 0 }, { AT_EGID, 0 },
		{ AT_SECURE, 0 }, { AT_RANDOM, rand }, { AT_EXECFN, execfn },
		{ AT_PLATFORM, plat }, { AT_NULL, 0 },
	};
	memcpy(t, aux, sizeof aux);
	t += sizeof aux / sizeof aux[0][0];
	size_t n = (size_t)(t - stack_table) * 8;
	sp = (sp - n) & ~15ul;
	err = copyout(p, sp, stack_table, n);
	*spp = sp;
	return err;
}

int exec(struct proc *p, const char *path, int argc, const char *const *argv,
         int envc, const char *const *envp, uint64_t *entry, uint64_t *sp)
{
	static char rel[PATH_MAX];
	static struct { struct ehdr eh; struct phdr ph[64]; } hdr;
	unsigned mnt;
	int err = path_resolve(p->cwd, path, &mnt, rel, sizeof rel);
	if (err)
		return err;
	int64_t h = hostfs_call(HOSTFS_OPEN, mnt, V2P(rel), strlen(rel), HOSTFS_O_READ, 0, 0);
	if (h < 0)
		return (int)h;
	const struct ehdr *eh = &hdr.eh;
	err = -ENOEXEC;
	if (pread((uint64_t)h, &hdr.eh, sizeof hdr.eh, 0) != sizeof hdr.eh ||
	    memcmp(eh->ident, "\177ELF\2\1", 6) || eh->machine != EM_ALPHA ||
	    eh->type != ET_EXEC || eh->phentsize != sizeof(struct phdr) ||
	    eh->phnum > 64 ||
	    pread((uint64_t)h, hdr.ph, eh->phnum * sizeof(struct phdr), eh->phoff) !=
	            (int64_t)(eh->phnum * sizeof(struct phdr)))
		goto out;
	uint64_t end = 0, phdr_va = 0;
	for (unsigned i = 0; i < eh->phnum; i++) {
		const struct phdr *ph = &hdr.ph[i];
		if (ph->type == PT_INTERP) {
			kprintf("minios: %s: dynamically linked programs are not supported yet\n",
			        path);
			goto out;
		}
		if (ph->type == PT_PHDR)
			phdr_va = ph->vaddr;
		if (ph->type != PT_LOAD)
			continue;
		if (!phdr_va && eh->phoff >= ph->offset && eh->phoff < ph->offset + ph->filesz)
			phdr_va = ph->vaddr + (eh->phoff - ph->offset);
		if ((err = load_segment(p, (uint64_t)h, ph)))
			goto out;
		if (ph->vaddr + ph->memsz > end)
			end = ph->vaddr + ph->memsz;
		err = -ENOEXEC;
	}
	if (!end)
		goto out;
	p->mm->brk_start = p->mm->brk = PGUP(end);
	err = path_absolute(p->cwd, path, p->exe);
	if (!err)
		err = build_stack(p, p->exe, argc, argv, envc, envp, eh, phdr_va, sp);
	*entry = eh->entry;
out:
	hostfs_call(HOSTFS_CLOSE, (uint64_t)h, 0, 0, 0, 0, 0);
	return err;
}

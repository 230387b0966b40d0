/*
 * exec.c - loading a Linux/Alpha ELF executable read through hostfs,
 * static or dynamic (with its PT_INTERP loader, ld.so, which maps the
 * libraries itself), position-dependent or not, and its initial stack as
 * Linux lays it out (fs/binfmt_elf.c load_elf_binary, create_elf_tables;
 * arch/alpha/include/asm/elf.h for the Alpha auxv):
 *
 *   sp -> argc, argv[0..argc-1], NULL, envp[...], NULL, auxv pairs,
 *         AT_NULL; then (upwards) 16 random bytes, the platform string,
 *         the argument and environment strings, the file name.
 *
 * ELF64 structures: the System V gABI (only the fields used here).
 * Segments are read in whole at exec; each executable one is an image
 * load (image.c).
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
enum { ET_EXEC = 2, ET_DYN = 3, EM_ALPHA = 0x9026, PT_LOAD = 1, PT_INTERP = 3, PT_PHDR = 6 };
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

/* An ELF file being loaded: its headers, its hostfs handle, and where it
 * goes (vaddr + bias). */
struct elf {
	struct ehdr eh;
	struct phdr ph[64];
	int64_t h;
	uint64_t bias;
};

static int elf_open(struct proc *p, const char *path, struct elf *e)
{
	static char rel[PATH_MAX];
	unsigned mnt;
	int err = path_resolve(p->fs->cwd, path, &mnt, rel, sizeof rel);
	if (err)
		return err;
	e->h = hostfs_call(HOSTFS_OPEN, mnt, V2P(rel), strlen(rel), HOSTFS_O_READ, 0, 0);
	if (e->h < 0)
		return (int)e->h;
	const struct ehdr *eh = &e->eh;
	if (pread((uint64_t)e->h, &e->eh, sizeof e->eh, 0) != sizeof e->eh ||
	    memcmp(eh->ident, "\177ELF\2\1", 6) || eh->machine != EM_ALPHA ||
	    (eh->type != ET_EXEC && eh->type != ET_DYN) ||
	    eh->phentsize != sizeof(struct phdr) || eh->phnum > 64 ||
	    pread((uint64_t)e->h, e->ph, eh->phnum * sizeof(struct phdr), eh->phoff) !=
	            (int64_t)(eh->phnum * sizeof(struct phdr))) {
		hostfs_call(HOSTFS_CLOSE, (uint64_t)e->h, 0, 0, 0, 0, 0);
		return -ENOEXEC;
	}
	return 0;
}

static void elf_close(struct elf *e)
{
	hostfs_call(HOSTFS_CLOSE, (uint64_t)e->h, 0, 0, 0, 0, 0);
}

/* The page range the PT_LOAD segments span, unbiased; false if none. */
static bool elf_span(const struct elf *e, uint64_t *lo, uint64_t *hi)
{
	*lo = ~0ull, *hi = 0;
	for (unsigned i = 0; i < e->eh.phnum; i++) {
		const struct phdr *ph = &e->ph[i];
		if (ph->type != PT_LOAD)
			continue;
		if (PGDOWN(ph->vaddr) < *lo)
			*lo = PGDOWN(ph->vaddr);
		if (PGUP(ph->vaddr + ph->memsz) > *hi)
			*hi = PGUP(ph->vaddr + ph->memsz);
	}
	return *hi > *lo;
}

/* Map one PT_LOAD segment and read its file part straight into its
 * pages (the rest is demand-zero).  A page the previous segment already
 * has keeps its contents and gets the rights of both.  An executable
 * segment is an image load. */
static int load_segment(struct proc *p, const struct elf *e, const struct phdr *ph)
{
	struct mm *mm = p->mm;
	uint64_t va0 = ph->vaddr + e->bias;
	struct vma v = {
		.start = PGDOWN(va0), .end = PGUP(va0 + ph->memsz),
		.prot = (ph->flags & PF_R ? PROT_R : 0) | (ph->flags & PF_W ? PROT_W : 0) |
		        (ph->flags & PF_X ? PROT_X : 0),
		.off = ph->offset - (va0 - PGDOWN(va0)),
	};
	if (ph->filesz > ph->memsz || v.end > USER_END || v.end < v.start)
		return -ENOEXEC;
	const struct vma *prev = vma_find(mm, v.start);
	if (prev && vma_protect(mm, v.start, v.start + PGSIZE, prev->prot | v.prot))
		return -ENOMEM;
	if (v.prot & PROT_X)
		v.img = image_load(p, PCOUNT_IMG_EXEC, (uint64_t)e->h, v.start,
		                   v.end - v.start, v.off);
	if (prev) {
		v.start += PGSIZE;
		v.off += PGSIZE;
	}
	int err = v.start < v.end ? vma_add(mm, &v) : 0;
	if (v.img)
		image_put(v.img);                 /* the VMA has its own */
	for (uint64_t va = va0; !err && va < va0 + ph->filesz; ) {
		uint64_t n = PGSIZE - (va & PGMASK);
		if (n > va0 + ph->filesz - va)
			n = va0 + ph->filesz - va;
		char *k = vm_kpage(mm, va);
		if (!k)
			return -ENOMEM;
		if (pread((uint64_t)e->h, k, n, ph->offset + (va - va0)) != (int64_t)n)
			return -EIO;
		va += n;
	}
	return err;
}

/* Load every PT_LOAD segment of e; *end is the highest byte. */
static int load_elf(struct proc *p, const struct elf *e, uint64_t *end)
{
	*end = 0;
	for (unsigned i = 0; i < e->eh.phnum; i++) {
		const struct phdr *ph = &e->ph[i];
		if (ph->type != PT_LOAD)
			continue;
		int err = load_segment(p, e, ph);
		if (err)
			return err;
		if (ph->vaddr + e->bias + ph->memsz > *end)
			*end = ph->vaddr + e->bias + ph->memsz;
	}
	return 0;
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

/* What the auxiliary vector says about the program and its loader. */
struct auxinfo { uint64_t phdr, phent, phnum, base, entry; };

static int build_stack(struct proc *p, const char *path, int argc,
                       const char *const *argv, int envc, const char *const *envp,
                       const struct auxinfo *ai, uint64_t *spp)
{
	const struct vma stack = { .start = STACK_TOP - STACK_MAX, .end = STACK_TOP,
	                           .prot = PROT_R | PROT_W, .flags = VMA_STACK };
	int err = vma_add(p->mm, &stack);
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
		{ AT_HWCAP, 0 }, { AT_PAGESZ, PGSIZE }, { AT_CLKTCK, USER_HZ },
		{ AT_PHDR, ai->phdr }, { AT_PHENT, ai->phent }, { AT_PHNUM, ai->phnum },
		{ AT_BASE, ai->base }, { AT_FLAGS, 0 }, { AT_ENTRY, ai->entry },
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

/* The address of the program headers in memory: PT_PHDR, else the
 * PT_LOAD segment holding them. */
static uint64_t phdr_addr(const struct elf *e)
{
	for (unsigned i = 0; i < e->eh.phnum; i++) {
		const struct phdr *ph = &e->ph[i];
		if (ph->type == PT_PHDR)
			return ph->vaddr + e->bias;
		if (ph->type == PT_LOAD && e->eh.phoff >= ph->offset &&
		    e->eh.phoff < ph->offset + ph->filesz)
			return ph->vaddr + (e->eh.phoff - ph->offset) + e->bias;
	}
	return 0;
}

/* The interpreter e names (PT_INTERP), loaded at the first free place of
 * the mmap area as Linux's load_elf_interp does; its entry in *entry
 * and its load address in *base. */
static int load_interp(struct proc *p, const struct elf *e, uint64_t *entry,
                       uint64_t *base)
{
	static char name[PATH_MAX];
	static struct elf ld;
	const struct phdr *ph = NULL;
	for (unsigned i = 0; i < e->eh.phnum && !ph; i++)
		if (e->ph[i].type == PT_INTERP)
			ph = &e->ph[i];
	if (!ph)
		return 0;
	if (ph->filesz < 2 || ph->filesz > sizeof name ||
	    pread((uint64_t)e->h, name, ph->filesz, ph->offset) != (int64_t)ph->filesz ||
	    name[ph->filesz - 1])
		return -ENOEXEC;
	int err = elf_open(p, name, &ld);
	if (err)
		return err;
	uint64_t lo, hi, end;
	ld.bias = 0;
	if (!elf_span(&ld, &lo, &hi)) {
		err = -ENOEXEC;
	} else if (ld.eh.type == ET_DYN) {
		uint64_t at = vma_find_free(p->mm, hi - lo);
		ld.bias = at - lo;
		err = at ? 0 : -ENOMEM;
	}
	if (!err)
		err = load_elf(p, &ld, &end);
	*entry = ld.eh.entry + ld.bias;
	*base = ld.bias;
	elf_close(&ld);
	return err;
}

/* Load the program at path into p's (empty) address space, with its
 * interpreter if it names one, and build its stack.  A position-
 * independent program goes at ELF_ET_DYN_BASE (arch/alpha/include/asm/
 * elf.h: TASK_UNMAPPED_BASE + 16 MB). */
int exec(struct proc *p, const char *path, int argc, const char *const *argv,
         int envc, const char *const *envp, uint64_t *entry, uint64_t *sp)
{
	static struct elf prog;
	int err = elf_open(p, path, &prog);
	if (err)
		return err;
	uint64_t lo, hi, end;
	prog.bias = 0;
	err = -ENOEXEC;
	if (!elf_span(&prog, &lo, &hi))
		goto out;
	if (prog.eh.type == ET_DYN)
		prog.bias = MMAP_BASE + (16ul << 20) - lo;
	struct auxinfo ai = { 0, prog.eh.phentsize, prog.eh.phnum, 0, prog.eh.entry + prog.bias };
	*entry = ai.entry;
	ai.phdr = phdr_addr(&prog);
	if ((err = load_elf(p, &prog, &end)) ||
	    (err = load_interp(p, &prog, entry, &ai.base)))
		goto out;
	p->mm->brk_start = p->mm->brk = PGUP(end);
	err = path_absolute(p->fs->cwd, path, p->exe);
	if (!err)
		err = build_stack(p, p->exe, argc, argv, envc, envp, &ai, sp);
out:
	elf_close(&prog);
	return err;
}

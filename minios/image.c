/*
 * image.c - the image-load hooks (issue item 4; the DCPI paper, section
 * 4.2: the loader tells the daemon which image each process has mapped
 * where, so a sample's PC becomes an image and an offset).
 *
 * Every new address space and every executable mmap of a file adds
 * struct pcount_images (driver/pcount.h) to a ring of NRING records,
 * numbered by a sequence number so that a reader that fell behind sees
 * the gap; the end of an address space is recorded too.  Each record
 * goes to the simulator as a simctl image hint as well (docs/platform.md
 * "simctl"), which keeps them, with the process and the ASN, for the
 * ground truth.  image_scan lists what is mapped now, for a daemon
 * starting late.
 *
 * The records and the driver's samples name an address space, not a
 * process: its number here (mm->space, from 1; 0 for none), which the
 * kernel gives it when it is first announced and never gives again.  A
 * new address space is a successful exec (the program and its
 * interpreter, announced once both are loaded) or a new process that
 * does not share its parent's (fork: the child's copy, which would
 * otherwise have no record until it execs); image_announce records its
 * executable mappings, the first as PCOUNT_IMG_EXEC.  Threads and a
 * vfork child share their process's.  Numbering address spaces rather
 * than processes is what keeps a sample taken before an exec, which may
 * sit in the driver's hash table until long after it, from being read
 * through the new program's maps: it carries the old space's number,
 * whose maps the daemon keeps until that space's PCOUNT_IMG_EXIT and
 * the next full drain (the paper keys samples by PID, section 4.2, and
 * does not say how it meets this).
 *
 * An image's identity is the FNV-1a hash of its file's bytes, computed
 * by the host (hostfs IDENT, which also says where the file lies, so
 * the record names it by its guest path, symbolic links resolved).  The
 * kernel is an image too: minios.elf's loadable segment, named
 * KERNEL_PATH (a name only; the file is alphasim's, not the guest's).
 *
 * Everything here runs under the big kernel lock.
 */
#include "minios/defs.h"

#define NRING  256
#define NIMAGE 256                        /* distinct images mapped at once */
#define KERNEL_PATH "/boot/minios.elf"

struct image {
	int ref;
	uint64_t id;
	char path[PCOUNT_PATH_MAX];
};
static struct image images[NIMAGE];
static struct pcount_image ring[NRING];
static uint64_t ring_next;                /* seq of the next record */

/* simctl's hint registers (docs/platform.md "simctl"): staged per CPU,
 * recorded by the write to HINT. */
#define SIMCTL(off) (*(volatile uint64_t *)P2V(IO_SIMCTL + (off)))

static void tell_sim(const struct pcount_image *r, int pid, uint32_t asn)
{
	SIMCTL(SIMCTL_PID) = (uint64_t)pid;
	SIMCTL(SIMCTL_ASN) = asn;
	SIMCTL(SIMCTL_BASE) = r->base;
	SIMCTL(SIMCTL_SIZE) = r->size;
	SIMCTL(SIMCTL_OFFSET) = r->offset;
	SIMCTL(SIMCTL_IDENT) = r->id;
	SIMCTL(SIMCTL_PATH) = V2P(r->path);
	SIMCTL(SIMCTL_PATHLEN) = strlen(r->path);
	__asm__ volatile("mb" ::: "memory");    /* the path, then the doorbell */
	SIMCTL(SIMCTL_HINT) = SIMCTL_HINT_IMAGE;
}

/* Add r to the ring (its seq filled in) and, unless an exit, tell the
 * simulator that process pid mapped it in the address space of ASN asn. */
static void record(const struct pcount_image *r, int pid, uint32_t asn)
{
	struct pcount_image *slot = &ring[ring_next % NRING];
	*slot = *r;
	slot->seq = ring_next++;
	if (slot->kind != PCOUNT_IMG_EXIT)
		tell_sim(slot, pid, asn);
}

/* The kernel's record, kept for every scan (the ring moves on). */
static struct pcount_image kernel;
static uint32_t last_space;               /* the last number given */

void image_init(void)
{
	const struct bootblock *bb = bootblock;
	kernel = (struct pcount_image){ PCOUNT_IMG_KERNEL, 0, bb->kernel_id, bb->kernel_base,
	                                bb->kernel_size, bb->kernel_off, 0, KERNEL_PATH };
	record(&kernel, 0, 0);
}

/* A reference to the image (id, path), shared with its other mappings;
 * NULL when the table is full. */
static struct image *image_get(uint64_t id, const char *path)
{
	struct image *free = NULL;
	for (int i = 0; i < NIMAGE; i++) {
		struct image *im = &images[i];
		if (im->ref && im->id == id && !strncmp(im->path, path, sizeof im->path)) {
			im->ref++;
			return im;
		}
		if (!im->ref && !free)
			free = im;
	}
	if (free) {
		free->ref = 1;
		free->id = id;
		strlcpy(free->path, path, sizeof free->path);
	}
	return free;
}

void image_dup(struct image *im) { im->ref++; }
void image_put(struct image *im) { im->ref--; }

struct image *image_open(uint64_t handle)
{
	static struct { struct hostfs_ident id; char rel[PATH_MAX]; } buf;
	static char path[PATH_MAX];
	int64_t n = hostfs_call(HOSTFS_IDENT, handle, V2P(&buf), sizeof buf - 1, 0, 0, 0);
	if (n < (int64_t)sizeof buf.id)
		return NULL;
	buf.rel[n - (int64_t)sizeof buf.id] = 0;
	if (path_guest((unsigned)buf.id.mnt, buf.rel, path, sizeof path))
		return NULL;
	return image_get(buf.id.hash, path);
}

/* The record of a mapping of im in address space sp: size bytes at
 * base, from file offset off. */
static struct pcount_image mapping(uint32_t kind, uint32_t sp, const struct image *im,
                                   uint64_t base, uint64_t size, uint64_t off)
{
	struct pcount_image r = { kind, sp, im->id, base, size, off, 0, "" };
	strlcpy(r.path, im->path, sizeof r.path);
	return r;
}

struct image *image_load(struct proc *p, uint64_t handle, uint64_t base, uint64_t size,
                         uint64_t off)
{
	struct image *im = image_open(handle);
	if (im) {
		struct pcount_image r = mapping(PCOUNT_IMG_MMAP, p->mm->space, im, base, size, off);
		record(&r, p->tgid, p->mm->asn);
	}
	return im;
}

/* Call fn with the record of each executable image mapping of mm, in
 * address order, the first of kind first, the others of kind rest; the
 * number of calls. */
static int each_mapping(const struct mm *mm, uint32_t first, uint32_t rest,
                        void (*fn)(const struct pcount_image *, void *), void *arg)
{
	int n = 0;
	for (int i = 0; i < mm->nvma; i++) {
		const struct vma *v = &mm->vma[i];
		if (!v->img || !(v->prot & PROT_X))
			continue;
		struct pcount_image r = mapping(n ? rest : first, mm->space, v->img, v->start,
		                                v->end - v->start, v->off);
		fn(&r, arg);
		n++;
	}
	return n;
}

static void announce_one(const struct pcount_image *r, void *arg)
{
	const struct proc *p = arg;
	record(r, p->tgid, p->mm->asn);
}

void image_announce(struct proc *p)
{
	if (p->mm->space)
		return;                       /* shared: known already */
	p->mm->space = ++last_space;
	each_mapping(p->mm, PCOUNT_IMG_EXEC, PCOUNT_IMG_MMAP, announce_one, p);
}

void image_space_end(const struct mm *mm)
{
	struct pcount_image r = { PCOUNT_IMG_EXIT, mm->space, 0, 0, 0, 0, 0, "" };
	if (mm->space)
		record(&r, 0, 0);
}

int image_read(struct pcount_image *out, uint64_t from_seq, int max)
{
	if (ring_next > NRING && from_seq < ring_next - NRING)
		from_seq = ring_next - NRING;
	int n = 0;
	for (uint64_t s = from_seq; s < ring_next && n < max; s++)
		out[n++] = ring[s % NRING];
	return n;
}

struct scan { void (*emit)(const struct pcount_image *, void *); void *arg; int n; };

/* A process's executable image mappings (its leader's; the other
 * threads share its mm). */
static void scan_proc(struct proc *p, void *arg)
{
	struct scan *sc = arg;
	if (p->pid == p->tgid && p->mm && p->mm->space)
		sc->n += each_mapping(p->mm, PCOUNT_IMG_SCAN, PCOUNT_IMG_SCAN, sc->emit, sc->arg);
}

int image_scan(void (*emit)(const struct pcount_image *, void *), void *arg)
{
	struct scan sc = { emit, arg, 1 };
	emit(&kernel, arg);
	proc_foreach(scan_proc, &sc);
	return sc.n;
}

/*
 * image.c - the image-load hooks (issue item 4; the DCPI paper, section
 * 4.2: the loader tells the daemon which image each process has mapped
 * where, so a sample's PC becomes an image and an offset).
 *
 * Every exec (the program and its interpreter) and every executable
 * mmap of a file adds a struct pcount_image (driver/pcount.h) to a ring
 * of NRING records, numbered by a sequence number so that a reader that
 * fell behind sees the gap; process exits are recorded too.  The same
 * load goes to the simulator as a simctl image hint (docs/platform.md
 * "simctl"), which keeps them for the ground truth.  image_scan lists
 * what is mapped now, for a daemon starting late.
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
#define NIMAGE 64
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
enum { HINT_PID = 0x40, HINT_ASN = 0x48, HINT_BASE = 0x50, HINT_SIZE = 0x58,
       HINT_OFFSET = 0x60, HINT_IDENT = 0x68, HINT_PATH = 0x70,
       HINT_PATHLEN = 0x78, HINT = 0x80 };
enum { HINT_IMAGE = 2 };

static void tell_sim(const struct pcount_image *r, uint32_t asn)
{
	SIMCTL(HINT_PID) = r->pid;
	SIMCTL(HINT_ASN) = asn;
	SIMCTL(HINT_BASE) = r->base;
	SIMCTL(HINT_SIZE) = r->size;
	SIMCTL(HINT_OFFSET) = r->offset;
	SIMCTL(HINT_IDENT) = r->id;
	SIMCTL(HINT_PATH) = V2P(r->path);
	SIMCTL(HINT_PATHLEN) = strlen(r->path);
	__asm__ volatile("mb" ::: "memory");    /* the path, then the doorbell */
	SIMCTL(HINT) = HINT_IMAGE;
}

static void record(uint32_t kind, int pid, uint64_t id, uint64_t base, uint64_t size,
                   uint64_t off, const char *path, uint32_t asn)
{
	struct pcount_image *r = &ring[ring_next % NRING];
	*r = (struct pcount_image){ kind, (uint32_t)pid, id, base, size, off, ring_next++, "" };
	strlcpy(r->path, path, sizeof r->path);
	if (kind != PCOUNT_IMG_EXIT)
		tell_sim(r, asn);
}

/* The kernel's record, kept for every scan (the ring moves on). */
static struct pcount_image kernel;

void image_init(void)
{
	const struct bootblock *bb = bootblock;
	record(PCOUNT_IMG_KERNEL, 0, bb->kernel_id, bb->kernel_base, bb->kernel_size,
	       bb->kernel_off, KERNEL_PATH, 0);
	kernel = ring[0];
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

struct image *image_load(struct proc *p, uint32_t kind, uint64_t handle,
                         uint64_t base, uint64_t size, uint64_t off)
{
	static struct { struct hostfs_ident id; char rel[PATH_MAX]; } buf;
	static char path[PATH_MAX];
	int64_t n = hostfs_call(HOSTFS_IDENT, handle, V2P(&buf), sizeof buf - 1, 0, 0, 0);
	if (n < (int64_t)sizeof buf.id)
		return NULL;
	buf.rel[n - (int64_t)sizeof buf.id] = 0;
	if (path_guest((unsigned)buf.id.mnt, buf.rel, path, sizeof path))
		return NULL;
	record(kind, p->tgid, buf.id.hash, base, size, off, path, p->mm->asn);
	return image_get(buf.id.hash, path);
}

void image_exit(int pid)
{
	record(PCOUNT_IMG_EXIT, pid, 0, 0, 0, 0, "", 0);
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
	if (p->pid != p->tgid || !p->mm)
		return;
	for (int i = 0; i < p->mm->nvma; i++) {
		const struct vma *v = &p->mm->vma[i];
		if (!v->img || !(v->prot & PROT_X))
			continue;
		struct pcount_image r = { PCOUNT_IMG_SCAN, (uint32_t)p->tgid, v->img->id,
		                          v->start, v->end - v->start, v->off, 0, "" };
		strlcpy(r.path, v->img->path, sizeof r.path);
		sc->emit(&r, sc->arg);
		sc->n++;
	}
}

int image_scan(void (*emit)(const struct pcount_image *, void *), void *arg)
{
	struct scan sc = { emit, arg, 1 };
	emit(&kernel, arg);
	proc_foreach(scan_proc, &sc);
	return sc.n;
}

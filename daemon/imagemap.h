/*
 * imagemap.h - which image each process has at each address, built from
 * the loader events and the start-up scan (struct pcount_image; DCPI
 * paper, section 4.4), and the (pid, pc) -> (image, offset)
 * lookup of every sample (section 4.3).  The "pid" is whatever the
 * kernel names samples and records by: minios numbers address spaces
 * (docs/minios.md, "Image-load hooks"), so here a "process" is one
 * address space.
 *
 * Offsets are offsets in the image FILE: offset = pc - base + the file
 * offset the mapping starts at.  So a shared library's samples from
 * processes that map it at different addresses land on the same offsets
 * and merge, and dcpiprof finds the symbol through the file's program
 * headers (docs/dcpi-db.md).
 */
#ifndef DAEMON_IMAGEMAP_H
#define DAEMON_IMAGEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "driver/pcount.h"

/* Kernel-mode PCs: the superpage, where minios runs (docs/minios.md,
 * "Memory"; 21164 HRM 4.4: VA<42:41> = 2 in kernel mode). */
#define IMAGEMAP_KSEG 0xfffffc0000000000ull

struct im_image {
	uint64_t id;                 /* the kernel's hash of the content */
	char path[PCOUNT_PATH_MAX];
	bool kernel;
	uint64_t text_off, text_size;/* file range of its mappings, joined */
};

struct im_map {
	uint64_t base, size, offset; /* [base, base + size) <- file offset */
	uint32_t image;              /* index in imagemap.img */
};

struct im_proc {
	uint32_t pid;
	bool exited;                 /* kept until its samples are drained */
	struct im_map *map;          /* sorted by base, disjoint */
	size_t n, cap;
};

struct imagemap {
	struct im_image *img;        /* every image seen, never removed: the
	                                daemon's tables use the indexes */
	size_t nimg, capimg;
	struct im_proc *proc;
	size_t nproc, capproc;
	struct im_map kernel;        /* size 0 until a KERNEL record */
	size_t last;                 /* the process the last lookup found */
};

void imagemap_init(struct imagemap *m);
void imagemap_free(struct imagemap *m);

/* Apply one record.  EXEC replaces the process's mappings with this one;
 * MMAP and SCAN add a mapping (replacing any it overlaps: the kernel
 * reports no munmap, and a new mapping over an old one unmaps it); EXIT
 * marks the process exited; KERNEL sets the kernel image.  False for an
 * unknown kind, an empty or wrapping range, or no memory. */
bool imagemap_event(struct imagemap *m, const struct pcount_image *r);

/* The image and file offset of pc in process pid: the kernel image for a
 * kernel-mode pc in any process.  False if no image covers it. */
bool imagemap_lookup(struct imagemap *m, uint32_t pid, uint64_t pc,
                     uint32_t *image, uint64_t *offset);

/* Forget the exited processes: called after a full drain of the driver,
 * when none of their samples can still arrive. */
void imagemap_reap(struct imagemap *m);

#endif

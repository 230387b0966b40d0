/*
 * pcount.h - the interface of the DCPI sampling driver, /dev/pcount:
 * what the kernel (minios/pcount.c), the daemon (daemon/dcpid.c) and
 * the host tests share.  The DCPI paper (seeds/000_*, section 4.2)
 * describes the design; docs/dcpi.md describes this interface.
 *
 * Every structure is made of naturally aligned little-endian fields and
 * has the same layout on the host and on Alpha.
 */
#ifndef DRIVER_PCOUNT_H
#define DRIVER_PCOUNT_H

#include <stdint.h>

/* One aggregated sample: a hash-table entry or an overflow-buffer
 * entry, 16 bytes, four to a 64-byte bucket (section 4.2). */
struct pcount_sample {
	uint64_t pc;
	uint32_t pid;
	uint16_t event;       /* the event's number in pmu/events.def order */
	uint16_t count;
};
_Static_assert(sizeof(struct pcount_sample) == 16, "pcount_sample");

/* The image-load hooks (the kernel's ring buffer and its scan of the
 * live processes): one executable mapping of one process. */
enum { PCOUNT_IMG_EXEC = 1, PCOUNT_IMG_MMAP = 2, PCOUNT_IMG_SCAN = 3,
       PCOUNT_IMG_EXIT = 4, PCOUNT_IMG_KERNEL = 5 };
#define PCOUNT_PATH_MAX 232
struct pcount_image {
	uint32_t kind;        /* PCOUNT_IMG_*                               */
	uint32_t pid;
	uint64_t id;          /* the image identity: a hash of its content  */
	uint64_t base;        /* virtual address of the mapping            */
	uint64_t size;        /* bytes mapped                               */
	uint64_t offset;      /* file offset the mapping starts at          */
	uint64_t seq;         /* position in the ring (PCOUNT_IMG_SCAN: 0)  */
	char path[PCOUNT_PATH_MAX];   /* guest path, NUL-terminated          */
};
_Static_assert(sizeof(struct pcount_image) == 280, "pcount_image");

#endif

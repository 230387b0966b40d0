/*
 * bus.h - what the CPUs of a machine share below them: physical memory,
 * the decoded code kept per physical page, one another (LDx_L/STx_C lock
 * flags, soft-TLB coherence), and the way to the platform's devices.
 *
 * The platform (platform/machine.c) owns the bus and fills in its hooks
 * to the devices of I/O space and the interval timer; the chip reaches
 * the platform only through them, as QEMU's CPUs reach the board's
 * memory and devices through an address space.
 *
 * Physical address map (docs/platform.md): RAM from 0 to mem_size - 1;
 * I/O space at IO_BASE and up (abi/iomap.h).
 */
#ifndef ALPHASIM_BUS_H
#define ALPHASIM_BUS_H

#include <stdbool.h>
#include <stdint.h>
#include "chip/cpu.h"

#define MAX_CPUS   8
#define PA_BITS    40
#define PA_MASK    ((1ull << PA_BITS) - 1)

/* Superpage (kseg) window, 21164 HRM 4.4: VA<42:41> = 2 maps PA<39:0>. */
#define KSEG_BASE  0xfffffc0000000000ull
#define KSEG_PA(va) ((va) & PA_MASK)

/* LDx_L/STx_C lock granularity: an aligned 16-byte physical block, the
 * architecture's minimum (ARM 4.2.4). */
#define LOCK_BLOCK(pa) ((pa) & ~15ull)

/* Per physical page flags. */
enum { PF_CODE = 1 /* has decoded instructions */ };

struct bus;

/* The platform's side. */
struct bus_ops {
	/* A device register at pa (I/O space); false if no device is
	 * there (the CPU takes a machine check). */
	bool (*io_read)(struct bus *b, struct cpu *c, uint64_t pa, unsigned size,
	                uint64_t *val);
	bool (*io_write)(struct bus *b, struct cpu *c, uint64_t pa, unsigned size,
	                 uint64_t val);
	/* The timed loop reached the cycle CPU c's timer ticks at
	 * (intr_dev_due): raise the tick at cycle now. */
	void (*timer_tick)(struct bus *b, struct cpu *c, uint64_t now);
};

struct bus {
	uint8_t       *ram;
	uint64_t       mem_size;
	uint64_t       npages;
	uint8_t       *pflags;        /* PF_* per physical page            */
	struct dpage **dpages;        /* decoded code per physical page    */
	unsigned       ncpus;
	struct cpu    *cpu[MAX_CPUS];
	bool           pal_present;   /* PALcode loaded (else exceptions stop) */
	uint64_t       ev_model;      /* 5 = EV5 (21164), 56 = EV56 (21164A) */
	const struct bus_ops *ops;
};

/* Host pointer to a RAM byte, or NULL if pa is not RAM. */
static inline uint8_t *bus_ram(struct bus *b, uint64_t pa)
{
	return pa < b->mem_size ? b->ram + pa : NULL;
}

/* CPU c stored size bytes at physical pa: other CPUs lose their lock on
 * the block.  Called by every store to RAM that leaves the soft TLB's
 * fast path (chip/mem.c, HW_ST); stores to a page another CPU holds a
 * lock in are kept off the fast path, so none is missed. */
void bus_store_notify(struct bus *b, struct cpu *c, uint64_t pa, uint64_t size);

/* Before c runs again: its stores to any page another CPU holds a lock
 * in must reach bus_store_notify. */
void bus_guard_locks(struct bus *b, struct cpu *c);

/* A device wrote [pa, pa+len) of RAM: every CPU's lock on it and the
 * decoded code of it are forgotten. */
void bus_dma_write(struct bus *b, uint64_t pa, uint64_t len);

#endif

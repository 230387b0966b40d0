/*
 * machine.h - the simulated platform: physical memory, memory-mapped
 * devices and the CPUs that share them (SimH keeps the platform apart from
 * the architecture and the chip in the same way).
 *
 * Physical address map (docs/platform.md):
 *   0 .. mem_size-1          RAM
 *   0x80_0000_0000 and up    I/O space (PA<39> = 1, as on 21164 systems);
 *                            each device owns one 8 KB page
 */
#ifndef ALPHASIM_MACHINE_H
#define ALPHASIM_MACHINE_H

#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include "sim/cpu.h"
#include "sim/params.h"

#define MAX_CPUS   8
#define PA_BITS    40
#define PA_MASK    ((1ull << PA_BITS) - 1)
#define IO_BASE    0x8000000000ull

/* Superpage (kseg) window, 21164 HRM 4.4: VA<42:41> = 2 maps PA<39:0>. */
#define KSEG_BASE  0xfffffc0000000000ull
#define KSEG_PA(va) ((va) & PA_MASK)

/* Per physical page flags. */
enum { PF_CODE = 1 /* has decoded instructions */ };

struct machine;
struct timing;
struct truth;

/* A memory-mapped device: one line of the platform's device list. */
struct device {
	const char *name;
	uint64_t    base;                       /* physical address   */
	uint64_t  (*read)(struct machine *m, struct cpu *c, uint64_t off,
	                  unsigned size);
	void      (*write)(struct machine *m, struct cpu *c, uint64_t off,
	                   unsigned size, uint64_t val);
};

struct machine {
	uint8_t       *ram;
	uint64_t       mem_size;
	uint64_t       npages;
	uint8_t       *pflags;        /* PF_* per physical page            */
	struct dpage **dpages;        /* decoded code per physical page    */

	unsigned       ncpus;
	struct cpu    *cpu[MAX_CPUS];

	bool           pal_present;   /* PALcode loaded (else exceptions stop) */
	bool           stopped;       /* the guest asked to stop (exit)    */
	int            exit_status;

	FILE          *con_out;       /* console streams (stdout, stderr)  */
	FILE          *con_err;
	uint64_t       ev_model;      /* 5 = EV5 (21164), 56 = EV56 (21164A) */

	struct params  params;        /* the machine description           */
	struct timing *timing[MAX_CPUS]; /* per CPU; NULL: --timing=off    */
	struct truth  *truth;         /* ground truth records, or NULL     */
};

struct machine *machine_new(uint64_t mem_size, unsigned ncpus);
void machine_free(struct machine *m);

/* Host pointer to a RAM byte, or NULL if pa is not RAM. */
static inline uint8_t *machine_ram(struct machine *m, uint64_t pa)
{
	return pa < m->mem_size ? m->ram + pa : NULL;
}

/* Device access; an access to no device raises a machine check. */
bool machine_io_read(struct machine *m, struct cpu *c, uint64_t pa,
                     unsigned size, uint64_t *val);
bool machine_io_write(struct machine *m, struct cpu *c, uint64_t pa,
                      unsigned size, uint64_t val);

/* The guest asked to exit with this status (simctl). */
void machine_exit(struct machine *m, int status);

/* Switch the 21164 timing model on for every CPU, with m->params, and
 * keep ground-truth records if truth; false if out of host memory. */
bool machine_timing_on(struct machine *m, bool truth);

/* Run until the guest exits, a CPU stops, or max_insns (0: no limit)
 * instructions have run; returns the reason. */
enum cpu_stop machine_run(struct machine *m, uint64_t max_insns);

#endif

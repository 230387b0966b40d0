/*
 * machine.h - the simulated platform: physical memory, memory-mapped
 * devices and the CPUs that share them (SimH keeps the platform apart from
 * the architecture and the chip in the same way).
 *
 * SMP (docs/architecture.md "SMP"; docs/platform.md): the CPUs take turns,
 * in CPU order, each running until its clock reaches the end of the
 * current quantum (smp_quantum cycles; instructions with --timing=off), so
 * a run repeats exactly.  Memory is shared below the per-CPU caches: a
 * store invalidates the other CPUs' copies of its block (timing/memsys.c)
 * and clears their LDx_L lock flags on its 16-byte block (chip/bus.c).
 *
 * Physical address map (docs/platform.md):
 *   0 .. mem_size-1          RAM
 *   0x80_0000_0000 and up    I/O space (PA<39> = 1, as on 21164 systems);
 *                            each device owns one 8 KB page
 */
#ifndef ALPHASIM_MACHINE_H
#define ALPHASIM_MACHINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include "abi/iomap.h"
#include "chip/bus.h"
#include "chip/cpu.h"
#include "platform/hostfs.h"
#include "timing/params.h"

struct machine;
struct memsys;

/* A memory-mapped device: one line of the platform's device list. */
struct device {
	const char *name;
	uint64_t    base;                       /* physical address   */
	uint64_t  (*read)(struct machine *m, struct cpu *c, uint64_t off,
	                  unsigned size);
	void      (*write)(struct machine *m, struct cpu *c, uint64_t off,
	                   unsigned size, uint64_t val);
};

/* Interrupt sources and the ISR bit each drives (machine.c; a bit is the
 * OR of its sources: docs/platform.md "Interrupts"). */
enum irq_source { IRQS_TIMER, IRQS_IPI, IRQS_N };

/* Per-CPU state of the interval timer (platform/dev_timer.c). */
struct timer_cpu {
	bool     enabled, pending;
	uint64_t start;               /* cycle it was enabled at           */
	uint64_t n;                   /* ticks since start                 */
	uint64_t next;                /* cycle of tick n + 1               */
	uint64_t ticks;               /* every tick raised                 */
};

/* Per-CPU state of the interprocessor interrupt device (platform/dev_ipi.c). */
struct ipi_cpu {
	uint64_t pending;             /* mask of the CPUs that sent one    */
	uint64_t since;               /* earliest sender's cycle, of those */
	                              /* pending (platform/wait.c)              */
	uint64_t sent, received;
};

/* What simctl records for the truth writer (docs/platform.md). */
struct machine_hint {
	unsigned kind, cpu;           /* kind: SIMCTL_HINT_* (abi/iomap.h)  */
	uint64_t cycles;              /* on that CPU, when written         */
	uint64_t pid, asn, base, size, offset, ident;
	char    *path;                /* images: the file, else NULL       */
};
struct machine_mark {
	unsigned cpu;
	uint64_t value, cycles, insns;
};
#define SIMCTL_HINT_REGS 8            /* PID ... PATHLEN staging registers */

/* Someone who watches a run from the host without taking part in it
 * (alphasim's progress line, sim/progress.h): told between the slices of
 * machine_run and before each byte the guest writes to the console.  It
 * may only read the machine, so that a run is the same with or without
 * it. */
struct machine;
struct machine_observer {
	void (*slice)(void *arg, const struct machine *m);
	void (*console)(void *arg);
	void *arg;
};

struct machine {
	struct bus     bus;           /* memory, CPUs (m->bus.cpu[i]: their */
	                              /* timing models are ->timing)        */
	bool           stopped;       /* the guest asked to stop (exit)    */
	int            exit_status;
	uint64_t       killer;        /* simctl KILLER: the process whose  */
	                              /* signal killed process 1, or 0     */

	FILE          *con_out;       /* console streams (stdout, stderr)  */
	FILE          *con_err;
	int            con_errno[2];  /* their first write error since the  */
	                              /* last CON_OUTSYNC/ERRSYNC, or 0     */

	struct params  params;        /* the machine description           */
	struct memsys *memsys[MAX_CPUS]; /* the CPUs' memory systems, when */
	                              /* timed (coherence)                 */

	/* SMP scheduling */
	uint32_t       halted;        /* CPUs that stopped with STOP_HALT,  */
	                              /* for good (simctl HALT)             */
	unsigned       stop_cpu;      /* whose stop ended machine_run      */
	uint64_t       cpi16[MAX_CPUS]; /* cycles per instruction x 16 seen */
	                              /* in the last timed slice            */
	/* devices */
	uint8_t        irq_src[MAX_CPUS];  /* asserted sources, bit per irq_source */
	struct timer_cpu timer[MAX_CPUS];
	struct ipi_cpu ipi[MAX_CPUS];
	uint64_t       hint_reg[MAX_CPUS][SIMCTL_HINT_REGS];
	struct hostfs  hostfs;
	struct machine_hint *hints;
	size_t         nhints;
	struct machine_mark *marks;
	size_t         nmarks;
	const struct machine_observer *observer; /* NULL: nobody             */
};

/* The machine whose bus b is (the bus's hooks get the bus). */
static inline struct machine *machine_of(struct bus *b)
{
	return (struct machine *)((char *)b - offsetof(struct machine, bus));
}

struct machine *machine_new(uint64_t mem_size, unsigned ncpus);
void machine_free(struct machine *m);

/* The guest asked to exit with this status (simctl). */
void machine_exit(struct machine *m, int status);

/* Set or clear interrupt source s of CPU cpu. */
void machine_irq(struct machine *m, unsigned cpu, enum irq_source s, bool on);
/* The ISR bit source s drives. */
unsigned machine_irq_bit(enum irq_source s);

/* A device wrote [pa, pa+len) of RAM: decoded code, lock flags and every
 * CPU's cached copies of it are forgotten. */
void machine_dma_write(struct machine *m, uint64_t pa, uint64_t len);

/* Record a run marker or a hint (simctl); false if out of host memory. */
bool machine_mark(struct machine *m, const struct machine_mark *mk);
bool machine_hint(struct machine *m, const struct machine_hint *h);

/* Size every CPU's TBs and set its counters up from m->params (delivery
 * delay, interrupt level), telling trace (NULL: nobody) of every
 * overflow; before the machine runs. */
void machine_configure(struct machine *m, const struct pmu_tracer *trace);

/* Instructions retired by all CPUs. */
uint64_t machine_insns(const struct machine *m);

/* Switch the 21164 timing model on for every CPU, with m->params,
 * giving its ground-truth records to sink (NULL: to nobody); false if
 * out of host memory. */
struct truth_sink;
bool machine_timing_on(struct machine *m, const struct truth_sink *sink);

/* Run until the guest exits, a CPU stops (machine->stop_cpu says which),
 * every CPU has halted (STOP_HALT), every CPU left waits for an
 * interrupt nothing can raise (STOP_IDLE), max_insns instructions have
 * run on all CPUs together (STOP_LIMIT) or every running CPU's clock
 * has reached max_cycles (STOP_CYCLES); 0 is no limit.  Returns the
 * reason. */
enum cpu_stop machine_run(struct machine *m, uint64_t max_insns, uint64_t max_cycles);

#endif

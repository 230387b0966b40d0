/*
 * dev.h - the platform's memory-mapped devices (docs/platform.md).  Each
 * owns one 8 KB page of I/O space; registers are 64-bit at 8-byte steps.
 * Per-CPU devices (timer, IPI, simctl's hint registers) show each CPU its
 * own registers at the same addresses.
 */
#ifndef ALPHASIM_DEV_H
#define ALPHASIM_DEV_H

#include "sim/machine.h"

#define DEV_CONSOLE_BASE (IO_BASE + 0x0000)
#define DEV_SIMCTL_BASE  (IO_BASE + 0x2000)
#define DEV_TIMER_BASE   (IO_BASE + 0x4000)
#define DEV_IPI_BASE     (IO_BASE + 0x6000)
#define DEV_HOSTFS_BASE  (IO_BASE + 0x8000)

/* console registers */
enum { CON_PUTC = 0x00, CON_ERRC = 0x08, CON_GETC = 0x10, CON_OUTSYNC = 0x18,
       CON_ERRSYNC = 0x20 };
/* simctl registers; PID..PATHLEN are SIMCTL_HINT_REGS staging registers */
enum { SIMCTL_EXIT = 0x00, SIMCTL_MARK = 0x08, SIMCTL_ICOUNT = 0x10,
       SIMCTL_CYCLES = 0x18, SIMCTL_CPUID = 0x20, SIMCTL_NCPUS = 0x28,
       SIMCTL_HALT = 0x30, SIMCTL_WAIT = 0x38,
       SIMCTL_PID = 0x40, SIMCTL_ASN = 0x48, SIMCTL_BASE = 0x50,
       SIMCTL_SIZE = 0x58, SIMCTL_OFFSET = 0x60, SIMCTL_IDENT = 0x68,
       SIMCTL_PATH = 0x70, SIMCTL_PATHLEN = 0x78, SIMCTL_HINT = 0x80 };
/* interval timer registers */
enum { TIMER_CTRL = 0x00, TIMER_PENDING = 0x08, TIMER_TICKS = 0x10,
       TIMER_NEXT = 0x18, TIMER_HZ = 0x20 };
/* interprocessor interrupt registers */
enum { IPI_WHAMI = 0x00, IPI_SEND = 0x08, IPI_PENDING = 0x10,
       IPI_RECEIVED = 0x18 };
/* hostfs registers */
enum { HOSTFS_REG_REQ = 0x00, HOSTFS_REG_OPS = 0x08, HOSTFS_REG_MOUNTS = 0x10 };
/* hostfs mounts: the user's tree (--root) and the cross sysroot */
enum { HOSTFS_MNT_ROOT = 0, HOSTFS_MNT_SYSROOT = 1 };

#define DEV_FUNCS(name)                                                      \
	uint64_t name##_read(struct machine *m, struct cpu *c, uint64_t off, \
	                     unsigned size);                                 \
	void name##_write(struct machine *m, struct cpu *c, uint64_t off,    \
	                  unsigned size, uint64_t val);
DEV_FUNCS(console)
DEV_FUNCS(simctl)
DEV_FUNCS(timer)
DEV_FUNCS(ipi)
DEV_FUNCS(hostfs_dev)
#undef DEV_FUNCS

/* The timer of CPU c: raise the ticks its clock has reached (or cycle
 * now has: the timed loop, sim/intr.c); the cycle of its next tick
 * (UINT64_MAX when off), for the scheduler. */
void timer_advance(struct machine *m, struct cpu *c);
void timer_tick(struct machine *m, struct cpu *c, uint64_t now);
uint64_t timer_due(const struct machine *m, unsigned cpu);

#endif

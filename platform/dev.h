/*
 * dev.h - the platform's memory-mapped devices (docs/platform.md): their
 * register map is abi/iomap.h, which the guests share; each device owns
 * one 8 KB page of I/O space.
 */
#ifndef ALPHASIM_DEV_H
#define ALPHASIM_DEV_H

#include "abi/iomap.h"
#include "platform/machine.h"

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
 * now has: the timed loop, chip/intr.c); the cycle of its next tick
 * (UINT64_MAX when off), for the scheduler. */
void timer_advance(struct machine *m, struct cpu *c);
void timer_tick(struct machine *m, struct cpu *c, uint64_t now);
uint64_t timer_due(const struct machine *m, unsigned cpu);

#endif

/*
 * dev.h - the platform's memory-mapped devices (docs/platform.md).  Each
 * owns one 8 KB page of I/O space; registers are 64-bit at 8-byte steps.
 */
#ifndef ALPHASIM_DEV_H
#define ALPHASIM_DEV_H

#include "sim/machine.h"

#define DEV_CONSOLE_BASE (IO_BASE + 0x0000)
#define DEV_SIMCTL_BASE  (IO_BASE + 0x2000)

/* console registers */
enum { CON_PUTC = 0x00, CON_ERRC = 0x08, CON_GETC = 0x10 };
/* simctl registers */
enum { SIMCTL_EXIT = 0x00, SIMCTL_MARK = 0x08, SIMCTL_ICOUNT = 0x10,
       SIMCTL_CYCLES = 0x18 };

uint64_t console_read(struct machine *m, struct cpu *c, uint64_t off,
                      unsigned size);
void console_write(struct machine *m, struct cpu *c, uint64_t off,
                   unsigned size, uint64_t val);
uint64_t simctl_read(struct machine *m, struct cpu *c, uint64_t off,
                     unsigned size);
void simctl_write(struct machine *m, struct cpu *c, uint64_t off,
                  unsigned size, uint64_t val);

#endif

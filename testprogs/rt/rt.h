/*
 * rt.h - the bare-metal runtime for alphasim test programs: console
 * output, exit, counters and the trap record (docs/platform.md).
 */
#ifndef RT_H
#define RT_H

#include <stdint.h>
#include <stddef.h>

void rt_putc(int ch);
void rt_write(const char *s, size_t n);
_Noreturn void rt_exit(int status);
uint64_t rt_icount(void);     /* instructions retired so far (simctl) */

/* What the last exception was (filled by pal.S). */
struct rt_trap {
	uint64_t count, entry, exc_addr, exc_sum, exc_mask, va, mm_stat;
};
extern volatile struct rt_trap rt_trap;

#endif

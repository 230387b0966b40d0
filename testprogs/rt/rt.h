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

/* What the last exception was (filled by pal.S).  When resume is not
 * zero, pal.S clears it and returns there (with R27 = resume, as for a
 * call) instead of to the interrupted code: trap_bare.c uses this. */
struct rt_trap {
	uint64_t count, entry, exc_addr, exc_sum, exc_mask, va, mm_stat;
	uint64_t resume;
};
extern volatile struct rt_trap rt_trap;

/* setjmp/longjmp for the callee-saved state (rt_jmp.S): s0-s6, ra, gp,
 * sp and f2-f9. */
typedef uint64_t rt_jmp_buf[18];
int rt_setjmp(rt_jmp_buf b) __attribute__((returns_twice));
_Noreturn void rt_longjmp(rt_jmp_buf b, int v);

#endif

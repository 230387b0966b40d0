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

/*
 * SMP (alphasim --cpus N): every CPU starts at _start (crt0.S).  CPU 0
 * runs main; CPU n > 0 has its own 64 KB stack and trap record
 * (rt_trap_smp[n]), waits until CPU 0 has cleared .bss and then calls
 * rt_secondary(n) if the program defines it, halting when it returns (or
 * at once if there is none).  tio's output buffer is not shared safely:
 * print from CPU 0.
 */
#define RT_MAX_CPUS 8
unsigned rt_cpu_id(void);     /* this CPU's number (simctl CPUID)      */
unsigned rt_ncpus(void);      /* how many there are (simctl NCPUS)     */
_Noreturn void rt_halt(void); /* stop this CPU for good (simctl HALT)  */
void rt_secondary(unsigned cpu) __attribute__((weak));

/* What the last exception was (filled by pal.S).  When resume is not
 * zero, pal.S clears it and returns there (with R27 = resume, as for a
 * call) instead of to the interrupted code: trap_bare.c uses this.  An
 * interrupt is recorded too (entry 0x100, with ISR and INTID), after
 * which pal.S has raised IPLR to INTID: the program clears the request
 * and lowers IPLR again.  In sampling mode (rt_sample) pal.S instead
 * counts each counter interrupt in `samples`, clears it, reloads CTR0
 * and returns. */
struct rt_trap {
	uint64_t count, entry, exc_addr, exc_sum, exc_mask, va, mm_stat;
	uint64_t resume, isr, intid, samples;
};
extern volatile struct rt_trap rt_trap;                  /* CPU 0's   */
extern volatile struct rt_trap rt_trap_smp[RT_MAX_CPUS]; /* [n]: CPU n's */

/* Sampling mode: CTR0 is reloaded after each interrupt for a period of
 * base + (a pseudo-random number & mask) events (base 1..0xffff, mask
 * < 0x10000); rt_sample(0, 0) ends it. */
void rt_sample(unsigned base, unsigned mask);
/* DTB fills: the runtime's DTB_MISS handler fills the DTB from a linear
 * table of PTEs indexed by VA<42:13> (at a kseg address), or records
 * the miss when the table is NULL. */
void rt_page_table(const uint64_t *ptes);

/* setjmp/longjmp for the callee-saved state (rt_jmp.S): s0-s6, ra, gp,
 * sp and f2-f9. */
typedef uint64_t rt_jmp_buf[18];
int rt_setjmp(rt_jmp_buf b) __attribute__((returns_twice));
_Noreturn void rt_longjmp(rt_jmp_buf b, int v);

#endif

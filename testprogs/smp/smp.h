/*
 * smp.h - what the SMP and device test programs (testprogs/smp/NAME.c)
 * share: the device registers (abi/iomap.h, docs/platform.md), reached
 * through the kseg superpage, and a check counter.  They run on alphasim alone.
 */
#ifndef SMP_H
#define SMP_H

#include <stdint.h>
#include "abi/iomap.h"
#include "rt.h"
#include "tio.h"

#define IO(pa)    ((volatile uint64_t *)(0xfffffc0000000000ull | (pa)))
#define SIMCTL(r) IO(IO_SIMCTL + (r))
#define TIMER(r)  IO(IO_TIMER + (r))
#define IPI(r)    IO(IO_IPI + (r))
#define HOSTFS(r) IO(IO_HOSTFS + (r))

/* The physical address of a kseg pointer. */
static inline uint64_t pa_of(const volatile void *p)
{
	return (uint64_t)(uintptr_t)p & 0xffffffffffull;
}

static inline uint64_t cycles(void) { return *SIMCTL(SIMCTL_CYCLES); }

/* The interrupt summary register (21164 HRM 5.1.1): EV5 IRQ2, the
 * timer's and the IPIs' line, is bit 22; its level is EV5 IPL 22 (OSF
 * IPL 5, docs/ev5.md "The OSF/1 PALcode interface"). */
#define ISR_IRQ2 (1ull << 22)
#define IRQ2_IPL 22
static inline uint64_t read_isr(void)
{
	uint64_t v;
	__asm__ volatile("hw_mfpr %0, 0x100" : "=r"(v));
	return v;
}
static inline void set_iplr(uint64_t ipl)
{
	__asm__ volatile("hw_mtpr %0, 0x110" : : "r"(ipl) : "memory");
}
static inline uint64_t read_iplr(void)
{
	uint64_t v;
	__asm__ volatile("hw_mfpr %0, 0x110" : "=r"(v));
	return v;
}

/* This CPU's trap record, where pal.S records interrupts (rt.h). */
static inline volatile struct rt_trap *trap_record(unsigned cpu)
{
	return cpu ? &rt_trap_smp[cpu] : &rt_trap;
}

static unsigned smp_checks, smp_failed;

static inline void check(const char *what, uint64_t got, uint64_t want)
{
	smp_checks++;
	if (got == want)
		return;
	smp_failed++;
	tio_printf("FAIL %s: got %lu (0x%lx), want %lu (0x%lx)\n", what, got, got, want, want);
}

static inline int check_end(const char *prog)
{
	tio_printf("%s: %u checks, %u failed\n", prog, smp_checks, smp_failed);
	return smp_failed != 0;
}

#endif

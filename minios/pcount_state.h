/*
 * pcount_state.h - what minios's /dev/pcount files share (docs/dcpi.md):
 *   pcount_hw.c    the hooks the driver's core calls (driver/pcount_hw.h)
 *   pcount_intr.c  the interrupts' entries from trap.c
 *   pcount_dev.c   the device: its ioctls and read(), and the cross-CPU
 *                  calls that run the core's control on each CPU
 * The rest of the kernel has defs.h.
 */
#ifndef MINIOS_PCOUNT_STATE_H
#define MINIOS_PCOUNT_STATE_H

#include "minios/defs.h"
#include "driver/pcount_hw.h"

/* The state below is the kernel's own (hidden): the compiler reaches it
 * gp-relative, as it would a static, and not through a load of its
 * address from the GOT, which would lengthen the measured handler. */
#define PCOUNT_SHARED __attribute__((visibility("hidden")))

/* The driver's per-CPU state (pcount_dev.c sets it up at the first
 * open). */
extern PCOUNT_SHARED struct pcount_cpu pcount_cpus[PCOUNT_MAX_CPUS];

/* read()'s generation count (pcount_dev.c), which pcount_notify bumps
 * when there is data (pcount_hw.c). */
extern PCOUNT_SHARED volatile uint64_t pcount_notify_gen;

/* The instruction-sampling unit's record area, per CPU (wrperfmon 9;
 * docs/precise.md): the buffer in buffer mode, where PALcode copies the
 * latch in interrupt mode (pcount_hw.c). */
extern PCOUNT_SHARED struct pm_record pcount_pm_area[PCOUNT_MAX_CPUS][PCOUNT_PM_AREA];

/* ---- the hardware: wrperfmon (docs/pal.md) --------------------------- */
enum { PM_DISABLE, PM_ENABLE, PM_SELECT, PM_OPTIONS, PM_FREQ, PM_READ,
       PM_WRITE, PM_CLEAR, PM_SAMPLE_CONFIGURE, PM_SAMPLE_AREA, PM_SAMPLE_SEED };

/* The cycle counter's low 32 bits (RPCC), inline: the handler's
 * measure of its own cost reads it without a call. */
static inline uint32_t pcount_rpcc(void)
{
	uint64_t t;
	__asm__ volatile("rpcc %0" : "=r"(t));
	return (uint32_t)t;
}

static inline uint64_t wrperfmon(uint64_t fn, uint64_t arg)
{
	register uint64_t a0 __asm__("$16") = fn;
	register uint64_t a1 __asm__("$17") = arg;
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x39" : "=r"(v0), "+r"(a0), "+r"(a1) :: "memory");
	return v0;
}

static inline uint64_t wrperfmon3(uint64_t fn, uint64_t arg, uint64_t arg2)
{
	register uint64_t a0 __asm__("$16") = fn;
	register uint64_t a1 __asm__("$17") = arg;
	register uint64_t a2 __asm__("$18") = arg2;
	register uint64_t v0 __asm__("$0");
	__asm__ volatile("call_pal 0x39" : "=r"(v0), "+r"(a0), "+r"(a1), "+r"(a2) :: "memory");
	return v0;
}

/* Give the unit this CPU's area (whole: restarts buffering).  Inline,
 * as the unit's interrupt calls it: no call leaves the measured code. */
PCOUNT_INTR static inline void pcount_pm_area_give(unsigned id)
{
	uint64_t base = V2P(pcount_pm_area[id]);
	wrperfmon3(PM_SAMPLE_AREA, base, base + sizeof pcount_pm_area[id]);
}

/* Records in this CPU's area: to the driver's table, with the unit's
 * collision count (PM_STAT<63:32>) when PALcode read it. */
PCOUNT_INTR static inline void pcount_pm_take(unsigned id, uint64_t bytes, uint32_t coll)
{
	uint64_t n = bytes / PM_RECORD_BYTES;
	pcount_pm_records(&pcount_cpus[id], pcount_pm_area[id],
	                  n < PCOUNT_PM_AREA ? (uint32_t)n : PCOUNT_PM_AREA, coll);
}

#endif

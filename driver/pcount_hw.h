/*
 * pcount_hw.h - what the driver's core asks of its environment: the
 * counters, the cycle counter, the instruction-sampling unit and the
 * reader's wakeup.  minios provides them (minios/pcount_hw.c), and so
 * does the host test (tests/test_driver.c), with a recording "hardware".
 *
 * They are plain functions the core calls by name, not a table of
 * function pointers: the counter interrupt calls some of them, and an
 * indirect call there would cost the measured handler a load and a
 * jump the 21164 may mispredict, on every sample.  The price is this
 * contract, which each environment keeps.
 *
 * Every hook acts on the CPU it runs on, and runs in one of two
 * contexts:
 *   - the handler: the counter interrupt (driver/sample.c), at IPL 6 on
 *     its own CPU, over whatever kernel code that CPU was running; also
 *     the clock's reads of the counters (pcount_clock, raised to IPL 6).
 *     The hooks marked PCOUNT_INTR or PCOUNT_MISS below are called from
 *     there.  Each must be defined with the same mark, so that its
 *     cycles count as the driver's (docs/dcpi.md, "Measuring the
 *     handler"), and call nothing outside those sections but what that
 *     section lists (pcount_notify's wakeup); must not take a lock (the
 *     code it interrupted may hold it; pcount_notify below is the one
 *     exception), sleep, lower the IPL or issue a memory barrier (the
 *     handler has none: the reader's IPIs order what it wrote,
 *     driver/buffer.c); and should be a few instructions, which every
 *     sample pays for.
 *   - control: pcount_cpu_start and pcount_cpu_stop (driver/control.c),
 *     on the CPU they program at IPL >= 6 (the environment runs them
 *     there, minios by an IPI), so no counter interrupt comes in between
 *     two hooks.  They call the handler's hooks too.
 */
#ifndef DRIVER_PCOUNT_HW_H
#define DRIVER_PCOUNT_HW_H

#include <stdint.h>
#include "driver/driver.h"

/* ---- the handler's hooks (and control's) ----------------------------- */
/* Write `value` into counter ctr (wrperfmon 6): it counts up from there
 * and interrupts when it wraps past pcount_counter_width(ctr).  Answers
 * the cycle counter's low 32 bits (RPCC) right after the write: the
 * handler's measure of its own cost starts there (docs/dcpi.md, "The
 * handler's own cost"). */
PCOUNT_INTR uint32_t pcount_hw_write(unsigned ctr, uint32_t value);
/* Select `event` (pmu/events.def order) on counter ctr (wrperfmon 2),
 * leaving the other counters' selects as they are; the core asks only
 * for an event pmu_select_for() gives the counter a select for. */
PCOUNT_INTR void pcount_hw_select(unsigned ctr, unsigned event);
/* Counter ctr's count, its low pcount_counter_width(ctr) bits
 * (wrperfmon 5). */
PCOUNT_INTR uint32_t pcount_hw_read(unsigned ctr);
/* The cycle counter's low 32 bits (RPCC): multiplexing's clock. */
PCOUNT_INTR uint32_t pcount_hw_rpcc(void);
/* A buffer became full on this CPU (driver/buffer.c: from the handler's
 * miss path, or at the end of a flush): wake the reader.  The one hook
 * that may take a lock, and only one no code under the handler can
 * hold: minios's wakeup takes the scheduler's, and every lock's holder
 * runs at IPL 7 (minios/spinlock.c), above the handler. */
PCOUNT_MISS void pcount_notify(void);

/* ---- control's hooks ------------------------------------------------- */
/* Enable the counters in `mask`, those in `intr` with an interrupt at
 * wrap and the others counting only (wrperfmon 4, 1), with PMCTR's kill
 * bits from the PCOUNT_NO_* flags (wrperfmon 3). */
void pcount_hw_enable(unsigned mask, unsigned intr, unsigned flags);
/* Disable every counter (wrperfmon 0). */
void pcount_hw_disable(void);
/* The instruction-sampling unit (docs/precise.md): set it up and enable
 * it with ctl (PM_CTL), filt (PM_FILT) and the generator's seed, its
 * records going to this CPU's area (wrperfmon 10, 9, 8); or, with ctl 0,
 * turn it off, handing the records it left in the area to
 * pcount_pm_records first. */
void pcount_hw_pm(uint64_t ctl, uint64_t filt, uint64_t seed);
/* The cycle counter, all 64 bits: the enabled time at start and stop. */
uint64_t pcount_hw_cycles(void);

#endif

/*
 * pal.h - the 21164's PAL-mode state: reads and writes of the internal
 * processor registers with their side effects (one table, generated from
 * chip/ipr.def), and setting up each CPU's translation buffers and
 * performance counters from the machine description.  The HW_*
 * instructions that use them are in chip/exec_pal.c; docs/pal.md.
 */
#ifndef ALPHASIM_PAL_H
#define ALPHASIM_PAL_H

#include <stdio.h>
#include "chip/cpu.h"
#include "timing/params.h"

/* HW_LD/HW_ST flag bits (21164 HRM 6.6.3; GNU as -m21164 /p /a /w /q
 * /v /l): physical, alternate mode (ALT_MODE), write check (HW_LD
 * checks write access), quadword, virtual PTE fetch (a DTB miss is a
 * double miss; checked as kernel), locked / conditional. */
enum { HW_PHYS = 1 << 15, HW_ALT = 1 << 14, HW_WCHK = 1 << 13,
       HW_QUAD = 1 << 12, HW_VPTE = 1 << 11, HW_LOCK = 1 << 10 };

/* Size the TBs, set up the counters (delivery delay, interrupt level,
 * who is told of each overflow, or NULL) of CPU c; before the machine
 * runs (cpu_init does it with the defaults). */
void pal_configure_cpu(struct cpu *c, const struct params *p,
                       const struct pmu_tracer *trace);

/* HW_MFPR / HW_MTPR of register i (enum ipr_id) by the instruction at
 * pc: the register's value, or its write with every side effect. */
uint64_t pal_read_ipr(struct cpu *c, int i, uint64_t pc);
void pal_write_ipr(struct cpu *c, int i, uint64_t v, uint64_t pc);

/* Whether a HW_MFPR (write false) or HW_MTPR (true) of IPR index `index`
 * (as the instruction encodes it) changes nothing but the register, the
 * VA lock or a DTB entry: nothing the timing model, the counters or the
 * interrupt logic reads, so the block-schedule memo may replay it
 * (chip/memo.c).  The TB-miss flows' IPRs are such; the counters', the
 * interrupts', the caches', the cycle counter's and the ITB's are not. */
bool pal_ipr_replayable(unsigned index, bool write);

/* The cycle counter as RPCC reads it (21164 HRM 5.2.11: CC<63:32> the
 * offset PALcode writes, CC<31:0> counting cycles when CC_CTL enables). */
uint64_t pal_cc(const struct cpu *c);

#endif

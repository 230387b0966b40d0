/*
 * wait.h - a CPU waiting for an interrupt (docs/platform.md, simctl WAIT;
 * docs/pal.md, wtint).
 *
 * The 21164 has no wait state: on a real system the OSF/1 PALcode's
 * wtint either returns at once or spins until an interrupt is requested,
 * and a power-managed platform stops the clock of a CPU with nothing to
 * do.  alphasim's platform does the latter: a write to simctl WAIT makes
 * the writing CPU wait, from the end of that instruction, until the first
 * cycle an interrupt is requested at any level (IPLR and PAL mode do not
 * end or prevent the wait, ICSR's masks do): a request already there, its
 * timer's next tick, an IPI, a performance counter's overflow.  Its clock
 * jumps there with no instruction retired; the skipped cycles are its
 * idle cycles (--stats), head cycles of cause `idle` of the instruction
 * after the store (the truth) and cycles counted there by the performance
 * counters in the CPU's mode.  An IPI sent by a CPU whose clock is ahead
 * ends the wait at the sender's cycle, never before.
 */
#ifndef ALPHASIM_WAIT_H
#define ALPHASIM_WAIT_H

#include "platform/machine.h"

/* simctl WAIT: c waits once the current instruction is done. */
void wait_begin(struct cpu *c);

/* The cycle waiting CPU c's wait ends at (its clock, if a request is
 * there now), or UINT64_MAX if nothing can end it but another CPU. */
uint64_t wait_wake(struct machine *m, struct cpu *c);

/* Run waiting CPU c's clock up to its wake cycle or target, whichever
 * comes first; it runs instructions again if the wake cycle came. */
void wait_run(struct machine *m, struct cpu *c, uint64_t target);

#endif

/*
 * palfor.h - the PAL cycles run on behalf of an instruction
 * (docs/truth-format.md, "PAL cycles on behalf of an instruction"):
 * every span of PAL mode, from the issue before its entry to the HW_REI
 * that leaves it, is charged to the instruction PALcode returns to, under
 * the cause that entered it (timing/record.h enum truth_palfor).
 *
 * A trap, interrupt or CALL_PAL from outside PAL mode opens a frame for
 * the PC it would return to (the faulting or interrupted instruction, or
 * the one after the call).  A span goes to the newest frame.  When HW_REI
 * lands on a frame's PC (or the one after it: a fix-up that completed the
 * instruction), that frame and the frames opened from kernel mode above
 * it (the kernel's own calls on the way back, CALL_PAL rti) are charged
 * to the landing instruction, under the frame's cause; a landing nowhere
 * (PALcode entering the kernel's handler) leaves the frames open until
 * the handler returns.  Frames of other processes (a context switch)
 * wait for their own return; the oldest goes when the stack is full.
 * This is where the samples of those cycles land: the counters'
 * interrupts wait in PAL mode, and in the handler at raised IPL, until
 * PALcode returns (docs/pmu.md).
 */
#ifndef ALPHASIM_PALFOR_H
#define ALPHASIM_PALFOR_H

#include <stdbool.h>
#include <stdint.h>
#include "timing/record.h"

#define PALFOR_DEPTH 16

struct palfor_frame {
	uint64_t pc;                 /* where PALcode would return          */
	uint64_t cycles;             /* PAL cycles charged to it so far     */
	uint32_t space;              /* its ASN                             */
	uint8_t  why;                /* enum truth_palfor                   */
	bool     kernel;             /* opened from kernel mode             */
};

struct palfor {
	struct palfor_frame f[PALFOR_DEPTH];
	unsigned n;
	uint64_t enter;              /* the issue cycle PAL mode began after */
	uint64_t dropped;            /* cycles of frames that had no room   */
};

/* PAL mode entered after the issue at cycle `enter`, from an
 * instruction of space (in kernel mode or not) that PALcode would return
 * to at pc, for the reason why. */
void palfor_enter(struct palfor *p, uint32_t space, uint64_t pc, bool kernel, unsigned why,
                  uint64_t enter);

/* HW_REI issued at cycle t left PAL mode for pc in space: the frame it
 * returns to, with every cycle it is owed, into *out (false: none, the
 * span stays with the newest frame). */
bool palfor_leave(struct palfor *p, uint32_t space, uint64_t pc, uint64_t t,
                  struct palfor_frame *out);

/* The cycles not charged to any instruction (still owed at the end of a
 * run that is in PAL mode or in a handler at cycle now, or dropped). */
uint64_t palfor_owed(const struct palfor *p, bool in_pal, uint64_t now);

#endif

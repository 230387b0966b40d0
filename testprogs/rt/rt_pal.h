/*
 * rt_pal.h - constants shared by the bare-metal runtime's assembly and C:
 * the PALtemps the runtime's PALcode uses (the IPR numbers and the
 * device registers are abi/'s), and the trap record layout.
 */
#ifndef RT_PAL_H
#define RT_PAL_H

#include "abi/ev5_ipr.h"
#include "abi/iomap.h"

#define IPR_PT0        (EV5__PALTEMP0 + 0)
#define IPR_PT1        (EV5__PALTEMP0 + 1)
#define IPR_PT2        (EV5__PALTEMP0 + 2)
#define IPR_PT_RAND    (EV5__PALTEMP0 + 20) /* PALtemp20: sampling's random state */
#define IPR_PT_SAMPLE  (EV5__PALTEMP0 + 21) /* PALtemp21: sampling mode (rt.h) */
#define IPR_PT_PTBR    (EV5__PALTEMP0 + 22) /* PALtemp22: DTB fill page table (PA) */
#define IPR_PT_TRAPREC (EV5__PALTEMP0 + 23) /* PALtemp23: physical address of rt_trap */


/* struct rt_trap, field offsets */
#define TR_COUNT     0
#define TR_ENTRY     8
#define TR_EXC_ADDR 16
#define TR_EXC_SUM  24
#define TR_EXC_MASK 32
#define TR_VA       40
#define TR_MM_STAT  48
#define TR_RESUME   56
#define TR_ISR      64
#define TR_INTID    72
#define TR_SAMPLES  80
#define TR_SIZE     88          /* sizeof (struct rt_trap) */

/* The runtime's test hooks (pal.S): CALL_PAL RT_PAL_SPIN spins a0 times
 * in PAL mode, first writing a1 to SIRR when it is not zero, and adds 1
 * to R8 into R0; CALL_PAL RT_PAL_KERNEL returns to kernel mode with
 * ICSR<HWE> set; CALL_PAL RT_PAL_USER goes to user mode at a0 (R0 is
 * lost). */
#define RT_PAL_SPIN   0xbf
#define RT_PAL_KERNEL 0xbe
#define RT_PAL_USER   0xbd

#endif

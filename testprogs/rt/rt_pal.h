/*
 * rt_pal.h - constants shared by the bare-metal runtime's assembly and C:
 * IPR numbers (21164 HRM 5.1, sim/ipr.def) and the trap record layout.
 */
#ifndef RT_PAL_H
#define RT_PAL_H

#define IPR_EXC_ADDR   0x10b
#define IPR_EXC_SUM    0x10c
#define IPR_EXC_MASK   0x10d
#define IPR_PAL_BASE   0x10e
#define IPR_VA         0x206
#define IPR_MM_STAT    0x205
#define IPR_PT0        0x140
#define IPR_PT1        0x141
#define IPR_PT2        0x142
#define IPR_PT_TRAPREC 0x157    /* PALtemp23: physical address of rt_trap */

/* struct rt_trap, field offsets */
#define TR_COUNT     0
#define TR_ENTRY     8
#define TR_EXC_ADDR 16
#define TR_EXC_SUM  24
#define TR_EXC_MASK 32
#define TR_VA       40
#define TR_MM_STAT  48
#define TR_RESUME   56

#endif

/*
 * rt_pal.h - constants shared by the bare-metal runtime's assembly and C:
 * IPR numbers (21164 HRM 5.1-5.2, chip/ipr.def), the PALtemps the
 * runtime's PALcode uses, and the trap record layout.
 */
#ifndef RT_PAL_H
#define RT_PAL_H

#define IPR_ISR        0x100
#define IPR_ITB_TAG    0x101
#define IPR_ITB_PTE    0x102
#define IPR_ITB_ASN    0x103
#define IPR_ITB_PTE_TEMP 0x104
#define IPR_ITB_IA     0x105
#define IPR_ITB_IAP    0x106
#define IPR_ITB_IS     0x107
#define IPR_SIRR       0x108
#define IPR_ASTRR      0x109
#define IPR_ASTER      0x10a
#define IPR_EXC_ADDR   0x10b
#define IPR_EXC_SUM    0x10c
#define IPR_EXC_MASK   0x10d
#define IPR_PAL_BASE   0x10e
#define IPR_ICM        0x10f
#define IPR_IPLR       0x110
#define IPR_INTID      0x111
#define IPR_IFAULT_VA_FORM 0x112
#define IPR_IVPTBR     0x113
#define IPR_HWINT_CLR  0x115
#define IPR_ICSR       0x118
#define IPR_IC_FLUSH_CTL 0x119
#define IPR_PMCTR      0x11c
#define IPR_DTB_ASN    0x200
#define IPR_DTB_CM     0x201
#define IPR_DTB_TAG    0x202
#define IPR_DTB_PTE    0x203
#define IPR_DTB_PTE_TEMP 0x204
#define IPR_MM_STAT    0x205
#define IPR_VA         0x206
#define IPR_VA_FORM    0x207
#define IPR_MVPTBR     0x208
#define IPR_DTB_IAP    0x209
#define IPR_DTB_IA     0x20a
#define IPR_DTB_IS     0x20b
#define IPR_ALT_MODE   0x20c
#define IPR_CC         0x20d
#define IPR_CC_CTL     0x20e
#define IPR_MCSR       0x20f
#define IPR_DC_FLUSH   0x210
#define IPR_DC_MODE    0x216
#define IPR_MAF_MODE   0x217
#define IPR_PT0        0x140
#define IPR_PT1        0x141
#define IPR_PT2        0x142
#define IPR_PT_RAND    0x154    /* PALtemp20: sampling's random state   */
#define IPR_PT_SAMPLE  0x155    /* PALtemp21: sampling mode (rt.h)      */
#define IPR_PT_PTBR    0x156    /* PALtemp22: DTB fill page table (PA)  */
#define IPR_PT_TRAPREC 0x157    /* PALtemp23: physical address of rt_trap */

/* simctl CPUID, from the start of I/O space (docs/platform.md) */
#define SIMCTL_CPUID  0x2020

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

/*
 * ev5_ipr.h - the 21164's internal processor register numbers, as the
 * HW_MFPR and HW_MTPR instructions take them (21164 HRM chapter 5; the
 * names are those of the HRM's ev5_defs.h; docs/ev5.md "PAL mode").
 *
 * The one copy of these numbers: the simulator's register table
 * (chip/ipr.def), minios's PALcode and the bare-metal runtime's include
 * it, from C and from assembly, so it holds plain numbers only.
 */
#ifndef ABI_EV5_IPR_H
#define ABI_EV5_IPR_H

/* Ibox */
#define EV5__ISR              0x100
#define EV5__ITB_TAG          0x101
#define EV5__ITB_PTE          0x102
#define EV5__ITB_ASN          0x103
#define EV5__ITB_PTE_TEMP     0x104
#define EV5__ITB_IA           0x105
#define EV5__ITB_IAP          0x106
#define EV5__ITB_IS           0x107
#define EV5__SIRR             0x108
#define EV5__ASTRR            0x109
#define EV5__ASTER            0x10a
#define EV5__EXC_ADDR         0x10b
#define EV5__EXC_SUM          0x10c
#define EV5__EXC_MASK         0x10d
#define EV5__PAL_BASE         0x10e
#define EV5__ICM              0x10f
#define EV5__IPLR             0x110
#define EV5__INTID            0x111
#define EV5__IFAULT_VA_FORM   0x112
#define EV5__IVPTBR           0x113
#define EV5__HWINT_CLR        0x115
#define EV5__ICSR             0x118
#define EV5__IC_FLUSH_CTL     0x119
#define EV5__PMCTR            0x11c
/* Mbox */
#define EV5__DTB_ASN          0x200
#define EV5__DTB_CM           0x201
#define EV5__DTB_TAG          0x202
#define EV5__DTB_PTE          0x203
#define EV5__DTB_PTE_TEMP     0x204
#define EV5__MM_STAT          0x205
#define EV5__VA               0x206
#define EV5__VA_FORM          0x207
#define EV5__MVPTBR           0x208
#define EV5__DTB_IAP          0x209
#define EV5__DTB_IA           0x20a
#define EV5__DTB_IS           0x20b
#define EV5__ALT_MODE         0x20c
#define EV5__CC               0x20d
#define EV5__CC_CTL           0x20e
#define EV5__MCSR             0x20f
#define EV5__DC_FLUSH         0x210
#define EV5__DC_MODE          0x216
#define EV5__MAF_MODE         0x217
/* PALtemp0..PALtemp23: 24 registers PALcode keeps to itself */
#define EV5__PALTEMP0         0x140
#define EV5__PALTEMP_COUNT    24

#endif

/*
 * pal.h - constants shared by minios's PALcode (the .S files here), the
 * kernel's trap entry (minios/entry.S) and its C code.
 *
 * IPR numbers: abi/ev5_ipr.h (21164 hardware reference manual, HRM,
 * chapter 5).  The OSF/1 PAL interface (PS, exception frame,
 * entry-point arguments, PCB, PTE): Alpha AXP Architecture Reference
 * Manual, OpenVMS/OSF part (ARM III), as summarised in docs/ev5.md "The OSF/1
 * PALcode interface"; PTE bit positions match the 21164's ITB_PTE and
 * DTB_PTE write formats (HRM 5.1.2, 5.2.3), so a PTE read from memory
 * goes into the TB as it is.
 */
#ifndef MINIOS_PAL_H
#define MINIOS_PAL_H

/* ---- 21164 IPRs: their numbers (EV5__*) ------------------------------ */
#include "abi/ev5_ipr.h"
/* ... and the instruction-sampling unit's, an alphasim extension
 * (EV5X__PM_*, docs/precise.md) */
#include "abi/pm.h"
#define ISR_PM_SHIFT     35          /* its request in ISR              */

/* ICSR and MCSR bits (HRM 5.1.17, 5.2.15) */
#define ICSR_PMA_SHIFT   8
#define ICSR_PMP_SHIFT   9
#define ICSR_FPE_SHIFT   26
#define ICSR_RESET       0x74000000  /* SDE, SPE<1:0>, FPE             */
#define MCSR_RESET       0x6         /* SP<1:0>: D-stream superpage    */

/* Hardware current mode written to ICM/DTB_CM: OSF/1 user mode runs in
 * the 21164's user mode (CM = 3), so PTE bits URE/UWE govern it. */
#define CM_KERNEL        0x00
#define CM_USER          0x18

/* MM_STAT fields (HRM 5.2.6) */
#define MM_STAT_WR       0x1
#define MM_STAT_ACV      0x2
#define MM_STAT_FOR      0x4
#define MM_STAT_FOW      0x8
#define MM_STAT_RA_SHIFT 6
#define MM_STAT_OP_SHIFT 11

/* ---- PALtemp use (PALtemp n is IPR EV5__PALTEMP0 + n) --------------- */
#define PT_SCRATCH     (EV5__PALTEMP0 + 0)  /* local scratch */
#define PT_ENTINT      (EV5__PALTEMP0 + 1)  /* wrent 0..5, in this order */
#define PT_ENTARITH    (EV5__PALTEMP0 + 2)
#define PT_ENTMM       (EV5__PALTEMP0 + 3)
#define PT_ENTIF       (EV5__PALTEMP0 + 4)
#define PT_ENTUNA      (EV5__PALTEMP0 + 5)
#define PT_ENTSYS      (EV5__PALTEMP0 + 6)
#define PT_KGP         (EV5__PALTEMP0 + 7)  /* wrkgp */
#define PT_USP         (EV5__PALTEMP0 + 8)  /* user stack pointer while not in user */
#define PT_KSP         (EV5__PALTEMP0 + 9)  /* kernel stack pointer while in user */
#define PT_PTBR        (EV5__PALTEMP0 + 10) /* physical address of the level-1 table */
#define PT_PCBB        (EV5__PALTEMP0 + 11) /* physical address of the current PCB */
#define PT_INTMASK     (EV5__PALTEMP0 + 12) /* OSF IPL -> EV5 IPL, one byte per IPL */
#define PT_VPTB        (EV5__PALTEMP0 + 13) /* wrvptptr */
#define PT_WHAMI       (EV5__PALTEMP0 + 14) /* this CPU's number */
#define PT_SYSVAL      (EV5__PALTEMP0 + 15) /* wrval/rdval */
#define PT_MCES        (EV5__PALTEMP0 + 16) /* machine check error summary */
#define PT_PERFMON     (EV5__PALTEMP0 + 17) /* wrperfmon: the modes function 4 set */

/* OSF IPL 0..7 -> EV5 IPL 0,1,2,0x14,0x15,0x16,0x1e,0x1f (docs/ev5.md,
 * "The OSF/1 PALcode interface") */
#define INTMASK_LO  0x14020100
#define INTMASK_HI  0x1f1e1615

/* ---- OSF/1 software state ------------------------------------------- */
#define PS_USER     0x8        /* PS<3>: current mode is user           */
#define PS_IPL      0x7        /* PS<2:0>: interrupt priority level     */

/* The exception frame PALcode pushes on the kernel stack */
#define FRAME_PS    0
#define FRAME_PC    8
#define FRAME_GP    16
#define FRAME_A0    24
#define FRAME_A1    32
#define FRAME_A2    40
#define FRAME_SIZE  48

/* entMM a1 (MMCSR), entIF a0 */
#define MMCSR_TNV   0
#define MMCSR_ACV   1
#define MMCSR_FOR   2
#define MMCSR_FOE   3
#define MMCSR_FOW   4
#define IF_BPT      0
#define IF_BUGCHK   1
#define IF_GENTRAP  2
#define IF_FEN      3
#define IF_OPDEC    4

/* Process control block (swpctx) */
#define PCB_KSP     0
#define PCB_USP     8
#define PCB_PTBR    16         /* page frame number of the L1 table     */
#define PCB_CC      24         /* longword                              */
#define PCB_ASN     28         /* longword                              */
#define PCB_UNIQUE  32
#define PCB_FLAGS   40         /* bit 0 FEN, bit 62 PME                 */
#define PCB_CTX     48         /* minios: PM_CTX, the sampling unit's   */
                               /* context (the address space's DCPI     */
                               /* number); the OSF PCB's reserved space */
#define PCB_SIZE    64
#define PCB_PME_BIT 62

/* PTE (memory and TB format) */
#define PTE_V       0x0001
#define PTE_FOR     0x0002
#define PTE_FOW     0x0004
#define PTE_FOE     0x0008
#define PTE_ASM     0x0010
#define PTE_KRE     0x0100
#define PTE_URE     0x0800
#define PTE_KWE     0x1000
#define PTE_UWE     0x8000
#define PTE_PFN_SHIFT 32

/* ---- the platform: its device registers (docs/platform.md) ---------- */
#define KSEG_BASE   0xfffffc0000000000
#include "abi/iomap.h"

#endif

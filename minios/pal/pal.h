/*
 * pal.h - constants shared by minios's PALcode (the .S files here), the
 * kernel's trap entry (minios/entry.S) and its C code.
 *
 * IPR indices: 21164 hardware reference manual (HRM) chapter 5, as listed
 * in EV5.md "PAL mode".  The OSF/1 PAL interface (PS, exception frame,
 * entry-point arguments, PCB, PTE): Alpha AXP Architecture Reference
 * Manual, OpenVMS/OSF part (ARM III), as summarised in EV5.md "The OSF/1
 * PALcode interface"; PTE bit positions match the 21164's ITB_PTE and
 * DTB_PTE write formats (HRM 5.1.2, 5.2.3), so a PTE read from memory
 * goes into the TB as it is.
 */
#ifndef MINIOS_PAL_H
#define MINIOS_PAL_H

/* ---- 21164 IPRs ----------------------------------------------------- */
#define IPR_ISR          0x100
#define IPR_ITB_TAG      0x101
#define IPR_ITB_PTE      0x102
#define IPR_ITB_ASN      0x103
#define IPR_ITB_IA       0x105
#define IPR_ITB_IAP      0x106
#define IPR_ITB_IS       0x107
#define IPR_EXC_ADDR     0x10b
#define IPR_EXC_SUM      0x10c
#define IPR_EXC_MASK     0x10d
#define IPR_PAL_BASE     0x10e
#define IPR_ICM          0x10f     /* Ibox current mode, bits 4:3      */
#define IPR_IPLR         0x110
#define IPR_INTID        0x111
#define IPR_IVPTBR       0x113
#define IPR_HWINT_CLR    0x115
#define IPR_ICSR         0x118
#define IPR_IC_FLUSH_CTL 0x119
#define IPR_PMCTR        0x11c
#define IPR_DTB_ASN      0x200
#define IPR_DTB_CM       0x201     /* Mbox current mode, bits 4:3      */
#define IPR_DTB_TAG      0x202
#define IPR_DTB_PTE      0x203
#define IPR_MM_STAT      0x205
#define IPR_VA           0x206
#define IPR_MVPTBR       0x208
#define IPR_DTB_IAP      0x209
#define IPR_DTB_IA       0x20a
#define IPR_DTB_IS       0x20b
#define IPR_MCSR         0x20f

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

/* ---- PALtemp use (PALtemp n is IPR 0x140 + n) ----------------------- */
#define PT_SCRATCH  0x140      /* local scratch                        */
#define PT_ENTINT   0x141      /* wrent 0..5, in this order            */
#define PT_ENTARITH 0x142
#define PT_ENTMM    0x143
#define PT_ENTIF    0x144
#define PT_ENTUNA   0x145
#define PT_ENTSYS   0x146
#define PT_KGP      0x147      /* wrkgp                                */
#define PT_USP      0x148      /* user stack pointer while not in user  */
#define PT_KSP      0x149      /* kernel stack pointer while in user    */
#define PT_PTBR     0x14a      /* physical address of the level-1 table */
#define PT_PCBB     0x14b      /* physical address of the current PCB   */
#define PT_INTMASK  0x14c      /* OSF IPL -> EV5 IPL, one byte per IPL  */
#define PT_VPTB     0x14d      /* wrvptptr                             */
#define PT_WHAMI    0x14e      /* this CPU's number                    */
#define PT_SYSVAL   0x14f      /* wrval/rdval                          */
#define PT_MCES     0x150      /* machine check error summary          */
#define PT_PERFMON  0x151      /* wrperfmon: the modes function 4 set   */

/* OSF IPL 0..7 -> EV5 IPL 0,1,2,0x14,0x15,0x16,0x1e,0x1f (EV5.md) */
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

/* ---- the platform (docs/platform.md) -------------------------------- */
#define KSEG_BASE   0xfffffc0000000000
#define IO_CONSOLE  0x8000000000       /* physical */
#define IO_SIMCTL   0x8000002000
#define IO_TIMER    0x8000004000       /* per CPU: CTRL, PENDING, ...   */
#define IO_IPI      0x8000006000       /* WHAMI, SEND, PENDING          */
#define IO_HOSTFS   0x8000008000       /* REQ at +0 (platform/dev.h)         */
#define TIMER_CTRL    0x00
#define TIMER_PENDING 0x08
#define IPI_SEND      0x08
#define IPI_PENDING   0x10
#define SIMCTL_CPUID  0x20
#define SIMCTL_WAIT   0x38
#define HOSTFS_REG_REQ 0x00

#endif

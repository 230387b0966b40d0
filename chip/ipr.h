/*
 * ipr.h - 21164 internal processor registers as data (chip/ipr.def), plus
 * the 24 PALtemps, and the bit fields the simulator uses
 * (21164 hardware reference manual chapter 5, as its ev5_defs.h names
 * them; docs/ev5.md "PAL mode").  Reads and writes with side effects are in
 * chip/pal.c.
 */
#ifndef ALPHASIM_IPR_H
#define ALPHASIM_IPR_H

#include <stdint.h>
#include "abi/ev5_ipr.h"
#include "abi/pm.h"

/* The instruction-sampling unit's control registers (an alphasim
 * extension, abi/pm.h; docs/precise.md) under the names chip/ipr.def's
 * lines take. */
#define EV5__PM_CTL       EV5X__PM_CTL
#define EV5__PM_FILT      EV5X__PM_FILT
#define EV5__PM_CTX       EV5X__PM_CTX
#define EV5__PM_SEED      EV5X__PM_SEED
#define EV5__PM_STAT      EV5X__PM_STAT
#define EV5__PM_BUF_BASE  EV5X__PM_BUF_BASE
#define EV5__PM_BUF_LIMIT EV5X__PM_BUF_LIMIT
#define EV5__PM_BUF_PTR   EV5X__PM_BUF_PTR

enum ipr_id {
#define IPR(id, acc, mask, rd, wr) IPR_##id,
#include "chip/ipr.def"
#undef IPR
	IPR_PALTEMP0,
	IPR_COUNT = IPR_PALTEMP0 + EV5__PALTEMP_COUNT,
	/* the unit's latch, read by quadword (EV5X__PM_REC + q): not in
	 * c->ipr, read from the unit */
	IPR_PM_REC0 = IPR_COUNT,
	IPR_PM_REC_END = IPR_PM_REC0 + EV5X__PM_REC_COUNT,
};

/* The register at a HW_MFPR/HW_MTPR index, or -1 if there is none. */
int ipr_lookup(unsigned index);

/* ICSR (21164 HRM 5.1.17; docs/ev5.md "PAL mode"). */
#define ICSR_PMA   (1ull << 8)   /* performance monitor enable, all     */
#define ICSR_PMP   (1ull << 9)   /* ... per process (with SWPCTX's PME) */
#define ICSR_IM_SHIFT 20         /* IM0-IM3: mask IRQ0-IRQ3 (ISR 23:20) */
#define ICSR_FPE   (1ull << 26)  /* floating point enable               */
#define ICSR_HWE   (1ull << 27)  /* HW_* allowed in kernel mode         */
#define ICSR_SPE   (3ull << 28)  /* I-stream superpage enable: <1> the  */
#define ICSR_SPE43 (1ull << 29)  /* 43-bit kseg, <0> the 32-bit one     */
#define ICSR_SPE32 (1ull << 28)
#define ICSR_SDE   (1ull << 30)  /* PAL shadow registers enable         */
#define ICSR_CRDE  (1ull << 32)  /* correctable read error interrupt    */

/* MCSR: D-stream superpage enables, bits 2:1 as in ICSR.SPE. */
#define MCSR_SP    (3ull << 1)
#define MCSR_SP43  (1ull << 2)
#define MCSR_SP32  (1ull << 1)

/* ISR (21164 HRM 5.1.1): what is requesting an interrupt. */
#define ISR_AST_SHIFT   0        /* <3:0> ASTRR & ASTER, by mode         */
#define ISR_SIRR_SHIFT  4        /* <18:4> software requests, levels 1-15 */
#define ISR_ATR    (1ull << 19)  /* an AST the current mode may take     */
#define ISR_IRQ0   20            /* <23:20> IRQ0-IRQ3, EV5 IPL 20-23     */
#define ISR_PC0    27            /* <29:27> performance counters 0-2     */
#define ISR_PFL    30            /* power fail, IPL 30                   */
#define ISR_MCK    31            /* system machine check, IPL 31         */
#define ISR_CRD    32            /* correctable read data, IPL 31        */
#define ISR_SLI    33            /* serial line (not modelled)           */
#define ISR_HLT    34            /* halt: taken at any IPL               */
#define ISR_PM     35            /* the instruction-sampling unit, at the */
                                 /* counters' IPL (an alphasim extension: */
                                 /* docs/precise.md)                      */

/* MM_STAT (21164 HRM 5.2.5): why a D-stream reference faulted. */
#define MM_STAT_WR      (1u << 0)
#define MM_STAT_ACV     (1u << 1)
#define MM_STAT_FOR     (1u << 2)
#define MM_STAT_FOW     (1u << 3)
#define MM_STAT_DTB_MISS (1u << 4)
#define MM_STAT_BAD_VA  (1u << 5)
#define MM_STAT_RA_SHIFT     6   /* <10:6> Ra of the instruction         */
#define MM_STAT_OPCODE_SHIFT 11  /* <16:11> its opcode                   */

/* Page table entries as DTB_PTE/ITB_PTE take them (the OSF/1 PTE layout,
 * ARM 11.8): FOR, FOW, ASM, GH<6:5>, read enables <11:8> by mode (K, E,
 * S, U), write enables <15:12>, PFN<58:32>. */
#define PTE_V      (1ull << 0)
#define PTE_FOR    (1ull << 1)
#define PTE_FOW    (1ull << 2)
#define PTE_FOE    (1ull << 3)
#define PTE_ASM    (1ull << 4)
#define PTE_GH(p)  (((p) >> 5) & 3)
#define PTE_RE(m)  (1ull << (8 + (m)))
#define PTE_WE(m)  (1ull << (12 + (m)))
#define PTE_PFN(p) (((p) >> 32) & 0x7ffffff)

/* Mode fields (ICM, DTB_CM, ALT_MODE) are bits 4:3. */
#define IPR_MODE(v) ((unsigned)((v) >> 3) & 3)

#endif

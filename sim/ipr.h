/*
 * ipr.h - 21164 internal processor registers as data (sim/ipr.def), plus
 * the 24 PALtemps at 0x140-0x157.
 */
#ifndef ALPHASIM_IPR_H
#define ALPHASIM_IPR_H

#include <stdint.h>

enum ipr_id {
#define IPR(id, idx) IPR_##id,
#include "sim/ipr.def"
#undef IPR
	IPR_PALTEMP0,
	IPR_COUNT = IPR_PALTEMP0 + 24,
};

#define IPR_PALTEMP_BASE 0x140

/* The register at a HW_MFPR/HW_MTPR index, or -1 if there is none. */
int ipr_lookup(unsigned index);
/* Its name ("EXC_ADDR", "PALtemp3"), or NULL. */
const char *ipr_name(unsigned index);

/* ICSR bits used by the model (21164 HRM 5.1.17; EV5.md). */
#define ICSR_PMA   (1ull << 8)   /* performance monitor enable, all     */
#define ICSR_PMP   (1ull << 9)   /* ... per process (with SWPCTX's PME) */
#define ICSR_FPE   (1ull << 26)  /* floating point enable               */
#define ICSR_HWE   (1ull << 27)  /* HW_* allowed in kernel mode         */
#define ICSR_SPE   (3ull << 28)  /* I-stream superpage enable           */
#define ICSR_SDE   (1ull << 30)  /* PAL shadow registers enable         */
#define MCSR_SP    (3ull << 1)   /* D-stream superpage enable (bits 2:1) */

#endif

/*
 * pm.h - the instruction-sampling unit's interface to software: its IPR
 * numbers and fields, and the layout of the record it latches (and, in
 * buffer mode, writes into memory).  An alphasim extension after ProfileMe
 * (Dean et al., MICRO-30 1997) and Arm's Statistical Profiling Extension
 * ("Statistical Profiling Extension for ARMv8-A", Arm, 2017): the real
 * 21164 never had it.  docs/precise.md is the design; pmu/pm.h the model.
 *
 * The IPR numbers are in a range the 21164 leaves unused (21164 HRM
 * chapter 5: Ibox 0x100-0x11F, PALtemps 0x140-0x157, Mbox 0x200-0x217).
 * The numbers are plain so that PALcode can include them from assembly;
 * the record's C layout is for C includers only.
 */
#ifndef ABI_PM_H
#define ABI_PM_H

#define EV5X__PM_CTL       0x160   /* enable, delivery mode, period, jitter, pairing */
#define EV5X__PM_FILT      0x161   /* which records are kept                         */
#define EV5X__PM_CTX       0x162   /* the context (pid) copied into records           */
#define EV5X__PM_SEED      0x163   /* write: reseed the interval generator            */
#define EV5X__PM_STAT      0x164   /* latch full, stopped; write 1s to clear them     */
#define EV5X__PM_BUF_BASE  0x165   /* buffer mode: physical base, 128-byte aligned    */
#define EV5X__PM_BUF_LIMIT 0x166   /* buffer mode: physical end (exclusive)           */
#define EV5X__PM_BUF_PTR   0x167   /* buffer mode: where the next record goes         */
#define EV5X__PM_REC       0x180   /* 0x180-0x19F: the latched records, by quadword   */
#define EV5X__PM_REC_COUNT 32      /* two records (first, second) of 16 quadwords     */

/* PM_CTL fields */
#define PM_CTL_ENABLE      (1ull << 0)
#define PM_CTL_BUFFER      (1ull << 1)    /* 0: interrupt per record (ProfileMe) */
                                          /* 1: memory buffer (SPE)              */
#define PM_CTL_PAIR        (1ull << 2)    /* paired sampling                     */
#define PM_CTL_KILL(m)     (1ull << (3 + (m)))  /* 5:3: no fetch in mode m   */
                                          /* (user, kernel, PAL) is counted */
                                          /* or tagged, as the counters'    */
                                          /* KILLU/KILLK/KILLP              */
#define PM_CTL_PERIOD(v)   (((v) >> 8) & 0xffffff)    /* mean interval, fetched insns */
#define PM_CTL_JITTER(v)   (((v) >> 32) & 0xffffff)   /* half-width of its spread     */
#define PM_CTL_WINDOW(v)   (((v) >> 56) & 0xff)       /* pair: second within 1..W     */

/* PM_FILT fields: a record is kept when every set part agrees */
#define PM_FILT_OPS(v)     ((v) & 0xff)               /* bit per PM_OP_*; 0: any      */
#define PM_FILT_EVENTS(v)  (((v) >> 16) & 0xffff)     /* any of these events; 0: none needed */
#define PM_FILT_LATENCY(v) ((v) >> 32)                /* head cycles at least this    */

/* PM_STAT fields */
#define PM_STAT_FULL       (1ull << 0)    /* a record waits in the latch          */
#define PM_STAT_STOPPED    (1ull << 1)    /* buffer mode: the buffer filled        */
#define PM_STAT_COLL(v)    ((v) >> 32)    /* collisions since PM_CTL was written   */

/* Record flags (struct pm_record.flags) */
#define PM_F_VALID         (1u << 0)
#define PM_F_RETIRED       (1u << 1)
#define PM_F_KILL(f)       (((f) >> 2) & 3)           /* enum pm_kill          */
#define PM_F_TAKEN         (1u << 4)      /* branch or jump taken                  */
#define PM_F_OP(f)         (((f) >> 5) & 7)           /* enum pm_op            */
#define PM_F_MODE(f)       (((f) >> 8) & 3)           /* user, kernel, PAL     */
#define PM_F_SECOND        (1u << 10)     /* the second record of a pair           */
#define PM_F_COLLIDED      (1u << 11)     /* a collision since the last record     */

#define PM_KILL_NONE       0              /* retired                               */
#define PM_KILL_TRAP       1              /* a fault unwound it (DTB miss, ...)    */
#define PM_KILL_INTR       2              /* an interrupt was taken before it issued */
#define PM_KILL_MISPATH    3              /* wrong path: never, alphasim fetches none */

#define PM_OP_OTHER        0
#define PM_OP_LOAD         1
#define PM_OP_STORE        2
#define PM_OP_BRANCH       3              /* conditional branch                    */
#define PM_OP_JUMP         4              /* JMP, JSR, RET, JSR_COROUTINE          */
#define PM_OP_COUNT        5

#define PM_NCAUSE          22             /* cause slots: abi/truth.h's causes, and room */
#define PM_RECORD_BYTES    128

#ifndef __ASSEMBLER__
#include <stdint.h>

/* One record, as latched and as written to memory (little-endian). */
struct pm_record {
	uint64_t pc;                   /*   0: the instruction's PC            */
	uint64_t ea;                   /*   8: a load's or store's address     */
	uint32_t flags;                /*  16: PM_F_*                          */
	uint32_t ctx;                  /*  20: PM_CTX when it was tagged       */
	uint32_t head;                 /*  24: head cycles, the sum of cause[] */
	uint32_t lat;                  /*  28: issue to result (a load's level) */
	uint32_t cause[PM_NCAUSE];     /*  32: head cycles by TRUTH_CAUSES     */
	uint16_t events;               /* 120: bit per TRUTH_EVENTS            */
	uint16_t gap;                  /* 122: second of a pair: instructions  */
	                               /*      fetched since the first         */
	uint32_t seq;                  /* 124: tag number, low 32 bits         */
};
_Static_assert(sizeof(struct pm_record) == PM_RECORD_BYTES, "record layout");
#endif

#endif

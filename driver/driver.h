/*
 * driver.h - the DCPI sampling driver's core (DCPI paper, section 4.2):
 * per-CPU state, the hash table, the overflow buffers, the
 * interrupt handler variants, the flush protocol, period randomisation
 * and event multiplexing.  Freestanding C, compiled into minios (where
 * minios/pcount_*.c are the /dev/pcount glue) and for the host (tests/
 * test_driver.c).  docs/dcpi.md describes the design.
 *
 * Who runs what:
 *   pcount_intr (through c->hot.intr): the counter interrupt, on its own
 *     CPU at IPL 6; no locks, no memory barriers, no calls but the
 *     environment's hooks (driver/pcount_hw.h).
 *   pcount_cpu_*: run ON the CPU they name at IPL >= 6 (the glue calls
 *     them directly for the local CPU, by IPI for another), so they are
 *     atomic with respect to that CPU's handler (section 4.2.3).
 *   pcount_drain_*, pcount_take, pcount_give, pcount_stats_*: the reader
 *     (the daemon's ioctl), on any CPU, one reader at a time.
 */
#ifndef DRIVER_DRIVER_H
#define DRIVER_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "driver/pcount.h"
#include "pmu/events.h"
#include "abi/pm.h"

/* The events, numbered in pmu/events.def order (pmu/events.h). */
_Static_assert(PEV_COUNT <= PCOUNT_MAX_EVENTS, "events");
_Static_assert(PEV_COUNT <= 256, "events fit the hot line's bytes");
_Static_assert(PEV_COUNT <= PCOUNT_PM_BASE && PCOUNT_PM_END <= PCOUNT_MAX_EVENTS,
               "instruction sampling's kinds after the events");
_Static_assert(PCOUNT_PM_NCAUSES <= PM_NCAUSE, "the record's cause slots");

/* A hash-table or buffer entry as the handler sees it: the second
 * quadword of struct pcount_sample is pid | event << 32 | count << 48
 * (little-endian), so one compare matches (pid, event) and one add
 * counts. */
struct pcount_slot {
	uint64_t pc;
	uint64_t key;
};
#define SLOT_ONE      (1ull << 48)
#define SLOT_IDMASK   (SLOT_ONE - 1)
#define SLOT_COUNT(k) ((uint32_t)((k) >> 48))
#define SLOT_KEY(pid, ev) ((uint64_t)(pid) | (uint64_t)(ev) << 32)
_Static_assert(sizeof(struct pcount_slot) == sizeof(struct pcount_sample), "slot");
_Static_assert(offsetof(struct pcount_sample, pid) == 8 &&
               offsetof(struct pcount_sample, event) == 12 &&
               offsetof(struct pcount_sample, count) == 14, "key layout");

#define PCOUNT_BUCKET 4                    /* entries per 64-byte bucket */

/* The counter interrupt's code lies in its own text sections, so that
 * the simulator can charge the cycles spent there to the driver from the
 * ground truth (minios/minios.ld brackets them with __dcpi_intr_start/
 * _end, and the eviction path inside with __dcpi_miss_start/_end;
 * docs/dcpi.md "Measuring the handler").  NOINLINE keeps a miss-path
 * function out of its caller in the hit path. */
#define PCOUNT_INTR __attribute__((section(".text.dcpi_intr")))
#define PCOUNT_MISS __attribute__((section(".text.dcpi_miss"), noinline))

struct pcount_cpu;
typedef void pcount_intr_fn(struct pcount_cpu *c, unsigned ctr, uint64_t pc,
                            uint32_t pid);

/* The handler's line (section 4.2.2): its private variables and
 * read-only copies of the globals, in one 64-byte cache line. */
struct pcount_hot {
	struct pcount_slot *table;     /* buckets * 4 entries               */
	struct pcount_slot *buf;       /* the active overflow buffer        */
	uint64_t interrupts;           /* samples received                  */
	uint32_t fill;                 /* entries in buf; BUF_ENTRIES: no room */
	uint32_t mask;                 /* buckets - 1                       */
	uint32_t seed;                 /* Park-Miller state, 1..2^31-2      */
	uint8_t victim;                /* mod-4 eviction counter            */
	volatile uint8_t flushing;     /* set and cleared on this CPU only  */
	uint8_t active;                /* which of the two buffers is buf   */
	uint8_t cpu;
	uint16_t pmin[PCOUNT_NCOUNTERS];   /* the current event's periods:   */
	uint16_t prange[PCOUNT_NCOUNTERS]; /* [pmin, pmin + prange)          */
	uint8_t event[PCOUNT_NCOUNTERS];   /* the event each counter counts  */
	uint8_t pad;
	pcount_intr_fn *intr;          /* the handler variant in use        */
} __attribute__((aligned(64)));
_Static_assert(sizeof(struct pcount_hot) == 64, "one cache line");

/* A counter's rotation through its events (the general handler). */
struct pcount_mux {
	uint32_t nevents, index;
	uint32_t since;                /* cycle (32-bit) the current one began */
	uint32_t reserved;
	struct pcount_event_config ev[PCOUNT_MUX_MAX];
};

enum { BUF_FREE = 0, BUF_FULL = 1 };   /* owner: the handler, the reader */

struct pcount_cpu {
	struct pcount_hot hot;
	/* buffers: the handler turns a buffer FULL, the reader FREE */
	struct pcount_slot *bufs[2];
	volatile uint32_t state[2];
	uint32_t len[2];               /* entries of a FULL buffer          */
	/* the hash table copied out by the last flush, read in chunks */
	struct pcount_slot *staged;
	uint32_t nstaged, staged_off;
	/* multiplexing */
	struct pcount_mux mux[PCOUNT_NCOUNTERS];
	uint32_t mux_cycles;
	bool enabled;
	uint64_t start_cycles;
	/* counters read rather than sampled (PCOUNT_SRC_AT_*): the counters
	 * of each source as a mask, and each counter's value at its last
	 * read */
	uint8_t by_source[PCOUNT_NSOURCES];
	uint32_t last[PCOUNT_NCOUNTERS];
	uint64_t reads;                /* entries counted from those reads  */
	/* statistics (hits = interrupts + reads - misses - direct) */
	uint8_t ctr_mask;              /* counters in use                   */
	uint32_t flags;                /* PCOUNT_NO_*                       */
	struct pcount_cpu_stats st;
	uint64_t monitored[PEV_COUNT];
	uint64_t read_by_event[PCOUNT_MAX_EVENTS];
	/* the handler's own cost (pcount_cost_add): the cycle counter when
	 * the interrupting counter was last reloaded, and the sums */
	uint32_t reloaded;
	struct pcount_cost cost[PEV_COUNT] __attribute__((aligned(32)));
	/* instruction sampling (docs/precise.md): PM_CTL, PM_FILT, and the
	 * table additions its records made (for the hits) */
	uint64_t pm_ctl, pm_filt;
	uint64_t pm_lookups;
	/* the last first-of-pair record's tag number and the collision
	 * count at the last interrupt, for pm_tagged and pm_collisions
	 * (both restart when PM_CTL is written) */
	uint32_t pm_seq, pm_coll;
	bool pm_seq_seen;
	/* the records kept whole (PCOUNT_READ_RECORDS): a ring of ring_len
	 * (a power of two; 0: none kept, each one counted lost), written at
	 * ring_head by the handler only, freed up to ring_tail by the reader
	 * only; both count up and wrap by the mask */
	struct pm_record *ring;
	uint32_t ring_len;
	volatile uint32_t ring_head, ring_tail;
	/* the reader's context (its address space's number) while the unit
	 * samples kernel mode, else 0: its own records are counted
	 * (pm_ring_reader), not kept whole */
	uint32_t pm_reader;
} __attribute__((aligned(64)));

/* The entries one CPU needs for a table of `buckets` buckets (a power
 * of two): the table, the flush's staging area, two buffers. */
#define PCOUNT_CPU_SLOTS(buckets) \
	(2 * (buckets) * PCOUNT_BUCKET + 2 * PCOUNT_BUF_ENTRIES)
void pcount_cpu_init(struct pcount_cpu *c, unsigned cpu, void *mem,
                     uint32_t buckets);

/* Give the CPU its ring of records (n a power of two), at init. */
void pcount_cpu_ring(struct pcount_cpu *c, struct pm_record *ring, uint32_t n);
/* The reader's context (0: none), whose records the ring does not keep
 * while kernel mode is sampled (docs/precise.md, "The record stream");
 * on the CPU, after pcount_cpu_configure and before its start. */
void pcount_cpu_reader(struct pcount_cpu *c, uint32_t ctx);

/* What the environment provides (the counters, the cycle counter, the
 * sampling unit, the reader's wakeup), and in what context the core
 * calls it: driver/pcount_hw.h. */

/* ---- events and periods (driver/events.c; the selects: pmu/events.h;
 * the counters' widths and the shortest period: driver/pcount.h) ----- */
/* The default period range of an event on a counter (docs/dcpi.md). */
void pcount_default_period(unsigned event, unsigned ctr, uint32_t *min,
                           uint32_t *range);
/* Fill defaults in and check a configuration: 0 or -EINVAL. */
int pcount_config_check(struct pcount_config *cfg);

/* ---- period randomisation (driver/period.c) -------------------------- */
/* Park-Miller's x' = 16807 x mod (2^31 - 1) without a division (the
 * 21164 has none), as Carta [Car90] shows: 2^31 = 1 (mod 2^31 - 1), so
 * the product's bits above 31 fold back in with an add. */
static inline uint32_t pcount_prng_next(uint32_t x)
{
	uint64_t p = (uint64_t)x * 16807;
	uint32_t r = (uint32_t)(p & 0x7fffffff) + (uint32_t)(p >> 31);
	return r >= 0x7fffffffu ? r - 0x7fffffffu : r;
}
uint32_t pcount_prng_seed(uint64_t seed, unsigned cpu);
static inline uint32_t pcount_period(uint32_t r, uint32_t min, uint32_t range)
{
	return min + (uint32_t)(((uint64_t)(r - 1) * range) >> 31);
}

/* ---- the handler (driver/sample.c) ----------------------------------- */
PCOUNT_INTR pcount_intr_fn pcount_intr_fast, pcount_intr_general, pcount_intr_read;
/* The clock interrupt on this CPU (IPL 5, below the counters'): charge
 * the counters read at the clock (PCOUNT_SRC_AT_CLOCK) to pc. */
void pcount_clock(struct pcount_cpu *c, uint64_t pc, uint32_t pid);
/* The instruction-sampling unit's interrupt on this CPU (at the
 * counters' IPL, same rules): the n records at r, each valid one added
 * to the table under its own context (the pid) and PC; coll, the unit's
 * collision count then (PM_STAT<63:32>), and the records' tag numbers
 * advance pm_collisions and pm_tagged, whose ratio the daemon scales
 * the records' period by (docs/precise.md, "Frequency"). */
PCOUNT_INTR void pcount_pm_records(struct pcount_cpu *c, const struct pm_record *r,
                                   uint32_t n, uint32_t coll);
PCOUNT_INTR uint32_t pcount_hash(uint64_t pc, uint64_t key, uint32_t mask);

/* ---- the overflow buffers (driver/buffer.c) --------------------------- */
/* The handler's side (this CPU, IPL 6): append an entry, false when both
 * buffers are the reader's; hand the active buffer over as it is. */
PCOUNT_MISS bool pcount_append(struct pcount_cpu *c, uint64_t pc, uint64_t key);
PCOUNT_MISS void pcount_hand_over(struct pcount_cpu *c);

/* ---- control (driver/control.c) -------------------------------------- */
#define PCOUNT_MUX_CYCLES 500000       /* default rotation grain        */
#define PCOUNT_SEED 20240601ull        /* default generator seed        */
/* At IPL >= 6 on the CPU itself: */
void pcount_cpu_configure(struct pcount_cpu *c, const struct pcount_config *cfg);
void pcount_cpu_start(struct pcount_cpu *c);
void pcount_cpu_stop(struct pcount_cpu *c);
void pcount_cpu_flush_begin(struct pcount_cpu *c);
void pcount_cpu_flush_end(struct pcount_cpu *c);

/* The handler's own cost (docs/dcpi.md, "The handler's own cost"): the
 * environment's interrupt entry calls this after the handler, with the
 * event of the counter that interrupted, the cycle counter's low 32
 * bits at the kernel's entry and now.  The handler took the reload's
 * (next_period).  Inline: no call leaves the measured code. */
PCOUNT_INTR static inline void pcount_cost_add(struct pcount_cpu *c, unsigned event,
                                               uint32_t entered, uint32_t now)
{
	struct pcount_cost *k = &c->cost[event];
	k->interrupts++;
	k->after_reload += (uint32_t)(now - c->reloaded);
	k->from_entry += (uint32_t)(now - entered);
}

/* The reader's side. */
/* The flush's middle part: with the flag set, copy the table to the
 * staging area and clear it. */
void pcount_flush_copy(struct pcount_cpu *c);
/* The next entries the daemon may have from this CPU: a FULL buffer, or
 * a chunk of at most PCOUNT_BUF_ENTRIES staged entries.  pcount_take
 * answers how many (0: none) and where; pcount_give hands them back
 * after the copy, accounting the samples read. */
uint32_t pcount_take(struct pcount_cpu *c, const struct pcount_slot **out);
void pcount_give(struct pcount_cpu *c, const struct pcount_slot *s, uint32_t n);
bool pcount_has_full(const struct pcount_cpu *c);
/* The records waiting in the CPU's ring, oldest first, as at most two
 * runs (the ring wraps): *a of na and *b of nb; pcount_ring_give frees
 * the first n of them after the copy.  pcount_ring_waiting: how many
 * wait. */
uint32_t pcount_ring_waiting(const struct pcount_cpu *c);
void pcount_ring_take(struct pcount_cpu *c, const struct pm_record **a, uint32_t *na,
                      const struct pm_record **b, uint32_t *nb);
void pcount_ring_give(struct pcount_cpu *c, uint32_t n);
/* Statistics of one CPU (any CPU may ask), and a total added up. */
void pcount_stats_cpu(const struct pcount_cpu *c, struct pcount_cpu_stats *out);
void pcount_stats_add(struct pcount_cpu_stats *sum, const struct pcount_cpu_stats *s);

#endif

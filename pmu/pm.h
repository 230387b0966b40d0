/*
 * pm.h - the instruction-sampling unit, an alphasim extension the real
 * 21164 never had (docs/precise.md; its software interface: abi/pm.h).
 *
 * After ProfileMe (Dean et al., MICRO-30 1997) and Arm's Statistical
 * Profiling Extension ("Statistical Profiling Extension for ARMv8-A",
 * Arm, 2017): an interval counter counts fetched instructions down
 * from N, drawn at random around the period software writes, and tags
 * the instruction fetched when it reaches zero; with pairing, a second
 * one 1..W instructions later.  When a tagged instruction retires or is
 * killed the timed loop hands its record (what it knows: PC, address,
 * head cycles by cause, events) to pm_done, which stamps it, applies the
 * filter and latches it; the CPU then raises the unit's interrupt
 * (interrupt mode) or writes the record at PM_BUF_PTR (buffer mode,
 * interrupt when the buffer fills).  A selection while the previous
 * tagged instruction is still in flight, or while its record still
 * waits in the latch, is a collision: counted, the instruction not
 * tagged (as SPE).  This module is the unit's state and rules; the CPU
 * (chip/) fills the records, reaches memory and delivers interrupts.
 */
#ifndef ALPHASIM_PM_H
#define ALPHASIM_PM_H

#include <stdbool.h>
#include <stdint.h>
#include "abi/pm.h"
#include "abi/truth.h"

/* The seed the CPU gives the unit at reset, before software writes
 * PM_SEED: the driver's default (driver/driver.h PCOUNT_SEED). */
#define PM_SEED_DEFAULT 20240601ull

struct pm {
	/* configuration: PM_CTL, PM_FILT, PM_CTX, the buffer IPRs */
	uint64_t ctl, filt;
	uint32_t ctx;
	uint64_t buf_base, buf_limit, buf_ptr;
	unsigned cpu;
	/* the interval generator (xorshift64*, never 0) */
	uint64_t rng;
	uint32_t countdown;            /* fetched insns to the next tag  */
	uint32_t pair_countdown;       /* to the pair's second; 0: none */
	uint32_t gap;                  /* fetched since the pair's first */
	/* the tagged instruction in flight */
	bool     inflight, inflight_second;
	uint64_t busy_until;           /* the last tagged one's end cycle */
	uint32_t seq;                  /* tags so far                   */
	bool     collided;             /* a collision since the last record */
	/* the latch: first and second record; rec[i].flags 0: empty */
	struct pm_record rec[2];
	bool     full;                 /* PM_STAT_FULL                  */
	bool     stopped;              /* PM_STAT_STOPPED               */
	bool     irq;                  /* the unit requests its interrupt */
	/* statistics */
	uint64_t coll_since;           /* collisions since PM_CTL written */
	uint64_t tagged, recorded, filtered, collisions, dropped_stopped, killed;
};

/* The unit of CPU cpu, off, its generator seeded from seed and cpu. */
void pm_init(struct pm *u, unsigned cpu, uint64_t seed);

/* The unit's IPRs (abi/pm.h EV5X__PM_*): false for a number not its. */
bool pm_mfpr(const struct pm *u, unsigned ipr, uint64_t *v);
bool pm_mtpr(struct pm *u, unsigned ipr, uint64_t v);

static inline bool pm_enabled(const struct pm *u)
{
	return u->ctl & PM_CTL_ENABLE;
}

/* Does the unit see fetches in mode (user, kernel, PAL: the record's
 * PM_F_MODE)?  PM_CTL<5:3> leave modes out of the interval altogether. */
static inline bool pm_counts(const struct pm *u, unsigned mode)
{
	return !(u->ctl & PM_CTL_KILL(mode));
}

/* The next interval: N uniform in [period - jitter, period + jitter]
 * (jitter cut to period - 1, so N >= 1). */
uint32_t pm_next_interval(struct pm *u);

/*
 * An instruction is fetched at cycle `cycle` (each fetch, a killed
 * instruction's again when it is fetched anew): true when it is tagged,
 * and its record must be handed to pm_done when it retires or is killed.
 */
bool pm_fetch(struct pm *u, uint64_t cycle);

/*
 * The tagged instruction in flight retired (kill PM_KILL_NONE) or was
 * killed, at cycle `end`; r holds what the timed loop knows of it (pc, ea,
 * head, lat, cause[], events, flags' PM_F_TAKEN, PM_F_OP, PM_F_MODE).
 * The unit stamps the rest (valid, retired, kill, second, collided, ctx,
 * gap, seq), applies the filter and latches the record.  Returns true
 * when the record was kept (then u->irq in interrupt mode, or the caller
 * stores it with pm_buffer_slot in buffer mode).
 */
bool pm_done(struct pm *u, struct pm_record *r, unsigned kill, uint64_t end);

/* Does the filter (PM_FILT) keep record r? */
bool pm_keep(const struct pm *u, const struct pm_record *r);

/*
 * Buffer mode: the physical address at which the latched record i goes,
 * advancing PM_BUF_PTR and emptying the latch; when the buffer is then
 * full the unit stops and requests its interrupt.  False (nothing
 * written) when it has stopped.
 */
bool pm_buffer_slot(struct pm *u, unsigned i, uint64_t *pa);

#endif

/*
 * pm.c - the instruction-sampling unit (pm.h; docs/precise.md): the
 * interval generator, tagging and collisions, the filter, the latch and
 * the buffer pointer.  An alphasim extension: the real 21164 had none.
 */
#include <string.h>
#include "pmu/pm.h"

/* splitmix64: spreads a small seed over the generator's 64 bits. */
static uint64_t pm_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static void pm_seed(struct pm *u, uint64_t seed)
{
	u->rng = pm_mix(seed ^ pm_mix(u->cpu));
	if (!u->rng)
		u->rng = 1;                /* xorshift's one fixed point */
}

/* xorshift64* (Vigna 2016): a fixed sequence for a seed, so the same
 * run gives the same samples. */
static uint64_t pm_rand(struct pm *u)
{
	u->rng ^= u->rng >> 12;
	u->rng ^= u->rng << 25;
	u->rng ^= u->rng >> 27;
	return u->rng * 0x2545f4914f6cdd1dull;
}

void pm_init(struct pm *u, unsigned cpu, uint64_t seed)
{
	memset(u, 0, sizeof *u);
	u->cpu = cpu;
	pm_seed(u, seed);
}

uint32_t pm_next_interval(struct pm *u)
{
	uint32_t p = PM_CTL_PERIOD(u->ctl), j = PM_CTL_JITTER(u->ctl);
	if (!p)
		p = 1;
	if (j >= p)
		j = p - 1;
	return p - j + (uint32_t)(pm_rand(u) % (2ull * j + 1));
}

/* Software wrote PM_CTL: a new configuration starts from nothing. */
static void pm_restart(struct pm *u)
{
	u->inflight = false;
	u->pair_countdown = 0;
	u->busy_until = 0;
	u->coll_since = 0;
	u->collided = false;
	u->countdown = pm_next_interval(u);
}

static void pm_collide(struct pm *u)
{
	u->collisions++;
	u->coll_since++;
	u->collided = true;
}

bool pm_fetch(struct pm *u, uint64_t cycle)
{
	if (!pm_enabled(u))
		return false;
	bool second = false;
	if (u->pair_countdown) {
		u->gap++;
		if (!--u->pair_countdown) {
			/* ProfileMe's second: in flight with the first on purpose */
			if (u->inflight)
				pm_collide(u);
			else {
				second = u->inflight = u->inflight_second = true;
				u->tagged++;
			}
		}
	}
	if (--u->countdown)
		return second;
	u->countdown = pm_next_interval(u);
	if (u->stopped && (u->ctl & PM_CTL_BUFFER)) {
		u->dropped_stopped++;
		return second;
	}
	if (u->inflight || u->pair_countdown || cycle < u->busy_until ||
	    (u->full && !(u->ctl & PM_CTL_BUFFER))) {
		pm_collide(u);
		return second;
	}
	u->inflight = true;
	u->inflight_second = false;
	u->tagged++;
	u->seq++;
	if (u->ctl & PM_CTL_PAIR) {
		uint32_t w = PM_CTL_WINDOW(u->ctl);
		u->pair_countdown = 1 + (uint32_t)(pm_rand(u) % (w ? w : 1));
		u->gap = 0;
	}
	return true;
}

bool pm_keep(const struct pm *u, const struct pm_record *r)
{
	uint64_t ops = PM_FILT_OPS(u->filt), ev = PM_FILT_EVENTS(u->filt);
	if (ops && !(ops >> PM_F_OP(r->flags) & 1))
		return false;
	if (ev && !(r->events & ev))
		return false;
	return r->head >= PM_FILT_LATENCY(u->filt);
}

bool pm_done(struct pm *u, struct pm_record *r, unsigned kill, uint64_t end)
{
	const bool second = u->inflight_second;
	r->flags = (r->flags & (PM_F_TAKEN | 7u << 5 | 3u << 8)) | PM_F_VALID |
	           (kill == PM_KILL_NONE ? PM_F_RETIRED : 0) | (kill & 3) << 2 |
	           (second ? PM_F_SECOND : 0) | (u->collided ? PM_F_COLLIDED : 0);
	r->ctx = u->ctx;
	r->gap = second ? (uint16_t)u->gap : 0;
	r->seq = u->seq;
	u->inflight = u->inflight_second = false;
	if (end > u->busy_until)
		u->busy_until = end;
	if (kill != PM_KILL_NONE)
		u->killed++;
	bool keep = pm_keep(u, r);
	if (keep) {
		u->rec[second] = *r;
		u->full = true;
		u->recorded++;
		u->collided = false;
	} else
		u->filtered++;
	/* interrupt mode: one interrupt per sample, when its pair is whole */
	if (u->full && !u->pair_countdown && !(u->ctl & PM_CTL_BUFFER))
		u->irq = true;
	return keep;
}

bool pm_buffer_slot(struct pm *u, unsigned i, uint64_t *pa)
{
	if (u->stopped || !(u->rec[i].flags & PM_F_VALID))
		return false;
	*pa = u->buf_ptr;
	u->buf_ptr += PM_RECORD_BYTES;
	memset(&u->rec[i], 0, sizeof u->rec[i]);
	u->full = (u->rec[0].flags | u->rec[1].flags) != 0;
	if (u->buf_ptr + PM_RECORD_BYTES > u->buf_limit)
		u->stopped = u->irq = true;
	return true;
}

bool pm_mfpr(const struct pm *u, unsigned ipr, uint64_t *v)
{
	switch (ipr) {
	case EV5X__PM_CTL:       *v = u->ctl; return true;
	case EV5X__PM_FILT:      *v = u->filt; return true;
	case EV5X__PM_CTX:       *v = u->ctx; return true;
	case EV5X__PM_SEED:      *v = 0; return true;      /* write-only */
	case EV5X__PM_STAT:
		*v = u->coll_since << 32 | (u->full ? PM_STAT_FULL : 0) |
		     (u->stopped ? PM_STAT_STOPPED : 0);
		return true;
	case EV5X__PM_BUF_BASE:  *v = u->buf_base; return true;
	case EV5X__PM_BUF_LIMIT: *v = u->buf_limit; return true;
	case EV5X__PM_BUF_PTR:   *v = u->buf_ptr; return true;
	}
	if (ipr < EV5X__PM_REC || ipr >= EV5X__PM_REC + EV5X__PM_REC_COUNT)
		return false;
	unsigned q = ipr - EV5X__PM_REC;
	memcpy(v, (const char *)&u->rec[q / 16] + (q % 16) * 8, 8);
	return true;
}

bool pm_mtpr(struct pm *u, unsigned ipr, uint64_t v)
{
	switch (ipr) {
	case EV5X__PM_CTL:       u->ctl = v; pm_restart(u); return true;
	case EV5X__PM_FILT:      u->filt = v; return true;
	case EV5X__PM_CTX:       u->ctx = (uint32_t)v; return true;
	case EV5X__PM_SEED:      pm_seed(u, v); return true;
	case EV5X__PM_STAT:
		/* write 1s to clear: the handler has read the latch, or has
		 * given the unit a fresh buffer */
		if (v & PM_STAT_FULL) {
			memset(u->rec, 0, sizeof u->rec);
			u->full = false;
		}
		if (v & PM_STAT_STOPPED)
			u->stopped = false;
		u->irq = u->stopped || (u->full && !(u->ctl & PM_CTL_BUFFER));
		return true;
	case EV5X__PM_BUF_BASE:  u->buf_base = v & ~127ull; return true;
	case EV5X__PM_BUF_LIMIT: u->buf_limit = v & ~127ull; return true;
	case EV5X__PM_BUF_PTR:   u->buf_ptr = v & ~127ull; return true;
	}
	/* the latch reads only */
	return ipr >= EV5X__PM_REC && ipr < EV5X__PM_REC + EV5X__PM_REC_COUNT;
}

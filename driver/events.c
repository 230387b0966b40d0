/*
 * events.c - each event's default sampling period, and the check of a
 * configuration against the counters' selects (pmu/events.h; docs/ev5.md
 * "Performance counters").
 */
#include <asm/errno.h>
#include "driver/driver.h"

/*
 * Default periods (docs/dcpi.md "Default periods" says why).  CYCLES is
 * the paper's 60K..64K (section 4.1.1); events that happen about as
 * often as cycles take the same; the misses and replays, a few per
 * hundred instructions, take ~4K so that they give about as many samples
 * as CYCLES; the rarest (TB misses, JSR mispredicts, LDx_L) ~480.
 */
enum { P_FREQ, P_MISS, P_RARE };
static const uint8_t event_class[PEV_COUNT] = {
	[PEV_SACCESS] = P_MISS, [PEV_REPLAY] = P_MISS, [PEV_LONGSTALL] = P_MISS,
	[PEV_BRMISS] = P_MISS, [PEV_IMISS] = P_MISS, [PEV_DMISS] = P_MISS,
	[PEV_MAFMERGE] = P_MISS, [PEV_LDREPLAY] = P_MISS,
	[PEV_WBREPLAY] = P_MISS, [PEV_MBSTALL] = P_MISS, [PEV_SMISS] = P_MISS,
	[PEV_JSRMISS] = P_RARE, [PEV_ITBMISS] = P_RARE, [PEV_DTBMISS] = P_RARE,
	[PEV_LDXL] = P_RARE,
};
static const struct { uint32_t min, range; } class_period[] = {
	[P_FREQ] = { 60u << 10, 4u << 10 },     /* 61440..65535 */
	[P_MISS] = { 3840, 256 },               /* 3840..4095   */
	[P_RARE] = { 448, 64 },                 /* 448..511     */
};

void pcount_default_period(unsigned event, unsigned ctr, uint32_t *min,
                           uint32_t *range)
{
	uint32_t w = pcount_counter_width(ctr);
	*min = class_period[event_class[event]].min;
	*range = class_period[event_class[event]].range;
	if (*min + *range > w) {        /* CYCLES on CTR2: the top 1/16th */
		*min = w - w / 16;
		*range = w / 16;
	}
}

int pcount_config_check(struct pcount_config *cfg)
{
	if (cfg->flags & ~(uint32_t)(PCOUNT_NO_USER | PCOUNT_NO_KERNEL | PCOUNT_NO_PAL |
	                             PCOUNT_PM_SUMS))
		return -EINVAL;
	unsigned sampled = 0, read_at_overflow = 0;
	for (unsigned n = 0; n < PCOUNT_NCOUNTERS; n++) {
		struct pcount_counter_config *cc = &cfg->ctr[n];
		if (cc->nevents > PCOUNT_MUX_MAX)
			return -EINVAL;
		/* a read counter counts one event, all the time (pcount.h) */
		for (unsigned i = 0; i < cc->nevents; i++)
			if (cc->ev[i].source >= PCOUNT_NSOURCES ||
			    (cc->ev[i].source != PCOUNT_SRC_OVERFLOW && cc->nevents > 1))
				return -EINVAL;
		if (cc->nevents) {
			sampled += cc->ev[0].source == PCOUNT_SRC_OVERFLOW;
			read_at_overflow += cc->ev[0].source == PCOUNT_SRC_AT_OVERFLOW;
		}
		for (unsigned i = 0; i < cc->nevents; i++) {
			struct pcount_event_config *e = &cc->ev[i];
			if (e->event >= PEV_COUNT || pmu_select_for(n, e->event) < 0)
				return -EINVAL;
			if (!e->period_min)
				pcount_default_period(e->event, n, &e->period_min,
				                      &e->period_range);
			/* the hot line holds both in 16 bits */
			uint32_t w = pcount_counter_width(n);
			if (e->period_min < PCOUNT_MIN_PERIOD || e->period_min >= w ||
			    e->period_range > w - e->period_min)
				return -EINVAL;
		}
	}
	/* instruction sampling: a period the handler can keep up with, the
	 * jitter below it, known bits only (abi/pm.h) */
	if (cfg->pm_ctl) {
		uint64_t p = PM_CTL_PERIOD(cfg->pm_ctl), j = PM_CTL_JITTER(cfg->pm_ctl);
		if (!(cfg->pm_ctl & PM_CTL_ENABLE) || (cfg->pm_ctl & 0xc0u) ||
		    p < PCOUNT_MIN_PERIOD || j >= p ||
		    (PM_FILT_OPS(cfg->pm_filt) >> PM_OP_COUNT) ||
		    (PM_FILT_EVENTS(cfg->pm_filt) >> PCOUNT_PM_NEVENTS) ||
		    (cfg->pm_filt & 0xff00u))
			return -EINVAL;
	}
	/* reads at overflows need a counter that overflows */
	return read_at_overflow && !sampled ? -EINVAL : 0;
}

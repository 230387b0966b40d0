/*
 * events.c - dcpid's --events list (daemon/events.h).
 */
#include <stdio.h>
#include <string.h>
#include "daemon/events.h"
#include "util/fail.h"

/* The known names, for a message. */
static void known(char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = 0;
	for (unsigned e = 0; e < PEV_COUNT && at < len; e++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", e ? ", " : "",
		                       pmu_events[e].name);
	if (at < len)
		snprintf(buf + at, len - at, ", pm (instruction sampling)");
}

/* The longest instruction-sampling period PM_CTL holds (abi/pm.h), and
 * so the longest period of any kind. */
#define PM_PERIOD_MAX PM_CTL_PERIOD(~0ull)

/* The decimal period of "digits" (n bytes), at most PERIOD_CAP (longer
 * than any period): 0 if it is not one. */
#define PERIOD_CAP (PM_PERIOD_MAX + 1)
static unsigned long period_of(const char *s, size_t n)
{
	unsigned long v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (unsigned long)(s[i] - '0');
		if (v > PERIOD_CAP)
			v = PERIOD_CAP + 1;
	}
	return v;
}

/* The instruction-sampling kinds' names (driver/pcount.h). */
static const char *const pm_cause[] = {
#define X(n, d) "pm.head." #n,
	TRUTH_CAUSES(X)
#undef X
};
static const char *const pm_event[] = {
#define X(n, d) "pm.ev." #n,
	TRUTH_EVENTS(X)
#undef X
};

const char *dcpi_event_name(unsigned ev)
{
	if (ev < PEV_COUNT)
		return pmu_events[ev].name;
	if (ev == PCOUNT_PM_RETIRED)
		return "pm.retired";
	if (ev == PCOUNT_PM_KILLED)
		return "pm.killed";
	if (ev >= PCOUNT_PM_HEAD(0) && ev < PCOUNT_PM_EV(0))
		return pm_cause[ev - PCOUNT_PM_HEAD(0)];
	if (ev >= PCOUNT_PM_EV(0) && ev < PCOUNT_PM_END)
		return pm_event[ev - PCOUNT_PM_EV(0)];
	return NULL;
}

/* "pm[:FIELD]..." (docs/precise.md): numbers are the period and the
 * spread (as for a counter: the jitter is half the spread, default P/16),
 * words the delivery, the modes and the filter. */
enum {
#define X(n, d) PM_EV_##n,
	TRUTH_EVENTS(X)
#undef X
};
static const struct {
	const char *word;
	uint64_t ctl, ops, events;
	uint32_t flags;
} pm_words[] = {
	{ "intr", 0, 0, 0, 0 }, { "buffer", PM_CTL_BUFFER, 0, 0, 0 },
	{ "user", PM_CTL_KILL(1) | PM_CTL_KILL(2), 0, 0, 0 },
	{ "loads", 0, 1u << PM_OP_LOAD, 0, 0 }, { "stores", 0, 1u << PM_OP_STORE, 0, 0 },
	{ "branches", 0, 1u << PM_OP_BRANCH | 1u << PM_OP_JUMP, 0, 0 },
	{ "dmiss", 0, 0, 1u << PM_EV_dmiss, 0 },
	{ "mispredict", 0, 0, 1u << PM_EV_bmisp | 1u << PM_EV_jmisp, 0 },
	/* the profiles' sums only: no record stream (docs/precise.md, "The
	 * record stream"), at its cost before the stream */
	{ "sums", 0, 0, 0, PCOUNT_PM_SUMS },
};

static bool pm_parse(const char *s, size_t len, struct pcount_config *cfg, char *err,
                     size_t errlen)
{
	if (cfg->pm_ctl)
		FAIL("'pm' named twice");
	unsigned long period = DCPI_PM_PERIOD, spread = DCPI_PM_PERIOD / 16;
	unsigned numbers = 0;
	uint64_t ctl = 0, ops = 0, events = 0, lat = 0;
	for (size_t at = 2; at < len; ) {
		const char *f = s + at + 1;
		size_t flen = strcspn(f, ":,");
		if (flen && strspn(f, "0123456789") >= flen) {
			unsigned long v = period_of(f, flen);
			if (numbers == 0)
				period = v, spread = v / 16;
			else if (numbers == 1)
				spread = v;
			else
				FAIL("pm: a third number '%.*s' (PERIOD and SPREAD only)", (int)flen, f);
			numbers++;
		} else if (flen > 4 && !strncmp(f, "lat=", 4) &&
		           strspn(f + 4, "0123456789") == flen - 4 && flen - 4 <= 9) {
			lat = period_of(f + 4, flen - 4);
		} else {
			size_t w = 0, nw = sizeof pm_words / sizeof pm_words[0];
			while (w < nw && !(strlen(pm_words[w].word) == flen &&
			                   !strncmp(f, pm_words[w].word, flen)))
				w++;
			if (w == nw)
				FAIL("pm: unknown field '%.*s' (known: PERIOD, SPREAD, intr, buffer, user, "
				     "loads, stores, branches, dmiss, mispredict, lat=N, sums)", (int)flen, f);
			ctl |= pm_words[w].ctl;
			cfg->flags |= pm_words[w].flags;
			ops |= pm_words[w].ops;
			events |= pm_words[w].events;
		}
		at += 1 + flen;
	}
	/* the driver's rules (driver/pcount.h): P at least its shortest, J
	 * below P; and PM_CTL's field (abi/pm.h) holds P */
	if (period < PCOUNT_MIN_PERIOD || period > PM_PERIOD_MAX || spread / 2 >= period)
		FAIL("pm: bad period %lu (%u to %llu, more than half its spread)", period,
		     PCOUNT_MIN_PERIOD, PM_PERIOD_MAX);
	cfg->pm_ctl = PM_CTL_ENABLE | ctl | (uint64_t)period << 8 | (uint64_t)(spread / 2) << 32;
	cfg->pm_filt = ops | events << 16 | lat << 32;
	return true;
}

/* The sources' names after '@' (driver/pcount.h PCOUNT_SRC_*). */
static const char *const sources[PCOUNT_NSOURCES] = {
	[PCOUNT_SRC_OVERFLOW] = "", [PCOUNT_SRC_AT_OVERFLOW] = "overflow",
	[PCOUNT_SRC_AT_CLOCK] = "clock",
};

/* Each event goes to the counter that can count it and has the fewest
 * events so far (they are time-multiplexed, up to PCOUNT_MUX_MAX a
 * counter).  A period P with a spread S asks for periods drawn from
 * [P - S/2, P - S/2 + S); S defaults to P/16, the driver's default
 * spread (60K..64K for cycles) scaled to P, and "fixed" is S = 0: every
 * period exactly P, as the paper's randomisation (section 4.1.1) would
 * not have it -- for a lab that shows why (labs/3-period). */
bool dcpi_events_parse(const char *spec, struct pcount_config *cfg,
                       char *err, size_t errlen)
{
	for (const char *s = spec; ; s++) {
		size_t len = strcspn(s, ","), n = strcspn(s, ":,@");
		char name[32];
		snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : 0), s);
		if (!strcmp(name, "pm") && s[n] != '@') {
			if (!pm_parse(s, len, cfg, err, errlen))
				return false;
			s += len;
			if (!*s)
				break;
			continue;
		}
		int ev = pmu_event_by_name(name);
		if (ev < 0) {
			char list[512];
			known(list, sizeof list);
			FAIL("unknown event '%.*s' (known: %s)", (int)n, s, list);
		}
		unsigned source = PCOUNT_SRC_OVERFLOW;
		if (s[n] == '@') {
			const char *w = s + n + 1;
			size_t wlen = strcspn(w, ":,");
			for (source = 1; source < PCOUNT_NSOURCES; source++)
				if (strlen(sources[source]) == wlen &&
				    !strncmp(w, sources[source], wlen))
					break;
			if (source == PCOUNT_NSOURCES)
				FAIL("%s: unknown source '%.*s' (known: overflow, clock)", name,
				     (int)wlen, w);
			if (w[wlen] == ':')
				FAIL("%s@%s: a read event takes no period", name, sources[source]);
			n += 1 + wlen;
		}
		unsigned long period = 0, spread = 0;
		if (n < len) {
			const char *p = s + n + 1;
			size_t plen = strcspn(p, ":,");
			period = period_of(p, plen);
			spread = period / 16;
			if (p + plen < s + len) {
				const char *q = p + plen + 1;
				size_t qlen = (size_t)(s + len - q);
				if (qlen == 5 && !strncmp(q, "fixed", 5))
					spread = 0;
				else if (!qlen || strspn(q, "0123456789") < qlen)
					FAIL("%s: bad spread '%.*s' (a decimal number, or 'fixed')",
					     name, (int)qlen, q);
				else
					spread = period_of(q, qlen);
			}
			/* the driver's shortest period (driver/pcount.h) */
			if (spread / 2 > period || period - spread / 2 < PCOUNT_MIN_PERIOD)
				FAIL("%s: bad period '%.*s' (a decimal number, at least %u plus "
				     "half its spread)", name, (int)plen, p, PCOUNT_MIN_PERIOD);
		}
		for (unsigned c = 0; c < PCOUNT_NCOUNTERS; c++)
			for (unsigned i = 0; i < cfg->ctr[c].nevents; i++)
				if (cfg->ctr[c].ev[i].event == ev)
					FAIL("'%s' named twice", name);
		/* a read event has a counter to itself (driver/pcount.h) */
		int best = -1;
		for (unsigned c = 0; c < PCOUNT_NCOUNTERS; c++)
			if (pmu_select_for(c, (unsigned)ev) >= 0 &&
			    cfg->ctr[c].nevents < (source ? 1 : PCOUNT_MUX_MAX) &&
			    !(cfg->ctr[c].nevents && cfg->ctr[c].ev[0].source) &&
			    (best < 0 || cfg->ctr[c].nevents < cfg->ctr[best].nevents))
				best = (int)c;
		if (best < 0)
			FAIL("no counter left for '%s'", name);
		/* the longest draw, P - S/2 + S - 1, must fit the counter's
		 * width (driver/pcount.h) */
		unsigned long width = pcount_counter_width((unsigned)best);
		if (period && period - spread / 2 + spread > width - (spread == 0))
			FAIL("%s: period %.*s too long: its draws, up to P - S/2 + S - 1, "
			     "must fit counter %d's %lu", name, (int)(len - n - 1), s + n + 1,
			     best, width);
		struct pcount_counter_config *cc = &cfg->ctr[best];
		cc->ev[cc->nevents++] = (struct pcount_event_config){
			.event = (uint16_t)ev,
			.source = (uint16_t)source,
			.period_min = (uint32_t)(period - spread / 2),
			.period_range = (uint32_t)spread,
		};
		s += len;
		if (!*s)
			break;
	}
	/* reads at overflows need an event that overflows */
	bool sampled = false, read = false;
	for (unsigned c = 0; c < PCOUNT_NCOUNTERS; c++)
		if (cfg->ctr[c].nevents) {
			sampled |= cfg->ctr[c].ev[0].source == PCOUNT_SRC_OVERFLOW;
			read |= cfg->ctr[c].ev[0].source == PCOUNT_SRC_AT_OVERFLOW;
		}
	if (read && !sampled)
		FAIL("@overflow needs an event sampled at its own overflows");
	return true;
}

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
}

/* The sources' names after '@' (driver/pcount.h PCOUNT_SRC_*). */
static const char *const sources[PCOUNT_NSOURCES] = {
	[PCOUNT_SRC_OVERFLOW] = "", [PCOUNT_SRC_AT_OVERFLOW] = "overflow",
	[PCOUNT_SRC_AT_CLOCK] = "clock",
};

/* The decimal period of "digits" (n bytes), at most PERIOD_CAP (longer
 * than any counter): 0 if it is not one. */
#define PERIOD_CAP (1ul << 24)
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
			/* the driver's shortest period is 256 */
			if (spread / 2 > period || period - spread / 2 < 256)
				FAIL("%s: bad period '%.*s' (a decimal number, at least 256 plus "
				     "half its spread)", name, (int)plen, p);
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
		/* CTR2 has 14 bits, the others 16 (EV5.md): the longest draw,
		 * P - S/2 + S - 1, must fit */
		unsigned long width = best == 2 ? 1ul << 14 : 1ul << 16;
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

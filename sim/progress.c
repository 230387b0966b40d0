/*
 * progress.c - the progress line (sim/progress.h).
 */
#include "sim/progress.h"
#include <stdio_ext.h>
#include <stdlib.h>
#include <unistd.h>

/* A few times a second: often enough to see it move, rarely enough to
 * cost nothing beside the slices (a million cycles each, one CPU).
 * $ALPHASIM_PROGRESS_MS sets it (0: at every slice, which the tests use
 * to see that the line changes nothing in a run; docs/usage.md,
 * "Progress"). */
#define REFRESH_MS 250

bool progress_wanted(enum progress_mode mode, bool quiet, FILE *f)
{
	if (mode != PROGRESS_AUTO)
		return mode == PROGRESS_ON;
	return !quiet && isatty(fileno(f));
}

static long long ns_since(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000000000ll + (b->tv_nsec - a->tv_nsec);
}

/* The time of the next refresh after t. */
static struct timespec later(const struct progress *p, struct timespec t)
{
	long long ns = t.tv_nsec + p->refresh_ms * 1000000ll;
	t.tv_sec += (time_t)(ns / 1000000000ll);
	t.tv_nsec = (long)(ns % 1000000000ll);
	return t;
}

/* n in at most 6 characters: 999, 12.3K, 211.2M, 1.5G. */
static void human(char *buf, size_t len, double n)
{
	static const char unit[] = " KMGTP";
	int u = 0;
	while (n >= 1000 && unit[u + 1]) {
		n /= 1000;
		u++;
	}
	if (u)
		snprintf(buf, len, "%.1f%c", n, unit[u]);
	else
		snprintf(buf, len, "%.0f", n);
}

static void erase(struct progress *p)
{
	if (!p->shown)
		return;
	fprintf(p->f, "\r%*s\r", (int)p->shown, "");
	fflush(p->f);
	p->shown = 0;
}

/* The guest is about to write to the console: its bytes start a line of
 * their own. */
static void on_console(void *arg)
{
	erase(arg);
}

static void on_slice(void *arg, const struct machine *m)
{
	struct progress *p = arg;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ns_since(&p->next, &now) < 0)
		return;
	p->next = later(p, now);
	/* the guest's bytes not yet written out would land after the line:
	 * wait for its write to complete */
	if (__fpending(m->con_out) || __fpending(m->con_err))
		return;
	/* cycles: the longest CPU's, as the summary counts them; the
	 * --max-cycles share: the CPU furthest behind, which the bound waits for */
	uint64_t cycles = 0, least = UINT64_MAX, samples = 0;
	for (unsigned i = 0; i < m->bus.ncpus; i++) {
		const struct cpu *c = m->bus.cpu[i];
		uint64_t k = cpu_cycles(c);
		cycles = k > cycles ? k : cycles;
		if (!(m->halted >> i & 1) && k < least)
			least = k;
		for (int n = 0; n < PMU_NCTR; n++)
			samples += c->pmu.delivered[n] + c->pmu.cleared[n];
	}
	uint64_t insns = machine_insns(m);
	double secs = (double)ns_since(&p->t0, &now) / 1e9;
	double done = 0;
	if (p->max_insns)
		done = (double)insns / (double)p->max_insns;
	if (p->max_cycles && least != UINT64_MAX && (double)least / (double)p->max_cycles > done)
		done = (double)least / (double)p->max_cycles;
	char cyc[16], ins[16], smp[16], line[128];
	human(cyc, sizeof cyc, (double)cycles);
	human(ins, sizeof ins, (double)insns);
	human(smp, sizeof smp, (double)samples);
	int n = snprintf(line, sizeof line, "alphasim: %s cycles, %s instructions, %.1f MIPS",
	                 cyc, ins, secs > 0 ? (double)insns / secs / 1e6 : 0.0);
	if (p->samples)
		n += snprintf(line + n, sizeof line - (size_t)n, ", %s samples", smp);
	if (p->max_insns || p->max_cycles)
		n += snprintf(line + n, sizeof line - (size_t)n, ", %.0f%% done",
		              done < 1 ? 100 * done : 100.0);
	/* the new line covers the old one: pad to its width */
	fprintf(p->f, "\r%-*s", (int)p->shown, line);
	fflush(p->f);
	p->shown = (size_t)n > p->shown ? (size_t)n : p->shown;
}

void progress_start(struct progress *p, struct machine *m, FILE *f, uint64_t max_insns,
                    uint64_t max_cycles, bool samples)
{
	*p = (struct progress){
		.obs = { on_slice, on_console, p }, .m = m, .f = f,
		.max_insns = max_insns, .max_cycles = max_cycles, .samples = samples,
	};
	const char *env = getenv("ALPHASIM_PROGRESS_MS");
	char *end;
	long ms = env && *env ? strtol(env, &end, 10) : -1;
	p->refresh_ms = ms >= 0 && ms <= 60000 && !*end ? ms : REFRESH_MS;
	clock_gettime(CLOCK_MONOTONIC, &p->t0);
	p->next = later(p, p->t0);
	m->observer = &p->obs;
}

void progress_stop(struct progress *p)
{
	if (!p->m)
		return;
	erase(p);
	p->m->observer = NULL;
	p->m = NULL;
}

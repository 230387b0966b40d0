/*
 * pm_selftest.c - instruction sampling (an alphasim extension the real
 * 21164 never had: docs/precise.md) through /dev/pcount, inside minios
 * (tests/dcpi_pm.sh).  Turns the unit on alone (no counter), with a
 * period of 1000 instructions fetched in user mode, in the delivery mode argv[1]
 * names (intr: an interrupt per record; buffer: one per 64), runs a
 * loop, stops, flushes, reads everything and checks:
 *   - conservation: interrupts + counted + pm_added = samples_read +
 *     drops, nothing dropped, the counts read = samples_read;
 *   - interrupt mode takes an interrupt per record, buffer mode one per
 *     buffer of 64;
 *   - every instruction of the loop: its retired records x the period
 *     is its executions (the iterations) within 4 standard deviations
 *     of the sampling error;
 *   - the records carry the program's own context, one for all;
 *   - the add after the multiply waits for it: its head cycles per
 *     execution are those of the multiplier's latency, nearly all of
 *     cause dep_imul.
 * Exit 0: all held.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "driver/pcount.h"
#include "abi/pm.h"
#include "testprogs/dcpi/selftest.h"

enum { NLOOP = 5, PERIOD = 1000, JITTER = 100 };
enum {                                 /* the causes (abi/truth.h) */
#define X(n, d) C_##n,
	TRUTH_CAUSES(X)
#undef X
};
/* the loop's instructions: retired records, head cycles, dep_imul */
static uint64_t retired[NLOOP], head[NLOOP], imul[NLOOP];
static uint32_t pid_seen;
static int pids;                       /* distinct contexts in the loop */
static uint64_t total;
static struct pcount_sample buf[PCOUNT_BUF_ENTRIES];

static void account(const struct pcount_sample *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		total += s[i].count;
		if (s[i].pc < (uint64_t)work_lo || s[i].pc >= (uint64_t)work_hi)
			continue;
		unsigned k = (unsigned)(s[i].pc - (uint64_t)work_lo) / 4;
		if (s[i].pid != pid_seen) {
			pids++;
			pid_seen = s[i].pid;
		}
		if (s[i].event == PCOUNT_PM_RETIRED)
			retired[k] += s[i].count;
		else if (s[i].event >= PCOUNT_PM_HEAD(0) &&
		         s[i].event < PCOUNT_PM_HEAD(PCOUNT_PM_NCAUSES)) {
			head[k] += s[i].count;
			if (s[i].event == PCOUNT_PM_HEAD(C_dep_imul))
				imul[k] += s[i].count;
		}
	}
}

int main(int argc, char **argv)
{
	int buffer = argc > 1 && !strcmp(argv[1], "buffer");
	unsigned long iters = argc > 2 ? strtoul(argv[2], NULL, 0) : 400000;
	int fd = open("/dev/pcount", O_RDWR | O_NONBLOCK);
	if (fd < 0) {
		perror("/dev/pcount");
		return 2;
	}
	struct pcount_config cfg = { 0 };
	/* user mode only: an interrupt per record brings some 800
	 * instructions of PALcode and handler, which would otherwise fill
	 * most of each interval, always right after the selection, so that
	 * the selections would land on the loop five times as often */
	cfg.pm_ctl = PM_CTL_ENABLE | (buffer ? PM_CTL_BUFFER : 0) | PM_CTL_KILL(1) |
	             PM_CTL_KILL(2) | (uint64_t)PERIOD << 8 | (uint64_t)JITTER << 32;
	CHECK(ioctl(fd, PCOUNT_SET_CONFIG, &cfg) == 0, "set config: the unit alone, %s mode",
	      buffer ? "buffer" : "interrupt");
	struct pcount_config bad = cfg;
	bad.pm_ctl = PM_CTL_ENABLE | 100ull << 8;      /* period below 256 */
	CHECK(ioctl(fd, PCOUNT_SET_CONFIG, &bad) < 0 && errno == EINVAL,
	      "a period below 256: EINVAL");
	CHECK(ioctl(fd, PCOUNT_START) == 0, "start");
	unsigned long x = work(iters);
	CHECK(ioctl(fd, PCOUNT_STOP) == 0, "stop");
	CHECK(ioctl(fd, PCOUNT_FLUSH) == 0, "flush");
	ssize_t r;
	while ((r = read(fd, buf, sizeof buf)) > 0)
		account(buf, (size_t)r / sizeof buf[0]);
	static struct pcount_stats st;
	CHECK(ioctl(fd, PCOUNT_READ_STATS, &st) == 0, "stats");
	const struct pcount_cpu_stats *t = &st.total;
	printf("pm interrupts %llu records %llu added %llu\n",
	       (unsigned long long)t->pm_interrupts, (unsigned long long)t->pm_records,
	       (unsigned long long)t->pm_added);
	CHECK(t->interrupts + t->counted + t->pm_added == t->samples_read + t->drops &&
	      t->drops == 0 && t->interrupts == 0,
	      "conservation: %llu added = %llu read + %llu dropped",
	      (unsigned long long)t->pm_added, (unsigned long long)t->samples_read,
	      (unsigned long long)t->drops);
	CHECK(total == t->samples_read, "counts read = samples_read");
	CHECK(st.event_samples[PCOUNT_PM_RETIRED] + st.event_samples[PCOUNT_PM_KILLED] ==
	      t->pm_records, "one retired or killed per record");
	if (buffer)
		CHECK(t->pm_interrupts * PCOUNT_PM_AREA <= t->pm_records + PCOUNT_PM_AREA &&
		      t->pm_interrupts * (PCOUNT_PM_AREA - 1) >= t->pm_records - PCOUNT_PM_AREA,
		      "buffer mode: an interrupt per %d records", PCOUNT_PM_AREA);
	else
		CHECK(t->pm_interrupts == t->pm_records, "interrupt mode: an interrupt per record");
	/* within 4 sd: (retired - want)^2 <= 16 want */
	double want = (double)iters / PERIOD;
	for (unsigned k = 0; k < NLOOP; k++)
		CHECK(((double)retired[k] - want) * ((double)retired[k] - want) <= 16 * want,
		      "loop insn %u: %llu retired records x %d = %llu, executions %lu",
		      k, (unsigned long long)retired[k], PERIOD,
		      (unsigned long long)retired[k] * PERIOD, iters);
	CHECK(pids == 1 && pid_seen != 0, "the loop's records: one context, %u", pid_seen);
	CHECK(retired[1] && head[1] >= 4 * retired[1] && imul[1] * 10 >= head[1] * 9,
	      "the ADDQ waits %.2f cycles per execution, %.0f%% for the multiply",
	      retired[1] ? (double)head[1] / retired[1] : 0.0,
	      head[1] ? 100.0 * imul[1] / head[1] : 0.0);
	close(fd);
	printf("(result %lu) %s\n", x, fails ? "FAILED" : "all passed");
	return fails ? 1 : 0;
}

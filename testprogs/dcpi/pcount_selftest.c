/*
 * pcount_selftest.c - /dev/pcount from a program, inside minios
 * (tests/dcpi_guest.sh; docs/dcpi.md).  Samples CYCLES and IMISS while
 * it runs a loop, then stops, flushes, reads everything and checks:
 *   - every sample the handler got was read or dropped (conservation);
 *   - the counts read add up to the driver's samples_read;
 *   - the loop's own PCs have most CYCLES samples;
 *   - CYCLES samples x their mean period = the cycles sampling was on,
 *     within 3% (the handler's own cycles are the blind spot);
 *   - read() hands over a buffer, then says EAGAIN (O_NONBLOCK);
 *   - /dev/null and /dev/zero.
 * It prints "interrupts N" for the script to compare with the
 * simulator's own count of counter interrupts.  Exit 0: all held.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "driver/pcount.h"
#include "testprogs/dcpi/selftest.h"

static unsigned long rpcc(void)
{
	unsigned long t;
	__asm__ volatile("rpcc %0" : "=r"(t));
	return t & 0xffffffff;
}

static struct pcount_sample buf[PCOUNT_BUF_ENTRIES];
static uint64_t total, in_loop, cycles, imiss, entries;

static void account(const struct pcount_sample *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		total += s[i].count;
		entries++;
		if (s[i].event == 0) {          /* cycles: events.def's first */
			cycles += s[i].count;
			if (s[i].pc >= (uint64_t)work_lo && s[i].pc < (uint64_t)work_hi)
				in_loop += s[i].count;
		} else {
			imiss += s[i].count;
		}
	}
}

static void devices(void)
{
	char b[16];
	int z = open("/dev/zero", O_RDONLY), n = open("/dev/null", O_RDWR);
	memset(b, 1, sizeof b);
	CHECK(z >= 0 && read(z, b, sizeof b) == sizeof b && !b[0] && !b[15],
	      "/dev/zero reads zeros");
	CHECK(n >= 0 && write(n, b, sizeof b) == sizeof b && read(n, b, 1) == 0,
	      "/dev/null takes everything, reads nothing");
	close(z);
	close(n);
	CHECK(open("/dev/nosuchdevice", O_RDONLY) < 0, "/dev/nosuchdevice fails");
}

int main(int argc, char **argv)
{
	unsigned long iters = argc > 1 ? strtoul(argv[1], NULL, 0) : 4000000;
	devices();
	int fd = open("/dev/pcount", O_RDWR | O_NONBLOCK);
	if (fd < 0) {
		perror("/dev/pcount");
		return 2;
	}
	CHECK(open("/dev/pcount", O_RDWR) < 0 && errno == EBUSY, "one user at a time");
	struct pcount_info info;
	CHECK(ioctl(fd, PCOUNT_INFO, &info) == 0 && info.version == PCOUNT_VERSION,
	      "info: version %u, %u cpus, %u buckets, %u-entry buffers",
	      info.version, info.ncpus, info.hash_buckets, info.buffer_entries);

	struct pcount_config cfg = { 0 };
	cfg.ctr[0].nevents = 1;
	cfg.ctr[0].ev[0].event = 0;             /* cycles, default period */
	cfg.ctr[2].nevents = 1;
	cfg.ctr[2].ev[0].event = 21;            /* imiss */
	CHECK(ioctl(fd, PCOUNT_SET_CONFIG, &cfg) == 0, "set config");
	struct pcount_config bad = cfg;
	bad.ctr[0].ev[0].event = 21;            /* imiss is not on CTR0 */
	CHECK(ioctl(fd, PCOUNT_SET_CONFIG, &bad) < 0 && errno == EINVAL,
	      "an event its counter cannot count: EINVAL");
	CHECK(ioctl(fd, PCOUNT_GET_CONFIG, &cfg) == 0 &&
	      cfg.ctr[0].ev[0].period_min == 61440 &&
	      cfg.ctr[0].ev[0].period_range == 4096, "cycles default period 61440 + [0, 4096)");

	unsigned long t0 = rpcc();
	CHECK(ioctl(fd, PCOUNT_START) == 0, "start");
	unsigned long x = work(iters);
	CHECK(ioctl(fd, PCOUNT_STOP) == 0, "stop");
	unsigned long elapsed = (rpcc() - t0) & 0xffffffff;
	CHECK(ioctl(fd, PCOUNT_FLUSH) == 0, "flush");

	ssize_t r;
	int reads = 0;
	while ((r = read(fd, buf, sizeof buf)) > 0) {
		account(buf, (size_t)r / sizeof buf[0]);
		reads++;
	}
	CHECK(r < 0 && errno == EAGAIN && reads > 0,
	      "read(): %d buffers, then EAGAIN", reads);
	struct pcount_read rd = { .samples = (uint64_t)buf, .max = PCOUNT_BUF_ENTRIES };
	CHECK(ioctl(fd, PCOUNT_READ_BUFFER, &rd) == 0, "READ_BUFFER: nothing left");

	static struct pcount_stats st;
	CHECK(ioctl(fd, PCOUNT_READ_STATS, &st) == 0, "stats");
	const struct pcount_cpu_stats *t = &st.total;
	printf("interrupts %llu\n", (unsigned long long)t->interrupts);
	printf("hits %llu misses %llu evictions %llu switches %llu flushes %llu "
	       "drops %llu direct %llu\n", (unsigned long long)t->hits,
	       (unsigned long long)t->misses, (unsigned long long)t->evictions,
	       (unsigned long long)t->switches, (unsigned long long)t->flushes,
	       (unsigned long long)t->drops, (unsigned long long)t->direct);
	printf("read: %llu samples in %llu entries (aggregation %.1f); cycles %llu, "
	       "in the loop %llu; imiss %llu\n", (unsigned long long)total,
	       (unsigned long long)entries, entries ? (double)total / entries : 0.0,
	       (unsigned long long)cycles, (unsigned long long)in_loop,
	       (unsigned long long)imiss);

	CHECK(t->interrupts == t->samples_read + t->drops,
	      "conservation: %llu delivered = %llu read + %llu dropped",
	      (unsigned long long)t->interrupts, (unsigned long long)t->samples_read,
	      (unsigned long long)t->drops);
	CHECK(total == t->samples_read, "counts read = samples_read");
	CHECK(t->interrupts == t->hits + t->misses + t->direct, "hits + misses + direct");
	CHECK(st.event_samples[0] == cycles && st.event_samples[21] == imiss,
	      "per-event samples");
	CHECK(cycles > 100 && in_loop * 100 > cycles * 95,
	      "the loop has %.1f%% of the cycles samples",
	      cycles ? 100.0 * in_loop / cycles : 0.0);
	double mean = 61440 + 4096 / 2.0 - 0.5;
	double est = cycles * mean, on = (double)t->enabled_cycles;
	CHECK(est > on * 0.97 && est < on * 1.03,
	      "cycles samples x mean period %.0f vs %.0f cycles enabled (%+.2f%%); "
	      "vs %lu by rpcc", est, on, 100 * (est - on) / on, elapsed);
	CHECK(st.monitored_cycles[0] == t->enabled_cycles,
	      "cycles monitored all the time it was enabled");
	close(fd);
	printf("(result %lu) %s\n", x, fails ? "FAILED" : "all passed");
	return fails ? 1 : 0;
}

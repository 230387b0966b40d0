/*
 * test_driver.c - the DCPI driver's core (driver/) on the host: hashing,
 * hits and misses, the mod-4 eviction order, count saturation, buffer
 * switching and drops, the flush protocol, conservation on random
 * streams, the period generator and multiplexing; and that dcpid's
 * --events takes the periods the driver takes.  The "hardware" here
 * records what the driver asks of it, and a fake cycle counter moves
 * as the test says.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "driver/pcount_hw.h"  /* the environment it provides */
#include "timing/record.h"     /* the truth's causes and events (TC_*, TE_*) */
#include "daemon/events.h"     /* dcpid's --events, checked against the driver */

/* ---- the environment ------------------------------------------------- */
static uint32_t hw_value[PCOUNT_NCOUNTERS];   /* last count written */
static unsigned hw_event[PCOUNT_NCOUNTERS];   /* last event selected */
static unsigned hw_selects, hw_enabled, hw_flags, notifies;
static uint64_t clock_now;

uint32_t pcount_hw_write(unsigned ctr, uint32_t value) { hw_value[ctr] = value; return (uint32_t)clock_now; }
void pcount_hw_select(unsigned ctr, unsigned event)
{
	hw_event[ctr] = event;
	hw_selects++;
}
static unsigned hw_intr;                      /* counters that interrupt */
static uint32_t hw_count[PCOUNT_NCOUNTERS];   /* what a read answers */
void pcount_hw_enable(unsigned mask, unsigned intr, unsigned flags)
{
	hw_enabled = mask;
	hw_intr = intr;
	hw_flags = flags;
}
uint32_t pcount_hw_read(unsigned ctr) { return hw_count[ctr]; }
void pcount_hw_disable(void) { hw_enabled = 0; }
uint32_t pcount_hw_rpcc(void) { return (uint32_t)clock_now; }
uint64_t pcount_hw_cycles(void) { return clock_now; }
void pcount_notify(void) { notifies++; }
static uint64_t hw_pm_ctl, hw_pm_filt;
static unsigned hw_pm_calls;
void pcount_hw_pm(uint64_t ctl, uint64_t filt, uint64_t seed)
{
	(void)seed;
	hw_pm_ctl = ctl;
	hw_pm_filt = filt;
	hw_pm_calls++;
}

/* One CPU with a table of `buckets` buckets, configured with cfg (NULL:
 * CYCLES on counter 0). */
static struct pcount_cpu cpu;
static struct pcount_slot *mem;

static struct pcount_config one_event(unsigned event)
{
	struct pcount_config cfg = { 0 };
	cfg.ctr[0].nevents = 1;
	cfg.ctr[0].ev[0].event = (uint16_t)event;
	return cfg;
}

static void setup_cpu(uint32_t buckets, struct pcount_config *cfg)
{
	struct pcount_config def = one_event(PEV_CYCLES);
	if (!cfg)
		cfg = &def;
	assert_int_equal(pcount_config_check(cfg), 0);
	free(mem);
	mem = calloc(PCOUNT_CPU_SLOTS(buckets), sizeof *mem);
	pcount_cpu_init(&cpu, 0, mem, buckets);
	pcount_cpu_configure(&cpu, cfg);
	notifies = hw_selects = 0;
	clock_now = 1000;
	pcount_cpu_start(&cpu);
}

static void sample(unsigned ctr, uint64_t pc, uint32_t pid)
{
	cpu.hot.intr(&cpu, ctr, pc, pid);
}

static struct pcount_cpu_stats stats(void)
{
	struct pcount_cpu_stats s;
	pcount_stats_cpu(&cpu, &s);
	return s;
}

/* Everything the reader can get now; the sum of the counts. */
static uint64_t drain(void)
{
	uint64_t total = 0;
	const struct pcount_slot *s;
	uint32_t n;
	while ((n = pcount_take(&cpu, &s)) != 0) {
		for (uint32_t i = 0; i < n; i++)
			total += SLOT_COUNT(s[i].key);
		pcount_give(&cpu, s, n);
	}
	return total;
}

static uint64_t table_total(void)
{
	uint64_t t = 0;
	for (uint32_t i = 0; i <= cpu.hot.mask * PCOUNT_BUCKET + 3; i++)
		t += SLOT_COUNT(cpu.hot.table[i].key);
	return t;
}

/* ---- tests ----------------------------------------------------------- */
static void test_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct pcount_hot), 64);
	assert_int_equal(offsetof(struct pcount_cpu, hot) % 64, 0);
	struct pcount_sample s = { .pc = 0x1234, .pid = 7, .event = 3, .count = 9 };
	struct pcount_slot k;
	memcpy(&k, &s, sizeof k);
	assert_true(k.key == (SLOT_KEY(7, 3) | 9 * SLOT_ONE));
}

static void test_hash(void **state)
{
	(void)state;
	enum { B = 1024, N = 4096 };
	unsigned load[B] = { 0 };
	for (uint64_t i = 0; i < N; i++) {
		uint32_t h = pcount_hash(0x120000000 + 4 * i, SLOT_KEY(42, 0), B - 1);
		assert_true(h < B);
		assert_int_equal(h, pcount_hash(0x120000000 + 4 * i, SLOT_KEY(42, 0), B - 1));
		load[h]++;
	}
	unsigned max = 0, used = 0;
	for (unsigned b = 0; b < B; b++) {
		max = load[b] > max ? load[b] : max;
		used += load[b] != 0;
	}
	/* a sequential loop of 4096 PCs spreads over most buckets */
	assert_true(max <= 12);
	assert_true(used > B * 9 / 10);
	/* pid and event take part */
	unsigned differ = 0;
	for (uint64_t i = 0; i < 256; i++)
		differ += pcount_hash(4 * i, SLOT_KEY(1, 0), B - 1) !=
		          pcount_hash(4 * i, SLOT_KEY(2, 0), B - 1);
	assert_true(differ > 240);
	differ = 0;
	for (uint64_t i = 0; i < 256; i++)
		differ += pcount_hash(4 * i, SLOT_KEY(1, 0), B - 1) !=
		          pcount_hash(4 * i, SLOT_KEY(1, PEV_IMISS), B - 1);
	assert_true(differ > 240);
}

static void test_hit_miss(void **state)
{
	(void)state;
	setup_cpu(64, NULL);
	sample(0, 0x1000, 5);
	sample(0, 0x1000, 5);
	sample(0, 0x1000, 6);          /* another pid: another entry */
	sample(0, 0x1004, 5);
	sample(0, 0x1000, 5);
	struct pcount_cpu_stats s = stats();
	assert_int_equal(s.interrupts, 5);
	assert_int_equal(s.misses, 3);
	assert_int_equal(s.hits, 2);
	assert_int_equal(s.evictions, 0);
	assert_int_equal(table_total(), 5);
	uint32_t b = pcount_hash(0x1000, SLOT_KEY(5, PEV_CYCLES), 63);
	bool found = false;
	for (unsigned i = 0; i < 4; i++) {
		struct pcount_slot *e = &cpu.hot.table[4 * b + i];
		if (e->pc == 0x1000 && (e->key & SLOT_IDMASK) == SLOT_KEY(5, PEV_CYCLES)) {
			assert_int_equal(SLOT_COUNT(e->key), 3);
			found = true;
		}
	}
	assert_true(found);
}

/* One bucket: the first four fill it, then the mod-4 counter picks the
 * victims 0, 1, 2, 3, 0, ... */
static void test_eviction_order(void **state)
{
	(void)state;
	setup_cpu(1, NULL);
	for (uint64_t i = 0; i < 4; i++)
		sample(0, 0x100 + 4 * i, 1);
	assert_int_equal(stats().evictions, 0);
	for (uint64_t i = 4; i < 10; i++)
		sample(0, 0x100 + 4 * i, 1);
	assert_int_equal(stats().evictions, 6);
	assert_int_equal(cpu.hot.fill, 6);
	for (uint64_t i = 0; i < 6; i++) {
		/* evicted: slot i % 4, which held sample i (or i - 4 + 4) */
		assert_int_equal(cpu.hot.buf[i].pc, 0x100 + 4 * i);
		assert_int_equal(SLOT_COUNT(cpu.hot.buf[i].key), 1);
	}
	assert_int_equal(cpu.hot.table[0].pc, 0x100 + 4 * 8);
	assert_int_equal(cpu.hot.table[1].pc, 0x100 + 4 * 9);
	assert_int_equal(cpu.hot.table[2].pc, 0x100 + 4 * 6);
}

static void test_saturation(void **state)
{
	(void)state;
	setup_cpu(16, NULL);
	for (unsigned i = 0; i < 0xffff + 3; i++)
		sample(0, 0x2000, 9);
	assert_int_equal(stats().evictions, 1);
	assert_int_equal(cpu.hot.fill, 1);
	assert_int_equal(SLOT_COUNT(cpu.hot.buf[0].key), 0xffff);
	assert_int_equal(table_total(), 3);
	assert_int_equal(stats().hits, 0xffff + 2);
}

/* Buffers: the first fills and is handed over (notify) and the second
 * takes over; when both are full, samples drop, and only then; once
 * the reader gives one back, the handler switches to it. */
static void test_buffers(void **state)
{
	(void)state;
	setup_cpu(1, NULL);
	uint64_t pc = 0x10000;
	for (int i = 0; i < 4; i++)
		sample(0, pc += 4, 1);
	for (int i = 0; i < PCOUNT_BUF_ENTRIES; i++)
		sample(0, pc += 4, 1);
	assert_int_equal(notifies, 1);
	assert_int_equal(cpu.state[0], BUF_FULL);
	assert_int_equal(cpu.len[0], PCOUNT_BUF_ENTRIES);
	assert_int_equal(cpu.hot.active, 1);
	assert_int_equal(stats().switches, 1);
	for (int i = 0; i < PCOUNT_BUF_ENTRIES; i++)
		sample(0, pc += 4, 1);
	assert_int_equal(notifies, 2);
	assert_int_equal(cpu.state[1], BUF_FULL);
	assert_int_equal(stats().drops, 0);
	sample(0, pc += 4, 1);                  /* both full: a drop */
	sample(0, pc += 4, 1);
	assert_int_equal(stats().drops, 2);
	const struct pcount_slot *s;
	assert_int_equal(pcount_take(&cpu, &s), PCOUNT_BUF_ENTRIES);
	assert_ptr_equal(s, cpu.bufs[0]);
	pcount_give(&cpu, s, PCOUNT_BUF_ENTRIES);
	sample(0, pc += 4, 1);                  /* the handler switches */
	assert_int_equal(stats().drops, 2);
	assert_int_equal(stats().switches, 2);
	assert_int_equal(cpu.hot.active, 0);
	assert_int_equal(cpu.hot.fill, 1);
	assert_int_equal(stats().samples_read, PCOUNT_BUF_ENTRIES);
}

/* A hand-over whose switch fails leaves the handler with no room; the
 * reader may then give back the buffer just handed over before the
 * other (pcount_take takes the lower-numbered FULL buffer first), and
 * the next sample must go into it, not drop while it waits empty.  And
 * with both given back, the other one first. */
static void test_buffer_given_back(void **state)
{
	(void)state;
	setup_cpu(1, NULL);
	uint64_t pc = 0x10000;
	const struct pcount_slot *s;
	for (int i = 0; i < 4 + 2 * PCOUNT_BUF_ENTRIES; i++)
		sample(0, pc += 4, 1);                  /* 0 then 1 full */
	assert_int_equal(pcount_take(&cpu, &s), PCOUNT_BUF_ENTRIES);
	assert_ptr_equal(s, cpu.bufs[0]);
	pcount_give(&cpu, s, PCOUNT_BUF_ENTRIES);
	for (int i = 0; i < PCOUNT_BUF_ENTRIES; i++)
		sample(0, pc += 4, 1);                  /* into 0 until full */
	assert_int_equal(cpu.state[0], BUF_FULL);
	assert_int_equal(cpu.state[1], BUF_FULL);
	assert_int_equal(cpu.hot.active, 0);        /* no room: the switch failed */
	assert_int_equal(cpu.hot.fill, PCOUNT_BUF_ENTRIES);
	assert_int_equal(stats().drops, 0);
	assert_int_equal(stats().switches, 2);
	sample(0, pc += 4, 1);                      /* both full: a drop */
	assert_int_equal(stats().drops, 1);

	/* the reader gives back 0, the buffer just handed over */
	assert_int_equal(pcount_take(&cpu, &s), PCOUNT_BUF_ENTRIES);
	assert_ptr_equal(s, cpu.bufs[0]);
	pcount_give(&cpu, s, PCOUNT_BUF_ENTRIES);
	sample(0, pc += 4, 1);
	assert_int_equal(stats().drops, 1);         /* not dropped: into 0 */
	assert_int_equal(stats().switches, 3);
	assert_int_equal(cpu.hot.active, 0);
	assert_int_equal(cpu.hot.fill, 1);
	assert_int_equal(cpu.state[1], BUF_FULL);

	/* fill 0 again (1 still FULL), then both come back: the other, 1 */
	for (int i = 1; i < PCOUNT_BUF_ENTRIES; i++)
		sample(0, pc += 4, 1);
	assert_int_equal(cpu.hot.fill, PCOUNT_BUF_ENTRIES);
	assert_int_equal(drain(), 2 * PCOUNT_BUF_ENTRIES);
	sample(0, pc += 4, 1);
	assert_int_equal(cpu.hot.active, 1);
	assert_int_equal(cpu.hot.fill, 1);
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.drops, 1);
	assert_int_equal(st.switches, 4);
	assert_int_equal(st.interrupts, st.samples_read + st.drops + cpu.hot.fill +
	                 table_total());
}

/* The flush: with the flag set samples go straight to the buffer; the
 * table is staged and cleared; the end hands over the partial buffer;
 * the reader then gets every sample. */
static void test_flush(void **state)
{
	(void)state;
	setup_cpu(64, NULL);
	for (int i = 0; i < 100; i++)
		sample(0, 0x4000 + 4 * (i % 10), 3);
	pcount_cpu_flush_begin(&cpu);
	sample(0, 0x4000, 3);                   /* direct, though a hit */
	sample(0, 0x4000, 3);
	assert_int_equal(stats().direct, 2);
	assert_int_equal(cpu.hot.fill, 2);
	pcount_flush_copy(&cpu);
	assert_int_equal(table_total(), 0);
	assert_int_equal(cpu.nstaged, 10);
	sample(0, 0x4000, 3);                   /* still direct */
	pcount_cpu_flush_end(&cpu);
	assert_int_equal(cpu.state[0], BUF_FULL);
	assert_int_equal(cpu.len[0], 3);
	sample(0, 0x4000, 3);                   /* back to the table */
	assert_int_equal(table_total(), 1);
	struct pcount_cpu_stats s = stats();
	assert_int_equal(s.flushes, 1);
	assert_int_equal(s.interrupts, s.hits + s.misses + s.direct);
	assert_int_equal(drain(), 103);
	assert_int_equal(stats().samples_read + table_total(), stats().interrupts);
}

/* A random, skewed stream with a reader that keeps up or not: every
 * sample is read or counted dropped, exactly; with a reader that keeps
 * up, nothing drops and every (pc, pid, event) count is exact. */
static void run_stream(unsigned seed, bool lazy_reader)
{
	enum { KEYS = 3000 };
	static uint32_t truth[KEYS], got[KEYS];
	memset(truth, 0, sizeof truth);
	memset(got, 0, sizeof got);
	struct pcount_config cfg = one_event(PEV_CYCLES);
	cfg.ctr[2].nevents = 1;
	cfg.ctr[2].ev[0].event = PEV_IMISS;
	setup_cpu(128, &cfg);
	srand(seed);
	uint64_t read = 0;
	for (int i = 0; i < 300000; i++) {
		unsigned k = (unsigned)(rand() % 7 ? rand() % 100 : rand() % KEYS);
		unsigned ctr = k % 5 ? 0 : 2;
		sample(ctr, 0x120000000ull + 4 * k, 1 + k % 3);
		truth[k]++;
		if (i % 50 == 0 && (!lazy_reader || i % 30000 < 100)) {
			const struct pcount_slot *s;
			uint32_t n = pcount_take(&cpu, &s);
			for (uint32_t j = 0; j < n; j++) {
				got[(s[j].pc - 0x120000000ull) / 4] += SLOT_COUNT(s[j].key);
				read += SLOT_COUNT(s[j].key);
			}
			if (n)
				pcount_give(&cpu, s, n);
		}
		if (i % 100000 == 99999) {         /* the daemon's flush */
			pcount_cpu_flush_begin(&cpu);
			pcount_flush_copy(&cpu);
			pcount_cpu_flush_end(&cpu);
		}
	}
	pcount_cpu_stop(&cpu);
	for (int pass = 0; pass < 2; pass++) {
		pcount_cpu_flush_begin(&cpu);
		pcount_flush_copy(&cpu);
		pcount_cpu_flush_end(&cpu);
		const struct pcount_slot *s;
		uint32_t n;
		while ((n = pcount_take(&cpu, &s)) != 0) {
			for (uint32_t j = 0; j < n; j++) {
				got[(s[j].pc - 0x120000000ull) / 4] += SLOT_COUNT(s[j].key);
				read += SLOT_COUNT(s[j].key);
			}
			pcount_give(&cpu, s, n);
		}
	}
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.interrupts, 300000);
	assert_int_equal(st.samples_read, read);
	assert_int_equal(st.interrupts, st.samples_read + st.drops);
	assert_int_equal(st.interrupts, st.hits + st.misses + st.direct);
	if (lazy_reader) {
		assert_true(st.drops > 0);
	} else {
		assert_int_equal(st.drops, 0);
		for (unsigned k = 0; k < KEYS; k++)
			assert_int_equal(got[k], truth[k]);
	}
	/* aggregation: far fewer entries than samples */
	assert_true(st.entries_read * 3 < st.samples_read);
}

static void test_conservation(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 3; seed++) {
		run_stream(seed, false);
		run_stream(seed, true);
	}
}

/* Park-Miller's check value: from 1, the 10000th state is 1043618065
 * (Park and Miller, CACM 31(10), 1988). */
static void test_prng(void **state)
{
	(void)state;
	uint32_t x = 1;
	for (int i = 0; i < 10000; i++)
		x = pcount_prng_next(x);
	assert_int_equal(x, 1043618065);
	uint32_t min, range;
	pcount_default_period(PEV_CYCLES, 0, &min, &range);
	assert_int_equal(min, 61440);
	assert_int_equal(range, 4096);
	x = pcount_prng_seed(7, 0);
	double sum = 0;
	uint32_t lo = ~0u, hi = 0;
	enum { N = 200000 };
	for (int i = 0; i < N; i++) {
		x = pcount_prng_next(x);
		uint32_t p = pcount_period(x, min, range);
		lo = p < lo ? p : lo;
		hi = p > hi ? p : hi;
		sum += p;
	}
	assert_true(lo >= 61440 && lo < 61450);
	assert_true(hi <= 65535 && hi > 65525);
	double mean = sum / N;                  /* 63487.5 expected */
	assert_true(mean > 63487.5 - 10 && mean < 63487.5 + 10);
	/* and the handler writes width - period */
	setup_cpu(16, NULL);
	for (int i = 0; i < 1000; i++) {
		sample(0, 0x1000, 1);
		assert_true(hw_value[0] >= 65536 - 65535 && hw_value[0] <= 65536 - 61440);
	}
	/* CPUs get different sequences */
	assert_int_not_equal(pcount_prng_seed(7, 0), pcount_prng_seed(7, 1));
}

static void test_config(void **state)
{
	(void)state;
	struct pcount_config cfg = one_event(PEV_IMISS);    /* not on CTR0 */
	assert_int_equal(pcount_config_check(&cfg), -22);
	cfg = (struct pcount_config){ 0 };
	cfg.ctr[2].nevents = 1;
	cfg.ctr[2].ev[0].event = PEV_CYCLES;
	assert_int_equal(pcount_config_check(&cfg), 0);
	assert_int_equal(cfg.ctr[2].ev[0].period_min, 15360);
	assert_int_equal(cfg.ctr[2].ev[0].period_range, 1024);
	cfg.ctr[2].ev[0].period_min = 16000;                /* past 2^14 */
	cfg.ctr[2].ev[0].period_range = 1000;
	assert_int_equal(pcount_config_check(&cfg), -22);
	cfg.ctr[2].ev[0].period_min = 100;                  /* too short */
	cfg.ctr[2].ev[0].period_range = 0;
	assert_int_equal(pcount_config_check(&cfg), -22);
	cfg = one_event(PEV_CYCLES);
	cfg.ctr[0].nevents = PCOUNT_MUX_MAX + 1;
	assert_int_equal(pcount_config_check(&cfg), -22);
	/* every event has a default period that fits its counters */
	for (unsigned e = 0; e < PEV_COUNT; e++)
		for (unsigned c = 0; c < PCOUNT_NCOUNTERS; c++) {
			uint32_t min, range;
			pcount_default_period(e, c, &min, &range);
			assert_true(min >= 256 && min + range <= pcount_counter_width(c));
		}
}

/* Two events on counter 0 and one on counter 2: the general handler
 * rotates counter 0 after mux_cycles, selects the next event, and the
 * monitored cycles add up to the enabled span. */
static void test_multiplex(void **state)
{
	(void)state;
	struct pcount_config cfg = { 0 };
	cfg.ctr[0].nevents = 2;
	cfg.ctr[0].ev[0].event = PEV_CYCLES;
	cfg.ctr[0].ev[1].event = PEV_ISSUES;
	cfg.ctr[2].nevents = 1;
	cfg.ctr[2].ev[0].event = PEV_IMISS;
	cfg.mux_cycles = 10000;
	setup_cpu(64, &cfg);
	assert_ptr_equal(cpu.hot.intr, pcount_intr_general);
	assert_int_equal(hw_enabled, 5);
	assert_int_equal(hw_event[0], PEV_CYCLES);
	/* interrupts every 3000 cycles from the start at 1000: the one at
	 * 13000 is the first 10000 cycles on, and rotates to ISSUES */
	for (int i = 0; i < 7; i++) {
		clock_now += 3000;
		sample(0, 0x8000, 1);
	}
	assert_int_equal(hw_event[0], PEV_ISSUES);
	for (int i = 0; i < 4; i++) {
		clock_now += 7000;
		sample(0, 0x8000, 1);
		clock_now += 500;
		sample(2, 0x8004, 1);
	}
	pcount_cpu_stop(&cpu);
	uint64_t span = clock_now - 1000;
	assert_int_equal(cpu.st.enabled_cycles, span);
	assert_int_equal(cpu.monitored[PEV_CYCLES] + cpu.monitored[PEV_ISSUES], span);
	assert_int_equal(cpu.monitored[PEV_IMISS], span);
	/* samples are attributed to the event that was counting */
	pcount_cpu_flush_begin(&cpu);
	pcount_flush_copy(&cpu);
	pcount_cpu_flush_end(&cpu);
	drain();
	assert_int_equal(cpu.read_by_event[PEV_CYCLES] + cpu.read_by_event[PEV_ISSUES], 11);
	assert_int_equal(cpu.read_by_event[PEV_IMISS], 4);
	assert_true(cpu.read_by_event[PEV_ISSUES] > 0 && cpu.read_by_event[PEV_CYCLES] > 0);
	/* the fast handler for one event per counter */
	setup_cpu(64, NULL);
	assert_ptr_equal(cpu.hot.intr, pcount_intr_fast);
}

/* Sampling sources (pcount.h PCOUNT_SRC_*): a counter read at the
 * others' overflows and one read at the clock count without interrupts,
 * and the events since the last read are charged, as a count, to the PC
 * of the moment; the statistics conserve them as `counted`. */
static void test_sources(void **state)
{
	(void)state;
	struct pcount_config cfg = { 0 };
	cfg.ctr[0].nevents = 1;
	cfg.ctr[0].ev[0].event = PEV_CYCLES;
	cfg.ctr[2].nevents = 1;
	cfg.ctr[2].ev[0] = (struct pcount_event_config){ .event = PEV_DMISS,
	                                                  .source = PCOUNT_SRC_AT_OVERFLOW };
	memset(hw_count, 0, sizeof hw_count);
	setup_cpu(64, &cfg);
	assert_ptr_equal(cpu.hot.intr, pcount_intr_read);
	assert_int_equal(hw_enabled, 5);
	assert_int_equal(hw_intr, 1);            /* CTR2 counts, never interrupts */
	assert_int_equal(hw_value[2], 0);
	hw_count[2] = 7;
	sample(0, 0x8000, 1);                    /* 7 misses charged to 0x8000 */
	sample(0, 0x8004, 1);                    /* none since */
	hw_count[2] = 16383;
	sample(0, 0x8008, 1);                    /* 16376 more */
	hw_count[2] = 4;                         /* 14 bits: wrapped, 5 more */
	pcount_clock(&cpu, 0x9000, 1);           /* not read at the clock */
	sample(0, 0x800c, 1);
	assert_int_equal(stats().counted, 7 + 16376 + 5);
	assert_int_equal(stats().interrupts, 4);
	pcount_cpu_stop(&cpu);
	pcount_cpu_flush_begin(&cpu);
	pcount_flush_copy(&cpu);
	pcount_cpu_flush_end(&cpu);
	assert_int_equal(drain(), 4 + 7 + 16376 + 5);
	assert_int_equal(cpu.read_by_event[PEV_DMISS], 7 + 16376 + 5);
	assert_int_equal(stats().hits + stats().misses, 4 + 3);
	/* at the clock: no handler at all, the clock reads */
	cfg.ctr[0].nevents = 0;
	cfg.ctr[2].ev[0].source = PCOUNT_SRC_AT_CLOCK;
	memset(hw_count, 0, sizeof hw_count);
	setup_cpu(64, &cfg);
	assert_int_equal(hw_enabled, 4);
	assert_int_equal(hw_intr, 0);
	hw_count[2] = 3;
	pcount_clock(&cpu, 0x9000, 2);
	pcount_clock(&cpu, 0x9004, 2);
	hw_count[2] = 5;
	pcount_clock(&cpu, 0x9008, 2);
	assert_int_equal(stats().counted, 5);
	assert_int_equal(table_total(), 5);
	/* refused: a read event multiplexed, reads at overflows with nothing
	 * that overflows, an unknown source */
	cfg.ctr[2].nevents = 2;
	cfg.ctr[2].ev[1].event = PEV_IMISS;
	assert_int_equal(pcount_config_check(&cfg), -EINVAL);
	cfg.ctr[2].nevents = 1;
	cfg.ctr[2].ev[0].source = PCOUNT_SRC_AT_OVERFLOW;
	assert_int_equal(pcount_config_check(&cfg), -EINVAL);
	cfg.ctr[2].ev[0].source = PCOUNT_NSOURCES;
	assert_int_equal(pcount_config_check(&cfg), -EINVAL);
}

/* ---- instruction sampling (docs/precise.md) -------------------------- */

#define PM_EVERY_1000 (PM_CTL_ENABLE | 1000ull << 8 | 100ull << 32)

/* The sum of the counts of (pc, pid, kind) the reader can get now. */
static uint64_t drain_kind(uint64_t pc, uint32_t pid, unsigned kind)
{
	uint64_t total = 0;
	const struct pcount_slot *s;
	uint32_t n;
	while ((n = pcount_take(&cpu, &s)) != 0) {
		for (uint32_t i = 0; i < n; i++)
			if (s[i].pc == pc && (s[i].key & SLOT_IDMASK) == SLOT_KEY(pid, kind))
				total += SLOT_COUNT(s[i].key);
		pcount_give(&cpu, s, n);
	}
	return total;
}

static void flush(void)
{
	pcount_cpu_flush_begin(&cpu);
	pcount_flush_copy(&cpu);
	pcount_cpu_flush_end(&cpu);
}

/* The configuration: the unit alone is a valid one, started and stopped
 * through the environment; bad fields are refused. */
static void test_pm_config(void **state)
{
	(void)state;
	struct pcount_config cfg = { .pm_ctl = PM_EVERY_1000, .pm_filt = 1u << PM_OP_LOAD };
	hw_enabled = hw_pm_calls = 0;
	setup_cpu(64, &cfg);
	assert_int_equal(hw_pm_calls, 1);
	assert_int_equal(hw_pm_ctl, PM_EVERY_1000);
	assert_int_equal(hw_pm_filt, 1u << PM_OP_LOAD);
	assert_int_equal(hw_enabled, 0);          /* no counter asked for */
	pcount_cpu_stop(&cpu);
	assert_int_equal(hw_pm_calls, 2);
	assert_int_equal(hw_pm_ctl, 0);
	static const struct { uint64_t ctl, filt; } bad[] = {
		{ PM_CTL_ENABLE | 255ull << 8, 0 },                 /* period < 256 */
		{ PM_CTL_ENABLE | 1000ull << 8 | 1000ull << 32, 0 }, /* jitter = P  */
		{ 1000ull << 8, 0 },                                 /* not enabled */
		{ PM_EVERY_1000 | 0x40, 0 },                         /* unknown bit */
		{ PM_EVERY_1000, 1u << PM_OP_COUNT },                /* unknown op  */
		{ PM_EVERY_1000, 1ull << (16 + PCOUNT_PM_NEVENTS) }, /* unknown event */
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cfg = (struct pcount_config){ .pm_ctl = bad[i].ctl, .pm_filt = bad[i].filt };
		assert_int_equal(pcount_config_check(&cfg), -EINVAL);
	}
}

/* The records kept whole: each valid record is copied into the ring as
 * it came, the reader is woken once at half full, a record that finds
 * the ring full is counted lost, and what the reader takes comes in
 * order across the ring's wrap; kept + lost = records, and the ring
 * holds kept - read.  No ring at all: every record lost. */
static void test_pm_ring(void **state)
{
	(void)state;
	struct pcount_config cfg = { .pm_ctl = PM_EVERY_1000 };
	setup_cpu(64, &cfg);
	struct pm_record ring[8];
	pcount_cpu_ring(&cpu, ring, 8);
	struct pm_record r = { .pc = 0x120001000ull, .flags = PM_F_VALID | PM_F_RETIRED,
	                       .ea = 0x140000000ull, .lat = 9 };
	for (uint32_t i = 0; i < 6; i++) {
		r.seq = i;
		r.ea = 0x140000000ull + 8 * i;
		pcount_pm_records(&cpu, &r, 1, 0);
	}
	assert_int_equal(notifies, 1);             /* at 4 of 8 */
	assert_int_equal(pcount_ring_waiting(&cpu), 6);
	const struct pm_record *a, *b;
	uint32_t na, nb;
	pcount_ring_take(&cpu, &a, &na, &b, &nb);
	assert_int_equal(na, 6);
	assert_int_equal(nb, 0);
	assert_int_equal(a[5].ea, 0x140000000ull + 40);
	assert_int_equal(a[5].lat, 9);
	pcount_ring_give(&cpu, 4);                 /* two left: seq 4, 5 */
	for (uint32_t i = 6; i < 14; i++) {        /* room for 6 of these 8 */
		r.seq = i;
		r.ea = 0x140000000ull + 8 * i;
		pcount_pm_records(&cpu, &r, 1, 0);
	}
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.pm_records, 14);
	assert_int_equal(st.pm_ring_kept, 12);
	assert_int_equal(st.pm_ring_lost, 2);
	assert_int_equal(st.pm_ring_read, 4);
	pcount_ring_take(&cpu, &a, &na, &b, &nb);
	assert_int_equal(na + nb, 8);
	assert_int_equal(na, 4);                   /* slots 4..7, then 0..3 */
	for (uint32_t i = 0; i < 8; i++)
		assert_int_equal((i < na ? a[i] : b[i - na]).seq, 4 + i);
	pcount_ring_give(&cpu, 8);
	assert_int_equal(pcount_ring_waiting(&cpu), 0);
	assert_int_equal(stats().pm_ring_read, 12);
	pcount_cpu_ring(&cpu, NULL, 0);
	pcount_pm_records(&cpu, &r, 1, 0);
	assert_int_equal(stats().pm_ring_lost, 3);
	pcount_cpu_stop(&cpu);
}

/* Where kernel mode is sampled, the reader's own records (its context,
 * pcount_cpu_reader) are counted apart and not kept whole, but still
 * added to the table; another context's are kept; and with no reader
 * (0) a record of context 0 is kept too.  kept + lost + reader's =
 * records.  With kernel mode left out, the reader's are kept. */
static void test_pm_ring_reader(void **state)
{
	(void)state;
	struct pcount_config cfg = { .pm_ctl = PM_EVERY_1000 };
	setup_cpu(64, &cfg);
	struct pm_record ring[8];
	pcount_cpu_ring(&cpu, ring, 8);
	pcount_cpu_reader(&cpu, 7);
	struct pm_record r = { .pc = 0x120001000ull, .flags = PM_F_VALID | PM_F_RETIRED };
	static const uint32_t ctx[] = { 7, 3, 7, 0 };
	for (uint32_t i = 0; i < 4; i++) {
		r.seq = i;
		r.ctx = ctx[i];
		pcount_pm_records(&cpu, &r, 1, 0);
	}
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.pm_records, 4);
	assert_int_equal(st.pm_ring_reader, 2);
	assert_int_equal(st.pm_ring_kept, 2);
	assert_int_equal(st.pm_ring_lost, 0);
	assert_int_equal(st.pm_added, 4);          /* all four in the table */
	const struct pm_record *a, *b;
	uint32_t na, nb;
	pcount_ring_take(&cpu, &a, &na, &b, &nb);
	assert_int_equal(na, 2);
	assert_int_equal(a[0].ctx, 3);
	assert_int_equal(a[1].ctx, 0);
	pcount_cpu_reader(&cpu, 0);
	r.ctx = 0;
	pcount_pm_records(&cpu, &r, 1, 0);
	assert_int_equal(stats().pm_ring_kept, 3);
	pcount_cpu_stop(&cpu);
	/* kernel mode left out (`user`): the reader's records kept */
	cfg.pm_ctl |= PM_CTL_KILL(1) | PM_CTL_KILL(2);
	setup_cpu(64, &cfg);
	pcount_cpu_ring(&cpu, ring, 8);
	pcount_cpu_reader(&cpu, 7);
	r.ctx = 7;
	pcount_pm_records(&cpu, &r, 1, 0);
	assert_int_equal(stats().pm_ring_reader, 0);
	assert_int_equal(stats().pm_ring_kept, 1);
	pcount_cpu_stop(&cpu);
}

/* A record's additions: one retired, each cause's cycles (a long wait
 * in pieces of at most 0xffff, the first evicted when the second comes),
 * one per event, all under the record's own context and PC; an invalid
 * record adds nothing; a killed one counts as killed.  Conservation:
 * what was added is what is read. */
static void test_pm_records(void **state)
{
	(void)state;
	struct pcount_config cfg = { .pm_ctl = PM_EVERY_1000 };
	setup_cpu(64, &cfg);
	struct pm_record r[3] = { 0 };
	r[0].pc = 0x120001000ull;
	r[0].ctx = 7;
	r[0].flags = PM_F_VALID | PM_F_RETIRED | PM_OP_LOAD << 5;
	r[0].cause[TC_dmiss_m] = 100000;
	r[0].cause[TC_dep_int] = 3;
	r[0].head = 100003;
	r[0].events = 1u << TE_dmiss | 1u << TE_bmisp;
	/* r[1]: not valid (interrupt mode without a pair) */
	r[2] = r[0];
	r[2].flags = PM_F_VALID | PM_KILL_TRAP << 2;
	r[2].ctx = 8;
	pcount_pm_records(&cpu, r, 3, 0);
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.pm_interrupts, 1);
	assert_int_equal(st.pm_records, 2);
	assert_int_equal(st.pm_added, 2 * (1 + 100003 + 2));
	assert_int_equal(st.evictions, 2);         /* the long wait's first piece */
	pcount_cpu_stop(&cpu);
	flush();
	/* everything read, per kind */
	uint64_t pc = r[0].pc;
	struct { uint32_t pid; unsigned kind; uint64_t want; } k[] = {
		{ 7, PCOUNT_PM_RETIRED, 1 }, { 7, PCOUNT_PM_KILLED, 0 },
		{ 8, PCOUNT_PM_KILLED, 1 }, { 8, PCOUNT_PM_RETIRED, 0 },
		{ 7, PCOUNT_PM_HEAD(TC_dmiss_m), 100000 }, { 7, PCOUNT_PM_HEAD(TC_dep_int), 3 },
		{ 7, PCOUNT_PM_HEAD(TC_dmiss_s), 0 },
		{ 7, PCOUNT_PM_EV(TE_dmiss), 1 }, { 7, PCOUNT_PM_EV(TE_bmisp), 1 },
		{ 7, PCOUNT_PM_EV(TE_imiss), 0 }, { 8, PCOUNT_PM_EV(TE_dmiss), 1 },
	};
	/* the two buffers and the staged table, read once: sum by kind */
	uint64_t got[sizeof k / sizeof k[0]] = { 0 }, all = 0;
	const struct pcount_slot *s;
	uint32_t n;
	while ((n = pcount_take(&cpu, &s)) != 0) {
		for (uint32_t i = 0; i < n; i++) {
			all += SLOT_COUNT(s[i].key);
			for (unsigned j = 0; j < sizeof k / sizeof k[0]; j++)
				if (s[i].pc == pc && (s[i].key & SLOT_IDMASK) == SLOT_KEY(k[j].pid, k[j].kind))
					got[j] += SLOT_COUNT(s[i].key);
		}
		pcount_give(&cpu, s, n);
	}
	for (unsigned j = 0; j < sizeof k / sizeof k[0]; j++)
		assert_int_equal(got[j], k[j].want);
	st = stats();
	assert_int_equal(all, st.pm_added);
	assert_int_equal(st.interrupts + st.counted + st.pm_added, st.samples_read + st.drops);
	assert_int_equal(drain_kind(pc, 7, PCOUNT_PM_RETIRED), 0);   /* nothing left */
	/* the per-kind totals the daemon's statistics show (both records) */
	assert_int_equal(cpu.read_by_event[PCOUNT_PM_RETIRED], 1);
	assert_int_equal(cpu.read_by_event[PCOUNT_PM_KILLED], 1);
	assert_int_equal(cpu.read_by_event[PCOUNT_PM_HEAD(TC_dmiss_m)], 200000);
}

/* The unit's tags and collisions, for the records' period: tags from
 * the records' seq (the first record one, the gaps the filter's drops;
 * a pair's second none, modulo 2^32), collisions from PM_STAT's count
 * at each interrupt (a smaller one: PM_CTL was written, the count
 * restarted); starting again restarts them. */
static void test_pm_tagged(void **state)
{
	(void)state;
	struct pcount_config cfg = { .pm_ctl = PM_EVERY_1000 };
	setup_cpu(64, &cfg);
	struct pm_record r[2] = { { .pc = 0x120000040ull, .ctx = 3,
	                            .flags = PM_F_VALID | PM_F_RETIRED } };
	r[0].seq = 0xfffffffeu;
	pcount_pm_records(&cpu, r, 1, 5);
	r[0].seq = 3;                              /* 5 tags on, 4 filtered */
	r[1] = r[0];
	r[1].flags |= PM_F_SECOND;
	pcount_pm_records(&cpu, r, 2, 9);
	r[0].seq = 4;
	r[1].flags = 0;                            /* interrupt mode: none */
	pcount_pm_records(&cpu, r, 2, 2);          /* restarted: 2 more */
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.pm_records, 4);
	assert_int_equal(st.pm_tagged, 1 + 5 + 1);
	assert_int_equal(st.pm_collisions, 5 + 4 + 2);
	pcount_cpu_stop(&cpu);
	pcount_cpu_start(&cpu);
	r[0].seq = 100;
	pcount_pm_records(&cpu, r, 1, 1);
	st = stats();
	assert_int_equal(st.pm_tagged, 1 + 5 + 1 + 1);
	assert_int_equal(st.pm_collisions, 5 + 4 + 2 + 1);
}

/* Records and counter samples share the table: the hits still add up. */
static void test_pm_with_counters(void **state)
{
	(void)state;
	struct pcount_config cfg = one_event(PEV_CYCLES);
	cfg.pm_ctl = PM_EVERY_1000;
	setup_cpu(64, &cfg);
	struct pm_record r = { .pc = 0x120000040ull, .ctx = 3,
	                       .flags = PM_F_VALID | PM_F_RETIRED };
	r.cause[TC_slot] = 1;
	for (int i = 0; i < 50; i++) {
		sample(0, 0x120000040ull, 3);
		pcount_pm_records(&cpu, &r, 1, 0);
	}
	struct pcount_cpu_stats st = stats();
	assert_int_equal(st.pm_added, 100);
	assert_int_equal(st.interrupts + 100, st.hits + st.misses + st.direct);
	assert_int_equal(st.misses, 3);            /* cycles, retired, slot */
}

/* dcpid's --events (daemon/events.c) takes a period exactly when the
 * driver's configuration check does, each in its own words: around the
 * shortest period and each counter's width for every event, and around
 * the shortest for instruction sampling.  An accepted event goes to the
 * first counter that can count it, with the periods asked for. */
static void test_events_agree(void **state)
{
	(void)state;
	static const unsigned long periods[] = { 1, 255, 256, 257, 300, 4095, 16383,
		16384, 16385, 16400, 60000, 65535, 65536, 65537, 70000 };
	static const unsigned long spreads[] = { 0, 1, 2, 3, 16, 64, 90, 512, 1024, 4096 };
	char spec[64], err[512];
	unsigned agreed = 0;
	for (unsigned e = 0; e < PEV_COUNT; e++) {
		unsigned ctr = 0;
		while (pmu_select_for(ctr, e) < 0)
			ctr++;
		for (unsigned i = 0; i < sizeof periods / sizeof periods[0]; i++)
			for (unsigned j = 0; j < sizeof spreads / sizeof spreads[0]; j++) {
				unsigned long p = periods[i], s = spreads[j];
				if (s / 2 >= p)        /* no shortest period: not one */
					continue;
				snprintf(spec, sizeof spec, "%s:%lu:%lu", pmu_events[e].name, p, s);
				struct pcount_config d = { 0 }, k = { 0 };
				bool dcpid = dcpi_events_parse(spec, &d, err, sizeof err);
				k.ctr[ctr].nevents = 1;
				k.ctr[ctr].ev[0] = (struct pcount_event_config){
					.event = (uint16_t)e, .period_min = (uint32_t)(p - s / 2),
					.period_range = (uint32_t)s };
				bool driver = pcount_config_check(&k) == 0;
				if (dcpid != driver)
					fail_msg("%s: dcpid %s, the driver %s", spec,
					         dcpid ? "takes it" : err, driver ? "takes it" : "does not");
				if (dcpid)
					assert_memory_equal(&d.ctr[ctr], &k.ctr[ctr], sizeof d.ctr[ctr]);
				agreed++;
			}
	}
	for (unsigned i = 0; i < sizeof periods / sizeof periods[0]; i++)
		for (unsigned j = 0; j < sizeof spreads / sizeof spreads[0]; j++) {
			unsigned long p = periods[i], s = spreads[j];
			snprintf(spec, sizeof spec, "pm:%lu:%lu", p, s);
			struct pcount_config d = { 0 };
			struct pcount_config k = { .pm_ctl = PM_CTL_ENABLE | (uint64_t)p << 8 |
			                                     (uint64_t)(s / 2) << 32 };
			bool dcpid = dcpi_events_parse(spec, &d, err, sizeof err);
			bool driver = pcount_config_check(&k) == 0;
			if (dcpid != driver)
				fail_msg("%s: dcpid %s, the driver %s", spec,
				         dcpid ? "takes it" : err, driver ? "takes it" : "does not");
			if (dcpid)
				assert_int_equal(d.pm_ctl, k.pm_ctl);
			agreed++;
		}
	assert_true(agreed > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_hash),
		cmocka_unit_test(test_hit_miss),
		cmocka_unit_test(test_eviction_order),
		cmocka_unit_test(test_saturation),
		cmocka_unit_test(test_buffers),
		cmocka_unit_test(test_buffer_given_back),
		cmocka_unit_test(test_flush),
		cmocka_unit_test(test_conservation),
		cmocka_unit_test(test_prng),
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_multiplex),
		cmocka_unit_test(test_sources),
		cmocka_unit_test(test_pm_config),
		cmocka_unit_test(test_pm_records),
		cmocka_unit_test(test_pm_ring),
		cmocka_unit_test(test_pm_ring_reader),
		cmocka_unit_test(test_pm_with_counters),
		cmocka_unit_test(test_pm_tagged),
		cmocka_unit_test(test_events_agree),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	free(mem);
	return r;
}

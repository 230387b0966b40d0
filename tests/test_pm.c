/*
 * test_pm.c - unit tests of the instruction-sampling unit (pmu/pm.h, an
 * alphasim extension: docs/precise.md): the interval distribution, the
 * record layout and its IPR view, a killed instruction's record, the
 * filter, collisions, pairs and buffer mode.  Expected values come from
 * the definitions in docs/precise.md and abi/pm.h (a uniform interval
 * around the period, the byte offsets of the record), not from the module.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "pmu/pm.h"

static uint64_t ctl(uint32_t period, uint32_t jitter, uint64_t flags)
{
	return PM_CTL_ENABLE | flags | (uint64_t)period << 8 | (uint64_t)jitter << 32;
}

/* A unit on, with period p and jitter j (and extra PM_CTL bits). */
static void unit(struct pm *u, uint32_t p, uint32_t j, uint64_t flags)
{
	pm_init(u, 0, PM_SEED_DEFAULT);
	assert_true(pm_mtpr(u, EV5X__PM_CTL, ctl(p, j, flags)));
}

/* Fetch until an instruction is tagged (cycle = fetch number); the
 * number of fetches it took. */
static unsigned to_tag(struct pm *u, uint64_t *cycle)
{
	for (unsigned n = 1; n < 1000000; n++)
		if (pm_fetch(u, ++*cycle))
			return n;
	fail_msg("nothing tagged");
	return 0;
}

/* A record as the timed loop would hand it over: a load's. */
static struct pm_record load_rec(uint64_t pc, uint32_t head)
{
	struct pm_record r;
	memset(&r, 0, sizeof r);
	r.pc = pc;
	r.ea = 0x120004000;
	r.flags = PM_OP_LOAD << 5 | 1u << 8;      /* a load in kernel mode */
	r.head = head;
	r.cause[2] = head;
	r.events = 1u << 1;                       /* dmiss */
	return r;
}

static void interval_distribution(void **state)
{
	(void)state;
	struct pm u;
	unit(&u, 100, 50, 0);
	enum { N = 20000 };
	double sum = 0, sq = 0;
	uint32_t lo = UINT32_MAX, hi = 0;
	for (int i = 0; i < N; i++) {
		uint32_t n = pm_next_interval(&u);
		sum += n;
		sq += (double)n * n;
		lo = n < lo ? n : lo;
		hi = n > hi ? n : hi;
	}
	double mean = sum / N, sd = sqrt(sq / N - mean * mean);
	/* uniform on 50..150: mean 100 (standard error 0.2), standard
	 * deviation sqrt((101^2 - 1) / 12) = 29.15 */
	assert_true(fabs(mean - 100) < 1.0);
	assert_true(fabs(sd - 29.15) < 1.0);
	assert_true(lo >= 50 && lo <= 51);
	assert_true(hi >= 149 && hi <= 150);
	/* no jitter: exactly the period; jitter beyond it: still >= 1 */
	unit(&u, 37, 0, 0);
	for (int i = 0; i < 100; i++)
		assert_int_equal(pm_next_interval(&u), 37);
	unit(&u, 4, 1000, 0);
	for (int i = 0; i < 1000; i++) {
		uint32_t n = pm_next_interval(&u);
		assert_true(n >= 1 && n <= 7);
	}
}

static void tagging_rate_and_seed(void **state)
{
	(void)state;
	/* fetched instructions are tagged once per period on average, each
	 * retiring before the next is fetched */
	struct pm u, v;
	unit(&u, 64, 32, 0);
	uint64_t cycle = 0;
	enum { FETCHES = 200000 };
	unsigned tags = 0, first[8];
	for (unsigned i = 0; i < FETCHES; i++)
		if (pm_fetch(&u, ++cycle)) {
			struct pm_record r = load_rec(0x1000, 1);
			if (tags < 8)
				first[tags] = i;
			tags++;
			pm_done(&u, &r, PM_KILL_NONE, cycle);
			pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);   /* read */
		}
	assert_int_equal(u.tagged, tags);
	assert_int_equal(u.collisions, 0);
	assert_true(fabs((double)tags - FETCHES / 64.0) < 0.02 * FETCHES / 64.0);
	/* the same seed gives the same tags; another seed or CPU others */
	unit(&v, 64, 32, 0);
	cycle = 0;
	for (unsigned i = 0, k = 0; k < 8; i++)
		if (pm_fetch(&v, ++cycle)) {
			assert_int_equal(i, first[k]);
			k++;
			struct pm_record r = load_rec(0x1000, 1);
			pm_done(&v, &r, PM_KILL_NONE, cycle);
			pm_mtpr(&v, EV5X__PM_STAT, PM_STAT_FULL);
		}
	pm_init(&v, 1, PM_SEED_DEFAULT);
	pm_mtpr(&v, EV5X__PM_CTL, ctl(64, 32, 0));
	bool differ = false;
	cycle = 0;
	for (unsigned i = 0, k = 0; k < 8; i++)
		if (pm_fetch(&v, ++cycle)) {
			differ |= i != first[k];
			k++;
			struct pm_record r = load_rec(0x1000, 1);
			pm_done(&v, &r, PM_KILL_NONE, cycle);
			pm_mtpr(&v, EV5X__PM_STAT, PM_STAT_FULL);
		}
	assert_true(differ);
	/* off: nothing is tagged */
	pm_init(&v, 0, PM_SEED_DEFAULT);
	for (unsigned i = 0; i < 1000; i++)
		assert_false(pm_fetch(&v, i));
}

static void record_layout(void **state)
{
	(void)state;
	/* abi/pm.h's offsets, which the driver reads and docs/precise.md shows */
	assert_int_equal(sizeof(struct pm_record), 128);
	assert_int_equal(offsetof(struct pm_record, pc), 0);
	assert_int_equal(offsetof(struct pm_record, ea), 8);
	assert_int_equal(offsetof(struct pm_record, flags), 16);
	assert_int_equal(offsetof(struct pm_record, ctx), 20);
	assert_int_equal(offsetof(struct pm_record, head), 24);
	assert_int_equal(offsetof(struct pm_record, lat), 28);
	assert_int_equal(offsetof(struct pm_record, cause), 32);
	assert_int_equal(offsetof(struct pm_record, events), 120);
	assert_int_equal(offsetof(struct pm_record, gap), 122);
	assert_int_equal(offsetof(struct pm_record, seq), 124);
	/* every cause and event of the truth has its slot or bit */
	unsigned nc = 0, ne = 0;
#define X(n, d) nc++;
	TRUTH_CAUSES(X)
#undef X
#define X(n, d) ne++;
	TRUTH_EVENTS(X)
#undef X
	assert_true(nc <= PM_NCAUSE);
	assert_true(ne <= 16);
	/* the latch read through the IPRs, quadword by quadword */
	struct pm u;
	unit(&u, 1, 0, 0);
	pm_mtpr(&u, EV5X__PM_CTX, 4242);
	assert_true(pm_fetch(&u, 1));
	struct pm_record r = load_rec(0x120001230, 17);
	r.lat = 9;
	assert_true(pm_done(&u, &r, PM_KILL_NONE, 20));
	uint64_t q[16];
	for (unsigned i = 0; i < 16; i++)
		assert_true(pm_mfpr(&u, EV5X__PM_REC + i, &q[i]));
	assert_int_equal(q[0], 0x120001230);
	assert_int_equal(q[1], 0x120004000);
	uint32_t flags = (uint32_t)q[2];
	assert_int_equal(q[2] >> 32, 4242);                     /* ctx */
	assert_true(flags & PM_F_VALID && flags & PM_F_RETIRED);
	assert_int_equal(PM_F_KILL(flags), PM_KILL_NONE);
	assert_int_equal(PM_F_OP(flags), PM_OP_LOAD);
	assert_int_equal(PM_F_MODE(flags), 1);
	assert_int_equal(q[3] & 0xffffffff, 17);                /* head */
	assert_int_equal(q[3] >> 32, 9);                        /* lat  */
	assert_int_equal(q[5] & 0xffffffff, 17);               /* cause[2] */
	assert_int_equal(q[15] & 0xffff, 2);                    /* events */
	assert_int_equal(q[15] >> 32, 1);                       /* seq */
	/* the second record's quadwords read zero: no pair */
	uint64_t z;
	assert_true(pm_mfpr(&u, EV5X__PM_REC + 16, &z));
	assert_int_equal(z, 0);
	/* not the unit's: the CPU's other IPRs */
	assert_false(pm_mfpr(&u, 0x11c, &z));
	assert_false(pm_mtpr(&u, EV5X__PM_REC + EV5X__PM_REC_COUNT, 0));
}

static void killed_record(void **state)
{
	(void)state;
	struct pm u;
	unit(&u, 10, 0, 0);
	uint64_t cycle = 0;
	assert_int_equal(to_tag(&u, &cycle), 10);
	/* a load whose DTB miss unwound it: killed by a trap, its head
	 * cycles and events kept, not retired */
	struct pm_record r = load_rec(0x2000, 5);
	r.events = 1u << 5;                        /* dtbmiss */
	assert_true(pm_done(&u, &r, PM_KILL_TRAP, cycle + 5));
	assert_true(u.irq);
	const struct pm_record *l = &u.rec[0];
	assert_true(l->flags & PM_F_VALID);
	assert_false(l->flags & PM_F_RETIRED);
	assert_int_equal(PM_F_KILL(l->flags), PM_KILL_TRAP);
	assert_int_equal(l->pc, 0x2000);
	assert_int_equal(l->head, 5);
	assert_int_equal(l->events, 1u << 5);
	assert_int_equal(u.killed, 1);
	/* read and cleared: the latch is empty, the request gone */
	uint64_t st;
	pm_mfpr(&u, EV5X__PM_STAT, &st);
	assert_true(st & PM_STAT_FULL);
	pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);
	pm_mfpr(&u, EV5X__PM_STAT, &st);
	assert_false(st & PM_STAT_FULL);
	assert_false(u.irq);
	/* one killed by an interrupt, fetched again after the handler: a
	 * new fetch, so the interval counts it again */
	assert_int_equal(to_tag(&u, &cycle), 10);
	r = load_rec(0x2004, 0);
	pm_done(&u, &r, PM_KILL_INTR, cycle);
	assert_int_equal(PM_F_KILL(u.rec[0].flags), PM_KILL_INTR);
	assert_int_equal(u.killed, 2);
}

static void filter(void **state)
{
	(void)state;
	struct pm u;
	unit(&u, 1, 0, 0);
	/* loads only */
	pm_mtpr(&u, EV5X__PM_FILT, 1u << PM_OP_LOAD);
	struct pm_record st = load_rec(0x10, 3);
	st.flags = PM_OP_STORE << 5;
	assert_true(pm_fetch(&u, 1));
	assert_false(pm_done(&u, &st, PM_KILL_NONE, 1));
	assert_false(u.irq || u.full);
	assert_int_equal(u.filtered, 1);
	struct pm_record ld = load_rec(0x14, 3);
	assert_true(pm_fetch(&u, 2));
	assert_true(pm_done(&u, &ld, PM_KILL_NONE, 2));
	assert_true(u.irq && u.full);
	pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);
	/* events: a D-cache miss wanted (bit 1); a DTB miss alone is not */
	pm_mtpr(&u, EV5X__PM_FILT, (uint64_t)(1u << 1) << 16);
	ld.events = 1u << 5;
	assert_true(pm_fetch(&u, 3));
	assert_false(pm_done(&u, &ld, PM_KILL_NONE, 3));
	ld.events = 1u << 1 | 1u << 5;
	assert_true(pm_fetch(&u, 4));
	assert_true(pm_done(&u, &ld, PM_KILL_NONE, 4));
	pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);
	/* latency: head cycles at least 10 */
	pm_mtpr(&u, EV5X__PM_FILT, 10ull << 32);
	ld = load_rec(0x18, 9);
	assert_true(pm_fetch(&u, 5));
	assert_false(pm_done(&u, &ld, PM_KILL_NONE, 5));
	ld.head = 10;
	assert_true(pm_fetch(&u, 6));
	assert_true(pm_done(&u, &ld, PM_KILL_NONE, 6));
	assert_int_equal(u.filtered, 3);
	assert_int_equal(u.recorded, 2 + 1);
	/* the filter decides what is kept, never what is tagged: the same
	 * seed tags the same fetches with a filter that keeps nothing */
	struct pm a, b;
	unit(&a, 50, 25, 0);
	unit(&b, 50, 25, 0);
	pm_mtpr(&b, EV5X__PM_FILT, 1u << PM_OP_JUMP);
	for (uint64_t c = 1; c < 50000; c++) {
		bool ta = pm_fetch(&a, c), tb = pm_fetch(&b, c);
		assert_int_equal(ta, tb);
		if (ta) {
			struct pm_record r = load_rec(c, 1);
			pm_done(&a, &r, PM_KILL_NONE, c);
			r = load_rec(c, 1);
			pm_done(&b, &r, PM_KILL_NONE, c);
			pm_mtpr(&a, EV5X__PM_STAT, PM_STAT_FULL);
		}
	}
	assert_true(a.tagged > 900);
	assert_int_equal(b.recorded, 0);
	assert_int_equal(b.filtered, a.tagged);
}

static void collisions(void **state)
{
	(void)state;
	struct pm u;
	unit(&u, 10, 0, 0);
	uint64_t cycle = 0;
	/* the latch not read: the next selection collides, nothing tagged */
	to_tag(&u, &cycle);
	struct pm_record r = load_rec(0x40, 1);
	pm_done(&u, &r, PM_KILL_NONE, cycle);
	for (int i = 0; i < 10; i++)
		assert_false(pm_fetch(&u, ++cycle));
	assert_int_equal(u.collisions, 1);
	uint64_t st;
	pm_mfpr(&u, EV5X__PM_STAT, &st);
	assert_int_equal(PM_STAT_COLL(st), 1);
	/* read: the next record says a collision came before it */
	pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);
	assert_int_equal(to_tag(&u, &cycle), 10);
	r = load_rec(0x44, 1);
	pm_done(&u, &r, PM_KILL_NONE, cycle + 100);   /* done at +100 */
	assert_true(u.rec[0].flags & PM_F_COLLIDED);
	pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);
	/* a selection fetched before the last tagged one ended (its cycle
	 * is earlier: the two overlap in the pipeline) collides too */
	for (int i = 0; i < 10; i++)
		assert_false(pm_fetch(&u, ++cycle));
	assert_int_equal(u.collisions, 2);
	/* one still in flight (never done) collides with the next */
	cycle += 200;
	assert_int_equal(to_tag(&u, &cycle), 10);
	for (int i = 0; i < 10; i++)
		assert_false(pm_fetch(&u, ++cycle));
	assert_int_equal(u.collisions, 3);
	/* writing PM_CTL starts again: the count since then is 0 */
	pm_mtpr(&u, EV5X__PM_CTL, ctl(10, 0, 0));
	pm_mfpr(&u, EV5X__PM_STAT, &st);
	assert_int_equal(PM_STAT_COLL(st), 0);
	assert_int_equal(u.collisions, 3);
}

static void pairs(void **state)
{
	(void)state;
	struct pm u;
	unit(&u, 100, 0, PM_CTL_PAIR | 4ull << 56);
	uint64_t cycle = 0;
	for (int k = 0; k < 50; k++) {
		to_tag(&u, &cycle);
		struct pm_record r = load_rec(cycle, 1);
		pm_done(&u, &r, PM_KILL_NONE, cycle);
		assert_false(u.irq);                  /* the pair is not whole */
		unsigned n = to_tag(&u, &cycle);
		assert_true(n >= 1 && n <= 4);
		assert_true(u.inflight_second);
		r = load_rec(cycle, 1);
		pm_done(&u, &r, PM_KILL_NONE, cycle);
		assert_true(u.irq);
		assert_true(u.rec[1].flags & PM_F_SECOND);
		assert_false(u.rec[0].flags & PM_F_SECOND);
		assert_int_equal(u.rec[1].gap, n);
		assert_int_equal(u.rec[1].seq, u.rec[0].seq);
		uint64_t pc;
		assert_true(pm_mfpr(&u, EV5X__PM_REC + 16, &pc));
		assert_int_equal(pc, cycle);
		pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_FULL);
	}
	assert_int_equal(u.collisions, 0);
	assert_int_equal(u.tagged, 100);
}

static void buffer_mode(void **state)
{
	(void)state;
	struct pm u;
	unit(&u, 10, 0, PM_CTL_BUFFER);
	pm_mtpr(&u, EV5X__PM_BUF_BASE, 0x10000);
	pm_mtpr(&u, EV5X__PM_BUF_PTR, 0x10000);
	pm_mtpr(&u, EV5X__PM_BUF_LIMIT, 0x10000 + 3 * 128);
	uint64_t cycle = 0, pa;
	for (unsigned k = 0; k < 3; k++) {
		to_tag(&u, &cycle);
		struct pm_record r = load_rec(0x40 + 4 * k, 1);
		assert_true(pm_done(&u, &r, PM_KILL_NONE, cycle));
		/* no interrupt per record in buffer mode, until it fills */
		assert_int_equal(u.irq, k == 3);
		assert_true(pm_buffer_slot(&u, 0, &pa));
		assert_int_equal(pa, 0x10000 + 128 * k);
		assert_false(u.full);
		assert_int_equal(u.irq, k == 2);
	}
	uint64_t st;
	pm_mfpr(&u, EV5X__PM_STAT, &st);
	assert_true(st & PM_STAT_STOPPED);
	/* stopped: selections are dropped, not collisions */
	for (int i = 0; i < 30; i++)
		assert_false(pm_fetch(&u, ++cycle));
	assert_int_equal(u.dropped_stopped, 3);
	assert_int_equal(u.collisions, 0);
	/* a fresh buffer: sampling goes on */
	pm_mtpr(&u, EV5X__PM_BUF_PTR, 0x10000);
	pm_mtpr(&u, EV5X__PM_STAT, PM_STAT_STOPPED);
	assert_false(u.irq);
	assert_int_equal(to_tag(&u, &cycle), 10);
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(interval_distribution),
	cmocka_unit_test(tagging_rate_and_seed),
	cmocka_unit_test(record_layout),
	cmocka_unit_test(killed_record),
	cmocka_unit_test(filter),
	cmocka_unit_test(collisions),
	cmocka_unit_test(pairs),
	cmocka_unit_test(buffer_mode),
)

/*
 * test_pmhook.c - the instruction-sampling unit (an alphasim extension:
 * docs/precise.md) on the timed loop, held against the truth of the same
 * run.  A kernel-mode program chases pointers through a ring of list
 * nodes (every load waits for the one before it, which missed the
 * D-cache): first eight loads in a row, each run once, then a loop.
 * With the unit tagging every fetch into its buffer, each load's record
 * must carry the D-cache wait the truth gives that execution, and the
 * records' sums over the run must be the truth's own figures for every
 * instruction (events are flags: a record says whether the execution
 * caused one); with the unit off, nothing is tagged.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "platform/machine.h"
#include "chip/intr.h"
#include "chip/model.h"
#include "tests/an_asm.h"

#define MEM       (8ull << 20)
#define CODE      0x10000ull                /* physical                   */
#define LIST      0x100000ull               /* the ring's nodes           */
#define NODES     16
#define STRIDE    (8192 + 64)               /* each in its own D-cache set */
#define BUF       0x400000ull               /* the unit's buffer          */
#define BUF_RECS  4096
#define CHAIN     8                         /* loads run once each        */
#define ITERS     50
#define KSEG(pa)  (0xfffffc0000000000ull | (pa))

/* The truth: one record page per (space, VA page), as obs/truth.c keeps. */
static struct truth_page *pages;

static struct truth_page *page_of(void *arg, uint32_t space, uint64_t vpage)
{
	(void)arg;
	for (struct truth_page *p = pages; p; p = p->next)
		if (p->space == space && p->vpage == vpage)
			return p;
	struct truth_page *p = calloc(1, sizeof *p);
	if (p) {
		p->space = space;
		p->vpage = vpage;
		p->next = pages;
		pages = p;
	}
	return p;
}

static struct machine *m;
static struct cpu *c;
static size_t nprog, ninsns;                /* the program's length, and the */
                                            /* instructions it runs          */

static int setup(void **state)
{
	(void)state;
	m = machine_new(MEM, 1);
	struct truth_sink sink = { page_of, NULL };
	if (!m || !machine_timing_on(m, &sink))
		return -1;
	c = m->bus.cpu[0];
	/* the ring: node i's first quadword points to node i + 1 */
	for (unsigned i = 0; i < NODES; i++) {
		uint64_t next = KSEG(LIST + (uint64_t)((i + 1) % NODES) * STRIDE);
		memcpy(m->bus.ram + LIST + (uint64_t)i * STRIDE, &next, 8);
	}
	struct prog p;
	prog_init(&p, KSEG(CODE));
	for (int i = 0; i < CHAIN; i++)
		mem(&p, OP_ldq, A0, 0, A0);             /* a0 = a0->next     */
	mem(&p, OP_lda, T0, ITERS, ZERO);
	here(&p, 0);
	mem(&p, OP_ldq, A0, 0, A0);
	lit(&p, OP_addq, A0, 8, T1);                /* uses the load     */
	lit(&p, OP_subq, T0, 1, T0);
	bra(&p, OP_bne, T0, 0);
	prog_done(&p);
	memcpy(m->bus.ram + CODE, p.w, 4 * p.n);
	nprog = p.n;
	ninsns = CHAIN + 1 + 4 * ITERS;
	cpu_reset_bare(c, KSEG(CODE));
	c->r[A0] = KSEG(LIST);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	machine_free(m);
	while (pages) {
		struct truth_page *p = pages->next;
		free(pages);
		pages = p;
	}
	return 0;
}

/* The unit, as its IPRs would set it: every fetch tagged (period 1, no
 * jitter), records into the buffer. */
static void every_fetch_to_buffer(void)
{
	pm_mtpr(&c->pm, EV5X__PM_BUF_BASE, BUF);
	pm_mtpr(&c->pm, EV5X__PM_BUF_PTR, BUF);
	pm_mtpr(&c->pm, EV5X__PM_BUF_LIMIT, BUF + BUF_RECS * PM_RECORD_BYTES);
	pm_mtpr(&c->pm, EV5X__PM_CTL, PM_CTL_ENABLE | PM_CTL_BUFFER | 1ull << 8);
	intr_update(c);
}

static const struct pm_record *record(size_t i)
{
	return (const struct pm_record *)(m->bus.ram + BUF + i * PM_RECORD_BYTES);
}

static size_t nrecords(void)
{
	return (size_t)(c->pm.buf_ptr - BUF) / PM_RECORD_BYTES;
}

static unsigned slot_of(uint64_t pc)
{
	return (unsigned)((pc & PAGE_MASK) >> 2);
}

static void off_by_default(void **state)
{
	(void)state;
	assert_false(c->events & CPU_EV_PM);
	assert_int_equal(timing_run(c, c->timing, (int64_t)ninsns), STOP_BUDGET);
	assert_int_equal(cpu_insns(c), ninsns);
	assert_int_equal(c->pm.tagged + c->pm.collisions, 0);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(record(i)->flags, 0);
}

/* Each of the chain's loads ran once: its record's head cycles, cause by
 * cause, are the truth's for its PC; it waited for the D-cache miss of
 * the load before it (all but the first); its address is its node's. */
static void load_wait_is_the_truths(void **state)
{
	(void)state;
	every_fetch_to_buffer();
	assert_true(c->events & CPU_EV_PM);
	assert_int_equal(timing_run(c, c->timing, (int64_t)ninsns), STOP_BUDGET);
	assert_int_equal(nrecords(), ninsns);
	const struct truth_page *tp = page_of(NULL, 0, KSEG(CODE) & ~PAGE_MASK);
	for (unsigned i = 0; i < CHAIN; i++) {
		const struct pm_record *r = record(i);
		unsigned s = slot_of(r->pc);
		assert_int_equal(r->pc, KSEG(CODE) + 4 * i);
		assert_int_equal(r->flags & (PM_F_VALID | PM_F_RETIRED), PM_F_VALID | PM_F_RETIRED);
		assert_int_equal(PM_F_OP(r->flags), PM_OP_LOAD);
		assert_int_equal(r->ea, KSEG(LIST + (uint64_t)i * STRIDE));
		assert_int_equal(tp->count[s], 1);
		assert_int_equal(r->head, tp->head[s]);
		uint64_t dwait = 0;
		for (unsigned k = TC_dmiss_s; k <= TC_dmiss_m; k++) {
			assert_int_equal(r->cause[k], tp->cause[k][s]);
			dwait += r->cause[k];
		}
		if (i > 0)
			assert_true(dwait > 0);
		/* an event is a flag: did this execution cause any */
		for (unsigned e = 0; e < TE_N; e++)
			assert_int_equal(r->events >> e & 1, tp->event[e][s] > 0);
		/* its own miss: the event, and a latency beyond the D-cache's */
		assert_true(r->events >> TE_dmiss & 1);
		assert_true(r->lat > 2);
	}
}

/* Summed over the run, the records are the truth: executions, head
 * cycles by cause, events, for every instruction of the program. */
static void records_sum_to_the_truth(void **state)
{
	(void)state;
	every_fetch_to_buffer();
	assert_int_equal(timing_run(c, c->timing, (int64_t)ninsns), STOP_BUDGET);
	static uint64_t count[PAGE_INSNS], head[PAGE_INSNS], cause[TC_N][PAGE_INSNS],
	                event[TE_N][PAGE_INSNS];
	size_t n = nrecords(), taken = 0;
	for (size_t i = 0; i < n; i++) {
		const struct pm_record *r = record(i);
		unsigned s = slot_of(r->pc);
		assert_true(r->flags & PM_F_RETIRED);
		assert_int_equal(r->seq, i + 1);
		count[s]++;
		head[s] += r->head;
		uint32_t sum = 0;
		for (unsigned k = 0; k < TC_N; k++) {
			cause[k][s] += r->cause[k];
			sum += r->cause[k];
		}
		assert_int_equal(sum, r->head);
		for (unsigned e = 0; e < TE_N; e++)
			event[e][s] += r->events >> e & 1;
		taken += (r->flags & PM_F_TAKEN) != 0;
	}
	assert_int_equal(taken, ITERS - 1);      /* the loop's BNE */
	const struct truth_page *tp = page_of(NULL, 0, KSEG(CODE) & ~PAGE_MASK);
	for (unsigned s = slot_of(KSEG(CODE)); s < slot_of(KSEG(CODE)) + nprog; s++) {
		assert_int_equal(count[s], tp->count[s]);
		assert_int_equal(head[s], tp->head[s]);
		for (unsigned k = 0; k < TC_N; k++)
			assert_int_equal(cause[k][s], tp->cause[k][s]);
		/* the executions that caused an event, of the events (an
		 * S-cache miss can come with the fetch and the load) */
		for (unsigned e = 0; e < TE_N; e++) {
			assert_true(event[e][s] <= tp->event[e][s]);
			assert_int_equal(event[e][s] > 0, tp->event[e][s] > 0);
		}
		if (s < slot_of(KSEG(CODE)) + CHAIN || tp->count[s] == ITERS)
			assert_int_equal(event[TE_dmiss][s], tp->event[TE_dmiss][s]);
	}
}

UNIT_MAIN(NULL, NULL,
	UNIT_ST(off_by_default), UNIT_ST(load_wait_is_the_truths), UNIT_ST(records_sum_to_the_truth),
)

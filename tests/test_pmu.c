/*
 * test_pmu.c - unit tests of the performance counters (pmu/): PMCTR
 * fields, control modes, kill bits, exact overflow cycles, the delivery
 * delay, the skid trace rows and the acknowledgements.  Expected values
 * come from the PMCTR layout in docs/ev5.md ("Performance counters"), not
 * from the module.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "obs/skid.h"
#include "pmu/pmu.h"

/* PMCTR for: CTR0 value, CTL0, SEL1 etc. assembled by hand. */
static uint64_t pmctr(uint64_t c0, uint64_t c1, uint64_t c2, unsigned ctl0,
                      unsigned ctl1, unsigned ctl2, unsigned sel0,
                      unsigned sel1, unsigned sel2)
{
	return c0 << 48 | c1 << 32 | (uint64_t)sel0 << 31 | c2 << 16 |
	       (uint64_t)ctl0 << 14 | (uint64_t)ctl1 << 12 | (uint64_t)ctl2 << 10 |
	       (uint64_t)sel1 << 4 | sel2;
}

/* CTR0 set to value under CTL0 mode ctl; CTR1, CTR2 off. */
static void ctr0_set(struct pmu *p, uint64_t value, unsigned ctl)
{
	pmu_write(p, pmctr(value, 0, 0, ctl, 0, 0, 0, 0, 0));
}

/* CTR0 one cycle short of its wrap, interrupting (CTL 2), then that one
 * kernel cycle, at cycle and pc: an overflow, unless one is in the way. */
static void ctr0_wrap_at(struct pmu *p, uint64_t cycle, uint64_t pc)
{
	ctr0_set(p, 0xffff, 2);
	pmu_count(p, PEV_CYCLES, 1, cycle, pc, PMU_KERNEL);
}

/* The counters under test: CPU 0's, the 21164's six-cycle delivery
 * delay, no trace; fresh for each test (skid_trace_rows starts them with
 * a trace of its own). */
static struct pmu p;

static int fresh(void **state)
{
	(void)state;
	pmu_init(&p, 0, 6, NULL);
	return 0;
}

static void pmctr_round_trip(void **state)
{
	(void)state;
	uint64_t v = pmctr(0xfff0, 0x1234, 0x3ffe, 2, 1, 3, 1, 0x6, 0x4) |
	             1ull << 30 | 1ull << 9 | 1ull << 8;
	pmu_write(&p, v);
	assert_int_equal(pmu_read(&p), v);
	assert_int_equal(p.ctr[0], 0xfff0);
	assert_int_equal(p.ctr[1], 0x1234);
	assert_int_equal(p.ctr[2], 0x3ffe);
	assert_int_equal(p.ctl[0], 2);
	assert_int_equal(p.ctl[1], 1);
	assert_int_equal(p.ctl[2], 3);
	assert_true(p.kill[PMU_USER] && p.kill[PMU_PAL] && p.kill[PMU_KERNEL]);
	assert_int_equal(p.event_of[0], PEV_ISSUES);     /* SEL0 = 1 */
	assert_int_equal(p.event_of[1], PEV_TRIPLE);     /* SEL1 = 6 */
	assert_int_equal(p.event_of[2], PEV_IMISS);      /* SEL2 = 4 */
	/* CTR2 is bits 29:16: a wider value is cut to 14 bits */
	pmu_write(&p, 0xffffull << 16);
	assert_int_equal(p.ctr[2], 0x3fff);
}

static void event_names(void **state)
{
	(void)state;
	assert_int_equal(pmu_event_by_name("cycles"), PEV_CYCLES);
	assert_int_equal(pmu_event_by_name("imiss"), PEV_IMISS);
	assert_int_equal(pmu_event_by_name("nosuch"), -1);
	/* cycles: SEL0 = 0 on CTR0, SEL2 = 0xC on CTR2, not on CTR1 */
	assert_int_equal(pmu_select_for(0, PEV_CYCLES), 0);
	assert_int_equal(pmu_select_for(2, PEV_CYCLES), 0xc);
	assert_int_equal(pmu_select_for(1, PEV_CYCLES), -1);
	assert_int_equal(pmu_select_for(2, PEV_IMISS), 4);
	assert_int_equal(pmu_select_for(1, PEV_SACCESS), 0xf);
	assert_string_equal(pmu_events[PEV_IMISS].name, "imiss");
	/* and back: what a select picks */
	assert_int_equal(pmu_event_for(2, 4), PEV_IMISS);
	assert_int_equal(pmu_event_for(1, 0xf), PEV_SACCESS);
}

static void ctl_modes(void **state)
{
	(void)state;
	/* CTL off: nothing counted. */
	ctr0_set(&p, 0, 0);
	pmu_count(&p, PEV_CYCLES, 100, 100, 0, PMU_KERNEL);
	assert_int_equal(p.ctr[0], 0);
	/* CTL 1: counts, wraps silently. */
	ctr0_set(&p, 0xfffe, 1);
	pmu_count(&p, PEV_CYCLES, 5, 10, 0, PMU_KERNEL);
	assert_int_equal(p.ctr[0], 3);
	assert_false(pmu_pending(&p));
	/* CTL 3: an interrupt every 256 events. */
	ctr0_set(&p, 0x00fe, 3);
	pmu_count(&p, PEV_CYCLES, 3, 1000, 0x40, PMU_KERNEL);
	assert_true(pmu_pending(&p));
	/* 0xfe -> 0x100 after 2 events: the cycle of the second one */
	assert_int_equal(p.pend[0].overflow_cycle, 999);
}

static void kill_bits(void **state)
{
	(void)state;
	pmu_write(&p, pmctr(0, 0, 0, 1, 0, 1, 0, 0, 0xc) | 1ull << 30 | 1ull << 9);
	pmu_count(&p, PEV_CYCLES, 10, 10, 0, PMU_USER);   /* KILLU */
	pmu_count(&p, PEV_CYCLES, 10, 20, 0, PMU_PAL);    /* KILLP */
	pmu_count(&p, PEV_CYCLES, 7, 27, 0, PMU_KERNEL);
	assert_int_equal(p.ctr[0], 7);
	/* CTR2 selects cycles too (SEL2 = 0xC) and counts the same way. */
	assert_int_equal(p.ctr[2], 7);
	p.enabled = false;                                 /* ICSR gate */
	pmu_count(&p, PEV_CYCLES, 7, 34, 0, PMU_KERNEL);
	assert_int_equal(p.ctr[0], 7);
}

/* A span of cycles that crosses the wrap: the overflow is placed at the
 * exact cycle, and becomes deliverable `delay` cycles later. */
static void exact_overflow_cycle(void **state)
{
	(void)state;
	ctr0_set(&p, 0xfffa, 2);
	/* cycles 91..100 counted; the 6th of them (cycle 96) wraps 0xffff->0 */
	pmu_count(&p, PEV_CYCLES, 10, 100, 0x1000, PMU_KERNEL);
	assert_true(pmu_pending(&p));
	assert_int_equal(p.pend[0].overflow_cycle, 96);
	assert_int_equal(p.pend[0].deliver_cycle, 102);
	assert_int_equal(p.ctr[0], 4);
	assert_int_equal(pmu_isr_bits(&p), 1ull << 27);
	assert_int_equal(pmu_deliverable(&p, 101), -1);
	assert_int_equal(pmu_deliverable(&p, 102), 0);
	/* CTR2 is 14 bits: it wraps at 0x3fff -> 0. */
	pmu_write(&p, pmctr(0, 0, 0x3fff, 0, 0, 2, 0, 0, 0x6));
	pmu_count(&p, PEV_DMISS, 1, 500, 0x2000, PMU_USER);
	assert_int_equal(p.pend[2].overflow_cycle, 500);
	assert_int_equal(p.pend[2].cause_pc, 0x2000);
	assert_int_equal(pmu_isr_bits(&p), 1ull << 27 | 1ull << 29);
}

static void skid_trace_rows(void **state)
{
	(void)state;
	char buf[1024] = "";
	FILE *f = fmemopen(buf, sizeof buf, "w");
	assert_non_null(f);
	struct pmu_tracer t = skid_tracer(f);
	pmu_init(&p, 3, 6, &t);
	ctr0_wrap_at(&p, 50, 0x100);
	pmu_defer(&p, 60, DEFER_PAL);
	pmu_defer(&p, 61, DEFER_IPL);       /* the first reason is kept */
	assert_int_equal(pmu_deliverable(&p, 70), 0);
	pmu_deliver(&p, 0, 70, 0x120);
	assert_false(pmu_pending(&p));
	/* delivered, but ISR<PC0> stays set until HWINT_CLR */
	assert_int_equal(pmu_isr_bits(&p), 1ull << 27);
	pmu_clear(&p, 1);
	assert_int_equal(pmu_isr_bits(&p), 0);
	/* a second overflow while one is pending is lost, and said so */
	ctr0_set(&p, 0xffff, 2);
	pmu_count(&p, PEV_CYCLES, 0x10001, 0x20000, 0x200, PMU_KERNEL);
	pmu_clear(&p, 1);
	fclose(f);
	char *l1 = strtok(buf, "\n"), *l2 = strtok(NULL, "\n"), *l3 = strtok(NULL, "\n");
	assert_string_equal(l1, "3,0,cycles,50,70,0x100,0x120,pal");
	/* first wrap at cycle 0x20000 - 0x10000 = 65536, second at 131072 */
	assert_string_equal(l2, "3,0,cycles,131072,,0x200,,lost");
	assert_string_equal(l3, "3,0,cycles,65536,,0x200,,cleared");
	assert_int_equal(p.delivered[0], 1);
	assert_int_equal(p.deferred[0][DEFER_PAL], 1);
	assert_int_equal(p.lost[0], 1);
	assert_int_equal(p.cleared[0], 1);
}

/* An overflow after delivery but before HWINT_CLR is lost: the ISR bit
 * it would set is still set. */
static void lost_until_cleared(void **state)
{
	(void)state;
	ctr0_wrap_at(&p, 10, 0);
	pmu_deliver(&p, 0, 16, 0);
	ctr0_wrap_at(&p, 20, 0);
	assert_false(pmu_pending(&p));
	assert_int_equal(p.lost[0], 1);
	pmu_clear(&p, 1);
	ctr0_wrap_at(&p, 30, 0);
	assert_true(pmu_pending(&p));
	assert_int_equal(pmu_next_deliver(&p), 36);
}

/* What a tracer was told, in order: 'd', 'l', 'c' for a row's fate,
 * then a digit for each acknowledged counter. */
static char told[16];
static void told_row(void *arg, const struct pmu_trace *t)
{
	(void)arg;
	strncat(told, t->fate == PMU_DELIVERED ? "d" : t->fate == PMU_LOST ? "l" : "c",
	        sizeof told - strlen(told) - 1);
}
static void told_ack(void *arg, unsigned cpu, int ctr)
{
	(void)arg;
	assert_int_equal(cpu, 2);
	char d[2] = { (char)('0' + ctr), 0 };
	strncat(told, d, sizeof told - strlen(told) - 1);
}

/* HWINT_CLR tells ack of each ISR bit it clears that was set, whether
 * its overflow was delivered (the handler's sample) or not yet (dropped
 * from the counters, its row first), and of no bit that was clear. */
static void ack_of_each_bit_cleared(void **state)
{
	(void)state;
	const struct pmu_tracer t = { .row = told_row, .ack = told_ack };
	told[0] = 0;
	pmu_init(&p, 2, 6, &t);
	ctr0_wrap_at(&p, 10, 0);
	pmu_deliver(&p, 0, 16, 0);
	pmu_clear(&p, 7);                     /* CTR0's bit, delivered */
	pmu_clear(&p, 1);                     /* nothing set: no ack */
	ctr0_wrap_at(&p, 20, 0);
	pmu_clear(&p, 2);                     /* CTR1's bit was not set */
	pmu_clear(&p, 1);                     /* before delivery */
	assert_string_equal(told, "d0c0");
	assert_int_equal(pmu_isr_bits(&p), 0);
}

/* Events to the next interrupt point, by counter width and CTL mode;
 * the watch mask names the events selected. */
static void next_point(void **state)
{
	(void)state;
	assert_int_equal(p.watch, 0);
	assert_int_equal(pmu_next_point(&p, PEV_CYCLES, PMU_KERNEL), UINT64_MAX);
	/* CTR0 = 0xfff0 wraps after 16 cycles, CTR2 (14 bits, cycles with
	 * SEL2 = 0xC) = 0x3ffa after 6: the nearest is 6 away */
	pmu_write(&p, pmctr(0xfff0, 0, 0x3ffa, 2, 0, 2, 0, 0, 0xc));
	assert_int_equal(pmu_next_point(&p, PEV_CYCLES, PMU_KERNEL), 6);
	assert_int_equal(p.watch, 1ull << PEV_CYCLES);
	/* CTL 3 interrupts every 256 events: 0x12f0 is 16 from 0x1300 */
	pmu_write(&p, pmctr(0x12f0, 0, 0, 3, 0, 0, 0, 0, 0) | 1ull << 8);
	assert_int_equal(pmu_next_point(&p, PEV_CYCLES, PMU_USER), 16);
	/* KILLK: nothing counts in kernel mode */
	assert_int_equal(pmu_next_point(&p, PEV_CYCLES, PMU_KERNEL), UINT64_MAX);
	/* CTL 1 counts but never interrupts */
	ctr0_set(&p, 0xfff0, 1);
	assert_int_equal(pmu_next_point(&p, PEV_CYCLES, PMU_KERNEL), UINT64_MAX);
	assert_int_equal(p.watch, 1ull << PEV_CYCLES);
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test_setup(pmctr_round_trip, fresh),
	cmocka_unit_test(event_names),
	cmocka_unit_test_setup(ctl_modes, fresh),
	cmocka_unit_test_setup(kill_bits, fresh),
	cmocka_unit_test_setup(exact_overflow_cycle, fresh),
	cmocka_unit_test(skid_trace_rows),
	cmocka_unit_test_setup(lost_until_cleared, fresh),
	cmocka_unit_test(ack_of_each_bit_cleared),
	cmocka_unit_test_setup(next_point, fresh),
)

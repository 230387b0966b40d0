/*
 * test_intr.c - unit tests of what no guest program can do by itself:
 * the hardware interrupt lines a device raises with cpu_irq (21164 HRM
 * 5.1 ISR, INTID, ICSR<IM0-3, CRDE>, HWINT_CLR; docs/ev5.md "Interrupt
 * levels"), and the D-stream fault registers' lock (21164 HRM 5.2: VA,
 * VA_FORM and MM_STAT keep the first fault until VA is read).  A CPU
 * runs NOPs in kernel mode; expected values come from the manual.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"
#include "platform/machine.h"
#include "chip/pal.h"

#define CODE      0x2000ull                 /* physical; NOPs         */
#define PALBASE   0x4000ull
#define KSEG(pa)  (0xfffffc0000000000ull | (pa))
#define NOP       0x47ff041fu               /* BIS R31, R31, R31      */

static struct machine *m;
static struct cpu *c;

static int setup(void **state)
{
	(void)state;
	m = machine_new(1 << 20, 1);
	if (!m)
		return -1;
	for (uint64_t a = CODE; a < 0x8000; a += 4)
		memcpy(m->bus.ram + a, &(uint32_t){ NOP }, 4);
	c = m->bus.cpu[0];
	cpu_reset_bare(c, KSEG(CODE));
	c->ipr[IPR_PAL_BASE] = PALBASE;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	machine_free(m);
	return 0;
}

static void set(int ipr, uint64_t v) { pal_write_ipr(c, ipr, v, 0); }
static uint64_t get(int ipr) { return pal_read_ipr(c, ipr, 0); }

/* Back to kernel mode at CODE, no request, IPLR at ipl. */
static void restart(uint64_t ipl)
{
	for (unsigned b = ISR_IRQ0; b <= ISR_HLT; b++)
		cpu_irq(c, b, false);
	c->pal = false;
	c->pc = KSEG(CODE);
	set(IPR_IPLR, ipl);
}

/* Run n instructions; was an interrupt taken before the first?  Then
 * the n ran from the INTERRUPT entry, and EXC_ADDR is the first. */
static bool interrupted(int64_t n)
{
	uint64_t pc = c->pc;
	cpu_run(c, n);
	if (!c->pal)
		return false;
	assert_int_equal(c->pc, PALBASE + 0x100 + 4 * (uint64_t)n);
	assert_int_equal(c->ipr[IPR_EXC_ADDR], pc);
	return true;
}

static void irq_lines(void **state)
{
	(void)state;
	static const struct { unsigned bit, level; } lines[] = {
		{ ISR_IRQ0, 20 }, { ISR_IRQ0 + 1, 21 }, { ISR_IRQ0 + 2, 22 },
		{ ISR_IRQ0 + 3, 23 }, { ISR_PFL, 30 }, { ISR_MCK, 31 },
	};
	for (unsigned i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		restart(31);
		cpu_irq(c, lines[i].bit, true);
		assert_int_equal(get(IPR_ISR), 1ull << lines[i].bit);
		assert_int_equal(get(IPR_INTID), lines[i].level);
		set(IPR_IPLR, lines[i].level);            /* not above IPLR */
		assert_false(interrupted(2));
		set(IPR_IPLR, lines[i].level - 1);
		assert_true(interrupted(1));
		/* in PAL mode no interrupt is taken: the request stays */
		uint64_t exc = c->ipr[IPR_EXC_ADDR];
		cpu_run(c, 3);
		assert_int_equal(c->ipr[IPR_EXC_ADDR], exc);
		assert_int_equal(c->pc, PALBASE + 0x100 + 16);
	}
}

static void masks_and_clear(void **state)
{
	(void)state;
	/* ICSR<IM1> masks IRQ1: neither ISR nor an interrupt shows it */
	restart(0);
	uint64_t icsr = get(IPR_ICSR);
	set(IPR_ICSR, icsr | 1ull << (ICSR_IM_SHIFT + 1));
	cpu_irq(c, ISR_IRQ0 + 1, true);
	assert_int_equal(get(IPR_ISR), 0);
	assert_false(interrupted(2));
	set(IPR_ICSR, icsr);
	assert_true(interrupted(1));
	/* clearing the line withdraws the request */
	restart(0);
	cpu_irq(c, ISR_IRQ0, true);
	cpu_irq(c, ISR_IRQ0, false);
	assert_false(interrupted(2));
	/* CRD needs ICSR<CRDE>; HWINT_CLR<32> clears it */
	restart(0);
	cpu_irq(c, ISR_CRD, true);
	assert_false(interrupted(2));
	set(IPR_ICSR, icsr | ICSR_CRDE);
	assert_int_equal(get(IPR_ISR), 1ull << ISR_CRD);
	set(IPR_HWINT_CLR, 1ull << ISR_CRD);
	assert_int_equal(get(IPR_ISR), 0);
	set(IPR_ICSR, icsr);
	/* halt is taken at IPL 31 */
	restart(31);
	cpu_irq(c, ISR_HLT, true);
	assert_true(interrupted(1));
	/* what is not a line is ignored: the counters' bits, say */
	restart(0);
	cpu_irq(c, ISR_PC0, true);
	cpu_irq(c, 40, true);
	assert_int_equal(get(IPR_ISR), 0);
	assert_false(interrupted(2));
}

static void va_lock(void **state)
{
	(void)state;
	struct dinsn d = { .raw = 0xa4820000 };     /* LDQ R4, 0(R2) */
	c->va_locked = false;
	set(IPR_MVPTBR, 0x200000000ull);
	cpu_dstream_fault(c, &d, 0x6000, MM_STAT_DTB_MISS);
	cpu_dstream_fault(c, &d, 0x8000, MM_STAT_ACV);
	assert_int_equal(get(IPR_MM_STAT), MM_STAT_DTB_MISS | 4 << 6 | 0x29 << 11);
	assert_int_equal(get(IPR_VA_FORM), 0x200000000ull | 3 << 3);
	assert_int_equal(get(IPR_VA), 0x6000);          /* unlocks */
	cpu_dstream_fault(c, &d, 0x8000, MM_STAT_ACV);
	assert_int_equal(get(IPR_VA), 0x8000);
	assert_int_equal(get(IPR_MM_STAT), MM_STAT_ACV | 4 << 6 | 0x29 << 11);
}

UNIT_MAIN(NULL, NULL,
	UNIT_ST(irq_lines), UNIT_ST(masks_and_clear), UNIT_ST(va_lock),
)

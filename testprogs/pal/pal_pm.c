/*
 * pal_pm.c - the instruction-sampling unit through its IPRs, as a program
 * sees it: an alphasim extension after ProfileMe and ARM's SPE that the
 * real 21164 never had (abi/pm.h; docs/precise.md), on the timed model.
 *
 * With the period 1 and no jitter, a write of PM_CTL makes the next
 * instruction fetched the tagged one, so each case knows which
 * instruction's record it gets:
 *
 * - interrupt mode: the record of a load waits in the latch, read by
 *   HW_MFPR of PM_REC (0x180-0x19F): its PC, address, flags (valid,
 *   retired, load, kernel), context, sequence number; PM_STAT has FULL
 *   and counts the fetch after it as a collision; ISR<35> requests at the
 *   counters' level (INTID 29); writing FULL to PM_STAT empties the latch
 *   and drops the request;
 * - the request waits while IPLR is 29 and is taken when it drops to 28,
 *   at the instruction after that HW_MTPR; it waits while in PAL mode
 *   (the tagged instruction a CALL_PAL) and is taken at the instruction
 *   after the CALL_PAL;
 * - buffer mode: the records of consecutive instructions go to
 *   consecutive 128-byte slots in memory, numbered by the tags since
 *   reset; when the buffer is full the
 *   unit stops (PM_STAT STOPPED, PM_BUF_PTR at the limit), requests its
 *   interrupt and drops what it selects after, without counting it as a
 *   collision.
 */
#include "exc.h"
#include "abi/pm.h"

#define ISR_PM   35
#define EVERY    (PM_CTL_ENABLE | 1ull << 8)      /* period 1, no jitter */
#define KERNEL   1                                /* PM_F_MODE           */

/* Enable the unit with ctl and load *p right after: the load is tagged.
 * In interrupt mode the NOP and the HW_MFPR of PM_STAT after it collide
 * with the full latch (*stat: two collisions).  Then the unit is turned
 * off (which zeroes the collision count).  Returns the load's address. */
static uint64_t tag_load(uint64_t ctl, const volatile uint64_t *p, uint64_t *v,
                         uint64_t *stat)
{
	uint64_t at;
	__asm__ volatile("br %0, 1f\n1:\thw_mtpr %3, 0x160\n\tldq %1, 0(%4)\n\tnop\n"
	                 "\thw_mfpr %2, 0x164\n\thw_mtpr $31, 0x160"
	                 : "=&r"(at), "=&r"(*v), "=&r"(*stat) : "r"(ctl), "r"(p) : "memory");
	return at + 4;
}

/* The latched record's quadword q (0-15 the first, 16-31 the second). */
#define REC(q) MFPR(0x180 + (q))

static volatile uint64_t data = 0x1234;

static void latch(void)
{
	MTPR(EV5__IPLR, 31);
	MTPR(EV5X__PM_CTX, 77);
	MTPR(EV5X__PM_FILT, 0);
	uint64_t before = rt_trap.count, v, stat;
	uint64_t pc = tag_load(EVERY, &data, &v, &stat);
	exc_check("latch", "loaded", v, 0x1234);
	exc_check("latch", "PM_STAT", stat, 2ull << 32 | PM_STAT_FULL);
	exc_check("latch", "PM_STAT, off", MFPR(EV5X__PM_STAT), PM_STAT_FULL);
	exc_check("latch", "ISR<35>", MFPR(EV5__ISR) >> ISR_PM & 1, 1);
	exc_check("latch", "INTID", MFPR(EV5__INTID), 29);
	exc_check("latch", "pc", REC(0), pc);
	exc_check("latch", "ea", REC(1), (uint64_t)(uintptr_t)&data);
	uint64_t fc = REC(2);
	exc_check("latch", "flags", (uint32_t)fc,
	          PM_F_VALID | PM_F_RETIRED | PM_OP_LOAD << 5 | KERNEL << 8);
	exc_check("latch", "ctx", fc >> 32, 77);
	exc_check("latch", "seq", REC(15) >> 32, 1);
	exc_check("latch", "second's flags", (uint32_t)REC(16 + 2), 0);
	/* head = the sum of the causes (quadwords 4-14, two each) */
	const uint64_t cq[] = { REC(4), REC(5), REC(6), REC(7), REC(8), REC(9),
	                        REC(10), REC(11), REC(12), REC(13), REC(14) };
	uint64_t sum = 0;
	for (unsigned q = 0; q < N_OF(cq); q++)
		sum += (uint32_t)cq[q] + (cq[q] >> 32);
	exc_check("latch", "head is the causes' sum", (uint32_t)REC(3), sum);
	exc_expect("latch, IPL 31", before, 0);
	MTPR(EV5X__PM_STAT, PM_STAT_FULL);
	exc_check("emptied", "PM_STAT", MFPR(EV5X__PM_STAT) & 3, 0);
	exc_check("emptied", "ISR<35>", MFPR(EV5__ISR) >> ISR_PM & 1, 0);
	exc_check("emptied", "pc", REC(0), 0);
}

/* The registers read back as written, under their masks. */
static void registers(void)
{
	MTPR(EV5X__PM_FILT, 0x0000002a00020002ull);
	exc_check("registers", "PM_FILT", MFPR(EV5X__PM_FILT), 0x0000002a00020002ull);
	MTPR(EV5X__PM_BUF_BASE, 0x10007f);
	exc_check("registers", "PM_BUF_BASE", MFPR(EV5X__PM_BUF_BASE), 0x100000);
	MTPR(EV5X__PM_SEED, 5);
	exc_check("registers", "PM_SEED reads 0", MFPR(EV5X__PM_SEED), 0);
	uint64_t ctl = 7ull << 56 | 3ull << 32 | 100ull << 8;     /* off */
	MTPR(EV5X__PM_CTL, ctl);
	exc_check("registers", "PM_CTL", MFPR(EV5X__PM_CTL), ctl);
	MTPR(EV5X__PM_CTL, 0);
	MTPR(EV5X__PM_FILT, 0);
}

/* Lower IPLR to ipl by an HW_MTPR; returns the MTPR's address. */
static uint64_t set_ipl(uint64_t ipl)
{
	uint64_t at;
	__asm__ volatile("br %0, 1f\n1:\thw_mtpr %1, 0x110\n\tnop\n\tnop"
	                 : "=&r"(at) : "r"(ipl) : "memory");
	return at;
}

static void deferred_by_ipl(void)
{
	MTPR(EV5__IPLR, 29);
	uint64_t before = rt_trap.count, v, stat;
	tag_load(EVERY, &data, &v, &stat);
	exc_expect("IPL 29", before, 0);
	exc_check("IPL 29", "ISR<35>", MFPR(EV5__ISR) >> ISR_PM & 1, 1);
	uint64_t at = set_ipl(28);
	exc_expect("IPL 28", before, PAL_INTERRUPT);
	exc_check("IPL 28", "EXC_ADDR", rt_trap.exc_addr, at + 4);
	exc_check("IPL 28", "INTID", rt_trap.intid, 29);
	exc_check("IPL 28", "ISR<35>", rt_trap.isr >> ISR_PM & 1, 1);
	MTPR(EV5X__PM_STAT, PM_STAT_FULL);
	before = rt_trap.count;
	set_ipl(0);
	exc_expect("cleared", before, 0);
	MTPR(EV5__IPLR, 31);
}

/* The tagged instruction is a CALL_PAL: its record is latched as PAL
 * mode starts, and the request waits for HW_REI. */
static void deferred_by_pal(void)
{
	MTPR(EV5__IPLR, 0);
	uint64_t before = rt_trap.count, at;
	register uint64_t a0 __asm__("$16") = 20, a1 __asm__("$17") = 0;
	__asm__ volatile("br %0, 1f\n1:\thw_mtpr %3, 0x160\n\tcall_pal 0xbf\n\tnop\n\tnop"
	                 : "=&r"(at), "+r"(a0) : "r"(a1), "r"(EVERY) : "$0", "$8", "memory");
	MTPR(EV5X__PM_CTL, 0);
	exc_expect("PAL mode", before, PAL_INTERRUPT);
	exc_check("PAL mode", "EXC_ADDR", rt_trap.exc_addr, at + 8);
	exc_check("PAL mode", "record's pc", REC(0), at + 4);
	exc_check("PAL mode", "record's op", (REC(2) >> 5) & 7, PM_OP_OTHER);
	MTPR(EV5X__PM_STAT, PM_STAT_FULL);
	MTPR(EV5__IPLR, 31);
}

static struct pm_record buf[4] __attribute__((aligned(128)));

static void buffer(void)
{
	MTPR(EV5__IPLR, 31);
	uint64_t base = PHYS(buf);
	MTPR(EV5X__PM_BUF_BASE, base);
	MTPR(EV5X__PM_BUF_PTR, base);
	MTPR(EV5X__PM_BUF_LIMIT, base + sizeof buf);
	uint64_t at;
	__asm__ volatile("br %0, 1f\n1:\thw_mtpr %1, 0x160\n\tnop\n\tnop\n\tnop\n\tnop\n"
	                 "\tnop\n\tnop\n\thw_mtpr $31, 0x160"
	                 : "=&r"(at) : "r"(EVERY | PM_CTL_BUFFER) : "memory");
	for (unsigned i = 0; i < 4; i++) {
		exc_check("buffer", "pc", buf[i].pc, at + 4 + 4 * i);
		exc_check("buffer", "flags", buf[i].flags,
		          PM_F_VALID | PM_F_RETIRED | KERNEL << 8);
		exc_check("buffer", "seq", buf[i].seq, buf[0].seq + i);   /* tags so far */
	}
	exc_check("buffer", "PM_BUF_PTR", MFPR(EV5X__PM_BUF_PTR), base + sizeof buf);
	exc_check("buffer", "PM_STAT", MFPR(EV5X__PM_STAT), PM_STAT_STOPPED);
	exc_check("buffer", "ISR<35>", MFPR(EV5__ISR) >> ISR_PM & 1, 1);
	MTPR(EV5X__PM_BUF_PTR, base);
	MTPR(EV5X__PM_STAT, PM_STAT_STOPPED);
	exc_check("restarted", "ISR<35>", MFPR(EV5__ISR) >> ISR_PM & 1, 0);
}

int main(void)
{
	latch();
	registers();
	deferred_by_ipl();
	deferred_by_pal();
	buffer();
	return exc_end("pal_pm");
}

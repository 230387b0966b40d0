/*
 * exc.h - what the bare-metal exception tests (testprogs/pal/exc_*.c)
 * share.  They run only on alphasim: the runtime's PALcode
 * (testprogs/rt/pal.S) records each exception in rt_trap and resumes
 * after a faulting instruction, or at the next one after a trap.  Every
 * expected value is written down from the architecture (Alpha
 * Architecture Reference Manual, 4th ed., chapter 6; Alpha 21164
 * Hardware Reference Manual, 5.1-5.2 for EXC_ADDR, EXC_SUM, EXC_MASK, VA
 * and MM_STAT), never read from the simulator.
 */
#ifndef EXC_H
#define EXC_H

#include <stdint.h>
#include "rt.h"
#include "rt_pal.h"
#include "tio.h"

#define N_OF(a) (sizeof (a) / sizeof (a)[0])

/* PAL entry offsets (21164 HRM 5.1, docs/ev5.md "PAL mode"). */
enum {
	PAL_IACCVIO = 0x080, PAL_INTERRUPT = 0x100, PAL_ITB_MISS = 0x180,
	PAL_DTB_MISS = 0x200, PAL_DTB_DOUBLE = 0x280, PAL_UNALIGN = 0x300,
	PAL_D_FAULT = 0x380, PAL_MCHK = 0x400, PAL_OPCDEC = 0x480,
	PAL_ARITH = 0x500, PAL_FEN = 0x580,
};

/* HW_MTPR / HW_MFPR of a register number (rt_pal.h): these programs run
 * in kernel mode with ICSR.HWE set (docs/platform.md). */
#define MTPR(ipr, v) \
	__asm__ volatile("hw_mtpr %0, %1" : : "r"((uint64_t)(v)), "i"(ipr) : "memory")
#define MFPR(ipr) ({ uint64_t v_; \
	__asm__ volatile("hw_mfpr %0, %1" : "=r"(v_) : "i"(ipr) : "memory"); v_; })

/* The physical address of a kseg (superpage) address. */
#define PHYS(p) ((uint64_t)(uintptr_t)(p) & 0xffffffffffull)

static unsigned exc_checks, exc_failed;

/* One check of case id: count it, and print it when it fails. */
static inline void exc_check(const char *id, const char *what, uint64_t got,
                             uint64_t want)
{
	exc_checks++;
	if (got == want)
		return;
	exc_failed++;
	tio_printf("FAIL %s: %s is %lx, want %lx\n", id, what, got, want);
}

/* The trap record after the code under test: exactly one new exception
 * (none when entry is 0), at the given entry. */
static inline void exc_expect(const char *id, uint64_t count_before,
                              uint64_t entry)
{
	exc_check(id, "exceptions", rt_trap.count - count_before, entry != 0);
	if (entry)
		exc_check(id, "PAL entry", rt_trap.entry, entry);
}

static inline int exc_end(const char *prog)
{
	tio_printf("%s: %u checks, %u failed\n", prog, exc_checks, exc_failed);
	return exc_failed != 0;
}

#endif

/*
 * trap.h - run a snippet of code and learn whether it raised an exception,
 * the same way in a bare-metal alphasim program and in a Linux program
 * under qemu-alpha (docs/testing.md, "Catching traps").
 *
 *   bare   testprogs/rt/trap_bare.c: the runtime's PALcode (pal.S) records
 *          the exception in rt_trap and resumes at trap_run's unwinder.
 *   Linux  testprogs/lib/trap_linux.c: SIGFPE, SIGILL, SIGBUS, SIGSEGV and
 *          SIGTRAP handlers that siglongjmp back into trap_run.
 *
 * Either way the snippet is abandoned at its first exception, so nothing
 * it would have done afterwards (storing a result, say) happens.  Traps
 * that Linux completes in software (unaligned accesses it fixes up, FP
 * traps with /S that the FPCR disables) are not seen on Linux; the bare
 * side sees every exception the hardware raises.  Calls do not nest.
 *
 * Exception classes follow the PAL entry points (Alpha Architecture
 * Reference Manual, 4th ed., 6.3; 21164 HRM 5.1) and their Linux signals:
 *
 *   class            bare-metal PAL entry       Linux signal
 *   TRAP_ARITH       ARITH                      SIGFPE
 *   TRAP_ILLEGAL     OPCDEC (and FEN)           SIGILL
 *   TRAP_UNALIGNED   UNALIGN                    SIGBUS
 *   TRAP_MEMORY      DTB miss, ACV, IACCVIO     SIGSEGV
 *   TRAP_BREAK       (bpt/gentrap, not caught)  SIGTRAP
 *   TRAP_OTHER       anything else
 *
 * The arithmetic summary uses the OSF/1 PAL layout that Linux passes to
 * entArith and puts in sigcontext.sc_traparg_a0, which is 21164 EXC_SUM
 * bits 16:10 shifted down by 10 (ARM 4.7.7.3, 21164 HRM 5.1.15).  The
 * mask is the register write mask (EXC_MASK, sc_traparg_a1).  qemu-alpha
 * linux-user leaves both at zero, so sum_known is 0 there: a conformance
 * program may print trap_class_name() and compare the pc, but must check
 * summary bits only when sum_known.
 */
#ifndef TRAP_H
#define TRAP_H

#include <stdint.h>

enum trap_class {
	TRAP_NONE, TRAP_ARITH, TRAP_ILLEGAL, TRAP_UNALIGNED, TRAP_MEMORY,
	TRAP_BREAK, TRAP_OTHER,
};

/* Arithmetic exception summary bits (sc_traparg_a0 / EXC_SUM >> 10). */
enum {
	TRAP_SWC = 1 << 0,      /* software completion possible   */
	TRAP_INV = 1 << 1,      /* invalid operation              */
	TRAP_DZE = 1 << 2,      /* division by zero               */
	TRAP_OVF = 1 << 3,      /* FP overflow                    */
	TRAP_UNF = 1 << 4,      /* FP underflow                   */
	TRAP_INE = 1 << 5,      /* inexact                        */
	TRAP_IOV = 1 << 6,      /* integer overflow               */
};

struct trap_info {
	enum trap_class cls;
	uint64_t pc;            /* EXC_ADDR / sc_pc: the faulting instruction,
	                           or the one after it for an arithmetic trap */
	unsigned sum;           /* TRAP_* summary bits, when sum_known     */
	uint64_t mask;          /* register write mask, when sum_known     */
	int sum_known;
};

/* Run fn(arg); return 1 and describe the exception in *out if one was
 * raised (out may be NULL), else 0 with out->cls = TRAP_NONE. */
int trap_run(void (*fn)(void *), void *arg, struct trap_info *out);

static inline const char *trap_class_name(enum trap_class c)
{
	static const char *const names[] = {
		"none", "arith", "illegal", "unaligned", "memory", "break",
		"other",
	};
	return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

#endif

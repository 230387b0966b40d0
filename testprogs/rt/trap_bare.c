/*
 * trap_bare.c - trap.h for bare-metal alphasim programs.  The runtime's
 * PALcode (pal.S) records every exception in rt_trap; while trap_run runs
 * a snippet it also sets rt_trap.resume, and the PALcode then returns to
 * that address instead of the interrupted code, with R27 holding it as
 * for a call, so the C function there can find its GP and longjmp back.
 * EXC_SUM bits 16:10 are the OSF summary bits (21164 HRM 5.1.15).
 */
#include "rt.h"
#include "trap.h"

static const struct { uint64_t entry; enum trap_class cls; } entries[] = {
	{ 0x500, TRAP_ARITH }, { 0x480, TRAP_ILLEGAL }, { 0x580, TRAP_ILLEGAL },
	{ 0x300, TRAP_UNALIGNED }, { 0x200, TRAP_MEMORY },
	{ 0x280, TRAP_MEMORY }, { 0x380, TRAP_MEMORY }, { 0x180, TRAP_MEMORY },
	{ 0x080, TRAP_MEMORY },
};

static rt_jmp_buf jb;

static _Noreturn void unwind(void)
{
	rt_longjmp(jb, 1);
}

int trap_run(void (*fn)(void *), void *arg, struct trap_info *out)
{
	uint64_t count = rt_trap.count;
	if (!rt_setjmp(jb)) {
		rt_trap.resume = (uint64_t)(uintptr_t)unwind;
		fn(arg);
	}
	rt_trap.resume = 0;
	struct trap_info t = { .cls = TRAP_NONE };
	if (rt_trap.count != count) {
		t.cls = TRAP_OTHER;
		for (unsigned i = 0; i < sizeof entries / sizeof entries[0]; i++)
			if (entries[i].entry == rt_trap.entry)
				t.cls = entries[i].cls;
		t.pc = rt_trap.exc_addr;
		if (t.cls == TRAP_ARITH) {
			t.sum = (unsigned)(rt_trap.exc_sum >> 10) & 0x7f;
			t.mask = rt_trap.exc_mask;
			t.sum_known = 1;
		}
	}
	if (out)
		*out = t;
	return t.cls != TRAP_NONE;
}

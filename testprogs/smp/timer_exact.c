/*
 * timer_exact.c - with the timing model the timer's interrupt is taken
 * at its deadline's exact cycle (docs/platform.md "timer"; chip/intr.c):
 * before the first instruction that would issue at or after it, the
 * DCPI paper's "oldest instruction not yet issued" for the counters.
 *
 * A chain of dependent adds issues one a cycle (lat_int 1) from a
 * cycle C0, read by the SIMCTL_CYCLES load right after its first add
 * (the clock a device sees is the cycle the instruction before issued).
 * With the I-cache warm from a first run at IPL 31 and IPL 0 from just
 * before the deadline D, add k of the chain issues at C0 + k, so the
 * interrupt lands on add D - C0: EXC_ADDR is its address.
 */
#include "smp.h"

#define N 1024                   /* adds after the first */
#define STR_(x) #x
#define STR(x) STR_(x)

extern const uint32_t chain_first[];

static __attribute__((noinline)) uint64_t chain(void)
{
	uint64_t c0;
	__asm__ volatile(".align 4\n\t.globl chain_first\nchain_first:\n\t"
	                 "addq $2, 1, $2\n\t"
	                 "ldq %0, 0(%1)\n\t"
	                 ".rept " STR(N) "\n\taddq $2, 1, $2\n\t.endr"
	                 : "=&r"(c0) : "r"(SIMCTL(SIMCTL_CYCLES)) : "$2", "memory");
	return c0;
}

int main(void)
{
	volatile struct rt_trap *t = trap_record(0);
	set_iplr(31);
	chain();                                 /* the I-cache */
	*TIMER(TIMER_CTRL) = 1;
	uint64_t d = *TIMER(TIMER_NEXT);
	while (cycles() + N / 2 < d)
		;
	uint64_t count = t->count;
	set_iplr(0);
	uint64_t c0 = chain();
	set_iplr(31);
	uint64_t k = d - c0;
	check("deadline within the chain", k >= 1 && k < N, 1);
	check("one interrupt", t->count - count, 1);
	check("at INTERRUPT", t->entry, 0x100);
	check("at IPL 22", t->intid, IRQ2_IPL);
	/* add k (k >= 1) is instruction k + 1 of the chain, after the load */
	check("EXC_ADDR: the add that would issue at the deadline",
	      t->exc_addr, (uint64_t)(uintptr_t)&chain_first[k + 1]);
	*TIMER(TIMER_PENDING) = 1;
	*TIMER(TIMER_CTRL) = 0;
	return check_end("timer_exact");
}

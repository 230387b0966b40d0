/*
 * rt.c - the bare-metal runtime: devices reached through the kseg
 * superpage (their registers: abi/iomap.h, docs/platform.md).
 */
#include "rt.h"
#include "rt_pal.h"
#include "minios/udiv.h"

#define KSEG(pa)     (0xfffffc0000000000ull | (pa))
#define IO(pa)       ((volatile uint64_t *)KSEG(pa))
#define SIMCTL(reg)  IO(IO_SIMCTL + (reg))
/* an IPR number as hw_mtpr's operand */
#define STR(x)       #x
#define IPR(n)       STR(n)

volatile struct rt_trap rt_trap;
volatile struct rt_trap rt_trap_smp[RT_MAX_CPUS];

_Static_assert(sizeof(struct rt_trap) == TR_SIZE, "crt0.S indexes rt_trap_smp by TR_SIZE");

void rt_putc(int ch) { *IO(IO_CONSOLE + CON_PUTC) = (uint64_t)(unsigned char)ch; }

void rt_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rt_putc(s[i]);
}

uint64_t rt_icount(void) { return *SIMCTL(SIMCTL_ICOUNT); }

#define PA(p) ((uint64_t)(uintptr_t)(p) & 0xffffffffffull)

void rt_sample(unsigned base, unsigned mask)
{
	uint64_t v = base ? (uint64_t)mask << 16 | base : 0;
	__asm__ volatile("hw_mtpr %0, " IPR(IPR_PT_SAMPLE) : : "r"(v));
	__asm__ volatile("hw_mtpr %0, " IPR(IPR_PT_RAND) : : "r"(0x2545f491ull));
}

void rt_page_table(const uint64_t *ptes)
{
	__asm__ volatile("hw_mtpr %0, " IPR(IPR_PT_PTBR) : : "r"(ptes ? PA(ptes) : 0));
}

_Noreturn void rt_exit(int status)
{
	*SIMCTL(SIMCTL_EXIT) = (uint64_t)status;
	for (;;)
		;
}

unsigned rt_cpu_id(void) { return (unsigned)*SIMCTL(SIMCTL_CPUID); }
unsigned rt_ncpus(void) { return (unsigned)*SIMCTL(SIMCTL_NCPUS); }

_Noreturn void rt_halt(void)
{
	*SIMCTL(SIMCTL_HALT) = 1;
	for (;;)
		;
}

/* CPU n > 0 comes here from crt0.S. */
_Noreturn void rt_secondary_start(unsigned cpu);
_Noreturn void rt_secondary_start(unsigned cpu)
{
	if (rt_secondary)
		rt_secondary(cpu);
	rt_halt();
}

/* Division for div.S: op bit 0 unsigned, bit 1 remainder, bit 2 32-bit
 * (operands and result sign-extended longwords, ARM 4.4 conventions). */
uint64_t rt_divrem(uint64_t a, uint64_t b, unsigned op);

uint64_t rt_divrem(uint64_t a, uint64_t b, unsigned op)
{
	int uns = op & 1, rem = op & 2, lw = op & 4;
	if (lw) {
		a = uns ? (uint32_t)a : (uint64_t)(int64_t)(int32_t)a;
		b = uns ? (uint32_t)b : (uint64_t)(int64_t)(int32_t)b;
	}
	if (b == 0)
		return 0;
	int na = !uns && (int64_t)a < 0, nb = !uns && (int64_t)b < 0;
	uint64_t r, q = udiv(na ? 0 - a : a, nb ? 0 - b : b, &r);
	if (na != nb)
		q = 0 - q;
	if (na)
		r = 0 - r;
	uint64_t v = rem ? r : q;
	return lw ? (uint64_t)(int64_t)(int32_t)v : v;
}

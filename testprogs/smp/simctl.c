/*
 * simctl.c - the simulator control device (docs/platform.md "simctl"):
 * CPU numbers, run markers and truth-writer hints from every CPU (the
 * test reads them back from --stats), the hint staging registers, and
 * what a device register access costs: a load that depends on a CYCLES
 * read waits io_latency cycles for it (tests/smp_simctl.sh compares two
 * values of the parameter).
 */
#include "smp.h"

static const char image[] = "/usr/bin/profiled";
static volatile uint64_t seen_id[RT_MAX_CPUS], done[RT_MAX_CPUS];

void rt_secondary(unsigned cpu)
{
	seen_id[cpu] = *SIMCTL(SIMCTL_CPUID);
	*SIMCTL(SIMCTL_MARK) = 100 + cpu;
	*SIMCTL(SIMCTL_PID) = 1000 + cpu;
	*SIMCTL(SIMCTL_ASN) = cpu;
	*SIMCTL(SIMCTL_HINT) = SIMCTL_HINT_CONTEXT;   /* this CPU runs pid */
	done[cpu] = 1;
}

/* Cycles from one CYCLES read to a second one whose address depends on
 * the first's value. */
static uint64_t io_delta(void)
{
	uint64_t a, b, t;
	volatile uint64_t *p = SIMCTL(SIMCTL_CYCLES);
	__asm__ volatile(
		"ldq	%0, 0(%3)\n"
		"and	%0, 0, %2\n"
		"addq	%3, %2, %2\n"
		"ldq	%1, 0(%2)\n"
		: "=&r"(a), "=&r"(b), "=&r"(t) : "r"(p) : "memory");
	return b - a;
}

int main(void)
{
	unsigned n = rt_ncpus();
	check("CPUID", *SIMCTL(SIMCTL_CPUID), 0);
	check("NCPUS", *SIMCTL(SIMCTL_NCPUS), n);
	*SIMCTL(SIMCTL_MARK) = 1;
	for (unsigned cpu = 1; cpu < n; cpu++) {
		while (!done[cpu])
			;
		check("secondary CPUID", seen_id[cpu], cpu);
	}
	/* an image: staged registers read back, then recorded */
	*SIMCTL(SIMCTL_PID) = 42;
	*SIMCTL(SIMCTL_ASN) = 7;
	*SIMCTL(SIMCTL_BASE) = 0x120000000ull;
	*SIMCTL(SIMCTL_SIZE) = 0x4000;
	*SIMCTL(SIMCTL_OFFSET) = 0x2000;
	*SIMCTL(SIMCTL_IDENT) = 0xfeedf00dull;
	*SIMCTL(SIMCTL_PATH) = pa_of(image);
	*SIMCTL(SIMCTL_PATHLEN) = sizeof image - 1;
	check("PID reads back", *SIMCTL(SIMCTL_PID), 42);
	check("IDENT reads back", *SIMCTL(SIMCTL_IDENT), 0xfeedf00dull);
	*SIMCTL(SIMCTL_HINT) = SIMCTL_HINT_IMAGE;
	*SIMCTL(SIMCTL_HINT) = SIMCTL_HINT_CONTEXT;   /* and the context */
	*SIMCTL(SIMCTL_HINT) = 99;            /* unknown: ignored */
	*SIMCTL(SIMCTL_MARK) = 2;
	tio_printf("io delta %lu\n", io_delta());
	return check_end("simctl");
}

/*
 * dev_simctl.c - the simulator control device: the guest's exit status,
 * run markers, and the instruction and cycle counts of the reading CPU.
 */
#include "sim/dev.h"

uint64_t simctl_read(struct machine *m, struct cpu *c, uint64_t off,
                     unsigned size)
{
	(void)m; (void)size;
	switch (off) {
	case SIMCTL_ICOUNT:
		return cpu_insns(c);
	case SIMCTL_CYCLES:
		return cpu_cycles(c);
	default:
		return 0;
	}
}

void simctl_write(struct machine *m, struct cpu *c, uint64_t off,
                  unsigned size, uint64_t val)
{
	(void)c; (void)size;
	if (off == SIMCTL_EXIT)
		machine_exit(m, (int)(val & 0xff));
}

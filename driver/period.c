/*
 * period.c - the pseudo-random sampling periods.  The paper (section
 * 4.1.1) writes a pseudo-random value into the counter at the end of
 * each interrupt so that samples do not correlate with the code's own
 * periodicity, citing Carta [Car90]: the Park-Miller "minimal standard"
 * generator, pcount_prng_next in driver.h (inline: the handler's).
 * Here: the seeds.
 */
#include "driver/driver.h"

#define PM_MOD 0x7fffffffu

/* A state in 1..2^31-2 for each CPU, different CPUs far apart. */
uint32_t pcount_prng_seed(uint64_t seed, unsigned cpu)
{
	uint32_t x = (uint32_t)((seed ^ (seed >> 31)) % PM_MOD);
	x = (uint32_t)((x + 0x9e3779b9ull * (cpu + 1)) % PM_MOD);
	return x ? x : 1;
}

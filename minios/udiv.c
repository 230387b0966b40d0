/*
 * udiv.c - unsigned 64-bit division by shift and subtract.  Alpha has
 * no divide instruction (ARM 4.4) and freestanding guest code links no
 * division helpers of GCC's: one copy, compiled into the minios kernel
 * and into the bare-metal test runtime, whose rt_divrem builds GCC's
 * __divq and the rest on it (testprogs/local.mk, testprogs/rt/div.S).
 */
#include "minios/udiv.h"

uint64_t udiv(uint64_t n, uint64_t d, uint64_t *rem)
{
	uint64_t q = 0, r = 0;
	for (int i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1);
		if (r >= d) {
			r -= d;
			q |= 1ull << i;
		}
	}
	if (rem)
		*rem = r;
	return q;
}

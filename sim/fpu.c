/*
 * fpu.c - Alpha IEEE floating point helpers.
 */
#include "sim/fpu.h"

/* The 8-bit exponent widens to 11 bits keeping 0 and all-ones; the
 * fraction moves to the top (ARM 4.8.5 LDS, 4.8.9 STS). */
uint64_t fp_s_to_reg(uint32_t s)
{
	uint64_t sign = (uint64_t)(s >> 31) << 63;
	unsigned exp = (s >> 23) & 0xff;
	uint64_t frac = (uint64_t)(s & 0x7fffff) << 29;
	unsigned e;
	if (exp == 0xff)
		e = 0x7ff;
	else if (exp == 0)
		e = 0;
	else if (exp & 0x80)
		e = 0x400 | (exp & 0x7f);
	else
		e = 0x380 | (exp & 0x7f);
	return sign | (uint64_t)e << 52 | frac;
}

uint32_t fp_reg_to_s(uint64_t t)
{
	return (uint32_t)((t >> 32) & 0xc0000000) |
	       (uint32_t)((t >> 29) & 0x3fffffff);
}

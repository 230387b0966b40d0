/*
 * xorshift.h - the test programs' fixed-seed generator: Marsaglia's
 * xorshift64 (13, 7, 17), the same sequence on alphasim and under
 * qemu-alpha, with no multiply or divide (those may be under test).
 */
#ifndef XORSHIFT_H
#define XORSHIFT_H

#include <stdint.h>

/* The next number of the sequence whose state is *s (never 0). */
static inline uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

#endif

/*
 * exec_ext.c - opcode 0x1C integer extensions: BWX sign extension,
 * CIX counts and MVI multimedia (ARM 4.13, 4.6.6; appendix D for which
 * processor has which).  All are implemented whatever the CPU model;
 * AMASK tells software what the modelled chip has (chip/exec_int.c).
 */
#include "chip/exec.h"

OPERATE(sextb, (uint64_t)(int64_t)(int8_t)B)
OPERATE(sextw, (uint64_t)(int64_t)(int16_t)B)
OPERATE(ctpop, (uint64_t)__builtin_popcountll(B))
OPERATE(ctlz,  B ? (uint64_t)__builtin_clzll(B) : 64)
OPERATE(cttz,  B ? (uint64_t)__builtin_ctzll(B) : 64)

static uint64_t perr(uint64_t a, uint64_t b)
{
	uint64_t s = 0;
	for (unsigned i = 0; i < 64; i += 8) {
		int x = (uint8_t)(a >> i), y = (uint8_t)(b >> i);
		s += (uint64_t)(x > y ? x - y : y - x);
	}
	return s;
}
OPERATE(perr, perr(A, B))

/* Pack and unpack: move bytes between byte and word/longword lanes. */
static uint64_t lanes(uint64_t x, unsigned from, unsigned to, unsigned n)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < n; i++)
		r |= ((x >> (i * from)) & 0xff) << (i * to);
	return r;
}
OPERATE(unpkbw, lanes(B, 8, 16, 4))
OPERATE(unpkbl, lanes(B, 8, 32, 2))
OPERATE(pkwb,   lanes(B, 16, 8, 4))
OPERATE(pklb,   lanes(B, 32, 8, 2))

/* MIN/MAX over 8 bytes or 4 words, signed or unsigned. */
static uint64_t minmax(uint64_t a, uint64_t b, unsigned bits, bool sgn,
                       bool max)
{
	uint64_t r = 0, mask = (1ull << bits) - 1;
	for (unsigned i = 0; i < 64; i += bits) {
		uint64_t x = (a >> i) & mask, y = (b >> i) & mask;
		int64_t sx = (int64_t)(x << (64 - bits)) >> (64 - bits);
		int64_t sy = (int64_t)(y << (64 - bits)) >> (64 - bits);
		bool less = sgn ? sx < sy : x < y;
		r |= ((less != max) ? x : y) << i;
	}
	return r;
}
OPERATE(minub8, minmax(A, B, 8, false, false))
OPERATE(minsb8, minmax(A, B, 8, true, false))
OPERATE(minuw4, minmax(A, B, 16, false, false))
OPERATE(minsw4, minmax(A, B, 16, true, false))
OPERATE(maxub8, minmax(A, B, 8, false, true))
OPERATE(maxsb8, minmax(A, B, 8, true, true))
OPERATE(maxuw4, minmax(A, B, 16, false, true))
OPERATE(maxsw4, minmax(A, B, 16, true, true))

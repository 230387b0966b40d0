/*
 * exec_int.c - integer operate instructions: opcodes 0x10 (arithmetic),
 * 0x11 (logical, conditional move), 0x12 (shifts, byte manipulation),
 * 0x13 (multiply), and LDA/LDAH.  Semantics from the Alpha Architecture
 * Reference Manual, sections 4.4-4.6; the byte-manipulation operations
 * are written exactly as its BYTE_ZAP pseudo-code.
 */
#include "chip/exec.h"
#include "chip/bus.h"

/* lda: Ra <- Rb + SEXT(disp) ; ldah: Ra <- Rb + SEXT(disp) * 65536 */
EXEC(lda)  { SET_RC(RB + (uint64_t)DISP);          return pc + 4; }
EXEC(ldah) { SET_RC(RB + ((uint64_t)DISP << 16));  return pc + 4; }

/* ---- 0x10: arithmetic and compares (ARM 4.4) ------------------------ */

static uint64_t cmpbge(uint64_t a, uint64_t b)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < 8; i++)
		if ((uint8_t)(a >> (i * 8)) >= (uint8_t)(b >> (i * 8)))
			r |= 1u << i;
	return r;
}

OPERATE(addl,   SEXT32(A + B))
OPERATE(s4addl, SEXT32((A << 2) + B))
OPERATE(s8addl, SEXT32((A << 3) + B))
OPERATE(subl,   SEXT32(A - B))
OPERATE(s4subl, SEXT32((A << 2) - B))
OPERATE(s8subl, SEXT32((A << 3) - B))
OPERATE(addq,   A + B)
OPERATE(s4addq, (A << 2) + B)
OPERATE(s8addq, (A << 3) + B)
OPERATE(subq,   A - B)
OPERATE(s4subq, (A << 2) - B)
OPERATE(s8subq, (A << 3) - B)
OPERATE(cmpeq,  A == B)
OPERATE(cmplt,  (int64_t)A < (int64_t)B)
OPERATE(cmple,  (int64_t)A <= (int64_t)B)
OPERATE(cmpult, A < B)
OPERATE(cmpule, A <= B)
OPERATE(cmpbge, cmpbge(A, B))

/* /V: trap when the true result does not fit (ARM 4.4.1, 4.4.5). */
OPERATE_V(addl_v, SEXT32(A + B),
          (int64_t)(int32_t)A + (int32_t)B != (int64_t)(int32_t)R)
OPERATE_V(subl_v, SEXT32(A - B),
          (int64_t)(int32_t)A - (int32_t)B != (int64_t)(int32_t)R)
OPERATE_V(addq_v, A + B, ((A ^ R) & (B ^ R)) >> 63)
OPERATE_V(subq_v, A - B, ((A ^ B) & (A ^ R)) >> 63)

/* ---- 0x11: logical, conditional move, AMASK, IMPLVER (ARM 4.5) ------- */

OPERATE(and,   A & B)
OPERATE(bic,   A & ~B)
OPERATE(bis,   A | B)
OPERATE(ornot, A | ~B)
OPERATE(xor,   A ^ B)
OPERATE(eqv,   A ^ ~B)

#define CMOV(id, cond)                                                      \
	EXEC(id)     { uint64_t A = RA; if (cond) SET_RC(RB);  return pc + 4; } \
	EXEC(id##_l) { uint64_t A = RA; if (cond) SET_RC(LIT); return pc + 4; }
CMOV(cmoveq,  A == 0)
CMOV(cmovne,  A != 0)
CMOV(cmovlt,  (int64_t)A < 0)
CMOV(cmovge,  (int64_t)A >= 0)
CMOV(cmovle,  (int64_t)A <= 0)
CMOV(cmovgt,  (int64_t)A > 0)
CMOV(cmovlbs, A & 1)
CMOV(cmovlbc, !(A & 1))

/* AMASK clears the bits of the extensions the CPU implements (ARM 4.11.1,
 * appendix D): the 21164 (EV5) has none, the 21164A (EV56) has BWX. */
static uint64_t amask_features(const struct cpu *c)
{
	return c->bus->ev_model >= 56 ? X_BWX : 0;
}
EXEC(amask)   { SET_RC(RB & ~amask_features(c));  return pc + 4; }
EXEC(amask_l) { SET_RC(LIT & ~amask_features(c)); return pc + 4; }
/* IMPLVER is 1 for the 21164 family (ARM appendix D). */
EXEC(implver)   { SET_RC(1); return pc + 4; }
EXEC(implver_l) { SET_RC(1); return pc + 4; }

/* ---- 0x12: shifts and byte manipulation (ARM 4.6) ------------------- */

/* BYTE_ZAP(x, mask): clear each byte of x whose mask bit is set.  The
 * mask's bit i moves to bit 8i (bits 0-3 and 4-7 apart, then pairs,
 * then single bits), and times 0xff fills the byte: no loop. */
static inline uint64_t byte_zap(uint64_t x, unsigned mask)
{
	uint64_t m = mask & 0xff;
	m = (m | m << 28) & 0x0000000f0000000full;
	m = (m | m << 14) & 0x0003000300030003ull;
	m = (m | m << 7) & 0x0101010101010101ull;
	return x & ~(m * 0xff);
}

/* The byte masks of the W/L/Q forms, and the low/high halves after a
 * shift by Rb<2:0> bytes. */
#define LOMASK(m, B) (((unsigned)(m) << ((B) & 7)) & 0xff)
#define HIMASK(m, B) ((((unsigned)(m) << ((B) & 7)) >> 8) & 0xff)
#define BITS(B)      (((B) & 7) * 8)
#define HIBITS(B)    ((64 - BITS(B)) & 63)

OPERATE(zap,    byte_zap(A, B & 0xff))
OPERATE(zapnot, byte_zap(A, ~B & 0xff))
OPERATE(sll,    A << (B & 63))
OPERATE(srl,    A >> (B & 63))
OPERATE(sra,    (uint64_t)((int64_t)A >> (B & 63)))

OPERATE(mskbl, byte_zap(A, LOMASK(0x01, B)))
OPERATE(mskwl, byte_zap(A, LOMASK(0x03, B)))
OPERATE(mskll, byte_zap(A, LOMASK(0x0f, B)))
OPERATE(mskql, byte_zap(A, LOMASK(0xff, B)))
OPERATE(mskwh, byte_zap(A, HIMASK(0x03, B)))
OPERATE(msklh, byte_zap(A, HIMASK(0x0f, B)))
OPERATE(mskqh, byte_zap(A, HIMASK(0xff, B)))

OPERATE(extbl, byte_zap(A >> BITS(B), ~0x01u & 0xff))
OPERATE(extwl, byte_zap(A >> BITS(B), ~0x03u & 0xff))
OPERATE(extll, byte_zap(A >> BITS(B), ~0x0fu & 0xff))
OPERATE(extql, A >> BITS(B))
OPERATE(extwh, byte_zap(A << HIBITS(B), ~0x03u & 0xff))
OPERATE(extlh, byte_zap(A << HIBITS(B), ~0x0fu & 0xff))
OPERATE(extqh, A << HIBITS(B))

OPERATE(insbl, byte_zap(A << BITS(B), ~LOMASK(0x01, B) & 0xff))
OPERATE(inswl, byte_zap(A << BITS(B), ~LOMASK(0x03, B) & 0xff))
OPERATE(insll, byte_zap(A << BITS(B), ~LOMASK(0x0f, B) & 0xff))
OPERATE(insql, byte_zap(A << BITS(B), ~LOMASK(0xff, B) & 0xff))
OPERATE(inswh, byte_zap(A >> HIBITS(B), ~HIMASK(0x03, B) & 0xff))
OPERATE(inslh, byte_zap(A >> HIBITS(B), ~HIMASK(0x0f, B) & 0xff))
OPERATE(insqh, byte_zap(A >> HIBITS(B), ~HIMASK(0xff, B) & 0xff))

/* ---- 0x13: multiply (ARM 4.4.10-4.4.12) ----------------------------- */

OPERATE(mull,  SEXT32(A * B))
OPERATE(mulq,  A * B)
OPERATE(umulh, (uint64_t)(((unsigned __int128)A * B) >> 64))
OPERATE_V(mull_v, SEXT32(A * B),
          (int64_t)(int32_t)A * (int32_t)B != (int64_t)(int32_t)R)
OPERATE_V(mulq_v, A * B,
          (__int128)(int64_t)A * (int64_t)B != (__int128)(int64_t)R)

/*
 * isa.c - the instruction table and the decoder generated from it.
 *
 * Decoding is two-level: the primary opcode selects where the function
 * field lives (isa_fnfield[], from ARM 3.3 and appendix C), then the lines
 * of isa/insns.def with that opcode are searched for the function.  The
 * search is linear but runs once per instruction word: the simulator
 * caches decoded instructions per physical page (chip/cpu.c) and the
 * disassembler is not on a hot path.
 */
#include "isa/isa.h"
#include <stddef.h>

const struct isa_insn isa_table[OP_COUNT] = {
#define INSN(id, nm, opc, fn, qs, ar, pp, lt, fl, ex, tm) \
	[OP_##id] = { nm, opc, fn, qs, ar, pp, lt, fl, ex, tm },
#include "isa/insns.def"
#undef INSN
};

const uint8_t isa_fnfield[64] = {
	[0x00] = FN_PAL,
	[0x10] = FN_OPR7, [0x11] = FN_OPR7, [0x12] = FN_OPR7, [0x13] = FN_OPR7,
	[0x14] = FN_FP11, [0x15] = FN_FP11, [0x16] = FN_FP11, [0x17] = FN_FP11,
	[0x18] = FN_MISC16, [0x1a] = FN_JMP2, [0x1c] = FN_OPR7,
};

static unsigned func_of(uint32_t w)
{
	switch (isa_fnfield[INSN_OPCODE(w)]) {
	case FN_OPR7:   return INSN_FUNC7(w);
	case FN_FP11:   return INSN_FUNC11(w);
	case FN_MISC16: return w & 0xffff;
	case FN_JMP2:   return (w >> 14) & 3;
	default:        return 0;
	}
}

/* Per-opcode index of the table's lines, built on first use. */
static uint16_t by_opcode[64][64];
static uint8_t  n_by_opcode[64];
static bool     indexed;

static void build_index(void)
{
	for (unsigned i = 0; i < OP_COUNT; i++) {
		unsigned o = isa_table[i].opcode;
		by_opcode[o][n_by_opcode[o]++] = i;
	}
	indexed = true;
}

bool isa_matches(unsigned op, uint32_t w)
{
	const struct isa_insn *e = &isa_table[op];
	if (INSN_OPCODE(w) != e->opcode)
		return false;
	unsigned fn = func_of(w);
	if (isa_fnfield[e->opcode] == FN_FP11 && e->qset != QS_EXACT)
		return (fn & 0x3f) == (e->func & 0x3fu) && (e->qset >> (fn >> 6) & 1);
	return fn == e->func;
}

unsigned isa_decode(uint32_t w, unsigned *qp)
{
	if (!indexed)
		build_index();
	unsigned opc = INSN_OPCODE(w);
	for (unsigned k = 0; k < n_by_opcode[opc]; k++) {
		if (isa_matches(by_opcode[opc][k], w)) {
			if (qp)
				*qp = isa_fnfield[opc] == FN_FP11 ? INSN_FUNC11(w) >> 6 : 0;
			return by_opcode[opc][k];
		}
	}
	return OP_ILLEGAL;
}

uint32_t isa_encode(unsigned op, unsigned ra, unsigned rb, unsigned rc,
                    unsigned q)
{
	const struct isa_insn *e = &isa_table[op];
	uint32_t w = (uint32_t)e->opcode << 26 | (ra & 31) << 21 | (rb & 31) << 16;
	switch (isa_fnfield[e->opcode]) {
	case FN_OPR7:
		return w | (uint32_t)e->func << 5 | (rc & 31);
	case FN_FP11: {
		unsigned fn = e->qset == QS_EXACT ? e->func
		                                  : ((e->func & 0x3fu) | q << 6);
		return w | (uint32_t)fn << 5 | (rc & 31);
	}
	case FN_MISC16:
		return w | e->func;
	case FN_JMP2:
		return w | (uint32_t)e->func << 14;
	default:
		return w;
	}
}

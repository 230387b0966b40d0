/*
 * ext_mvi.c - the multimedia extension, opcode 0x1C (Alpha Architecture
 * Reference Manual, 4th ed., 4.13, appendix D): MINUB8 MINSB8 MINUW4
 * MINSW4 MAXUB8 MAXSB8 MAXUW4 MAXSW4 and PERR (two operands), PKWB PKLB
 * UNPKBW UNPKBL (one operand), each in every operate form (conform.h)
 * but the literal forms of PERR and the packs, which the ARM does not
 * define and qemu-alpha rejects (docs/testing.md); the edge and random values include byte and word lanes at 0, 1, 7f,
 * 80, 81, fe, ff and 7fff/8000.
 */
#include "conform.h"

#define OPS2(X) \
	X(minub8, "minub8", 0x1c, 0x3a, 0) X(minsb8, "minsb8", 0x1c, 0x38, 0) \
	X(minuw4, "minuw4", 0x1c, 0x3b, 0) X(minsw4, "minsw4", 0x1c, 0x39, 0) \
	X(maxub8, "maxub8", 0x1c, 0x3c, 0) X(maxsb8, "maxsb8", 0x1c, 0x3e, 0) \
	X(maxuw4, "maxuw4", 0x1c, 0x3d, 0) X(maxsw4, "maxsw4", 0x1c, 0x3f, 0) \
	X(perr,   "perr",   0x1c, 0x31, F_NOLIT)
#define OPS1(X) \
	X(pkwb,   "pkwb",   0x1c, 0x36, F_NOLIT) X(pklb,   "pklb",   0x1c, 0x37, F_NOLIT) \
	X(unpkbw, "unpkbw", 0x1c, 0x34, F_NOLIT) X(unpkbl, "unpkbl", 0x1c, 0x35, F_NOLIT)

#define DEF2(fn, insn, opc, func, fl) OPR2(fn, insn, opc, func)
#define DEF1(fn, insn, opc, func, fl) OPR1(fn, insn, opc, func)
OPS2(DEF2)
OPS1(DEF1)

static const struct opr ops[] = {
#define ENT2(fn, insn, opc, func, fl) OPR2_ENTRY(fn, insn, fl),
#define ENT1(fn, insn, opc, func, fl) OPR1_ENTRY(fn, insn, fl),
	OPS2(ENT2)
	OPS1(ENT1)
};

int main(void)
{
	run_oprs(ops, N_OF(ops));
	return conform_end("ext_mvi");
}

/*
 * ext_bwx.c - the byte/word extension's sign extensions, opcode 0x1C
 * (Alpha Architecture Reference Manual, 4th ed., 4.6.6, appendix D):
 * SEXTB and SEXTW, in every form of a one-operand (Rb,Rc) operate
 * instruction (conform.h).  BWX loads and stores are in mem_bwx.c.
 */
#include "conform.h"

#define OPS(X) X(sextb, "sextb", 0x1c, 0x00) X(sextw, "sextw", 0x1c, 0x01)

#define DEF(fn, insn, opc, func) OPR1(fn, insn, opc, func)
OPS(DEF)

static const struct opr ops[] = {
#define ENT(fn, insn, opc, func) OPR1_ENTRY(fn, insn, 0),
	OPS(ENT)
};

int main(void)
{
	run_oprs(ops, N_OF(ops));
	return conform_end("ext_bwx");
}

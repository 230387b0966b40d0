/*
 * ext_cix.c - the count extension, opcode 0x1C (Alpha Architecture
 * Reference Manual, 4th ed., 4.4.13-4.4.15, appendix D): CTPOP, CTLZ,
 * CTTZ in every form of a one-operand operate instruction (conform.h)
 * but the literal one (the ARM defines only Rb; qemu-alpha raises OPCDEC,
 * docs/testing.md), plus every single bit and every low and high mask,
 * where the counts change.
 */
#include "conform.h"

#define OPS(X) \
	X(ctpop, "ctpop", 0x1c, 0x30) X(ctlz, "ctlz", 0x1c, 0x32) \
	X(cttz,  "cttz",  0x1c, 0x33)

#define DEF(fn, insn, opc, func) OPR1(fn, insn, opc, func)
OPS(DEF)

static const struct opr ops[] = {
#define ENT(fn, insn, opc, func) OPR1_ENTRY(fn, insn, F_NOLIT),
	OPS(ENT)
};

int main(void)
{
	run_oprs(ops, N_OF(ops));
	for (unsigned i = 0; i < N_OF(ops); i++) {
		struct acc a = { 0 };
		for (unsigned k = 0; k < 64; k++) {
			uint64_t bit = 1ull << k, low = (bit << 1) - 1;
			acc_add(&a, ops[i].rr(0, bit));
			acc_add(&a, ops[i].rr(0, low));
			acc_add(&a, ops[i].rr(0, ~low));
			acc_add(&a, ops[i].rr(0, ~bit));
		}
		report(ops[i].name, "bits", 0, &a);
	}
	return conform_end("ext_cix");
}

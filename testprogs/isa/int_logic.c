/*
 * int_logic.c - logical and conditional-move instructions, opcode 0x11
 * (Alpha Architecture Reference Manual, 4th ed., 4.5): AND BIC BIS ORNOT
 * XOR EQV and CMOVEQ CMOVNE CMOVLT CMOVGE CMOVLE CMOVGT CMOVLBS CMOVLBC,
 * each in every operate form (conform.h).  A conditional move that does
 * not move leaves Rc's old value, which the driver makes a sentinel.
 */
#include "conform.h"

#define OPS(X) \
	X(and_,    "and",     0x11, 0x00) X(bic,     "bic",     0x11, 0x08) \
	X(bis,     "bis",     0x11, 0x20) X(ornot,   "ornot",   0x11, 0x28) \
	X(xor_,    "xor",     0x11, 0x40) X(eqv,     "eqv",     0x11, 0x48) \
	X(cmoveq,  "cmoveq",  0x11, 0x24) X(cmovne,  "cmovne",  0x11, 0x26) \
	X(cmovlt,  "cmovlt",  0x11, 0x44) X(cmovge,  "cmovge",  0x11, 0x46) \
	X(cmovle,  "cmovle",  0x11, 0x64) X(cmovgt,  "cmovgt",  0x11, 0x66) \
	X(cmovlbs, "cmovlbs", 0x11, 0x14) X(cmovlbc, "cmovlbc", 0x11, 0x16)

OPR_PROGRAM("int_logic", OPR2, OPS, OPR_NONE)

/*
 * int_mul.c - integer multiply, opcode 0x13 (Alpha Architecture
 * Reference Manual, 4th ed., 4.4.10-4.4.12): MULL MULQ UMULH, and MULL/V
 * MULQ/V whose overflow must raise an arithmetic trap with the integer
 * overflow summary bit (ARM 4.7.7.3, trap.h); each in every operate
 * form (conform.h).
 */
#include "conform.h"

#define OPS(X) \
	X(mull,   "mull",   0x13, 0x00) X(mulq,   "mulq",   0x13, 0x20) \
	X(umulh,  "umulh",  0x13, 0x30)
#define VOPS(X) \
	X(mull_v, "mull/v", 0x13, 0x40) X(mulq_v, "mulq/v", 0x13, 0x60)

OPR_PROGRAM("int_mul", OPR2, OPS, VOPS)

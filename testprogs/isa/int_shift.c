/*
 * int_shift.c - shifts and byte manipulation, opcode 0x12 (Alpha
 * Architecture Reference Manual, 4th ed., 4.6): SLL SRL SRA with every
 * shift amount, EXTxL/EXTxH INSxL/INSxH MSKxL/MSKxH in byte, word,
 * longword and quadword widths at every byte offset, ZAP and ZAPNOT with
 * every byte mask; each in every operate form (conform.h), so that the
 * literal forms cover every mask and offset too.
 */
#include "conform.h"

#define OPS(X) \
	X(sll,    "sll",    0x12, 0x39) X(srl,    "srl",    0x12, 0x34) \
	X(sra,    "sra",    0x12, 0x3c) X(zap,    "zap",    0x12, 0x30) \
	X(zapnot, "zapnot", 0x12, 0x31) \
	X(extbl,  "extbl",  0x12, 0x06) X(extwl,  "extwl",  0x12, 0x16) \
	X(extll,  "extll",  0x12, 0x26) X(extql,  "extql",  0x12, 0x36) \
	X(extwh,  "extwh",  0x12, 0x5a) X(extlh,  "extlh",  0x12, 0x6a) \
	X(extqh,  "extqh",  0x12, 0x7a) \
	X(insbl,  "insbl",  0x12, 0x0b) X(inswl,  "inswl",  0x12, 0x1b) \
	X(insll,  "insll",  0x12, 0x2b) X(insql,  "insql",  0x12, 0x3b) \
	X(inswh,  "inswh",  0x12, 0x57) X(inslh,  "inslh",  0x12, 0x67) \
	X(insqh,  "insqh",  0x12, 0x77) \
	X(mskbl,  "mskbl",  0x12, 0x02) X(mskwl,  "mskwl",  0x12, 0x12) \
	X(mskll,  "mskll",  0x12, 0x22) X(mskql,  "mskql",  0x12, 0x32) \
	X(mskwh,  "mskwh",  0x12, 0x52) X(msklh,  "msklh",  0x12, 0x62) \
	X(mskqh,  "mskqh",  0x12, 0x72)

OPR_PROGRAM("int_shift", OPR2, OPS, OPR_NONE)

/*
 * int_arith.c - integer arithmetic, opcode 0x10 (Alpha Architecture
 * Reference Manual, 4th ed., 4.4): ADD, SUB and the scaled S4/S8 forms
 * in longword and quadword, the compares CMPEQ CMPLT CMPLE CMPULT CMPULE
 * and CMPBGE, each in every operate form (conform.h); then ADDL/V SUBL/V
 * ADDQ/V SUBQ/V (4.4.1, 4.4.5), whose overflow must raise an arithmetic
 * trap with the integer overflow summary bit (ARM 4.7.7.3, trap.h).
 */
#include "conform.h"

#define OPS(X) \
	X(addl,   "addl",   0x10, 0x00) X(s4addl, "s4addl", 0x10, 0x02) \
	X(s8addl, "s8addl", 0x10, 0x12) X(addq,   "addq",   0x10, 0x20) \
	X(s4addq, "s4addq", 0x10, 0x22) X(s8addq, "s8addq", 0x10, 0x32) \
	X(subl,   "subl",   0x10, 0x09) X(s4subl, "s4subl", 0x10, 0x0b) \
	X(s8subl, "s8subl", 0x10, 0x1b) X(subq,   "subq",   0x10, 0x29) \
	X(s4subq, "s4subq", 0x10, 0x2b) X(s8subq, "s8subq", 0x10, 0x3b) \
	X(cmpeq,  "cmpeq",  0x10, 0x2d) X(cmplt,  "cmplt",  0x10, 0x4d) \
	X(cmple,  "cmple",  0x10, 0x6d) X(cmpult, "cmpult", 0x10, 0x1d) \
	X(cmpule, "cmpule", 0x10, 0x3d) X(cmpbge, "cmpbge", 0x10, 0x0f)
#define VOPS(X) \
	X(addl_v, "addl/v", 0x10, 0x40) X(subl_v, "subl/v", 0x10, 0x49) \
	X(addq_v, "addq/v", 0x10, 0x60) X(subq_v, "subq/v", 0x10, 0x69)

OPR_PROGRAM("int_arith", OPR2, OPS, VOPS)

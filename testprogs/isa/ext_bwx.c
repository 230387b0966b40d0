/*
 * ext_bwx.c - the byte/word extension's sign extensions, opcode 0x1C
 * (Alpha Architecture Reference Manual, 4th ed., 4.6.6, appendix D):
 * SEXTB and SEXTW, in every form of a one-operand (Rb,Rc) operate
 * instruction (conform.h).  BWX loads and stores are in mem_bwx.c.
 */
#include "conform.h"

#define OPS(X) X(sextb, "sextb", 0x1c, 0x00) X(sextw, "sextw", 0x1c, 0x01)

OPR_PROGRAM("ext_bwx", OPR1, OPS, OPR_NONE)

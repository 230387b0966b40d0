/*
 * mem_ldst.c - longword and quadword loads and stores (Alpha
 * Architecture Reference Manual, 4th ed., 4.2.3 LDL/LDQ, 4.2.6 STL/STQ):
 * LDL sign-extends, STL writes the low longword; every displacement edge
 * and unaligned bases with aligned effective addresses (conform.h, "loads
 * and stores through a window"); Ra = Rb and Ra = R31.  The window is
 * refilled with random bytes for each round, and a store round hashes
 * the whole window with its guards, so a byte written out of place shows.
 */
#include "conform.h"

#define LOADS(X) X(ldl, 4) X(ldq, 8)
#define STORES(X) X(stl, 4) X(stq, 8)

MEM_PROGRAM("mem_ldst", LOADS, STORES)

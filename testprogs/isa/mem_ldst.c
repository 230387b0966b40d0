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

MEM_LOAD(ldl, "ldl", 4)
MEM_LOAD(ldq, "ldq", 8)
MEM_STORE(stl, "stl", 4)
MEM_STORE(stq, "stq", 8)

static const struct mem_test tests[] = {
	MEM_LOAD_ENTRIES(ldl, "ldl"), MEM_LOAD_ENTRIES(ldq, "ldq"),
	MEM_STORE_ENTRIES(stl, "stl"), MEM_STORE_ENTRIES(stq, "stq"),
};

int main(void)
{
	run_mem(tests, N_OF(tests), 32);
	return conform_end("mem_ldst");
}

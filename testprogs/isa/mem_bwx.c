/*
 * mem_bwx.c - the byte/word extension's loads and stores (Alpha
 * Architecture Reference Manual, 4th ed., 4.2.3 LDBU/LDWU, 4.2.6
 * STB/STW; appendix D): zero extension, every byte offset (LDBU/STB) and
 * every even one (LDWU/STW), displacement edges, Ra = Rb and Ra = R31,
 * through the window of conform.h.  SEXTB and SEXTW are in ext_bwx.c.
 */
#include "conform.h"

MEM_LOAD(ldbu, "ldbu", 1)
MEM_LOAD(ldwu, "ldwu", 2)
MEM_STORE(stb, "stb", 1)
MEM_STORE(stw, "stw", 2)

static const struct mem_test tests[] = {
	MEM_LOAD_ENTRIES(ldbu, "ldbu"), MEM_LOAD_ENTRIES(ldwu, "ldwu"),
	MEM_STORE_ENTRIES(stb, "stb"), MEM_STORE_ENTRIES(stw, "stw"),
};

int main(void)
{
	run_mem(tests, N_OF(tests), 32);
	return conform_end("mem_bwx");
}

/*
 * mem_bwx.c - the byte/word extension's loads and stores (Alpha
 * Architecture Reference Manual, 4th ed., 4.2.3 LDBU/LDWU, 4.2.6
 * STB/STW; appendix D): zero extension, every byte offset (LDBU/STB) and
 * every even one (LDWU/STW), displacement edges, Ra = Rb and Ra = R31,
 * through the window of conform.h.  SEXTB and SEXTW are in ext_bwx.c.
 */
#include "conform.h"

#define LOADS(X) X(ldbu, 1) X(ldwu, 2)
#define STORES(X) X(stb, 1) X(stw, 2)

MEM_PROGRAM("mem_bwx", LOADS, STORES)

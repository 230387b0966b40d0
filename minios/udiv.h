/*
 * udiv.h - unsigned division for freestanding guest code (udiv.c): the
 * minios kernel's divisions by a variable and the bare-metal test
 * runtime's division helpers (testprogs/rt/rt.c) share it.
 */
#ifndef MINIOS_UDIV_H
#define MINIOS_UDIV_H

#include <stdint.h>

/* n / d, and n % d in *rem unless rem is NULL (d != 0). */
uint64_t udiv(uint64_t n, uint64_t d, uint64_t *rem);

#endif

/*
 * fpu.h - Alpha IEEE floating point: register formats and the arithmetic
 * used by sim/exec_fp.c.
 */
#ifndef ALPHASIM_FPU_H
#define ALPHASIM_FPU_H

#include <stdint.h>

/* S_floating memory format <-> register (T) format (ARM 4.8.5, 4.8.9). */
uint64_t fp_s_to_reg(uint32_t s);
uint32_t fp_reg_to_s(uint64_t t);

#endif

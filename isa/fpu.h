/*
 * fpu.h - Alpha IEEE floating point: register formats, the FPCR, and the
 * IEEE operates of opcodes 0x14, 0x16 and 0x17 with all their qualifiers
 * (Alpha Architecture Reference Manual, 4th ed., 4.7-4.10, appendix B).
 * What the simulated hardware and its completion software present is
 * described in docs/fp.md.
 */
#ifndef ALPHASIM_FPU_H
#define ALPHASIM_FPU_H

#include <stdbool.h>
#include <stdint.h>

/* FPCR (ARM 4.7.8); bits 46:0 read as zero. */
#define FPCR_DNOD   (1ull << 47)    /* denormal operand trap disable   */
#define FPCR_DNZ    (1ull << 48)    /* denormal operands to zero (/S)  */
#define FPCR_INVD   (1ull << 49)    /* trap disables, honoured with /S */
#define FPCR_DZED   (1ull << 50)
#define FPCR_OVFD   (1ull << 51)
#define FPCR_INV    (1ull << 52)    /* exception status bits           */
#define FPCR_DZE    (1ull << 53)
#define FPCR_OVF    (1ull << 54)
#define FPCR_UNF    (1ull << 55)
#define FPCR_INE    (1ull << 56)
#define FPCR_IOV    (1ull << 57)
#define FPCR_DYN_SHIFT 58           /* dynamic rounding mode, 2 bits   */
#define FPCR_UNDZ   (1ull << 60)    /* underflow to zero (with UNFD)   */
#define FPCR_UNFD   (1ull << 61)
#define FPCR_INED   (1ull << 62)
#define FPCR_SUM    (1ull << 63)    /* OR of the status bits           */
#define FPCR_MASK   0xffff800000000000ull
#define FPCR_STATUS (FPCR_INV | FPCR_DZE | FPCR_OVF | FPCR_UNF | FPCR_INE | \
                     FPCR_IOV)

/* S_floating memory format <-> register (T) format (ARM 4.8.5, 4.8.9). */
uint64_t fp_s_to_reg(uint32_t s);
uint32_t fp_reg_to_s(uint64_t t);

/* The IEEE operates that can raise exceptions. */
enum fpu_op {
	FPU_ADDS, FPU_SUBS, FPU_MULS, FPU_DIVS,
	FPU_ADDT, FPU_SUBT, FPU_MULT, FPU_DIVT,
	FPU_SQRTS, FPU_SQRTT,
	FPU_CMPTUN, FPU_CMPTEQ, FPU_CMPTLT, FPU_CMPTLE,
	FPU_CVTTS, FPU_CVTST, FPU_CVTTQ, FPU_CVTQS, FPU_CVTQT, FPU_CVTQL,
	FPU_NOPS
};

/* What one operate does: the value for Fc (unless an operand made the
 * hardware trap before computing), the FPCR afterwards, and the
 * arithmetic trap to take (EXC_SUM bits, 0 for none). */
struct fpu_result {
	uint64_t value;
	uint64_t fpcr;
	uint64_t trap;
	bool     write;
};

/* Operate op with qualifiers q (function bits 10:6, FPQ_* in isa.h) on
 * register values fa and fb, with the FPCR as it is before. */
void fpu_compute(enum fpu_op op, unsigned q, uint64_t fpcr, uint64_t fa,
                 uint64_t fb, struct fpu_result *r);

/* The common case on the host's IEEE hardware, when it applies: an add,
 * subtract, multiply or divide (S or T) of normal or zero operands,
 * rounding to nearest, with a normal or exactly zero result and no
 * exception but perhaps inexact.  Then *fc gets the result, *fpcr what
 * fpu_compute would record, and it returns true; false leaves both as
 * they were, for fpu_compute. */
bool fpu_fast(enum fpu_op op, unsigned q, uint64_t *fpcr, uint64_t fa, uint64_t fb,
              uint64_t *fc);

#endif

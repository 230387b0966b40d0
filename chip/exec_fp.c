/*
 * exec_fp.c - FP operates: opcodes 0x14 (square root, integer to FP
 * register moves), 0x16 (IEEE arithmetic, compares, conversions), 0x17
 * (format-independent operates) and the 0x1C FP to integer register
 * moves (Alpha Architecture Reference Manual, 4th ed., 4.10).  Everything
 * that can raise an IEEE exception goes through fpu_exec, which the FPU
 * (isa/fpu.c, docs/fp.md) tells the result, the FPCR and the trap; the
 * rest only moves bits and never traps.
 */
#include "chip/exec.h"
#include "isa/fpu.h"

/* Operate op for instruction d at pc: Fc and the FPCR written, the
 * arithmetic trap taken if there is one; returns the next PC. */
static inline uint64_t fpu_exec(struct cpu *c, const struct dinsn *d, uint64_t pc,
                                enum fpu_op op)
{
	if (fpu_fast(op, d->q, &c->fpcr, c->f[d->a], c->f[d->b], &c->f[d->c]))
		return pc + 4;
	struct fpu_result r;
	fpu_compute(op, d->q, c->fpcr, c->f[d->a], c->f[d->b], &r);
	if (r.write)
		c->f[d->c] = r.value;
	c->fpcr = r.fpcr;
	if (r.trap)
		cpu_arith_trap(c, d, pc, r.trap);
	return pc + 4;
}

#define SIGN   (1ull << 63)
#define SIGNEXP (0xfffull << 52)

/* IEEE(id, op): an operate with qualifiers, computed by the FPU. */
#define IEEE(id, op) EXEC(id) { require_fp(c, pc); return fpu_exec(c, d, pc, op); }
IEEE(adds,   FPU_ADDS)
IEEE(subs,   FPU_SUBS)
IEEE(muls,   FPU_MULS)
IEEE(divs,   FPU_DIVS)
IEEE(addt,   FPU_ADDT)
IEEE(subt,   FPU_SUBT)
IEEE(mult,   FPU_MULT)
IEEE(divt,   FPU_DIVT)
IEEE(sqrts,  FPU_SQRTS)
IEEE(sqrtt,  FPU_SQRTT)
IEEE(cmptun, FPU_CMPTUN)
IEEE(cmpteq, FPU_CMPTEQ)
IEEE(cmptlt, FPU_CMPTLT)
IEEE(cmptle, FPU_CMPTLE)
IEEE(cvtts,  FPU_CVTTS)
IEEE(cvtst,  FPU_CVTST)
IEEE(cvttq,  FPU_CVTTQ)
IEEE(cvtqs,  FPU_CVTQS)
IEEE(cvtqt,  FPU_CVTQT)
IEEE(cvtql,  FPU_CVTQL)

/* BITS(id, expr): Fc = expr of A (Fa) and B (Fb), no exceptions (copying
 * does not look at the value, 4.7.10.2). */
#define BITS(id, expr) \
	EXEC(id) { require_fp(c, pc); uint64_t A = FA, B = FB; (void)A; (void)B; \
	           SET_FC(expr); return pc + 4; }
BITS(cpys,  (A & SIGN) | (B & ~SIGN))
BITS(cpysn, (~A & SIGN) | (B & ~SIGN))
BITS(cpyse, (A & SIGNEXP) | (B & ~SIGNEXP))
/* CVTLQ: the longword held in register format back to a quadword. */
BITS(cvtlq, SEXT32(((B >> 32) & 0xc0000000) | ((B >> 29) & 0x3fffffff)))

/* FCMOVxx: Fa is tested as a T value against zero by its bits, so -0 is
 * zero and a NaN goes by its sign (4.10). */
#define FCMOV(sfx, cond) \
	EXEC(fcmov##sfx) { FP_ZN; if (cond) SET_FC(FB); return pc + 4; }
FP_CONDS(FCMOV)

/* The FPCR (4.7.8): bits 46:0 read as zero and ignore writes. */
EXEC(mt_fpcr) { require_fp(c, pc); c->fpcr = FA & FPCR_MASK; return pc + 4; }
EXEC(mf_fpcr) { require_fp(c, pc); SET_FC(c->fpcr); return pc + 4; }

/* Register moves between the files (4.10): S goes through its memory
 * format, so ITOFS is LDS and FTOIS is STS without the memory. */
EXEC(itofs) { require_fp(c, pc); SET_FC(fp_s_to_reg((uint32_t)RA)); return pc + 4; }
EXEC(itoft) { require_fp(c, pc); SET_FC(RA); return pc + 4; }
EXEC(ftoit) { require_fp(c, pc); SET_RC(FA); return pc + 4; }
EXEC(ftois) { require_fp(c, pc); SET_RC(SEXT32(fp_reg_to_s(FA))); return pc + 4; }

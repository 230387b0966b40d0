/*
 * exec.h - what the execution handlers (chip/exec_*.c) share: the handler
 * signature, operand access, and the prototypes generated from
 * isa/insns.def (one ex_<id> per line, plus ex_<id>_l for the literal
 * form of operate-format lines).
 */
#ifndef ALPHASIM_EXEC_H
#define ALPHASIM_EXEC_H

#include "chip/cpu.h"
#include "chip/mem.h"

#define EXEC(id) uint64_t ex_##id(struct cpu *c, const struct dinsn *d, \
                                  uint64_t pc)

#define INSN(id, ...) EXEC(id);
#define OPR(id, ...)  EXEC(id); EXEC(id##_l);
#define VAX(id, ...)
#include "isa/insns.def"
#undef INSN
#undef OPR
#undef VAX

EXEC(opcdec);       /* reserved opcodes, VAX floating point               */
EXEC(prefetch);     /* a load whose destination is R31/F31: a hint only   */

/* Operands.  Slot 31 of each file reads as zero; writes to register 31
 * were redirected to slot 32 by the decoder. */
#define RA   (c->r[d->a])
#define RB   (c->r[d->b])
#define FA   (c->f[d->a])
#define FB   (c->f[d->b])
#define LIT  ((uint64_t)(uint32_t)d->imm)
#define DISP ((int64_t)d->imm)
#define SET_RC(v) (c->r[d->c] = (v))
#define SET_FC(v) (c->f[d->c] = (v))

#define SEXT32(x) ((uint64_t)(int64_t)(int32_t)(x))

/*
 * FP_ZN: Fa tested as a T value against zero by its bits (FBxx, ARM 4.9;
 * FCMOVxx, 4.10), declaring z for +0 and -0 and n for the sign (a NaN
 * goes by its sign).  FP_CONDS(X): the six conditions, X(suffix, cond).
 */
#define FP_ZN \
	require_fp(c, pc); \
	uint64_t F = FA; \
	bool z = !(F << 1), n = F >> 63; \
	(void)z; (void)n
#define FP_CONDS(X) \
	X(eq, z) X(ne, !z) X(lt, n && !z) X(le, n || z) X(gt, !n && !z) X(ge, !n || z)

/*
 * OPERATE(id, expr): an operate-format instruction computing expr from A
 * (Ra) and B (Rb or the literal) into Rc, as two handlers.
 */
#define OPERATE(id, expr)                                                   \
	static inline uint64_t opv_##id(uint64_t A, uint64_t B)             \
	{ (void)A; (void)B; return (expr); }                               \
	EXEC(id)      { SET_RC(opv_##id(RA, RB));  return pc + 4; }          \
	EXEC(id##_l)  { SET_RC(opv_##id(RA, LIT)); return pc + 4; }

/*
 * OPERATE_V(id, expr, ovf): as OPERATE, and when ovf (an expression of A,
 * B and the result R) is true, an integer overflow arithmetic trap (/V
 * forms, ARM 4.4).  The result is written before the trap is taken.
 */
#define OPERATE_V(id, expr, ovf)                                            \
	static inline uint64_t opv_##id(struct cpu *c, const struct dinsn *d,\
	                                uint64_t pc, uint64_t A, uint64_t B) \
	{                                                                   \
		uint64_t R = (expr);                                        \
		SET_RC(R);                                                  \
		if (ovf)                                                    \
			cpu_arith_trap(c, d, pc, EXC_SUM_IOV);              \
		return pc + 4;                                              \
	}                                                                   \
	EXEC(id)      { return opv_##id(c, d, pc, RA, RB); }                 \
	EXEC(id##_l)  { return opv_##id(c, d, pc, RA, LIT); }

/* FP instructions (those naming an FP register) with ICSR.FPE clear
 * take the FEN fault (21164 HRM 5.1.17; docs/ev5.md "PAL mode"). */
static inline void require_fp(struct cpu *c, uint64_t pc)
{
	if (__builtin_expect(!(c->ipr[IPR_ICSR] & ICSR_FPE), 0))
		cpu_fen(c, pc);
}

/* Privileged (HW_*) instructions: PAL mode, or kernel with ICSR.HWE. */
static inline void require_hw(struct cpu *c, uint64_t pc)
{
	if (!c->pal && !(c->cm == MODE_KERNEL && (c->ipr[IPR_ICSR] & ICSR_HWE)))
		cpu_opcdec(c, pc);
}

#endif

/*
 * exec_ctl.c - control transfer and miscellaneous instructions: branches
 * (ARM 4.3), jumps with their hints (4.3.6), CALL_PAL (4.12) and the
 * opcode 0x18 group (4.11: barriers, prefetch hints, RPCC, RC/RS).
 */
#include "chip/exec.h"
#include "chip/bus.h"
#include "chip/pal.h"

#define TARGET (pc + 4 + (uint64_t)DISP)

EXEC(br)  { SET_RC(pc + 4); return TARGET; }
EXEC(bsr) { SET_RC(pc + 4); return TARGET; }

#define BRANCH(id, cond) \
	EXEC(id) { uint64_t A = RA; return (cond) ? TARGET : pc + 4; }
BRANCH(beq,  A == 0)
BRANCH(bne,  A != 0)
BRANCH(blt,  (int64_t)A < 0)
BRANCH(ble,  (int64_t)A <= 0)
BRANCH(bgt,  (int64_t)A > 0)
BRANCH(bge,  (int64_t)A >= 0)
BRANCH(blbc, !(A & 1))
BRANCH(blbs, A & 1)

/* FP branches test the bit pattern; +0 and -0 are both zero (ARM 4.9). */
#define FBRANCH(sfx, cond) EXEC(fb##sfx) { FP_ZN; return (cond) ? TARGET : pc + 4; }
FP_CONDS(FBRANCH)

/* Jumps: the target is read before Ra is written (Ra may equal Rb). */
#define JUMP(id) \
	EXEC(id) { uint64_t t = RB & ~3ull; SET_RC(pc + 4); return t; }
JUMP(jmp)
JUMP(jsr)
JUMP(ret)
JUMP(jsr_coroutine)

EXEC(call_pal) { return cpu_call_pal(c, pc, (uint32_t)d->imm); }

/* Barriers and hints: the functional model is sequentially consistent
 * and its traps are precise, so they have no effect here; the timing
 * model gives them their cost. */
#define NOP(id) EXEC(id) { (void)c; (void)d; return pc + 4; }
NOP(trapb)
NOP(excb)
NOP(mb)
NOP(wmb)
NOP(fetch)
NOP(fetch_m)
NOP(ecb)
NOP(wh64)

/* RPCC (ARM 4.11.7, 21164 HRM 5.2.11): CC<63:32> is an offset PALcode
 * writes, CC<31:0> counts cycles. */
EXEC(rpcc) { SET_RC(pal_cc(c)); return pc + 4; }

/* RC / RS: read the interrupt flag, then clear / set it (ARM 4.11.8). */
EXEC(rc) { SET_RC(c->intr_flag); c->intr_flag = 0; return pc + 4; }
EXEC(rs) { SET_RC(c->intr_flag); c->intr_flag = 1; return pc + 4; }

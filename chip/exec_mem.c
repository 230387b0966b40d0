/*
 * exec_mem.c - loads and stores (ARM 4.2 and 4.8): integer, unaligned
 * quadword, byte/word (BWX), load-locked/store-conditional and the IEEE
 * FP formats.  Alignment and translation faults come from chip/mem.h.
 */
#include "chip/exec.h"
#include "isa/fpu.h"

#define EA (RB + (uint64_t)DISP)

EXEC(ldbu)  { SET_RC(mem_ld8(c, d, pc, EA));          return pc + 4; }
EXEC(ldwu)  { SET_RC(mem_ld16(c, d, pc, EA));         return pc + 4; }
EXEC(ldl)   { SET_RC(SEXT32(mem_ld32(c, d, pc, EA))); return pc + 4; }
EXEC(ldq)   { SET_RC(mem_ld64(c, d, pc, EA));         return pc + 4; }
EXEC(ldq_u) { SET_RC(mem_ld64(c, d, pc, EA & ~7ull)); return pc + 4; }

EXEC(stb)   { mem_st8(c, d, pc, EA, RA);          return pc + 4; }
EXEC(stw)   { mem_st16(c, d, pc, EA, RA);         return pc + 4; }
EXEC(stl)   { mem_st32(c, d, pc, EA, RA);         return pc + 4; }
EXEC(stq)   { mem_st64(c, d, pc, EA, RA);         return pc + 4; }
EXEC(stq_u) { mem_st64(c, d, pc, EA & ~7ull, RA); return pc + 4; }

/*
 * Load-locked / store-conditional (ARM 4.2.4-4.2.5).  The lock covers an
 * aligned 16-byte physical block (LOCK_BLOCK, chip/bus.h); it is lost
 * on any exception or HW_REI (chip/cpu.c) and when another processor
 * writes the block (bus_store_notify, chip/bus.c).
 */

static uint64_t load_locked(struct cpu *c, const struct dinsn *d, uint64_t pc,
                            unsigned size)
{
	uint64_t va = EA;
	uint64_t v = size == 4 ? SEXT32(mem_ld32(c, d, pc, va))
	                       : mem_ld64(c, d, pc, va);
	c->lock_pa = LOCK_BLOCK(mem_translate_data(c, d, pc, va, false));
	c->lock_flag = true;
	return v;
}

static uint64_t store_cond(struct cpu *c, const struct dinsn *d, uint64_t pc,
                           unsigned size)
{
	uint64_t va = EA;
	if (va & (size - 1))
		cpu_unaligned(c, d, pc, va);
	uint64_t pa = mem_translate_data(c, d, pc, va, true);
	bool ok = c->lock_flag && LOCK_BLOCK(pa) == c->lock_pa;
	c->lock_flag = false;
	if (ok) {
		if (size == 4)
			mem_st32(c, d, pc, va, RA);
		else
			mem_st64(c, d, pc, va, RA);
	}
	return ok;
}

EXEC(ldl_l) { SET_RC(load_locked(c, d, pc, 4)); return pc + 4; }
EXEC(ldq_l) { SET_RC(load_locked(c, d, pc, 8)); return pc + 4; }
EXEC(stl_c) { SET_RC(store_cond(c, d, pc, 4));  return pc + 4; }
EXEC(stq_c) { SET_RC(store_cond(c, d, pc, 8));  return pc + 4; }

/* FP loads and stores take FEN before anything else (chip/exec.h). */
EXEC(lds) { require_fp(c, pc); SET_FC(fp_s_to_reg(mem_ld32(c, d, pc, EA))); return pc + 4; }
EXEC(ldt) { require_fp(c, pc); SET_FC(mem_ld64(c, d, pc, EA));               return pc + 4; }
EXEC(sts) { require_fp(c, pc); mem_st32(c, d, pc, EA, fp_reg_to_s(FA));      return pc + 4; }
EXEC(stt) { require_fp(c, pc); mem_st64(c, d, pc, EA, FA);                   return pc + 4; }

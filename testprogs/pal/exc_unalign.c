/*
 * exc_unalign.c - misaligned loads and stores raise UNALIGN (Alpha
 * Architecture Reference Manual, 4th ed., 4.2 and 6.3.2 "Unaligned
 * access"; 21164 HRM 5.1 and 5.2): LDL LDQ STL STQ, the BWX LDWU STW and
 * the locked LDL_L LDQ_L STL_C STQ_C at every misaligned offset, reached
 * through the base register or through the displacement.  The
 * exception is a fault: EXC_ADDR is the instruction, VA the effective
 * address, MM_STAT<16:11> the opcode, <10:6> Ra and <0> (WR) set for a
 * store (21164 HRM 5.2.5, the layout of its ev5_defs.h MM_STAT);
 * a load leaves its destination alone and a store leaves memory alone.
 * Aligned accesses, and LDQ_U, LDBU and STB at any offset, do not trap.
 */
#include "exc.h"

/* Ra is R4, the base R2; disp 0 or 1. */
#define ACCESS(fn, insn, disp)                                              \
	static uint64_t fn(uint64_t base, uint64_t *r4)                     \
	{                                                                   \
		uint64_t at;                                                \
		register uint64_t a2 __asm__("$2") = base;                  \
		register uint64_t v4 __asm__("$4") = *r4;                   \
		__asm__ volatile(".arch ev6\n\tbr %0, 1f\n"                 \
		                 "1:\t" insn " $4, " #disp "($2)"           \
		                 : "=&r"(at), "+r"(v4) : "r"(a2) : "memory"); \
		*r4 = v4;                                                   \
		return at;                                                  \
	}

/* name, opcode, store, size (0: never traps) */
#define OPS(X) \
	X(ldl, 0x28, 0, 4) X(ldq, 0x29, 0, 8) X(stl, 0x2c, 1, 4) \
	X(stq, 0x2d, 1, 8) X(ldwu, 0x0c, 0, 2) X(stw, 0x0d, 1, 2) \
	X(ldl_l, 0x2a, 0, 4) X(ldq_l, 0x2b, 0, 8) X(stl_c, 0x2e, 1, 4) \
	X(stq_c, 0x2f, 1, 8) X(ldq_u, 0x0b, 0, 0) X(ldbu, 0x0a, 0, 0) \
	X(stb, 0x0e, 1, 0)

#define DEF(name, opc, st, size) \
	ACCESS(name##_d0, #name, 0) ACCESS(name##_d1, #name, 1)
OPS(DEF)

static const struct {
	const char *name;
	uint64_t (*fn[2])(uint64_t, uint64_t *);
	unsigned opcode, store, size;
} ops[] = {
#define ENT(name, opc, st, size) \
	{ #name, { name##_d0, name##_d1 }, opc, st, size },
	OPS(ENT)
};

static uint64_t buf[4];

/* "name+off/disp" */
static const char *case_id(const char *name, unsigned off, unsigned disp)
{
	static char id[32];
	unsigned n = 0;
	while (*name && n < sizeof id - 6)
		id[n++] = *name++;
	id[n++] = '+';
	id[n++] = (char)('0' + off);
	id[n++] = '/';
	id[n++] = (char)('0' + disp);
	id[n] = 0;
	return id;
}

int main(void)
{
	const uint64_t fill = 0x0123456789abcdefull, r4_in = 0x5a5a5a5a5a5a5a5aull;
	for (unsigned i = 0; i < N_OF(ops); i++)
		for (unsigned disp = 0; disp < 2; disp++)
			for (unsigned off = 0; off < 8; off++) {
				const char *id = case_id(ops[i].name, off, disp);
				uint64_t va = (uint64_t)(uintptr_t)&buf[1] + off;
				int traps = ops[i].size && (off & (ops[i].size - 1));
				uint64_t r4 = r4_in, before = rt_trap.count;
				for (unsigned k = 0; k < N_OF(buf); k++)
					buf[k] = fill;
				uint64_t at = ops[i].fn[disp](va - disp, &r4);
				exc_expect(id, before, traps ? PAL_UNALIGN : 0);
				if (!traps)
					continue;
				exc_check(id, "EXC_ADDR", rt_trap.exc_addr, at);
				exc_check(id, "VA", rt_trap.va, va);
				exc_check(id, "MM_STAT", rt_trap.mm_stat,
				          ops[i].opcode << 11 | 4u << 6 | ops[i].store);
				exc_check(id, "R4", r4, r4_in);
				for (unsigned k = 0; k < N_OF(buf); k++)
					exc_check(id, "memory", buf[k], fill);
			}
	return exc_end("exc_unalign");
}

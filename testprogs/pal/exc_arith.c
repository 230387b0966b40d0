/*
 * exc_arith.c - integer overflow traps (Alpha Architecture Reference
 * Manual, 4th ed., 4.4.1 ADDL, 4.4.5 SUBL, 4.4.3/4.4.7 the quadword forms,
 * 4.4.12 MULL/MULQ, /V qualifier; 6.3.1 "Arithmetic Traps"; 21164 HRM
 * 5.1): ADDL/V SUBL/V ADDQ/V SUBQ/V MULL/V MULQ/V, register and literal
 * forms, on operands that overflow and on the nearest ones that do not.
 * An overflow writes the truncated result to Rc (R7 here) and then
 * traps: EXC_ADDR is the next instruction, EXC_SUM<16:10> holds IOV
 * (bit 16) alone, and EXC_MASK has the bit of the destination, R7.
 * Expected results are written out below from the manual's definitions.
 */
#include "exc.h"

#define OV(fn, insn, b)                                                     \
	static uint64_t fn(uint64_t a, uint64_t bv, uint64_t *r7)           \
	{                                                                   \
		uint64_t at;                                                \
		register uint64_t a2 __asm__("$2") = a, b3 __asm__("$3") = bv; \
		register uint64_t v7 __asm__("$7") = *r7;                   \
		__asm__ volatile("br %0, 1f\n1:\t" insn " $2, " b ", $7"    \
		                 : "=&r"(at), "+r"(v7) : "r"(a2), "r"(b3));  \
		*r7 = v7;                                                   \
		return at;                                                  \
	}

/* Each instruction in its register form (op_r) and its literal form
 * (op_l); X(op, literal): the literal is 1, or 2 for the multiplies. */
#define OV_OPS(X) X(addl, 1) X(subl, 1) X(addq, 1) X(subq, 1) X(mull, 2) X(mulq, 2)
#define OV_FORMS(op, lit) OV(op##_r, #op "/v", "$3") OV(op##_l, #op "/v", #lit)
OV_OPS(OV_FORMS)

#define LMIN 0xffffffff80000000ull      /* -2^31 as a register */
#define QMIN 0x8000000000000000ull

static const struct {
	const char *id;
	uint64_t (*fn)(uint64_t, uint64_t, uint64_t *);
	uint64_t a, b, result;
	int traps;
} cases[] = {
	{ "addl/v 7fffffff+1", addl_r, 0x7fffffff, 1, LMIN, 1 },
	{ "addl/v 7ffffffe+1", addl_r, 0x7ffffffe, 1, 0x7fffffff, 0 },
	{ "addl/v -2^31+-1", addl_r, LMIN, ~0ull, 0x7fffffff, 1 },
	{ "addl/v lit", addl_l, 0x7fffffff, 0, LMIN, 1 },
	/* only the low longwords count: high bits are ignored */
	{ "addl/v high bits", addl_r, 0x123456780000000full, 0xff00000000000001ull, 0x10, 0 },
	{ "subl/v -2^31-1", subl_r, LMIN, 1, 0x7fffffff, 1 },
	{ "subl/v 0-(-2^31)", subl_r, 0, LMIN, LMIN, 1 },
	{ "subl/v -2^31+1-1", subl_r, LMIN + 1, 1, LMIN, 0 },
	{ "subl/v lit", subl_l, LMIN, 0, 0x7fffffff, 1 },
	{ "addq/v max+1", addq_r, QMIN - 1, 1, QMIN, 1 },
	{ "addq/v max-1+1", addq_r, QMIN - 2, 1, QMIN - 1, 0 },
	{ "addq/v min+min", addq_r, QMIN, QMIN, 0, 1 },
	{ "addq/v min+max", addq_r, QMIN, QMIN - 1, ~0ull, 0 },
	{ "addq/v lit", addq_l, QMIN - 1, 0, QMIN, 1 },
	{ "subq/v min-1", subq_r, QMIN, 1, QMIN - 1, 1 },
	{ "subq/v 0-min", subq_r, 0, QMIN, QMIN, 1 },
	{ "subq/v -1-min", subq_r, ~0ull, QMIN, QMIN - 1, 0 },
	{ "subq/v lit", subq_l, QMIN, 0, QMIN - 1, 1 },
	{ "mull/v 2^16*2^15", mull_r, 0x10000, 0x8000, LMIN, 1 },
	{ "mull/v -2^16*2^15", mull_r, 0xffffffffffff0000ull, 0x8000, LMIN, 0 },
	{ "mull/v 2^16*2^16", mull_r, 0x10000, 0x10000, 0, 1 },
	{ "mull/v lit", mull_l, 0x40000000, 0, LMIN, 1 },
	{ "mull/v high bits", mull_r, 0x100000002ull, 0xf00000003ull, 6, 0 },
	{ "mulq/v 2^32*2^31", mulq_r, 0x100000000ull, 0x80000000ull, QMIN, 1 },
	{ "mulq/v -2^32*2^31", mulq_r, 0xffffffff00000000ull, 0x80000000ull, QMIN, 0 },
	{ "mulq/v min*-1", mulq_r, QMIN, ~0ull, QMIN, 1 },
	{ "mulq/v 3*(2^62+1)", mulq_r, 3, 0x4000000000000001ull, 0xc000000000000003ull, 1 },
	{ "mulq/v lit", mulq_l, 0x4000000000000000ull, 0, QMIN, 1 },
};

int main(void)
{
	for (unsigned i = 0; i < N_OF(cases); i++) {
		const char *id = cases[i].id;
		uint64_t r7 = 0x5a5a5a5a5a5a5a5aull, before = rt_trap.count;
		uint64_t at = cases[i].fn(cases[i].a, cases[i].b, &r7);
		exc_check(id, "R7", r7, cases[i].result);
		exc_expect(id, before, cases[i].traps ? PAL_ARITH : 0);
		if (!cases[i].traps)
			continue;
		exc_check(id, "EXC_ADDR", rt_trap.exc_addr, at + 4);
		exc_check(id, "EXC_SUM<16:10>", (rt_trap.exc_sum >> 10) & 0x7f, 0x40);
		exc_check(id, "EXC_MASK", rt_trap.exc_mask, 1ull << 7);
	}
	return exc_end("exc_arith");
}

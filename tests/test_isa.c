/*
 * test_isa.c - unit tests of the instruction table (isa/insns.def) and the
 * decoder generated from it (isa/isa.c):
 *   - every line and every legal FP qualifier survives isa_encode then
 *     isa_decode, and illegal qualifiers do not decode to the line;
 *   - no two lines claim the same word, checked by walking every
 *     function value of every primary opcode (ARM 3.3, appendix C);
 *   - every line's fields agree with each other: function width, qualifier
 *     set, flags against the operand layout, extension against opcode.
 * And the one property of isa/disasm.c the sweep cannot see: its output
 * is cut off as snprintf's is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "tests/unit.h"

#include "isa/disasm.h"
#include "isa/isa.h"

#define N(a) (sizeof (a) / sizeof (a)[0])

/* Lines written with the VAX() macro (executed as OPCDEC). */
static const bool is_vax[OP_COUNT] = {
#define INSN(id, ...) [OP_##id] = false,
#define VAX(id, ...)  [OP_##id] = true,
#include "isa/insns.def"
#undef INSN
#undef VAX
};

/* Lines written with the OPR() macro (with a literal-operand handler). */
static const bool is_opr[OP_COUNT] = {
#define INSN(id, ...) [OP_##id] = false,
#define OPR(id, ...)  [OP_##id] = true,
#include "isa/insns.def"
#undef INSN
#undef OPR
};

/* What each operand layout prints from the Ra, Rb and Rc fields:
 * 'i' an integer register, 'f' an FP register, 'l' an integer register
 * or the 8-bit literal, 0 nothing. */
static const struct { char a, b, c; } layout[A_COUNT] = {
	[A_NONE]   = { 0, 0, 0 },       [A_PAL]    = { 0, 0, 0 },
	[A_MEM]    = { 'i', 'i', 0 },   [A_FMEM]   = { 'f', 'i', 0 },
	[A_MEMB]   = { 0, 'i', 0 },     [A_RA]     = { 'i', 0, 0 },
	[A_BRA]    = { 'i', 0, 0 },     [A_FBRA]   = { 'f', 0, 0 },
	[A_JMP]    = { 'i', 'i', 0 },   [A_OPR]    = { 'i', 'l', 'i' },
	[A_OPRBC]  = { 0, 'l', 'i' },   [A_OPRC]   = { 0, 0, 'i' },
	[A_FOPR]   = { 'f', 'f', 'f' }, [A_FOPRBC] = { 0, 'f', 'f' },
	[A_FOPRA]  = { 'f', 0, 0 },     [A_ITOF]   = { 'i', 0, 'f' },
	[A_FTOI]   = { 'f', 0, 'i' },   [A_HWMFPR] = { 'i', 0, 0 },
	[A_HWMTPR] = { 'i', 0, 0 },     [A_HWMEM]  = { 'i', 'i', 0 },
};

static bool fp11_quals(const struct isa_insn *e)
{
	return isa_fnfield[e->opcode] == FN_FP11 && e->qset != QS_EXACT;
}

/* The qualifier isa_decode reports for the encoding of line e with q. */
static unsigned decoded_q(const struct isa_insn *e, unsigned q)
{
	if (isa_fnfield[e->opcode] != FN_FP11)
		return 0;
	return e->qset == QS_EXACT ? e->func >> 6 : q;
}

/* ---- round trip ------------------------------------------------------- */

static const uint8_t regs[][3] = {
	{ 0, 0, 0 }, { 1, 2, 3 }, { 31, 31, 31 }, { 30, 29, 28 }, { 27, 5, 17 },
};

static void check_round_trip(unsigned op, unsigned q)
{
	const struct isa_insn *e = &isa_table[op];
	for (size_t i = 0; i < N(regs); i++) {
		uint32_t w = isa_encode(op, regs[i][0], regs[i][1], regs[i][2], q);
		unsigned got_q = 99;
		assert_int_equal(INSN_OPCODE(w), e->opcode);
		assert_int_equal(INSN_RA(w), regs[i][0]);
		assert_true(isa_matches(op, w));
		if (isa_decode(w, &got_q) != op)
			fail_msg("%s (q %#x, regs %u,%u,%u): %08x decodes as %u",
			         e->name, q, regs[i][0], regs[i][1], regs[i][2], w,
			         isa_decode(w, NULL));
		assert_int_equal(got_q, decoded_q(e, q));
	}
}

static void test_round_trip(void **state)
{
	(void)state;
	for (unsigned op = 0; op < OP_COUNT; op++) {
		const struct isa_insn *e = &isa_table[op];
		if (!fp11_quals(e)) {
			check_round_trip(op, 0);
			continue;
		}
		for (unsigned q = 0; q < 32; q++) {
			if (e->qset >> q & 1) {
				check_round_trip(op, q);
				continue;
			}
			uint32_t w = isa_encode(op, 1, 2, 3, q);
			if (isa_decode(w, NULL) == op)
				fail_msg("%s with illegal qualifier %#x decodes", e->name, q);
		}
	}
}

/* ---- no overlap, by walking every function space ----------------------- */

/* Every word of a function space: the function field set, the operand
 * fields clear.  Returns how many function values the opcode has. */
static unsigned function_words(unsigned opc, uint32_t *w)
{
	uint32_t base = (uint32_t)opc << 26;
	unsigned n = 0;
	switch (isa_fnfield[opc]) {
	case FN_OPR7:
		for (uint32_t f = 0; f < 0x80; f++) {
			w[n++] = base | f << 5;
			w[n++] = base | f << 5 | 1u << 12;       /* literal form */
		}
		return n;
	case FN_FP11:
		for (uint32_t f = 0; f < 0x800; f++)
			w[n++] = base | f << 5;
		return n;
	case FN_MISC16:
		for (uint32_t f = 0; f < 0x10000; f++)
			w[n++] = base | f;
		return n;
	case FN_JMP2:
		for (uint32_t f = 0; f < 4; f++)
			w[n++] = base | f << 14;
		return n;
	default:
		w[n++] = base;
		return n;
	}
}

/* How many function values the table says decode for opcode opc. */
static unsigned table_encodings(unsigned opc)
{
	unsigned n = 0;
	for (unsigned op = 0; op < OP_COUNT; op++) {
		const struct isa_insn *e = &isa_table[op];
		if (e->opcode != opc)
			continue;
		unsigned k = fp11_quals(e) ? (unsigned)__builtin_popcount(e->qset) : 1;
		n += isa_fnfield[opc] == FN_OPR7 ? 2 * k : k;
	}
	return n;
}

static void test_no_overlap(void **state)
{
	(void)state;
	static uint32_t words[0x10000];
	for (unsigned opc = 0; opc < 64; opc++) {
		unsigned n = function_words(opc, words), legal = 0;
		for (unsigned i = 0; i < n; i++) {
			unsigned hits = 0, line = OP_ILLEGAL;
			for (unsigned op = 0; op < OP_COUNT; op++) {
				if (isa_matches(op, words[i])) {
					hits++;
					line = op;
				}
			}
			if (hits > 1)
				fail_msg("word %08x matches %u table lines", words[i], hits);
			assert_int_equal(isa_decode(words[i], NULL), line);
			legal += hits;
		}
		if (legal != table_encodings(opc))
			fail_msg("opcode %#x: %u function values decode, the table has %u",
			         opc, legal, table_encodings(opc));
	}
}

/* ---- every line consistent --------------------------------------------- */

static const unsigned fn_limit[] = {
	[FN_NONE] = 1, [FN_OPR7] = 0x80, [FN_FP11] = 0x800,
	[FN_MISC16] = 0x10000, [FN_JMP2] = 4, [FN_PAL] = 1,
};

static void check_encoding(unsigned op)
{
	const struct isa_insn *e = &isa_table[op];
	assert_true(e->opcode < 64);
	assert_true(e->func < fn_limit[isa_fnfield[e->opcode]]);
	assert_true(e->args < A_COUNT);
	assert_true(e->pipe != P_NONE);
	assert_true(e->lat != L_NONE);
	if (e->qset != QS_EXACT) {
		assert_int_equal(isa_fnfield[e->opcode], FN_FP11);
		/* the plain form, as the table gives it, is legal */
		assert_true(e->qset >> (e->func >> 6) & 1);
	}
	if (e->flags & I_CVTI)
		assert_true(fp11_quals(e));
	/* operate-format lines, and only they, have a literal handler */
	bool operate = e->args == A_OPR || e->args == A_OPRBC || e->args == A_OPRC;
	assert_int_equal(is_opr[op], operate);
	if (operate)
		assert_int_equal(isa_fnfield[e->opcode], FN_OPR7);
}

static void check_flags(unsigned op)
{
	const struct isa_insn *e = &isa_table[op];
	unsigned f = e->flags;
	char a = layout[e->args].a, b = layout[e->args].b, c = layout[e->args].c;
	char dst = (f & I_WRA) ? a : (f & I_WRC) ? c : 0;
	bool mem = e->args == A_MEM || e->args == A_FMEM || e->args == A_HWMEM;
	bool bra = e->args == A_BRA || e->args == A_FBRA;

	assert_false((f & I_WRA) && (f & I_WRC));
	if (f & I_WRA)
		assert_true(a != 0);
	assert_int_equal(!!(f & I_WRC), c != 0);      /* Rc is always written */
	assert_int_equal(!!(f & I_FPA), a == 'f');
	assert_int_equal(!!(f & I_FPB), b == 'f');
	assert_int_equal(!!(f & I_FPC), dst == 'f');
	assert_false((f & I_LOAD) && (f & I_STORE));
	if (f & (I_LOAD | I_STORE))
		assert_true(mem);
	if (f & I_LOAD)
		assert_true(f & I_WRA);
	if (f & I_LOCK)
		assert_true(f & (I_LOAD | I_STORE));
	if (bra || e->args == A_JMP || e->args == A_PAL)
		assert_true(f & I_BRANCH);
	if (f & I_COND)
		assert_true(bra);
	if (bra)       /* BR and BSR link, conditional branches do not */
		assert_int_equal(!!(f & I_COND), !(f & I_WRA));
	if (f & I_TRAPS) {
		size_t n = strlen(e->name);
		assert_true(isa_fnfield[e->opcode] == FN_FP11 ||
		            (n > 2 && !strcmp(e->name + n - 2, "/v")));
	}
}

static bool fp_opcode(unsigned opc)
{
	return (opc >= 0x14 && opc <= 0x17) || (opc >= 0x20 && opc <= 0x27) ||
	       (opc >= 0x31 && opc <= 0x37 && opc != 0x34);
}

static bool pal_opcode(unsigned opc)
{
	return opc == 0x19 || opc == 0x1b || opc == 0x1d || opc == 0x1e ||
	       opc == 0x1f;
}

static void check_extension(unsigned op)
{
	const struct isa_insn *e = &isa_table[op];
	bool fp = e->flags & (I_FPA | I_FPB | I_FPC);
	assert_int_equal(is_vax[op], !!(e->ext & X_VAX));
	if (e->opcode == 0x15)
		assert_true(e->ext & X_VAX);
	assert_int_equal(!!(e->flags & I_PRIV), !!(e->ext & X_PAL));
	assert_int_equal(pal_opcode(e->opcode), !!(e->ext & X_PAL));
	/* FP opcodes have FP operands; integer-only opcodes none (0x1C
	 * mixes: FTOIx read an FP register) */
	if (fp_opcode(e->opcode))
		assert_true(fp);
	else if (e->opcode != 0x1c)
		assert_false(fp);
}

static void test_lines_consistent(void **state)
{
	(void)state;
	for (unsigned op = 0; op < OP_COUNT; op++) {
		const struct isa_insn *e = &isa_table[op];
		assert_non_null(e->name);
		assert_true(e->name[0] != '\0');
		for (unsigned k = 0; k < op; k++)
			if (!strcmp(isa_table[k].name, e->name))
				fail_msg("two lines named %s", e->name);
		check_encoding(op);
		check_flags(op);
		check_extension(op);
	}
}

/* ---- disassembler output bounds ----------------------------------------- */

static void test_disasm_truncates(void **state)
{
	(void)state;
	char full[128], cut[8];
	uint32_t w = 0x2ffe0000u;                 /* ldq_u zero,0(sp): unop */
	int n = disasm_insn(full, sizeof full, 0xa77c0000u, 0);
	assert_string_equal(full, "ldq\tt12,0(at)");
	assert_int_equal(n, (int)strlen(full));
	memset(cut, 'x', sizeof cut);
	assert_int_equal(disasm_insn(cut, sizeof cut, 0xa77c0000u, 0), n);
	assert_int_equal(cut[sizeof cut - 1], '\0');
	assert_memory_equal(cut, full, sizeof cut - 1);
	assert_int_equal(disasm_insn(NULL, 0, w, 0), (int)strlen("unop\t"));
}

UNIT_MAIN(NULL, NULL,
	cmocka_unit_test(test_round_trip),
	cmocka_unit_test(test_no_overlap),
	cmocka_unit_test(test_lines_consistent),
	cmocka_unit_test(test_disasm_truncates),
)

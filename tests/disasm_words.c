/*
 * disasm_words.c - the word generator for tests/disasm_sweep.sh.
 *
 *   disasm_words WORDS LISTING
 *
 * Writes to WORDS, as raw little-endian words, every primary opcode with
 * every value of its function field (ARM 3.3 and appendix C: the 7-bit
 * operate function with register and literal operands, the 11-bit FP
 * function, the 16-bit miscellaneous function, the 2-bit jump type, CALL_PAL
 * functions 0..0xff, the HW_LD/HW_ST flags) under a few register, literal
 * and displacement combinations; and to LISTING, one line per word,
 * "TAG<tab>WORD<tab>TEXT", TEXT being isa/disasm.c's output as objdump prints it for
 * a raw binary at address 0.  The script compares TEXT with
 * alpha-linux-gnu-objdump -D -b binary -m alpha:ev5.
 *
 * TAG is "-" where the two must agree, or names one of the documented
 * differences below, each with the difference the script then insists
 * on.  On standard output the program prints the differences' legend.
 */
#include "isa/disasm.h"
#include "isa/isa.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * The documented differences.  "unknown" means objdump prints the word as
 * ".long 0x..." or "palNN 0x..." (no name) while alphasim decodes it.
 */
#define DIFFS(X) \
	X(RA,     "unknown", "Ra not R31 in an instruction that does not read it (amask, implver, sextb, CIX, MVI unpack/pack, FP conversions and square roots, fetch, ecb, wh64): objdump names only the R31 encoding; alphasim ignores the field") \
	X(RB,     "unknown", "Rb not R31 in ITOFS/ITOFF/ITOFT/FTOIT/FTOIS, which do not read it: objdump names only the R31 encoding; alphasim ignores the field") \
	X(FTOI,   "unknown", "FTOIT/FTOIS with bits 15:12 not zero: objdump matches their 11-bit FP function (070, 078); alphasim decodes opcode 1C as the operate format, function bits 11:5") \
	X(LIT,    "unknown", "literal operand where objdump lists the register form only (SEXTB, SEXTW, CTPOP, CTLZ, CTTZ, PERR, PKxx, UNPKxx) or IMPLVER other than #1: alphasim decodes the literal as for any operate") \
	X(FPCR,   "unknown", "MT_FPCR/MF_FPCR with Fb or Fc not equal to Fa: objdump names only Fa=Fb=Fc, the encoding gas emits; alphasim uses Fa") \
	X(HWIPR,  "unknown", "HW_MFPR/HW_MTPR with Rb not equal to Ra: objdump's EV5 table names only Rb=Ra; alphasim uses Ra") \
	X(HWREI,  "unknown", "opcode 1E other than 7BFF8000 (hw_rei) and 7BFFC000 (hw_rei_stall): objdump has no name; alphasim decodes every opcode-1E word as HW_REI, stalling by bit 14") \
	X(HWST,   "unknown", "HW_ST with bit 13 set: objdump's EV5 table has no such store; alphasim decodes it as HW_ST, printing the bit as /w") \
	X(HWLOCK, "nolock",  "HW_LD/HW_ST with bit 10 (lock, conditional): objdump's EV5 mask skips the bit and prints hw_ldl for hw_ldl_l; alphasim prints the _l/_c that gas accepts") \
	X(EV7,    "ev7",     "WH64EN (misc function FC00) is an EV7 (21364) instruction, not the 21164's: alphasim raises OPCDEC; objdump names it")

enum diff {
	D_NONE,
#define X(tag, kind, why) D_##tag,
	DIFFS(X)
#undef X
};

static const char *const diff_tag[] = {
	"-",
#define X(tag, kind, why) #tag,
	DIFFS(X)
#undef X
};

struct gen {
	FILE *bin, *txt;
	unsigned long n;
};

/* ---- which documented difference a word shows, if any ---------------- */

static enum diff hw_diff(const struct isa_insn *e, uint32_t w)
{
	if ((e->flags & I_STORE) && (w & (1u << 13)))
		return D_HWST;
	return (w & (1u << 10)) ? D_HWLOCK : D_NONE;
}

static enum diff operate_diff(unsigned op, uint32_t w)
{
	const struct isa_insn *e = &isa_table[op];
	bool lit = INSN_ISLIT(w);
	switch (e->args) {
	case A_OPRBC:
		if (INSN_RA(w) != 31)
			return D_RA;
		return lit && op != OP_amask ? D_LIT : D_NONE;
	case A_OPRC:
		if (INSN_RA(w) != 31)
			return D_RA;
		return !lit || INSN_LIT(w) != 1 ? D_LIT : D_NONE;
	default:
		return lit && op == OP_perr ? D_LIT : D_NONE;
	}
}

static enum diff classify(uint32_t w)
{
	unsigned op = isa_decode(w, NULL);
	if (op == OP_ILLEGAL)
		return INSN_OPCODE(w) == 0x18 && (w & 0xffff) == 0xfc00 &&
		       INSN_RA(w) == 31 ? D_EV7 : D_NONE;
	const struct isa_insn *e = &isa_table[op];
	switch (e->args) {
	case A_OPR: case A_OPRBC: case A_OPRC:
		return operate_diff(op, w);
	case A_FOPRBC: case A_MEMB:
		return INSN_RA(w) != 31 ? D_RA : D_NONE;
	case A_ITOF:
		return INSN_RB(w) != 31 ? D_RB : D_NONE;
	case A_FTOI:
		if (INSN_RB(w) != 31)
			return D_RB;
		return (w >> 12) & 0xf ? D_FTOI : D_NONE;
	case A_FOPRA:
		return INSN_RB(w) != INSN_RA(w) || INSN_RC(w) != INSN_RA(w)
		       ? D_FPCR : D_NONE;
	case A_HWMFPR: case A_HWMTPR:
		return INSN_RB(w) != INSN_RA(w) ? D_HWIPR : D_NONE;
	case A_HWMEM:
		return hw_diff(e, w);
	case A_NONE:
		return op == OP_hw_rei && (w | (1u << 14)) != 0x7bffc000u
		       ? D_HWREI : D_NONE;
	default:
		return D_NONE;
	}
}

/* ---- output ------------------------------------------------------------ */

static int hex_addr(char *buf, size_t len, uint64_t addr, void *ctx)
{
	(void)ctx;
	return snprintf(buf, len, "0x%" PRIx64, addr);
}

static void emit(struct gen *g, uint32_t w)
{
	uint8_t b[4] = { w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, w >> 24 };
	char text[256];
	fwrite(b, 1, 4, g->bin);
	disasm_insn_addr(text, sizeof text, w, (uint64_t)g->n * 4, hex_addr, NULL);
	fprintf(g->txt, "%s\t%08" PRIx32 "\t%s\n", diff_tag[classify(w)], w, text);
	g->n++;
}

/* ---- the sweep ----------------------------------------------------------- */

#define OPC(o)  ((uint32_t)(o) << 26)
#define RA(r)   ((uint32_t)(r) << 21)
#define RB(r)   ((uint32_t)(r) << 16)
#define N(a)    (sizeof (a) / sizeof (a)[0])

/* Register triples that reach every alias of isa/disasm.c: R31 in each
 * position, Ra == Rb, and ordinary registers. */
static const uint8_t regs3[][3] = {
	{ 1, 2, 3 }, { 31, 31, 31 }, { 31, 2, 3 }, { 2, 2, 3 }, { 1, 31, 3 },
	{ 31, 31, 3 }, { 1, 2, 31 }, { 2, 2, 2 }, { 31, 2, 31 }, { 26, 27, 26 },
};
static const uint8_t lits[] = { 0, 1, 0x55, 0xff };

static void sweep_operate(struct gen *g, unsigned opc)
{
	for (uint32_t fn = 0; fn < 128; fn++) {
		for (size_t i = 0; i < N(regs3); i++)
			emit(g, OPC(opc) | RA(regs3[i][0]) | RB(regs3[i][1]) |
			        fn << 5 | regs3[i][2]);
		for (size_t i = 0; i < N(lits); i++) {
			emit(g, OPC(opc) | RA(31) | (uint32_t)lits[i] << 13 | 1u << 12 |
			        fn << 5 | 3);
			emit(g, OPC(opc) | RA(1) | (uint32_t)lits[i] << 13 | 1u << 12 |
			        fn << 5 | 31);
		}
	}
}

static void sweep_fp(struct gen *g, unsigned opc)
{
	for (uint32_t fn = 0; fn < 2048; fn++)
		for (size_t i = 0; i < N(regs3); i++)
			emit(g, OPC(opc) | RA(regs3[i][0]) | RB(regs3[i][1]) |
			        fn << 5 | regs3[i][2]);
}

static void sweep_misc(struct gen *g)
{
	for (uint32_t fn = 0; fn < 0x10000; fn++) {
		emit(g, OPC(0x18) | RA(1) | RB(2) | fn);
		emit(g, OPC(0x18) | RA(31) | RB(31) | fn);
	}
}

static void sweep_jump(struct gen *g)
{
	static const uint8_t ab[][2] = { { 26, 27 }, { 31, 26 }, { 31, 27 }, { 1, 2 } };
	static const uint16_t hints[] = { 0, 1, 2, 0x1fff, 0x2000, 0x3fff };
	for (uint32_t t = 0; t < 4; t++)
		for (size_t i = 0; i < N(ab); i++)
			for (size_t h = 0; h < N(hints); h++)
				emit(g, OPC(0x1a) | RA(ab[i][0]) | RB(ab[i][1]) | t << 14 |
				        hints[h]);
}

static void sweep_pal(struct gen *g)
{
	static const uint32_t big[] = { 0x100, 0x183, 0x1000, 0x2000083, 0x3ffffff };
	for (uint32_t fn = 0; fn < 0x100; fn++)
		emit(g, fn);
	for (size_t i = 0; i < N(big); i++)
		emit(g, big[i]);
}

static void sweep_memory(struct gen *g, unsigned opc)
{
	static const uint8_t ab[][2] = {
		{ 1, 2 }, { 31, 2 }, { 1, 31 }, { 31, 31 }, { 31, 30 }, { 2, 2 },
	};
	static const uint16_t disp[] = { 0, 16, 0xfff0, 0x7fff, 0x8000 };
	for (size_t i = 0; i < N(ab); i++)
		for (size_t d = 0; d < N(disp); d++)
			emit(g, OPC(opc) | RA(ab[i][0]) | RB(ab[i][1]) | disp[d]);
}

static void sweep_branch(struct gen *g, unsigned opc)
{
	static const uint8_t ra[] = { 1, 26, 31 };
	static const uint32_t disp[] = { 0, 1, 0x1fffff, 0xfffff, 0x100000 };
	for (size_t i = 0; i < N(ra); i++)
		for (size_t d = 0; d < N(disp); d++)
			emit(g, OPC(opc) | RA(ra[i]) | disp[d]);
}

static void sweep_hw_ipr(struct gen *g, unsigned opc)
{
	static const uint8_t ab[][2] = { { 1, 1 }, { 31, 31 }, { 1, 2 } };
	static const uint16_t ipr[] = { 0, 0x140, 0x11c, 0xffff };
	for (size_t i = 0; i < N(ab); i++)
		for (size_t k = 0; k < N(ipr); k++)
			emit(g, OPC(opc) | RA(ab[i][0]) | RB(ab[i][1]) | ipr[k]);
}

static void sweep_hw_mem(struct gen *g, unsigned opc)
{
	static const uint16_t disp[] = { 0, 0x1ff, 0x200, 0x3ff };
	for (uint32_t fl = 0; fl < 64; fl++)
		for (size_t d = 0; d < N(disp); d++)
			emit(g, OPC(opc) | RA(1) | RB(2) | fl << 10 | disp[d]);
}

static void sweep_hw_rei(struct gen *g)
{
	static const uint32_t low[] = { 0x8000, 0xc000, 0x0000, 0x4000, 0x8001 };
	for (size_t k = 0; k < N(low); k++) {
		emit(g, OPC(0x1e) | RA(31) | RB(31) | low[k]);
		emit(g, OPC(0x1e) | RA(1) | RB(2) | low[k]);
	}
}

/* Opcodes with no function field: by the layout of their table line;
 * reserved opcodes get the memory sweep, which varies every field. */
static void sweep_plain(struct gen *g, unsigned opc)
{
	unsigned op = isa_decode(OPC(opc), NULL);
	switch (op == OP_ILLEGAL ? A_MEM : isa_table[op].args) {
	case A_BRA: case A_FBRA:     sweep_branch(g, opc); break;
	case A_HWMFPR: case A_HWMTPR: sweep_hw_ipr(g, opc); break;
	case A_HWMEM:                sweep_hw_mem(g, opc); break;
	case A_NONE:                 sweep_hw_rei(g); break;
	default:                     sweep_memory(g, opc); break;
	}
}

static void sweep(struct gen *g)
{
	for (unsigned opc = 0; opc < 64; opc++) {
		switch (isa_fnfield[opc]) {
		case FN_OPR7:   sweep_operate(g, opc); break;
		case FN_FP11:   sweep_fp(g, opc); break;
		case FN_MISC16: sweep_misc(g); break;
		case FN_JMP2:   sweep_jump(g); break;
		case FN_PAL:    sweep_pal(g); break;
		default:        sweep_plain(g, opc); break;
		}
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: disasm_words WORDS LISTING\n");
		return 2;
	}
	struct gen g = { fopen(argv[1], "wb"), fopen(argv[2], "w"), 0 };
	if (!g.bin || !g.txt) {
		fprintf(stderr, "disasm_words: cannot create %s or %s\n", argv[1], argv[2]);
		return 2;
	}
	sweep(&g);
	if (fclose(g.bin) != 0 || fclose(g.txt) != 0) {
		fprintf(stderr, "disasm_words: write error\n");
		return 2;
	}
#define X(tag, kind, why) printf("%s\t%s\t%s\n", #tag, kind, why);
	DIFFS(X)
#undef X
	return 0;
}

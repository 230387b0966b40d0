/*
 * disasm.c - one instruction to text, generated from the instruction table
 * (isa/insns.def) in the manner of Spike and binutils: each operand layout
 * (enum isa_args) is a format string, and objdump's pseudo-operations
 * (unop, nop, mov, negq, fmov, ret, ...) are rows of an alias table that
 * match on fields of the word.  The output is alpha-linux-gnu-objdump's
 * (binutils opcodes/alpha-opc.c, alpha-dis.c) for every word objdump
 * knows; docs/isa.md lists the deliberate differences.
 *
 * Encodings and qualifier spellings: Alpha Architecture Reference Manual,
 * 4th ed., sections 3.3, 4.7.9 and appendix C; HW_* instructions: 21164
 * Hardware Reference Manual, section 6.6.
 */
#include "isa/disasm.h"
#include "isa/isa.h"
#include <inttypes.h>
#include <stdarg.h>

/* OSF/1 software names of the integer registers (ARM appendix D). */
static const char *const reg_names[32] = {
	"v0", "t0", "t1", "t2", "t3", "t4", "t5", "t6",
	"t7", "s0", "s1", "s2", "s3", "s4", "s5", "fp",
	"a0", "a1", "a2", "a3", "a4", "a5", "t8", "t9",
	"t10", "t11", "ra", "t12", "at", "gp", "sp", "zero",
};

/*
 * Operand formats.  Each character prints one thing; any other character
 * is copied.  A NULL format prints no operands and no tab; "" prints the
 * tab alone, as objdump does when every operand is implied (unop, nop).
 *
 *   a A   Ra as an integer / FP register      d  16-bit displacement
 *   b B   Rb                                  e  10-bit HW_LD/HW_ST displacement
 *   c C   Rc                                  t  branch target
 *   l     Rb, or the literal of the operate   j  JMP/JSR hint target
 *         format when bit 12 is set           h  RET/JCR hint, unsigned
 *   p     CALL_PAL function                   i  HW_MFPR/HW_MTPR IPR index
 */
static const char *const layout_fmt[A_COUNT] = {
	[A_NONE]   = NULL,
	[A_PAL]    = "p",
	[A_MEM]    = "a,d(b)",
	[A_FMEM]   = "A,d(b)",
	[A_MEMB]   = "(b)",
	[A_RA]     = "a",
	[A_BRA]    = "a,t",
	[A_FBRA]   = "A,t",
	[A_JMP]    = "a,(b),j",
	[A_OPR]    = "a,l,c",
	[A_OPRBC]  = "l,c",
	[A_OPRC]   = "c",
	[A_FOPR]   = "A,B,C",
	[A_FOPRBC] = "B,C",
	[A_FOPRA]  = "A",
	[A_ITOF]   = "a,C",
	[A_FTOI]   = "A,c",
	[A_HWMFPR] = "a,i",
	[A_HWMTPR] = "a,i",
	[A_HWMEM]  = "a,e(b)",
};

/* Field tests for the alias table: a field equal to 31 has all its bits
 * set, so one constant serves as both mask and value. */
#define RA31   (31u << 21)
#define RB31   (31u << 16)
#define RC31   31u
#define LITF   (1u << 12)
#define FN11(f) ((uint32_t)(f) << 5)
#define FN11M  FN11(0x7ff)
#define HINTM  0x3fffu

enum { SAME_B = 1 /* Rb == Ra */ };

/*
 * objdump's pseudo-operations and spellings (alpha-opc.c marks them
 * "pseudo", "alias" and "ev6 una").  A row applies to its table line when
 * (w & mask) == match and, with SAME_B, Rb equals Ra; the first row that
 * applies wins, and a line no row applies to prints as the table says.
 */
struct alias {
	uint16_t op;
	uint8_t same;
	uint32_t mask, match;
	const char *name;       /* mnemonic; NULL keeps the line's own  */
	const char *fmt;        /* operands, as in layout_fmt           */
};

static const struct alias aliases[] = {
	{ OP_lda,     0, RB31, RB31, NULL, "a,d" },
	{ OP_ldah,    0, RB31, RB31, NULL, "a,d" },
	{ OP_ldq_u,   0, RA31, RA31, "unop", "" },
	{ OP_addl,    0, RA31, RA31, "sextl", "l,c" },
	{ OP_subl,    0, RA31, RA31, "negl", "l,c" },
	{ OP_subl_v,  0, RA31, RA31, "negl/v", "l,c" },
	{ OP_subq,    0, RA31, RA31, "negq", "l,c" },
	{ OP_subq_v,  0, RA31, RA31, "negq/v", "l,c" },
	{ OP_bis,     0, RA31 | RB31 | RC31 | LITF, RA31 | RB31 | RC31, "nop", "" },
	{ OP_bis,     0, RA31 | RB31 | LITF, RA31 | RB31, "clr", "c" },
	{ OP_bis,     0, RA31, RA31, "mov", "l,c" },
	{ OP_bis,     SAME_B, LITF, 0, "mov", "b,c" },
	{ OP_ornot,   0, RA31, RA31, "not", "l,c" },
	{ OP_rpcc,    0, RB31, RB31, NULL, "a" },
	{ OP_rpcc,    0, 0, 0, NULL, "a,b" },
	{ OP_jmp,     0, RA31 | HINTM, RA31, NULL, "(b)" },
	{ OP_ret,     0, ~0u, 0x6bfa8001u, NULL, NULL },
	{ OP_ret,     0, 0, 0, NULL, "a,(b),h" },
	{ OP_jsr_coroutine, 0, 0, 0, NULL, "a,(b),h" },
	{ OP_br,      0, RA31, RA31, NULL, "t" },
	{ OP_cpys,    0, RA31 | RB31 | RC31, RA31 | RB31 | RC31, "fnop", "" },
	{ OP_cpys,    0, RA31 | RB31, RA31 | RB31, "fclr", "C" },
	{ OP_cpys,    0, RA31, RA31, "fabs", "B,C" },
	{ OP_cpys,    SAME_B, 0, 0, "fmov", "A,C" },
	{ OP_cpysn,   SAME_B, 0, 0, "fneg", "A,C" },
	{ OP_subs,    0, RA31 | FN11M, RA31 | FN11(0x081), "negs", "B,C" },
	{ OP_subs,    0, RA31 | FN11M, RA31 | FN11(0x581), "negs", "B,C" },
	{ OP_subs,    0, RA31 | FN11M, RA31 | FN11(0x781), "negs", "B,C" },
	{ OP_subt,    0, RA31 | FN11M, RA31 | FN11(0x0a1), "negt", "B,C" },
	{ OP_subt,    0, RA31 | FN11M, RA31 | FN11(0x5a1), "negt", "B,C" },
	{ OP_subt,    0, RA31 | FN11M, RA31 | FN11(0x7a1), "negt", "B,C" },
	{ OP_subf,    0, RA31 | FN11M, RA31 | FN11(0x081), "negf", "B,C" },
	{ OP_subf,    0, RA31 | FN11M, RA31 | FN11(0x481), "negf", "B,C" },
	{ OP_subg,    0, RA31 | FN11M, RA31 | FN11(0x0a1), "negg", "B,C" },
	{ OP_subg,    0, RA31 | FN11M, RA31 | FN11(0x4a1), "negg", "B,C" },
	{ OP_hw_rei,  0, 1u << 14, 1u << 14, "hw_rei_stall", NULL },
};

/* CALL_PAL functions objdump prints by name (isa/palcall.def). */
static const struct { uint32_t fn; const char *name; } pal_names[] = {
#define PALCALL(name, fn, priv, dis) { fn, dis },
#include "isa/palcall.def"
#undef PALCALL
};

/* HW_LD/HW_ST qualifier letters, in objdump's order (21164 HRM 6.6.3):
 * physical, alternate mode, write check, virtual PTE fetch.  Bit 12
 * (quadword) and bit 10 (lock, conditional) are part of the name. */
static const struct { uint32_t bit; char c; } hw_quals[] = {
	{ 1u << 15, 'p' }, { 1u << 14, 'a' }, { 1u << 13, 'w' }, { 1u << 11, 'v' },
};

/* FP rounding qualifiers by function bits 7:6 (ARM 4.7.9, Table 4-13). */
static const char *const fp_round[4] = { "c", "m", "", "d" };

/* ---- output with snprintf's conventions ----------------------------- */

struct out {
	char *buf;
	size_t len;
	size_t n;               /* length of the whole text, even if cut off */
};

/* Where the next text goes (the last byte once the buffer is full, so
 * that the text stays terminated), and how much room there is. */
static char *out_at(struct out *o, size_t *room)
{
	if (o->len == 0) {
		*room = 0;
		return NULL;
	}
	size_t at = o->n < o->len ? o->n : o->len - 1;
	*room = o->len - at;
	return o->buf + at;
}

static void put(struct out *o, const char *fmt, ...)
{
	size_t room;
	char *at = out_at(o, &room);
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(at, room, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

static void put_addr(struct out *o, uint64_t a, disasm_addr_fn fn, void *ctx)
{
	size_t room;
	char *at = out_at(o, &room);
	int k = fn(at, room, a, ctx);
	if (k > 0)
		o->n += (size_t)k;
}

static int plain_addr(char *buf, size_t len, uint64_t addr, void *ctx)
{
	(void)ctx;
	return snprintf(buf, len, "%" PRIx64, addr);
}

/* ---- mnemonic -------------------------------------------------------- */

static const struct alias *find_alias(unsigned op, uint32_t w)
{
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
		const struct alias *a = &aliases[i];
		if (a->op == op && (w & a->mask) == a->match &&
		    (!(a->same & SAME_B) || INSN_RB(w) == INSN_RA(w)))
			return a;
	}
	return NULL;
}

static const char *pal_name(uint32_t fn)
{
	for (size_t i = 0; i < sizeof pal_names / sizeof pal_names[0]; i++)
		if (pal_names[i].fn == fn && pal_names[i].name[0])
			return pal_names[i].name;
	return NULL;
}

/* The qualifiers of an FP operate: the bits of q not already set in the
 * plain form, spelt S, U (V for conversions to integer), I, then the
 * rounding mode when it is not the plain form's. */
static void put_fp_quals(struct out *o, const struct isa_insn *e, unsigned q)
{
	unsigned plain = e->func >> 6, add = q & ~plain;
	char s[8], *p = s;
	if (add & 0x10)
		*p++ = 's';
	if (add & 0x04)
		*p++ = (e->flags & I_CVTI) ? 'v' : 'u';
	if (add & 0x08)
		*p++ = 'i';
	*p = '\0';
	const char *r = (q & 3) != (plain & 3) ? fp_round[q & 3] : "";
	if (*s || *r)
		put(o, "/%s%s", s, r);
}

/* hw_ldl, hw_ldq_l/p, hw_stq_c/pa ...: size, lock and qualifier letters
 * as gas spells them. */
static void put_hw_name(struct out *o, const struct isa_insn *e, uint32_t w)
{
	put(o, "%s%c%s", e->name, (w & (1u << 12)) ? 'q' : 'l',
	    !(w & (1u << 10)) ? "" : (e->flags & I_STORE) ? "_c" : "_l");
	char s[8], *p = s;
	for (size_t i = 0; i < sizeof hw_quals / sizeof hw_quals[0]; i++)
		if (w & hw_quals[i].bit)
			*p++ = hw_quals[i].c;
	*p = '\0';
	if (*s)
		put(o, "/%s", s);
}

static void put_mnemonic(struct out *o, unsigned op, unsigned q, uint32_t w,
                         const struct alias *a)
{
	const struct isa_insn *e = &isa_table[op];
	if (e->args == A_HWMEM) {
		put_hw_name(o, e, w);
		return;
	}
	put(o, "%s", a && a->name ? a->name : e->name);
	if (isa_fnfield[e->opcode] == FN_FP11 && e->qset != QS_EXACT)
		put_fp_quals(o, e, q);
}

/* ---- operands -------------------------------------------------------- */

static void put_operand(struct out *o, char c, uint32_t w, uint64_t pc,
                        disasm_addr_fn addr, void *ctx)
{
	switch (c) {
	case 'a': put(o, "%s", reg_names[INSN_RA(w)]); break;
	case 'b': put(o, "%s", reg_names[INSN_RB(w)]); break;
	case 'c': put(o, "%s", reg_names[INSN_RC(w)]); break;
	case 'A': put(o, "$f%u", INSN_RA(w)); break;
	case 'B': put(o, "$f%u", INSN_RB(w)); break;
	case 'C': put(o, "$f%u", INSN_RC(w)); break;
	case 'l':
		if (INSN_ISLIT(w))
			put(o, "%#x", INSN_LIT(w));
		else
			put(o, "%s", reg_names[INSN_RB(w)]);
		break;
	case 'd': put(o, "%d", INSN_DISP16(w)); break;
	case 'e': put(o, "%d", INSN_HWDISP(w)); break;
	case 't':
		put_addr(o, pc + 4 + (uint64_t)((int64_t)INSN_DISP21(w) * 4),
		         addr, ctx);
		break;
	case 'j':
		put_addr(o, pc + 4 + (uint64_t)((int64_t)INSN_DISP14(w) * 4),
		         addr, ctx);
		break;
	case 'h': put(o, "%#x", INSN_JHINT(w)); break;
	case 'p': put(o, "%#x", INSN_PALFN(w)); break;
	case 'i': put(o, "%#x", INSN_HWIPR(w)); break;
	default:  put(o, "%c", c); break;
	}
}

int disasm_insn_addr(char *buf, size_t len, uint32_t w, uint64_t pc,
                     disasm_addr_fn addr, void *ctx)
{
	struct out o = { buf, len, 0 };
	if (len)
		buf[0] = '\0';
	unsigned q = 0, op = isa_decode(w, &q);
	if (op == OP_ILLEGAL) {
		put(&o, ".long %#08x", w);   /* as objdump prints what it cannot name */
		return (int)o.n;
	}
	const char *pal = op == OP_call_pal ? pal_name(INSN_PALFN(w)) : NULL;
	if (pal) {
		put(&o, "%s", pal);
		return (int)o.n;
	}
	const struct alias *a = find_alias(op, w);
	const char *fmt = a ? a->fmt : layout_fmt[isa_table[op].args];
	put_mnemonic(&o, op, q, w, a);
	if (fmt) {
		put(&o, "\t");
		for (const char *f = fmt; *f; f++)
			put_operand(&o, *f, w, pc, addr, ctx);
	}
	return (int)o.n;
}

int disasm_insn(char *buf, size_t len, uint32_t w, uint64_t pc)
{
	return disasm_insn_addr(buf, len, w, pc, plain_addr, NULL);
}

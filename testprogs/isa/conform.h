/*
 * conform.h - what the integer, memory, control and extension
 * conformance programs (testprogs/isa/{int,mem,ctl,ext}_*.c) share:
 * operand values, a fixed-seed pseudo-random source, result hashing and
 * line output, and a driver that runs an operate-format instruction
 * (Alpha Architecture Reference Manual, 4th ed., 3.3.3) in all its forms.
 *
 * Each program is built twice (testprogs/local.mk) and tests/conform.sh
 * compares what alphasim and qemu-alpha print.  To keep the output small
 * a line carries a hash of many results; rerun both builds by hand and
 * bisect on the row a differing line names (docs/testing.md).
 */
#ifndef CONFORM_H
#define CONFORM_H

#include <stdint.h>
#include "tio.h"
#include "trap.h"
#include "xorshift.h"

#define N_OF(a) (sizeof (a) / sizeof (a)[0])

/* The alpha-linux-gnu compiler defines __linux__ for the bare-metal
 * build too; -ffreestanding is what tells them apart. */
#define ON_LINUX __STDC_HOSTED__

/* ---- operand values ------------------------------------------------ */

/* Edge values: small numbers, the longword and quadword limits and their
 * neighbours, each byte position (0xff << 8k), alternating and lane
 * patterns (the MVI and CMPBGE byte/word lanes), scaled-add boundaries. */
static const uint64_t edges[] = {
	0, 1, 2, 3, 7, 8, 0x7f, 0x80, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
	0x3fffffff, 0x40000000, 0x7fffffff, 0x80000000, 0xffffffff,
	0x100000000, 0x1fffffff, 0x20000000, 0xe0000000,
	0xffffffff80000000, 0xffffffff7fffffff, 0xfffffffeffffffff,
	0x1fffffffffffffff, 0x2000000000000000, 0x3fffffffffffffff,
	0x4000000000000000, 0xc000000000000000, 0xe000000000000000,
	0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001,
	0xfffffffffffffffe, 0xffffffffffffffff, 0xffffffffffff8000,
	0xffffffffffffff80,
	0xff, 0xff00, 0xff0000, 0xff000000, 0xff00000000, 0xff0000000000,
	0xff000000000000, 0xff00000000000000,
	0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x3333333333333333,
	0xcccccccccccccccc, 0x0f0f0f0f0f0f0f0f, 0xf0f0f0f0f0f0f0f0,
	0x00ff00ff00ff00ff, 0xff00ff00ff00ff00, 0x0000ffff0000ffff,
	0xffff0000ffff0000, 0x0123456789abcdef, 0xfedcba9876543210,
	0x8080808080808080, 0x7f7f7f7f7f7f7f7f, 0x0101010101010101,
	0xfefefefefefefefe, 0x7fff7fff7fff7fff, 0x8000800080008000,
};

/* Second operands: the edges and every value 0..63 and a few above (all
 * shift amounts and byte offsets, with and without ignored high bits). */
#define N_SMALL 72
static inline uint64_t bval(unsigned i)
{
	static const uint64_t high[N_SMALL - 64] = {
		64, 65, 127, 128, 255, 256, 0xfffffffffffffff9, 0xffffffffffffffc7,
	};
	return i < N_OF(edges) ? edges[i]
	     : i < N_OF(edges) + 64 ? i - N_OF(edges) : high[i - N_OF(edges) - 64];
}
#define N_BVALS (N_OF(edges) + N_SMALL)

/* A fixed-seed xorshift64: the same sequence on both sides, and no
 * multiply or divide (those are under test). */
static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static inline uint64_t rng(void)
{
	return xorshift64(&rng_state);
}

/* A random index below n, by rejection (no division). */
static inline unsigned rng_below(unsigned n)
{
	unsigned mask = 1;
	while (mask < n)
		mask = mask << 1 | 1;
	for (;;) {
		unsigned i = (unsigned)(rng() >> 40) & mask;
		if (i < n)
			return i;
	}
}

/* A random operand of a random kind: anything, a longword, small
 * positive or negative, bytes from the lane edges, an edge value with
 * one bit flipped. */
static inline uint64_t rng_val(void)
{
	static const uint8_t lane[8] = { 0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x55 };
	uint64_t x = rng();
	switch (rng() & 7) {
	case 0: return (uint64_t)(int64_t)(int32_t)x;
	case 1: return x >> 56;
	case 2: return 0 - (x >> 56);
	case 3: {
		uint64_t v = 0;
		for (unsigned i = 0; i < 64; i += 8, x >>= 3)
			v |= (uint64_t)lane[x & 7] << i;
		return v;
	}
	case 4: return edges[rng_below(N_OF(edges))] ^ 1ull << (x & 63);
	default: return x;
	}
}

/* ---- results: hashing and output ------------------------------------ */

static unsigned long conform_values;      /* results produced, all rows */

struct acc { uint64_t h; };
static inline void acc_add(struct acc *a, uint64_t v)
{
	uint64_t h = a->h ^ v;
	a->h = ((h << 23) | (h >> 41)) + 0x9e3779b97f4a7c15ull;
	conform_values++;
}

/* "name form row: hash" */
static inline void report(const char *name, const char *form, unsigned row,
                          const struct acc *a)
{
	tio_printf("%s %s %02x: %016lx\n", name, form, row, a->h);
}

static int conform_bad;         /* a check that is not a comparison failed */

static inline int conform_end(const char *prog)
{
	tio_printf("%s: %lu values%s\n", prog, conform_values,
	           conform_bad ? ", FAILED" : "");
	return conform_bad;
}

/* ---- operate-format instructions in every form ---------------------- */

/*
 * For each instruction: the register form Ra,Rb,Rc; all 256 literals
 * (Rb field bit 12 set, ARM 3.3.3); Ra = R31, Rb = R31; Rc = R31 followed
 * by a read of R31, which must still be zero; and Ra = Rb = Rc.  Rc
 * starts out holding SENTINEL, which only a conditional move that does
 * not move may leave there.
 *
 * The literal forms are written as .long words, since GNU as has no
 * literal syntax for several of them: Ra in $2, the result in $1,
 * SENTINEL in $3 and the literal counting up in .Lk.
 */
#define SENTINEL 0x5a5a5a5a5a5a5a5aull

typedef uint64_t (*opr_rr)(uint64_t a, uint64_t b);
typedef void (*opr_lit)(uint64_t a, uint64_t *out256);

enum {
	F_UNARY = 1,            /* Rb,Rc form: Ra is R31 in the encoding */
	F_TRAPS = 2,            /* may raise an arithmetic trap (/V)     */
	F_NOLIT = 4,            /* literal form not compared (docs/testing.md) */
};

struct opr {
	const char *name;
	unsigned flags;
	opr_rr rr, za, zb, zc, same;
	opr_lit lit;
};

#define OPR_LIT(fn, opc, func, ra)                                          \
	static void fn##_lit(uint64_t a, uint64_t *o)                       \
	{                                                                   \
		register uint64_t a2 __asm__("$2") = a;                     \
		register uint64_t s3 __asm__("$3") = SENTINEL;              \
		__asm__ volatile(".arch ev67\n\t.Lk = 0\n\t.rept 256\n\t"    \
		        "bis $31, $3, $1\n\t"                               \
		        ".long (" #opc " << 26) | (" #ra " << 21) | "       \
		        "(.Lk << 13) | (1 << 12) | (" #func " << 5) | 1\n\t" \
		        "stq $1, .Lk * 8(%2)\n\t.Lk = .Lk + 1\n\t.endr"     \
		        : : "r"(a2), "r"(s3), "r"(o) : "$1", "memory");     \
	}

/* A two-operand instruction: OPR2(id, "mnemonic", opcode, function). */
#define OPR2(fn, insn, opc, func)                                           \
	static uint64_t fn##_rr(uint64_t a, uint64_t b)                     \
	{ uint64_t r = SENTINEL;                                            \
	  __asm__ volatile(".arch ev67\n\t" insn " %1,%2,%0"               \
	                   : "+r"(r) : "r"(a), "r"(b)); return r; }         \
	static uint64_t fn##_za(uint64_t a, uint64_t b)                     \
	{ uint64_t r = SENTINEL; (void)a;                                   \
	  __asm__ volatile(".arch ev67\n\t" insn " $31,%1,%0"              \
	                   : "+r"(r) : "r"(b)); return r; }                 \
	static uint64_t fn##_zb(uint64_t a, uint64_t b)                     \
	{ uint64_t r = SENTINEL; (void)b;                                   \
	  __asm__ volatile(".arch ev67\n\t" insn " %1,$31,%0"              \
	                   : "+r"(r) : "r"(a)); return r; }                 \
	static uint64_t fn##_zc(uint64_t a, uint64_t b)                     \
	{ uint64_t r;                                                       \
	  __asm__ volatile(".arch ev67\n\t" insn " %1,%2,$31\n\t"          \
	                   "bis $31,$31,%0" : "=r"(r) : "r"(a), "r"(b));    \
	  return r; }                                                       \
	static uint64_t fn##_same(uint64_t a, uint64_t b)                   \
	{ (void)b;                                                          \
	  __asm__ volatile(".arch ev67\n\t" insn " %0,%0,%0" : "+r"(a));   \
	  return a; }                                                       \
	OPR_LIT(fn, opc, func, 2)

/* A one-operand (Rb,Rc) instruction; rr, za and zb coincide. */
#define OPR1(fn, insn, opc, func)                                           \
	static uint64_t fn##_rr(uint64_t a, uint64_t b)                     \
	{ uint64_t r = SENTINEL; (void)a;                                   \
	  __asm__ volatile(".arch ev67\n\t" insn " %1,%0"                  \
	                   : "+r"(r) : "r"(b)); return r; }                 \
	static uint64_t fn##_zb(uint64_t a, uint64_t b)                     \
	{ uint64_t r = SENTINEL; (void)a; (void)b;                          \
	  __asm__ volatile(".arch ev67\n\t" insn " $31,%0" : "+r"(r));     \
	  return r; }                                                       \
	static uint64_t fn##_zc(uint64_t a, uint64_t b)                     \
	{ uint64_t r; (void)a;                                              \
	  __asm__ volatile(".arch ev67\n\t" insn " %1,$31\n\t"             \
	                   "bis $31,$31,%0" : "=r"(r) : "r"(b));            \
	  return r; }                                                       \
	static uint64_t fn##_same(uint64_t a, uint64_t b)                   \
	{ (void)b;                                                          \
	  __asm__ volatile(".arch ev67\n\t" insn " %0,%0" : "+r"(a));      \
	  return a; }                                                       \
	OPR_LIT(fn, opc, func, 31)

#define OPR2_ENTRY(fn, insn, flags) \
	{ insn, flags, fn##_rr, fn##_za, fn##_zb, fn##_zc, fn##_same, fn##_lit }
#define OPR1_ENTRY(fn, insn, flags) \
	{ insn, F_UNARY | flags, fn##_rr, fn##_rr, fn##_zb, fn##_zc, fn##_same, fn##_lit }

/* A whole program over the operates in OPS and, trapping on overflow
 * (the /V forms), VOPS: tables of X(fn, insn, opc, func) rows, or
 * OPR_NONE.  kind is OPR2 (Ra, Rb, Rc) or OPR1 (Rb, Rc).  It defines
 * each instruction's function, the table of them and main. */
#define OPR_NONE(X)
#define OPR2_DEF(fn, insn, opc, func)  OPR2(fn, insn, opc, func)
#define OPR2_ENT(fn, insn, opc, func)  OPR2_ENTRY(fn, insn, 0),
#define OPR2_VENT(fn, insn, opc, func) OPR2_ENTRY(fn, insn, F_TRAPS),
#define OPR1_DEF(fn, insn, opc, func)  OPR1(fn, insn, opc, func)
#define OPR1_ENT(fn, insn, opc, func)  OPR1_ENTRY(fn, insn, 0),
#define OPR_PROGRAM(name, kind, OPS, VOPS)                                  \
	OPS(kind##_DEF)                                                     \
	VOPS(kind##_DEF)                                                    \
	static const struct opr ops[] = { OPS(kind##_ENT) VOPS(kind##_VENT) }; \
	int main(void)                                                      \
	{                                                                   \
		run_oprs(ops, N_OF(ops));                                   \
		return conform_end(name);                                   \
	}

/* Random pairs per instruction, in rows of 64. */
#define RANDOM_ROWS 64

/*
 * Instructions that may trap run under trap_run; a trap must be an
 * arithmetic trap that reports integer overflow alone (when the summary
 * is known, trap.h), and stands for the result as TRAPPED.  A literal
 * block is abandoned at its first trap, on both sides at the same
 * literal: the results after it keep the value the block started with.
 */
#define TRAPPED 0x7ea97ea97ea97ea9ull

struct opr_call {
	opr_rr fn;
	opr_lit lit;
	uint64_t a, b, r, *out;
};

static void opr_call(void *p)
{
	struct opr_call *c = p;
	if (c->lit)
		c->lit(c->a, c->out);
	else
		c->r = c->fn(c->a, c->b);
}

static inline int opr_trapped(const struct opr *o, struct opr_call *c)
{
	struct trap_info t;
	if (!(o->flags & F_TRAPS)) {
		opr_call(c);
		return 0;
	}
	if (!trap_run(opr_call, c, &t))
		return 0;
	if (t.cls != TRAP_ARITH || (t.sum_known && t.sum != TRAP_IOV)) {
		tio_printf("%s: unexpected %s exception, summary %02x\n",
		           o->name, trap_class_name(t.cls), t.sum);
		conform_bad = 1;
	}
	return 1;
}

static inline uint64_t opr_value(const struct opr *o, opr_rr f, uint64_t a,
                                 uint64_t b)
{
	struct opr_call c = { .fn = f, .a = a, .b = b };
	return opr_trapped(o, &c) ? TRAPPED : c.r;
}

/* Run one instruction in every form; one line per row of results. */
static inline void run_opr(const struct opr *o)
{
	struct acc a;
	unsigned rows = (o->flags & F_UNARY) ? 1 : N_OF(edges);
	for (unsigned i = 0; i < rows; i++) {
		a = (struct acc){ 0 };
		for (unsigned j = 0; j < N_BVALS; j++)
			acc_add(&a, opr_value(o, o->rr, edges[i], bval(j)));
		report(o->name, "rr", i, &a);
	}
	for (unsigned i = 0; i < RANDOM_ROWS; i++) {
		a = (struct acc){ 0 };
		for (unsigned j = 0; j < 64; j++) {
			uint64_t x = rng_val(), y = rng_val();
			acc_add(&a, opr_value(o, o->rr, x, y));
		}
		report(o->name, "random", i, &a);
	}
	uint64_t out[256];
	for (unsigned i = 0; i < rows && !(o->flags & F_NOLIT); i++) {
		for (unsigned j = 0; j < 256; j++)
			out[j] = TRAPPED;
		struct opr_call c = { .lit = o->lit, .a = edges[i], .out = out };
		opr_trapped(o, &c);
		a = (struct acc){ 0 };
		for (unsigned j = 0; j < 256; j++)
			acc_add(&a, out[j]);
		report(o->name, "lit", i, &a);
	}
	const struct { const char *form; opr_rr fn; } z[] = {
		{ "ra31", o->za }, { "rb31", o->zb }, { "rc31", o->zc },
		{ "same", o->same },
	};
	for (unsigned k = 0; k < N_OF(z); k++) {
		a = (struct acc){ 0 };
		for (unsigned i = 0; i < N_OF(edges); i++)
			acc_add(&a, opr_value(o, z[k].fn, edges[i],
			                      edges[N_OF(edges) - 1 - i]));
		report(o->name, z[k].form, 0, &a);
	}
}

static inline void run_oprs(const struct opr *o, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		run_opr(&o[i]);
}

/* ---- loads and stores through a window of memory --------------------- */

/*
 * A block of 256 accesses: access k goes to EA = win + k * step, reached
 * as base + disp with disp = -32768 + 257k, so the displacements span the
 * whole signed 16-bit range and the base is often unaligned (only EA
 * must be aligned, ARM 4.2).  Loads store what they load to out[k];
 * stores write val + k.  The forms: Ra an ordinary register, Ra = Rb (a
 * load into its own base; not for stores, whose data would then be an
 * address), Ra = R31 (a load is a prefetch with no effect, a store
 * writes zero).
 */
#define MEM_WIN  (256 * 8)          /* bytes a block may touch */
#define MEM_DISP "-32768 + 257 * .Lk"

/* One block: access k's base in $2, then `each` (what the form does with
 * it).  Every form gets val in $4 and out[] as %2. */
#define MEM_BLOCK(fn, step, each)                                           \
	static void fn(uint64_t win, uint64_t val, uint64_t *o)             \
	{                                                                   \
		register uint64_t w5 __asm__("$5") = win, v4 __asm__("$4") = val; \
		__asm__ volatile(".arch ev67\n\t.Lk = 0\n\t.rept 256\n\t"    \
		        "lda $3, " MEM_DISP "($31)\n\t"                     \
		        "subq $5, $3, $2\n\t"                               \
		        "lda $2, .Lk * " #step "($2)\n\t"                   \
		        each ".Lk = .Lk + 1\n\t.endr"                       \
		        : : "r"(w5), "r"(v4), "r"(o) : "$1", "$2", "$3", "memory"); \
	}

#define MEM_LOAD(fn, insn, step)                                            \
	MEM_BLOCK(fn, step, insn " $1, " MEM_DISP "($2)\n\tstq $1, .Lk * 8(%2)\n\t") \
	MEM_BLOCK(fn##_same, step, insn " $2, " MEM_DISP "($2)\n\tstq $2, .Lk * 8(%2)\n\t") \
	MEM_BLOCK(fn##_r31, step, insn " $31, " MEM_DISP "($2)\n\tstq $31, .Lk * 8(%2)\n\t")

#define MEM_STORE(fn, insn, step)                                           \
	MEM_BLOCK(fn, step, "addq $4, .Lk, $1\n\t" insn " $1, " MEM_DISP "($2)\n\t") \
	MEM_BLOCK(fn##_r31, step, insn " $31, " MEM_DISP "($2)\n\t")

typedef void (*mem_blk)(uint64_t win, uint64_t val, uint64_t *out);

struct mem_test {
	const char *name, *form;
	mem_blk fn;
	int store;              /* hash the window, not out[] */
};

#define MEM_LOAD_ENTRIES(fn, insn) \
	{ insn, "ra", fn, 0 }, { insn, "same", fn##_same, 0 }, { insn, "ra31", fn##_r31, 0 }
#define MEM_STORE_ENTRIES(fn, insn) \
	{ insn, "ra", fn, 1 }, { insn, "ra31", fn##_r31, 1 }

/* A program of loads and stores through the window only (run_mem):
 * LOADS(X) and STORES(X) list X(insn, step), as OPR_PROGRAM's lists. */
#define MEM_LOAD_DEF(fn, step)  MEM_LOAD(fn, #fn, step)
#define MEM_STORE_DEF(fn, step) MEM_STORE(fn, #fn, step)
#define MEM_LOAD_ENT(fn, step)  MEM_LOAD_ENTRIES(fn, #fn),
#define MEM_STORE_ENT(fn, step) MEM_STORE_ENTRIES(fn, #fn),
#define MEM_PROGRAM(name, LOADS, STORES)                                    \
	LOADS(MEM_LOAD_DEF)                                                 \
	STORES(MEM_STORE_DEF)                                               \
	static const struct mem_test tests[] = {                            \
		LOADS(MEM_LOAD_ENT) STORES(MEM_STORE_ENT)                   \
	};                                                                  \
	int main(void)                                                      \
	{                                                                   \
		run_mem(tests, N_OF(tests), 32);                            \
		return conform_end(name);                                   \
	}

/* The window with a guard of 64 bytes on each side, quadword aligned. */
static uint64_t mem_buf[(MEM_WIN + 128) / 8];
#define MEM_WINDOW ((uint64_t)(uintptr_t)mem_buf + 64)

static inline void mem_fill(void)
{
	for (unsigned i = 0; i < N_OF(mem_buf); i++)
		mem_buf[i] = rng_val();
}

/* Each test from rounds freshly filled windows: one line per round. */
static inline void run_mem(const struct mem_test *t, unsigned n, unsigned rounds)
{
	static uint64_t out[256];
	for (unsigned i = 0; i < n; i++)
		for (unsigned r = 0; r < rounds; r++) {
			struct acc a = { 0 };
			mem_fill();
			t[i].fn(MEM_WINDOW, rng_val(), out);
			if (t[i].store)
				for (unsigned j = 0; j < N_OF(mem_buf); j++)
					acc_add(&a, mem_buf[j]);
			else
				for (unsigned j = 0; j < 256; j++)
					acc_add(&a, out[j]);
			report(t[i].name, t[i].form, r, &a);
		}
}

#endif

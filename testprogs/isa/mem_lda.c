/*
 * mem_lda.c - address computation without memory access (Alpha
 * Architecture Reference Manual, 4th ed., 4.2.1-4.2.2): LDA (Ra <- Rb +
 * SEXT(disp)) and LDAH (Ra <- Rb + SEXT(disp) * 65536), for every edge
 * base, with 256 displacements spread over the whole signed 16-bit range
 * from -32768 to 32767 plus the small ones around 0, +-128 and +-256;
 * and with Rb = R31, Ra = Rb and Ra = R31.
 */
#include "conform.h"

/* Displacements: .Lk steps through -32768 + 257k, then a list of small
 * ones (D_SMALL). */
#define D_SMALL "-256,-255,-129,-128,-127,-2,-1,0,1,2,127,128,129,255,256,0x7ff0"
#define N_DISP (256 + 16)

/* BLK(fn, insn, rb): out[i] = insn $1, disp_i(rb) with $2 = base. */
#define BLK(fn, insn, rb)                                                  \
	static void fn(uint64_t base, uint64_t *o)                         \
	{                                                                  \
		register uint64_t b2 __asm__("$2") = base;                 \
		__asm__ volatile(".Lk = 0\n\t.rept 256\n\t"                \
		        insn " $1, -32768 + 257 * .Lk(" rb ")\n\t"         \
		        "stq $1, .Lk * 8(%1)\n\t.Lk = .Lk + 1\n\t.endr\n\t" \
		        ".irp d," D_SMALL "\n\t"                           \
		        insn " $1, \\d(" rb ")\n\t"                        \
		        "stq $1, .Lk * 8(%1)\n\t.Lk = .Lk + 1\n\t.endr"    \
		        : : "r"(b2), "r"(o) : "$1", "memory");             \
	}

/* Ra = Rb: the base register receives the result. */
#define SAME(fn, insn)                                                     \
	static void fn(uint64_t base, uint64_t *o)                         \
	{                                                                  \
		__asm__ volatile(".Lk = 0\n\t.rept 256\n\t"                \
		        "bis %0, %0, $2\n\t"                               \
		        insn " $2, -32768 + 257 * .Lk($2)\n\t"             \
		        "stq $2, .Lk * 8(%1)\n\t.Lk = .Lk + 1\n\t.endr"    \
		        : : "r"(base), "r"(o) : "$2", "memory");           \
	}

/* Ra = R31: the result is discarded and R31 still reads zero. */
#define ZERO(fn, insn)                                                     \
	static void fn(uint64_t base, uint64_t *o)                         \
	{                                                                  \
		register uint64_t b2 __asm__("$2") = base;                 \
		__asm__ volatile(".Lk = 0\n\t.rept 256\n\t"                \
		        insn " $31, -32768 + 257 * .Lk($2)\n\t"            \
		        "stq $31, .Lk * 8(%1)\n\t.Lk = .Lk + 1\n\t.endr"   \
		        : : "r"(b2), "r"(o) : "memory");                   \
	}

BLK(lda_rb, "lda", "$2")
BLK(ldah_rb, "ldah", "$2")
BLK(lda_r31, "lda", "$31")
BLK(ldah_r31, "ldah", "$31")
SAME(lda_same, "lda")
SAME(ldah_same, "ldah")
ZERO(lda_zero, "lda")
ZERO(ldah_zero, "ldah")

static const struct {
	const char *name, *form;
	void (*fn)(uint64_t, uint64_t *);
	unsigned n;             /* results per call */
} blocks[] = {
	{ "lda", "rb", lda_rb, N_DISP }, { "ldah", "rb", ldah_rb, N_DISP },
	{ "lda", "rb31", lda_r31, N_DISP }, { "ldah", "rb31", ldah_r31, N_DISP },
	{ "lda", "same", lda_same, 256 }, { "ldah", "same", ldah_same, 256 },
	{ "lda", "ra31", lda_zero, 256 }, { "ldah", "ra31", ldah_zero, 256 },
};

int main(void)
{
	static uint64_t out[N_DISP];
	for (unsigned b = 0; b < N_OF(blocks); b++)
		for (unsigned i = 0; i < N_OF(edges); i++) {
			struct acc a = { 0 };
			blocks[b].fn(edges[i], out);
			for (unsigned j = 0; j < blocks[b].n; j++)
				acc_add(&a, out[j]);
			report(blocks[b].name, blocks[b].form, i, &a);
		}
	return conform_end("mem_lda");
}

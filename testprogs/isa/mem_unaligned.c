/*
 * mem_unaligned.c - unaligned quadword access (Alpha Architecture
 * Reference Manual, 4th ed., 4.2.4 LDQ_U, 4.2.7 STQ_U): the effective
 * address with its low three bits cleared, at every byte offset, with
 * every displacement edge, Ra = Rb and Ra = R31 (conform.h's window);
 * then the manual's sequences built on them (4.6, "Byte Manipulation"):
 * unaligned word, longword and quadword loads with LDQ_U/EXTxL/EXTxH,
 * and unaligned stores with LDQ_U/INSxL/INSxH/MSKxL/MSKxH/STQ_U, at
 * every byte offset of the window.
 */
#include "conform.h"

MEM_LOAD(ldq_u, "ldq_u", 1)
MEM_STORE(stq_u, "stq_u", 1)

static const struct mem_test tests[] = {
	MEM_LOAD_ENTRIES(ldq_u, "ldq_u"), MEM_STORE_ENTRIES(stq_u, "stq_u"),
};

/* Load the n-byte quantity at p (n = 2, 4, 8), unaligned, zero-extended
 * (the manual's sequence; EXTxH of an aligned address gives zero for W
 * and L but the whole quadword for Q, which the OR absorbs). */
#define ULOAD(fn, extl, exth, n)                                            \
	static uint64_t fn(uint64_t p)                                      \
	{                                                                   \
		uint64_t lo, hi;                                            \
		__asm__ volatile("ldq_u %0, 0(%2)\n\t"                      \
		        "ldq_u %1, " #n " - 1(%2)\n\t"                      \
		        extl " %0, %2, %0\n\t"                              \
		        exth " %1, %2, %1\n\t"                              \
		        "bis %0, %1, %0"                                    \
		        : "=&r"(lo), "=&r"(hi) : "r"(p));                   \
		return lo;                                                  \
	}

/* Store the low n bytes of v at p, unaligned; the high quadword first,
 * so that an aligned store ends with the right value. */
#define USTORE(fn, insl, insh, mskl, mskh, n)                               \
	static void fn(uint64_t p, uint64_t v)                              \
	{                                                                   \
		uint64_t lo, hi, il, ih;                                    \
		__asm__ volatile("ldq_u %1, " #n " - 1(%4)\n\t"             \
		        "ldq_u %0, 0(%4)\n\t"                               \
		        insh " %5, %4, %3\n\t"                              \
		        insl " %5, %4, %2\n\t"                              \
		        mskh " %1, %4, %1\n\t"                              \
		        mskl " %0, %4, %0\n\t"                              \
		        "bis %1, %3, %1\n\t"                                \
		        "bis %0, %2, %0\n\t"                                \
		        "stq_u %1, " #n " - 1(%4)\n\t"                      \
		        "stq_u %0, 0(%4)"                                   \
		        : "=&r"(lo), "=&r"(hi), "=&r"(il), "=&r"(ih)        \
		        : "r"(p), "r"(v) : "memory");                       \
	}

ULOAD(uload_w, "extwl", "extwh", 2)
ULOAD(uload_l, "extll", "extlh", 4)
ULOAD(uload_q, "extql", "extqh", 8)
USTORE(ustore_w, "inswl", "inswh", "mskwl", "mskwh", 2)
USTORE(ustore_l, "insll", "inslh", "mskll", "msklh", 4)
USTORE(ustore_q, "insql", "insqh", "mskql", "mskqh", 8)

static const struct {
	const char *name;
	uint64_t (*load)(uint64_t);
	void (*store)(uint64_t, uint64_t);
	unsigned n;
} seqs[] = {
	{ "word", uload_w, ustore_w, 2 }, { "long", uload_l, ustore_l, 4 },
	{ "quad", uload_q, ustore_q, 8 },
};

int main(void)
{
	run_mem(tests, N_OF(tests), 32);
	for (unsigned s = 0; s < N_OF(seqs); s++)
		for (unsigned r = 0; r < 16; r++) {
			struct acc l = { 0 }, st = { 0 };
			mem_fill();
			for (uint64_t k = 0; k < 256; k++)
				acc_add(&l, seqs[s].load(MEM_WINDOW + k));
			/* stores n + 1 bytes apart: every offset in turn */
			for (uint64_t k = 0; k + seqs[s].n <= MEM_WIN; k += seqs[s].n + 1)
				seqs[s].store(MEM_WINDOW + k, rng_val());
			for (unsigned j = 0; j < N_OF(mem_buf); j++)
				acc_add(&st, mem_buf[j]);
			report(seqs[s].name, "load", r, &l);
			report(seqs[s].name, "store", r, &st);
		}
	return conform_end("mem_unaligned");
}

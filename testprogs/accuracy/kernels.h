/*
 * kernels.h - loop kernels that each stress one dynamic stall culprit of
 * the analysis (docs/analysis.md, "Stress kernels"), shared by the
 * one-kernel programs beside this file (dcache.c, scache.c, ...) and by
 * the default workload (workload.c).  Built as a user builds a program:
 * alpha-linux-gnu-gcc -O2, dynamic.  Each returns a value its caller
 * prints, so that the compiler keeps the work.  The sizes are the 21164
 * defaults' (docs/timing.md): an 8 KB direct-mapped I- and D-cache with
 * 32-byte lines, a 96 KB S-cache and a 2 MB B-cache with 64-byte blocks,
 * a 64-entry DTB of 8 KB pages, a 6-entry write buffer.
 */
#ifndef ACCURACY_KERNELS_H
#define ACCURACY_KERNELS_H

#define KERNEL static __attribute__((noipa, unused))

/* d: D-cache misses served by the S-cache.  A 64 KB array, eight times
 * the D-cache and inside the S-cache, read one 32-byte line at a time,
 * each word used at once: every load misses, its consumer waits. */
#define DC_WORDS (64 * 1024 / 8)
static long dc_a[DC_WORDS];
KERNEL long dcache_lines(long rounds)
{
	long s = 0;
	for (long r = 0; r < rounds; r++)
		for (long i = 0; i < DC_WORDS; i += 4)
			s += dc_a[i];
	return s;
}

/* d: misses of every cache, served by memory.  A 4 MB array, twice the
 * B-cache, read one 64-byte block at a time, each word used at once. */
#define SC_WORDS (4 * 1024 * 1024 / 8)
static long sc_a[SC_WORDS];
KERNEL long scache_blocks(long rounds)
{
	long s = 0;
	for (long r = 0; r < rounds; r++)
		for (long i = 0; i < SC_WORDS; i += 8)
			s += sc_a[i];
	return s;
}

/* D: DTB misses.  One word of each of 128 pages, twice the DTB, read in
 * turn: every load misses the DTB and waits for PALcode to fill it.  The
 * word of page p is at byte 32 p, so the 128 words fill 128 lines of the
 * D-cache and stay there: the DTB is what misses. */
#define TB_PAGES 128
#define TB_AT(p) ((p) * (8192 / 8) + (p) * 4)
static long tb_a[TB_PAGES * 8192 / 8];
KERNEL long dtb_pages(long rounds)
{
	long s = 0;
	for (long r = 0; r < rounds; r++)
		for (long p = 0; p < TB_PAGES; p++)
			s += tb_a[TB_AT(p)];
	return s;
}

/* p: conditional branch mispredicts.  A branch on a pseudo-random bit
 * (xorshift), taken half the time at random: the two-bit counters
 * predict it wrong half the time.  The taken arm stores, so that the
 * compiler cannot make the branch a conditional move. */
static long mp_hist[16];
KERNEL unsigned long misp_flips(long n)
{
	unsigned long x = 88172645463325252ul, heads = 0;
	for (long i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		if (x & 1) {
			mp_hist[x >> 60]++;
			heads++;
		}
	}
	return heads;
}

/* w: write-buffer stalls.  One store to each 32-byte line of a 64 KB
 * array in turn, faster than the write buffer retires its entries (one
 * every 4 cycles): each store waits for a free entry. */
static long wb_a[DC_WORDS];
KERNEL long wbuf_lines(long rounds)
{
	for (long r = 0; r < rounds; r++)
		for (long i = 0; i < DC_WORDS; i += 4)
			wb_a[i] = i + r;
	return wb_a[DC_WORDS - 4];
}

/* m: the multiplier busy.  In assembly, so that the compiler cannot
 * reorder it: one MULQ an iteration (the unit busy 8 cycles) whose
 * result nothing waits for, so the next iteration's, in another block
 * instance, waits for the unit. */
KERNEL long imul_busy(long n, long x)
{
	long r;
	__asm__ volatile("1:\tmulq %1, %1, %0\n\t"
	                 "subq %2, 1, %2\n\t"
	                 "bne %2, 1b"
	                 : "=&r"(r), "+r"(x), "+r"(n));
	return r;
}

/* f: the FP divider busy: the same with DIVT (busy 22 cycles). */
KERNEL double fdiv_busy(long n, double x)
{
	double r;
	__asm__ volatile("1:\tdivt %1, %1, %0\n\t"
	                 "subq %2, 1, %2\n\t"
	                 "bne %2, 1b"
	                 : "=&f"(r), "+f"(x), "+r"(n));
	return r;
}

/* i: I-cache misses.  testprogs/timing/icache_thrash.S's pattern: a loop
 * hopping between two 2 KB regions exactly 8 KB apart, one branch per
 * 32-byte line (A0 B0 A1 B1 ... A63 B63), so that Ak and Bk share a line
 * of the direct-mapped I-cache and evict each other; every hop leaves
 * the prefetched line behind, so each is a true miss.  .align pads with
 * no-ops, and region A ends before 8 KB: the second .align 13 is A0 +
 * 8 KB. */
KERNEL long icache_hops(long n)
{
	__asm__ volatile(".align 13\n"
	                 "1:\tsubq %0, 1, %0\n\t"
	                 "br $31, 1b + 8192\n\t"
	                 ".align 5\n\t"
	                 ".rept 63\n\t"
	                 "br $31, . + 8192\n\t"
	                 ".align 5\n\t"
	                 ".endr\n\t"
	                 "bne %0, 1b\n\t"
	                 "br $31, 2f\n\t"
	                 ".align 13\n\t"
	                 ".rept 64\n\t"
	                 "br $31, . - 8192 + 32\n\t"
	                 ".align 5\n\t"
	                 ".endr\n"
	                 "2:"
	                 : "+r"(n));
	return n;
}

/* The arrays' contents, so that every read touches what it should. */
KERNEL void kernels_init(void)
{
	for (long i = 0; i < DC_WORDS; i++)
		dc_a[i] = i;
	for (long i = 0; i < SC_WORDS; i += 8)
		sc_a[i] = i;
	for (long p = 0; p < TB_PAGES; p++)
		tb_a[TB_AT(p)] = p;
}

#endif

/* heap.c - malloc-heavy: thousands of blocks of many sizes (small,
 * page-sized, and big enough for mmap), freed in a scrambled order,
 * realloc growing and shrinking, calloc zeroing; every block is filled
 * with a pattern that is checked before it is freed. */
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

#define SLOTS 512

/* The pattern covers a block's first HEAD and last TAIL bytes (the
 * whole of a small block): enough to catch overlapping blocks and lost
 * realloc contents without touching every byte of the big ones. */
#define HEAD 192
#define TAIL 32
static size_t next(size_t i, size_t n)
{
	return i + 1 == HEAD && n > HEAD + TAIL ? n - TAIL : i + 1;
}
static void fill(unsigned char *p, size_t n, unsigned tag)
{
	for (size_t i = 0; i < n; i = next(i, n))
		p[i] = (unsigned char)(tag + i * 31);
}
/* Checks the pattern of a block of N bytes over its first KEEP bytes. */
static int intact(const unsigned char *p, size_t n, size_t keep, unsigned tag)
{
	for (size_t i = 0; i < keep; i = next(i, n))
		if (p[i] != (unsigned char)(tag + i * 31))
			return 0;
	return 1;
}

int main(void)
{
	static unsigned char *blk[SLOTS];
	static size_t len[SLOTS];
	uint64_t s = 99;
	long allocs = 0, frees = 0, bad = 0;
	size_t peak = 0, live = 0;
	for (int round = 0; round < 4000; round++) {
		int k = (int)(rnd(&s) % SLOTS);
		if (blk[k]) {
			bad += !intact(blk[k], len[k], len[k], (unsigned)k);
			live -= len[k];
			if (rnd(&s) & 1) {
				free(blk[k]);
				blk[k] = NULL;
				frees++;
				continue;
			}
			/* realloc keeps the prefix */
			size_t nl = (size_t)(rnd(&s) % 3000) + 1;
			size_t keep = nl < len[k] ? nl : len[k];
			blk[k] = realloc(blk[k], nl);
			bad += !intact(blk[k], len[k], keep, (unsigned)k);
			len[k] = nl;
		} else {
			/* sizes: mostly small, some pages, a few over the mmap threshold */
			uint64_t r = rnd(&s) % 100;
			size_t n = r < 80 ? (size_t)(rnd(&s) % 256) + 1
			         : r < 98 ? (size_t)(rnd(&s) % 20000) + 1
			                  : (size_t)(rnd(&s) % 300000) + 131072;
			blk[k] = (r & 1) ? calloc(1, n) : malloc(n);
			if (r & 1)
				for (size_t i = 0; i < n; i += 61)
					bad += blk[k][i] != 0;
			len[k] = n;
			allocs++;
		}
		CHECK(blk[k] != NULL);
		CHECK(((uintptr_t)blk[k] & 15) == 0);
		fill(blk[k], len[k], (unsigned)k);
		live += len[k];
		if (live > peak)
			peak = live;
	}
	for (int k = 0; k < SLOTS; k++)
		if (blk[k]) {
			bad += !intact(blk[k], len[k], len[k], (unsigned)k);
			free(blk[k]);
			frees++;
		}
	printf("allocs %ld frees %ld peak live bytes %zu corrupted %ld\n", allocs, frees, peak, bad);
	CHECK(bad == 0);
	/* one big array grown by doubling */
	size_t n = 1;
	long *a = NULL;
	for (int i = 0; i < 18; i++, n *= 2) {
		a = realloc(a, n * sizeof *a);
		for (size_t j = n / 2; j < n; j++)
			a[j] = (long)(j * j);
	}
	long sum = 0;
	for (size_t j = 0; j < n / 2; j++)
		sum += a[j] % 1000;
	printf("grown to %zu longs, sum %ld\n", n / 2, sum);
	free(a);
	return corpus_done("heap");
}

/* malloc.c - the heap: brk for small blocks, mmap for large ones,
 * realloc and free, with every byte checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long fill(unsigned char *p, size_t n, unsigned seed)
{
	unsigned long sum = 0;
	for (size_t i = 0; i < n; i++) {
		p[i] = (unsigned char)(seed + i * 7);
		sum += p[i];
	}
	return sum;
}

static unsigned long check(const unsigned char *p, size_t n)
{
	unsigned long sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += p[i];
	return sum;
}

int main(void)
{
	static unsigned char *blocks[200];
	static size_t sizes[200];
	unsigned long want = 0, got = 0;
	for (int i = 0; i < 200; i++) {
		sizes[i] = (size_t)(i * 131 % 997) + 1;
		if (i % 50 == 0)
			sizes[i] = 300000 + (size_t)i * 1000;   /* mmap'd */
		blocks[i] = malloc(sizes[i]);
		if (!blocks[i]) {
			printf("malloc %zu failed\n", sizes[i]);
			return 1;
		}
		want += fill(blocks[i], sizes[i], (unsigned)i);
	}
	for (int i = 0; i < 200; i += 3) {
		blocks[i] = realloc(blocks[i], sizes[i] * 2);
		memset(blocks[i] + sizes[i], 0, sizes[i]);
	}
	for (int i = 0; i < 200; i++) {
		got += check(blocks[i], sizes[i]);
		free(blocks[i]);
	}
	char *big = calloc(4 << 20, 1);
	unsigned long zeros = big ? check((unsigned char *)big, 4 << 20) : 1;
	free(big);
	printf("sum %lu %s, calloc %s\n", got, got == want ? "ok" : "WRONG",
	       zeros == 0 ? "zeroed" : "WRONG");
	return 0;
}

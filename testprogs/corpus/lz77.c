/* lz77.c - an LZ77 compressor (hash-chain match finder over a 4 KB
 * window, tokens of literal runs and back-references) and its
 * decompressor, on 64 KB of generated text and on random bytes; the
 * round trip must be exact. */
#include <stdlib.h>
#include "text.h"

#define WINDOW 4096
#define MIN_MATCH 3
#define MAX_MATCH 258
#define HASH_BITS 12
#define CHAIN 16

/* Output: a flag byte, then a literal byte or (offset-1: 12 bits,
 * length-MIN_MATCH: 8 bits) in three bytes. */
static size_t compress(const unsigned char *in, size_t n, unsigned char *out)
{
	static int head[1 << HASH_BITS], prev[WINDOW];
	for (int i = 0; i < (1 << HASH_BITS); i++)
		head[i] = -1;
	size_t o = 0, i = 0;
	while (i < n) {
		size_t best = 0, best_off = 0;
		if (i + MIN_MATCH <= n) {
			unsigned h = (in[i] * 2654435761u ^ in[i + 1] * 40503u ^ in[i + 2]) & ((1 << HASH_BITS) - 1);
			int c = head[h];
			for (int k = 0; k < CHAIN && c >= 0 && i - (size_t)c <= WINDOW; k++) {
				size_t len = 0;
				while (len < MAX_MATCH && i + len < n && in[c + len] == in[i + len])
					len++;
				if (len > best) {
					best = len;
					best_off = i - (size_t)c;
				}
				int p = prev[c % WINDOW];
				c = p < c ? p : -1;
			}
			prev[i % WINDOW] = head[h];
			head[h] = (int)i;
		}
		if (best >= MIN_MATCH) {
			out[o++] = 1;
			out[o++] = (unsigned char)(best_off - 1);
			out[o++] = (unsigned char)((best_off - 1) >> 8);
			out[o++] = (unsigned char)(best - MIN_MATCH);
			/* the skipped positions go into the hash chains too */
			for (size_t j = 1; j < best && i + j + MIN_MATCH <= n; j++) {
				size_t q = i + j;
				unsigned h = (in[q] * 2654435761u ^ in[q + 1] * 40503u ^ in[q + 2]) & ((1 << HASH_BITS) - 1);
				prev[q % WINDOW] = head[h];
				head[h] = (int)q;
			}
			i += best;
		} else {
			out[o++] = 0;
			out[o++] = in[i++];
		}
	}
	return o;
}

static size_t decompress(const unsigned char *in, size_t n, unsigned char *out)
{
	size_t o = 0;
	for (size_t i = 0; i < n; ) {
		if (in[i++] == 0) {
			out[o++] = in[i++];
			continue;
		}
		size_t off = (size_t)in[i] + ((size_t)in[i + 1] << 8) + 1, len = (size_t)in[i + 2] + MIN_MATCH;
		i += 3;
		for (size_t k = 0; k < len; k++, o++)
			out[o] = out[o - off];   /* overlapping copies repeat the pattern */
	}
	return o;
}

static void trial(const char *what, const unsigned char *buf, size_t n)
{
	unsigned char *z = malloc(2 * n + 16), *back = malloc(n + MAX_MATCH);
	size_t zn = compress(buf, n, z);
	size_t bn = decompress(z, zn, back);
	int same = bn == n && !memcmp(buf, back, n);
	printf("%s: %zu -> %zu bytes (%.1f%%), compressed hash %016llx, round trip %s\n", what, n, zn,
	       100.0 * (double)zn / (double)n, (unsigned long long)fnv(FNV_INIT, z, zn), same ? "exact" : "WRONG");
	CHECK(same);
	free(z);
	free(back);
}

int main(void)
{
	static unsigned char buf[65536];
	size_t n = gen_text(buf, sizeof buf, 12345);
	trial("text", buf, n);
	uint64_t s = 77;
	for (size_t i = 0; i < 16384; i++)
		buf[i] = (unsigned char)rnd(&s);
	trial("random", buf, 16384);
	memset(buf, 'a', 10000);
	trial("run", buf, 10000);
	return corpus_done("lz77");
}

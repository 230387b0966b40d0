/* huffman.c - Huffman coding of generated text: symbol frequencies, a
 * code tree built with a deterministic tie-break, canonical code
 * lengths, bit-packed encoding and decoding back to the input. */
#include <stdlib.h>
#include "text.h"

struct node { long freq; int sym, left, right; };
static struct node nodes[512];
static int nnodes;

/* smallest frequency first; ties broken by the lower node index */
static int pick(int *alive, int n)
{
	int best = -1;
	for (int i = 0; i < n; i++)
		if (alive[i] && (best < 0 || nodes[i].freq < nodes[best].freq))
			best = i;
	alive[best] = 0;
	return best;
}

static void depths(int t, int d, int *len)
{
	if (nodes[t].sym >= 0) {
		len[nodes[t].sym] = d ? d : 1;
		return;
	}
	depths(nodes[t].left, d + 1, len);
	depths(nodes[t].right, d + 1, len);
}

int main(void)
{
	static unsigned char text[40000], back[40000], bits[40000];
	size_t n = gen_text(text, sizeof text, 555);
	long freq[256] = { 0 };
	for (size_t i = 0; i < n; i++)
		freq[text[i]]++;
	int alive[512] = { 0 }, leaves = 0;
	for (int c = 0; c < 256; c++)
		if (freq[c]) {
			nodes[nnodes] = (struct node){ freq[c], c, -1, -1 };
			alive[nnodes++] = 1;
			leaves++;
		}
	for (int k = 1; k < leaves; k++) {
		int a = pick(alive, nnodes), b = pick(alive, nnodes);
		nodes[nnodes] = (struct node){ nodes[a].freq + nodes[b].freq, -1, a, b };
		alive[nnodes++] = 1;
	}
	int len[256] = { 0 };
	depths(nnodes - 1, 0, len);

	/* canonical codes: in order of (length, symbol); FIRST[l] is the
	 * first code of length l, its symbols start at SORTED[START[l]] */
	unsigned code[256], first[33] = { 0 };
	int count[33] = { 0 }, start[33] = { 0 }, sorted[256], ns = 0;
	unsigned next = 0;
	for (int l = 1; l <= 32; l++) {
		first[l] = next;
		start[l] = ns;
		for (int c = 0; c < 256; c++)
			if (len[c] == l) {
				code[c] = next++;
				sorted[ns++] = c;
				count[l]++;
			}
		next <<= 1;
	}
	printf("%d symbols; lengths:", leaves);
	for (int c = 0; c < 256; c++)
		if (len[c])
			printf(" %c=%d", c == '\n' ? 'N' : c == ' ' ? '_' : c, len[c]);
	printf("\n");

	size_t nbits = 0;
	for (size_t i = 0; i < n; i++)
		for (int b = len[text[i]] - 1; b >= 0; b--, nbits++)
			if (code[text[i]] >> b & 1)
				bits[nbits / 8] |= (unsigned char)(1 << (nbits % 8));
	printf("%zu bytes -> %zu bits (%.3f bits/byte), hash %016llx\n", n, nbits, (double)nbits / (double)n,
	       (unsigned long long)fnv(FNV_INIT, bits, (nbits + 7) / 8));

	/* decode: extend the code a bit at a time until it falls among the
	 * codes of its length */
	size_t pos = 0, out = 0;
	while (pos < nbits) {
		unsigned c = 0;
		int l = 0;
		do {
			c = c << 1 | (bits[pos / 8] >> (pos % 8) & 1);
			pos++;
			l++;
		} while (c - first[l] >= (unsigned)count[l]);
		back[out++] = (unsigned char)sorted[start[l] + (int)(c - first[l])];
	}
	int same = out == n && !memcmp(text, back, n);
	printf("decoded %zu bytes: %s\n", out, same ? "exact" : "WRONG");
	CHECK(same);
	return corpus_done("huffman");
}

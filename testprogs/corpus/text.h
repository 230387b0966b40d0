/* text.h - generated English-like text, the input of the compression
 * programs: words drawn from a fixed list by the fixed-seed generator,
 * so it has the repetition real text has. */
#ifndef TEXT_H
#define TEXT_H
#include <string.h>
#include "corpus.h"

static inline size_t gen_text(unsigned char *out, size_t n, uint64_t seed)
{
	static const char *words[] = {
		"the", "alpha", "processor", "issues", "four", "instructions", "per", "cycle",
		"and", "its", "cache", "is", "direct", "mapped", "with", "a", "write", "buffer",
		"of", "six", "entries", "profile", "samples", "show", "where", "time", "goes",
	};
	size_t len = 0;
	while (len < n) {
		const char *w = words[rnd(&seed) % (sizeof words / sizeof words[0])];
		for (; *w && len < n; w++)
			out[len++] = (unsigned char)*w;
		if (len < n)
			out[len++] = rnd(&seed) % 11 ? ' ' : '\n';
	}
	return len;
}
#endif

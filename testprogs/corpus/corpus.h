/* corpus.h - what every corpus program shares: a checksum for results
 * too big to print, and CHECK, which reports a failed self-check by line
 * and makes the program's exit status 1 (see corpus_done). */
#ifndef CORPUS_H
#define CORPUS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FNV_INIT 0xcbf29ce484222325ULL

/* FNV-1a, 64 bit: folds N bytes into H (start with FNV_INIT). */
static inline uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

/* A fixed-seed generator (xorshift64), so generated data is the same
 * on every run and every machine. */
static inline uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int corpus_fails;
#define CHECK(cond) corpus_check((cond) != 0, #cond, __LINE__)
static inline void corpus_check(int ok, const char *what, int line)
{
	if (!ok) {
		printf("CHECK FAILED at line %d: %s\n", line, what);
		corpus_fails++;
	}
}
/* The last line and the exit status: "NAME: ok" and 0, or the number
 * of failed checks and 1. */
static inline int corpus_done(const char *name)
{
	if (corpus_fails)
		printf("%s: %d check(s) FAILED\n", name, corpus_fails);
	else
		printf("%s: ok\n", name);
	return corpus_fails != 0;
}
#endif

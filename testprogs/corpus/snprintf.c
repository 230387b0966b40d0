/* snprintf.c - snprintf truncation and return values, vsnprintf through
 * a varargs wrapper, asprintf, and building a long string piecewise. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

static int fmt(char *buf, size_t n, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int r = vsnprintf(buf, n, f, ap);
	va_end(ap);
	return r;
}

int main(void)
{
	char buf[16];
	for (size_t size = 0; size <= 12; size += 3) {
		memset(buf, '#', sizeof buf);
		int r = fmt(buf, size, "%s-%d", "abcdef", 12345);
		buf[15] = 0;
		printf("size %2zu -> ret %d buf '%s'\n", size, r, size ? buf : "(untouched)");
		CHECK(r == 12);
	}
	int r = fmt(buf, sizeof buf, "%05.1f|%x", 3.14159, 255);
	printf("vsnprintf %d '%s'\n", r, buf);
	char *p;
	r = asprintf(&p, "%s %d %.2e", "asprintf", -7, 12345.678);
	printf("asprintf %d '%s'\n", r, p);
	free(p);
	/* grow a string with snprintf appends until it is 20000 bytes */
	size_t cap = 64, len = 0;
	char *s = malloc(cap);
	for (int i = 0; len < 20000; i++) {
		int need = snprintf(s + len, cap - len, "<%d:%o>", i, i * i);
		if ((size_t)need >= cap - len) {
			cap *= 2;
			s = realloc(s, cap);
			i--;
			continue;
		}
		len += (size_t)need;
	}
	printf("built %zu bytes, cap %zu, hash %016llx, tail '%s'\n", len, cap,
	       (unsigned long long)fnv(FNV_INIT, s, len), s + len - 16);
	CHECK(strlen(s) == len);
	free(s);
	return corpus_done("snprintf");
}

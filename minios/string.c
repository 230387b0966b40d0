/*
 * string.c - the string functions the kernel uses (the memory ones are
 * in mem.c and its division in udiv.c, both shared with the bare-metal
 * test runtime).
 */
#include "minios/defs.h"

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b || !*a)
			return (unsigned char)*a - (unsigned char)*b;
	return 0;
}

/* Copy with truncation to n bytes, always terminated; the source length. */
size_t strlcpy(char *d, const char *s, size_t n)
{
	size_t len = strlen(s);
	if (n) {
		size_t k = len < n ? len : n - 1;
		memcpy(d, s, k);
		d[k] = 0;
	}
	return len;
}

/*
 * string.c - the string functions the kernel uses (the memory ones are
 * in mem.c, shared with the bare-metal test runtime), and udiv: the
 * kernel's one division by a variable, since Alpha has no divide
 * instruction and the kernel links no division helpers.
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

/* n / d and n % d by shift and subtract (d != 0). */
uint64_t udiv(uint64_t n, uint64_t d, uint64_t *rem)
{
	uint64_t q = 0, r = 0;
	for (int i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1);
		if (r >= d) {
			r -= d;
			q |= 1ull << i;
		}
	}
	if (rem)
		*rem = r;
	return q;
}

/*
 * string.c - the string and memory functions the kernel uses (and those
 * GCC may call by itself even in freestanding code: ISO C 4p6, GCC's
 * -ffreestanding documentation), and udiv: the kernel's one division by
 * a variable, since Alpha has no divide instruction and the kernel links
 * no division helpers.
 */
#include "minios/defs.h"

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;
	if (!((uint64_t)p & 7) && !(n & 7)) {
		uint64_t v = (unsigned char)c * 0x0101010101010101ull, *q = d;
		for (; n >= 32; n -= 32, q += 4)
			q[0] = q[1] = q[2] = q[3] = v;
		for (; n; n -= 8)
			*q++ = v;
		return d;
	}
	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	if (!(((uint64_t)d | (uint64_t)s | n) & 7)) {
		uint64_t *p = d;
		const uint64_t *q = s;
		for (; n; n -= 8)
			*p++ = *q++;
		return d;
	}
	unsigned char *p = d;
	const unsigned char *q = s;
	while (n--)
		*p++ = *q++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;
	if (p < q)
		while (n--)
			*p++ = *q++;
	else
		while (n--)
			p[n] = q[n];
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

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

/*
 * mem.c - memset, memcpy, memmove and memcmp for freestanding guest code:
 * the functions GCC may call by itself even with -ffreestanding (ISO C
 * 4p6 and GCC's documentation).  One copy, compiled into the minios
 * kernel and into the bare-metal test runtime (testprogs/local.mk).
 * Aligned whole-quadword cases go a quadword at a time.
 */
#include <stddef.h>
#include <stdint.h>

void *memset(void *d, int c, size_t n);
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);

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

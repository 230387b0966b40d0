/*
 * pbwire.c - the protocol buffers wire format (analysis/report/pbwire.h).
 */
#include "analysis/report/pbwire.h"
#include <stdlib.h>
#include <string.h>

enum { WIRE_VARINT = 0, WIRE_LEN = 2 };

void pb_free(struct pbuf *p)
{
	free(p->b);
	memset(p, 0, sizeof *p);
}

void pb_raw(struct pbuf *p, const void *data, size_t len)
{
	if (p->oom || !len)
		return;
	if (p->n + len > p->cap) {
		size_t cap = p->cap ? p->cap : 256;
		while (cap < p->n + len)
			cap *= 2;
		unsigned char *b = realloc(p->b, cap);
		if (!b) {
			p->oom = true;
			return;
		}
		p->b = b;
		p->cap = cap;
	}
	memcpy(p->b + p->n, data, len);
	p->n += len;
}

void pb_varint(struct pbuf *p, uint64_t v)
{
	unsigned char b[10];
	size_t n = 0;
	do {
		b[n] = (unsigned char)(v & 0x7f);
		v >>= 7;
		b[n++] |= v ? 0x80 : 0;
	} while (v);
	pb_raw(p, b, n);
}

static void key(struct pbuf *p, unsigned f, unsigned wire)
{
	pb_varint(p, (uint64_t)f << 3 | wire);
}

void pb_uint(struct pbuf *p, unsigned f, uint64_t v)
{
	key(p, f, WIRE_VARINT);
	pb_varint(p, v);
}

void pb_bytes(struct pbuf *p, unsigned f, const void *data, size_t len)
{
	key(p, f, WIRE_LEN);
	pb_varint(p, len);
	pb_raw(p, data, len);
}

void pb_packed(struct pbuf *p, unsigned f, const uint64_t *v, size_t n)
{
	struct pbuf m = { 0 };
	for (size_t i = 0; i < n; i++)
		pb_varint(&m, v[i]);
	if (m.oom)
		p->oom = true;
	else if (n)
		pb_msg(p, f, &m);
	pb_free(&m);
}

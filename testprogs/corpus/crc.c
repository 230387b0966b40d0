/* crc.c - checksums over 256 KB of generated data: CRC-32 (table
 * driven, and bit by bit on a prefix to cross-check), Adler-32 and
 * Fletcher-64, plus the CRC-32 check value of "123456789". */
#include <string.h>
#include "corpus.h"

static uint32_t table[256];

static void make_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
}
static uint32_t crc32(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < n; i++)
		c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
	return ~c;
}
static uint32_t crc32_bits(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & -(c & 1));
	}
	return ~c;
}
static uint32_t adler32(const unsigned char *p, size_t n)
{
	uint32_t a = 1, b = 0;
	for (size_t i = 0; i < n; i++) {
		a = (a + p[i]) % 65521;
		b = (b + a) % 65521;
	}
	return b << 16 | a;
}
static uint64_t fletcher64(const unsigned char *p, size_t n)
{
	uint64_t a = 0, b = 0;
	for (size_t i = 0; i + 4 <= n; i += 4) {
		uint32_t w;
		memcpy(&w, p + i, 4);
		a = (a + w) % 0xffffffffu;
		b = (b + a) % 0xffffffffu;
	}
	return b << 32 | a;
}

int main(void)
{
	static unsigned char buf[256 * 1024];
	uint64_t s = 0xfeedface;
	for (size_t i = 0; i < sizeof buf; i += 8) {
		uint64_t v = rnd(&s);
		memcpy(buf + i, &v, 8);
	}
	make_table();
	uint32_t check = crc32((const unsigned char *)"123456789", 9);
	printf("crc32(\"123456789\") = %08x (want cbf43926)\n", check);
	CHECK(check == 0xcbf43926u);
	printf("crc32 %08x adler32 %08x fletcher64 %016llx\n", crc32(buf, sizeof buf), adler32(buf, sizeof buf),
	       (unsigned long long)fletcher64(buf, sizeof buf));
	uint32_t t = crc32(buf, 4096), bits = crc32_bits(buf, 4096);
	printf("4 KB prefix: table %08x bitwise %08x\n", t, bits);
	CHECK(t == bits);
	/* a one-bit change changes the CRC */
	buf[1000] ^= 0x10;
	printf("after flipping one bit: %08x\n", crc32(buf, sizeof buf));
	return corpus_done("crc");
}

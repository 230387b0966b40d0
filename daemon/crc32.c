/*
 * crc32.c - CRC-32, reflected polynomial 0xedb88320, initial value and
 * final XOR all ones (ISO 3309, ITU-T V.42), one table lookup per byte.
 */
#include "daemon/crc32.h"

static uint32_t table[256];

/* Built on first use rather than written out: 256 entries derived from
 * the polynomial are easier to trust than 256 typed constants. */
static void table_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
}

uint32_t crc32_update(uint32_t crc, const void *p, size_t n)
{
	if (!table[1])
		table_init();
	const unsigned char *b = p;
	crc = ~crc;
	while (n--)
		crc = table[(crc ^ *b++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

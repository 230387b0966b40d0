/*
 * int.c - integer-heavy benchmark: a hash mixing loop (adds, shifts,
 * multiplies, logic) with no memory traffic beyond the stack.
 */
#include "tio.h"

int main(void)
{
	unsigned long h = 0x9e3779b97f4a7c15ul, acc = 0;
	for (unsigned long i = 0; i < 12000000; i++) {
		h ^= h >> 31;
		h *= 0xbf58476d1ce4e5b9ul;
		h ^= h << 7;
		acc += (h & 0xffff) + (i ^ (h >> 48));
	}
	tio_printf("int: %016lx\n", acc ^ h);
	return 0;
}

/* unaligned.c - unaligned loads and stores of every integer size: the
 * 21164 traps on them, and the kernel completes them for the program. */
#include <stdio.h>
#include <string.h>

int main(void)
{
	static unsigned char buf[64];
	for (int i = 0; i < 64; i++)
		buf[i] = (unsigned char)(i * 11 + 3);
	unsigned long sum = 0;
	for (int off = 1; off < 8; off++) {
		volatile unsigned long *q = (volatile unsigned long *)(buf + off);
		volatile int *l = (volatile int *)(buf + 16 + off);
		volatile unsigned short *w = (volatile unsigned short *)(buf + 33 + 2 * off);
		sum += *q + (unsigned long)*l + *w;
		*q = sum;
		*l = (int)sum;
		printf("off %d: %016lx %08x %04x\n", off, *q, (unsigned)*l, *w);
	}
	printf("sum %lx\n", sum);
	return 0;
}

/*
 * libc_sort.c - a program that spends most of its time in the C
 * library: it sorts an array of short strings with qsort and strcmp,
 * again and again, and copies them with memcpy.  tests/export.sh builds
 * it as a user builds a program (alpha-linux-gnu-gcc -O2: dynamic) to
 * see the samples of libc.so.6.1 and of the program exported.
 * Usage: libc_sort [ROUNDS]  (default 20); prints a checksum.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 512

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	static char buf[N][16];
	static char *p[N];
	long rounds = argc > 1 ? atol(argv[1]) : 20;
	unsigned x = 12345, sum = 0;
	for (long r = 0; r < rounds; r++) {
		for (int i = 0; i < N; i++) {
			char w[16];
			for (int k = 0; k < 12; k++) {
				x = x * 1103515245u + 12345u;
				w[k] = (char)('a' + (x >> 16) % 4);
			}
			w[12] = 0;
			memcpy(buf[i], w, sizeof w);
			p[i] = buf[i];
		}
		qsort(p, N, sizeof *p, cmp);
		sum = sum * 31 + (unsigned char)p[N / 2][0] + (unsigned)strlen(p[0]);
	}
	printf("%u\n", sum);
	return 0;
}

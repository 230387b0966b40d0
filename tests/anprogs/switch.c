/*
 * switch.c - tests/test_image's program, built as a user builds one
 * (alpha-linux-gnu-gcc -O2): a dense switch GCC turns into a jump table
 * (each case returns its own constant, 1001 to 1008), a call inside a
 * case (the division is a call to libgcc's __divq), and a loop.
 */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long pick(long x, long y)
{
	switch (x) {
	case 0: return y + 1001;
	case 1: return y * 1002;
	case 2: return y - 1003;
	case 3: return y ^ 1004;
	case 4: return (y << 3) + 1005;
	case 5: return y / 1006;
	case 6: return y + 1007 * (y & 1);
	case 7: return 1008 - y;
	default: return 0;
	}
}

int main(int argc, char **argv)
{
	long s = 0, n = argc > 1 ? atol(argv[1]) : 100;
	for (long i = 0; i < n; i++)
		s += pick(i & 7, i);
	printf("%ld\n", s);
	return 0;
}

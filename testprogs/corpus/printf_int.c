/* printf_int.c - integer conversions of printf: every length modifier,
 * flag, width and precision on edge values. */
#include <inttypes.h>
#include <limits.h>
#include <string.h>
#include "corpus.h"

int main(void)
{
	static const long long vals[] = {
		0, 1, -1, 7, -42, 255, 256, 32767, -32768, 65535, INT_MAX, INT_MIN,
		UINT_MAX, 1234567890123LL, LLONG_MAX, LLONG_MIN,
	};
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		long long v = vals[i];
		printf("[%d] [%5d] [%-5d|] [%+d] [% d] [%05d] [%.3d]\n", (int)v, (int)v,
		       (int)v, (int)v, (int)v, (int)v, (int)v);
		printf("  [%lld] [%llu] [%llx] [%#llX] [%llo] [%#llo]\n", v,
		       (unsigned long long)v, (unsigned long long)v, (unsigned long long)v,
		       (unsigned long long)v, (unsigned long long)v);
		printf("  [%hd] [%hhd] [%hu] [%hhu] [%ld] [%zd] [%jd]\n", (short)v,
		       (signed char)v, (unsigned short)v, (unsigned char)v, (long)v,
		       (ssize_t)v, (intmax_t)v);
	}
	printf("[%*d] [%-*d] [%.*d]\n", 8, 123, 8, 123, 6, 123);
	printf("[%c%c%c] [%%] [%5c] [%-3c|]\n", 'a', 'b', 'c', 'z', 'q');
	printf("[%s] [%10s] [%-10s|] [%.3s] [%10.2s]\n", "str", "right", "left", "truncate", "xy");
	printf("[%" PRIu64 "] [%" PRIx32 "] [%" PRId16 "]\n", UINT64_MAX, (uint32_t)0xdeadbeef, (int16_t)-5);
	int n1, n2;
	printf("abc%nde%n\n", &n1, &n2);
	printf("%%n: %d %d\n", n1, n2);
	CHECK(n1 == 3 && n2 == 5);
	/* a table: powers of 3 with thousands of rows into a hash */
	char buf[128];
	uint64_t h = FNV_INIT, p = 1;
	for (int i = 0; i < 2000; i++) {
		int len = snprintf(buf, sizeof buf, "%d:%llu:%llx:%-12lld|", i,
				   (unsigned long long)p, (unsigned long long)p, (long long)(p * 7) - 5000);
		h = fnv(h, buf, (size_t)len);
		p = p * 3 + (uint64_t)i;
	}
	printf("table hash %016llx\n", (unsigned long long)h);
	return corpus_done("printf_int");
}

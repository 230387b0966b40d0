/* strto.c - number parsing: strtol/strtoul/strtoll in bases 0, 2, 8,
 * 16 and 36 with end pointers and ERANGE, strtod on decimal, hex,
 * subnormal, overflowing and special inputs, atoi and atof. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include "corpus.h"

int main(void)
{
	static const struct { const char *s; int base; } li[] = {
		{ "12345", 10 }, { "  -42xyz", 10 }, { "0x1f", 0 }, { "0755", 0 }, { "1010", 2 },
		{ "zz", 36 }, { "+17", 8 }, { "9223372036854775807", 10 }, { "9223372036854775808", 10 },
		{ "-9223372036854775809", 10 }, { "", 10 }, { "abc", 10 }, { "0x", 16 }, { "  0", 0 },
	};
	for (size_t i = 0; i < sizeof li / sizeof li[0]; i++) {
		char *end;
		errno = 0;
		long v = strtol(li[i].s, &end, li[i].base);
		int e = errno;
		printf("strtol('%s', %d) = %ld, consumed %td, %s\n", li[i].s, li[i].base, v, end - li[i].s,
		       e == ERANGE ? "ERANGE" : e ? "other error" : "ok");
	}
	char *end;
	errno = 0;
	unsigned long u = strtoul("-1", &end, 10);
	printf("strtoul('-1') = %lu (wraps), errno %d\n", u, errno);
	errno = 0;
	u = strtoul("18446744073709551616", &end, 10);
	printf("strtoul overflow = %lu %s\n", u, errno == ERANGE ? "ERANGE" : "?");
	printf("strtoll %lld strtoull %llu\n", strtoll("-777", NULL, 8), strtoull("ffffffffffffffff", NULL, 16));

	static const char *ds[] = { "3.14159", "-0.0", "1e308", "1e309", "-1e309", "2.2250738585072014e-308",
				    "4.9e-324", "1e-400", "0x1.8p3", "0x.1p-2", "inf", "-Infinity", "nan", "  .5e1x",
				    "123456789012345678901234567890", "0.1e-5", "1.7976931348623157e308", "e5" };
	for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
		errno = 0;
		double d = strtod(ds[i], &end);
		int e = errno;
		printf("strtod('%s') = %.17g %a, consumed %td%s\n", ds[i], d, d, end - ds[i], e == ERANGE ? ", ERANGE" : "");
	}
	printf("strtof('1.1') = %.9g\n", (double)strtof("1.1", NULL));
	printf("atoi %d %d atol %ld atof %g\n", atoi("  -123abc"), atoi("x"), atol("99999999999"), atof("2.5e-3"));
	/* many integers round-trip through text */
	uint64_t s = 5, sum = 0;
	int bad = 0;
	char buf[32];
	for (int i = 0; i < 5000; i++) {
		long v = (long)rnd(&s);
		snprintf(buf, sizeof buf, "%ld", v);
		bad += strtol(buf, NULL, 10) != v;
		snprintf(buf, sizeof buf, "%lx", (unsigned long)v);
		bad += strtoul(buf, NULL, 16) != (unsigned long)v;
		sum += (uint64_t)v;
	}
	printf("round trips: %d bad, sum %llx\n", bad, (unsigned long long)sum);
	CHECK(bad == 0);
	return corpus_done("strto");
}

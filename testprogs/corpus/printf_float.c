/* printf_float.c - %f %e %g %a of doubles: rounding, exponents,
 * subnormals, infinities and NaN, and shortest-digit round trips. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

int main(void)
{
	static const double vals[] = {
		0.0, -0.0, 1.0, -1.5, 0.1, 2.5, 3.5, 1e-5, 123456.789, 1e21, 1e-300,
		DBL_MAX, DBL_MIN, 4.9406564584124654e-324, M_PI, -M_E, 1.0 / 3.0, 0.125,
		9.999999, 0.5e-7,
	};
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		double v = vals[i];
		printf("%f|%.0f|%.2f|%12.4f|%-12.3e|%e|%g|%.17g|%a\n", v, v, v, v, v, v, v, v, v);
	}
	printf("%f %f %f %e %g\n", INFINITY, -INFINITY, NAN, INFINITY, -NAN);
	printf("%+.3f % .3f %08.2f %#.0f %#g\n", 2.0, 2.0, -3.14159, 5.0, 1.0);
	printf("float args: %f %g\n", (double)1.1f, (double)(float)M_PI);
	printf("long double: %Lf %Lg\n", (long double)2.5, (long double)1e10);
	/* round trip: %.17g then strtod gives the same bits */
	uint64_t s = 42, h = FNV_INIT;
	int bad = 0;
	char buf[64];
	for (int i = 0; i < 3000; i++) {
		uint64_t bits = rnd(&s);
		double d;
		bits &= ~(0x7ffULL << 52) | ((bits >> 1) & (0x3ffULL << 52)); /* keep finite */
		__builtin_memcpy(&d, &bits, sizeof d);
		int n = snprintf(buf, sizeof buf, "%.17g", d);
		double back = strtod(buf, NULL);
		bad += memcmp(&back, &d, sizeof d) != 0;
		h = fnv(h, buf, (size_t)n);
	}
	printf("round trip hash %016llx bad %d\n", (unsigned long long)h, bad);
	CHECK(bad == 0);
	return corpus_done("printf_float");
}

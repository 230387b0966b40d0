/* math_exp.c - exp, log, pow, sqrt, cbrt, hypot, fmod and rounding from
 * libm, printed with %.10g, with checks of their identities. */
#include <math.h>
#include "corpus.h"

int main(void)
{
	static const double xs[] = { 1e-10, 0.001, 0.5, 1, 2, M_E, 10, 100, 1234.5, 1e100 };
	for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
		double x = xs[i];
		printf("x=%-8g log %.10g log10 %.10g log2 %.10g sqrt %.10g cbrt %.10g\n", x,
		       log(x), log10(x), log2(x), sqrt(x), cbrt(x));
	}
	for (int i = -10; i <= 10; i += 2)
		printf("exp(%d) %.10g expm1 %.10g exp2 %.10g\n", i, exp(i), expm1(i / 10.0), exp2(i));
	printf("pow: %.10g %.10g %.10g %.10g %.10g\n", pow(2, 0.5), pow(10, -3), pow(-8, 1.0 / 3),
	       pow(1.0001, 10000), pow(0, 0));
	printf("hypot %.10g fmod %.10g remainder %.10g\n", hypot(3, 4), fmod(10.5, 3), remainder(10.5, 3));
	printf("round: %g %g %g %g %g %g\n", floor(-2.5), ceil(-2.5), round(-2.5), trunc(-2.7),
	       rint(2.5), nearbyint(3.5));
	printf("special: %g %g %g %g\n", log(0), sqrt(-1), exp(1000), exp(-1000));
	double m = 0;
	for (int i = 1; i < 5000; i++) {
		double x = i * 0.37;
		double e = fabs(log(exp(x / 100)) - x / 100) + fabs(sqrt(x) * sqrt(x) - x) / x;
		if (e > m)
			m = e;
	}
	printf("identity max error %.3g\n", m);
	CHECK(m < 1e-14);
	CHECK(sqrt(2) * sqrt(2) - 2 < 1e-15);
	return corpus_done("math_exp");
}

/* math_trig.c - libm's trigonometric and hyperbolic functions on a grid
 * of arguments, printed with %.10g, and identities they must satisfy. */
#include <math.h>
#include "corpus.h"

int main(void)
{
	double maxerr = 0;
	for (int i = -12; i <= 12; i++) {
		double x = i * 0.4;
		printf("x=%-5g sin %.10g cos %.10g tan %.10g atan %.10g\n", x, sin(x), cos(x),
		       tan(x), atan(x));
		double e = fabs(sin(x) * sin(x) + cos(x) * cos(x) - 1);
		if (e > maxerr)
			maxerr = e;
	}
	for (int i = 0; i <= 8; i++) {
		double x = -1 + i * 0.25;
		printf("x=%-5g asin %.10g acos %.10g sinh %.10g cosh %.10g tanh %.10g\n", x,
		       asin(x), acos(x), sinh(x), cosh(x), tanh(x));
	}
	for (int q = 0; q < 8; q++) {
		double a = q * M_PI / 4;
		printf("atan2 q%d %.10g\n", q, atan2(sin(a), cos(a)));
	}
	printf("large: sin(1e6) %.10g cos(1e22) %.10g\n", sin(1e6), cos(1e22));
	printf("identity max error %.3g\n", maxerr);
	CHECK(maxerr < 1e-15);
	/* sum over many arguments: exercises the range reduction paths */
	double s = 0;
	for (int i = 0; i < 20000; i++)
		s += sin(i * 0.7) * cos(i * 0.3);
	printf("sum %.10g\n", s);
	return corpus_done("math_trig");
}

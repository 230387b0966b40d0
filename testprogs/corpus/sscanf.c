/* sscanf.c - sscanf conversions: integers in every base, floats,
 * strings, scansets, %n, field widths, and the counts it returns. */
#include <string.h>
#include "corpus.h"

int main(void)
{
	int a, b, n;
	unsigned u;
	long l;
	double d;
	float f;
	char s[32], t[32];
	n = sscanf("  42 -17", "%d %d", &a, &b);
	printf("ints: n=%d %d %d\n", n, a, b);
	n = sscanf("0x1F 0755 ff", "%i %i %x", &a, &b, &u);
	printf("bases: n=%d %d %d %u\n", n, a, b, u);
	n = sscanf("3.25e2 -0.5 inf", "%lf %f %s", &d, &f, s);
	printf("floats: n=%d %g %g '%s'\n", n, d, (double)f, s);
	n = sscanf("name=alphasim;ver=21164", "name=%31[^;];ver=%ld", s, &l);
	printf("scanset: n=%d '%s' %ld\n", n, s, l);
	n = sscanf("abcdef", "%3s%2s", s, t);
	printf("widths: n=%d '%s' '%s'\n", n, s, t);
	n = sscanf("12 apples", "%d %n", &a, &b);
	printf("%%n: n=%d a=%d consumed=%d rest='%s'\n", n, a, b, "12 apples" + b);
	n = sscanf("x12", "%d", &a);
	printf("mismatch: n=%d\n", n);
	n = sscanf("", "%d", &a);
	printf("empty: n=%d\n", n);
	CHECK(n == -1);
	int y, mo, dd, mi, se;
	n = sscanf("2024-03-15 07:08:09", "%d-%d-%d %*d:%d:%d", &y, &mo, &dd, &mi, &se);
	printf("date: n=%d %d %d %d %d %d\n", n, y, mo, dd, mi, se);
	/* parse a generated table back */
	char line[64];
	long sum = 0;
	double fsum = 0;
	int rows = 0;
	for (int i = 0; i < 500; i++) {
		snprintf(line, sizeof line, "row %d: %x, %.3f;", i, i * 37, i / 8.0);
		int r, h;
		double v;
		if (sscanf(line, "row %d: %x, %lf;", &r, &h, &v) == 3 && r == i && h == i * 37) {
			rows++;
			sum += h;
			fsum += v;
		}
	}
	printf("table: rows %d sum %ld fsum %.3f\n", rows, sum, fsum);
	CHECK(rows == 500);
	return corpus_done("sscanf");
}

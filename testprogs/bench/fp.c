/*
 * fp.c - floating-point benchmark: double-precision matrix multiply
 * (96x96, repeated) and a polynomial evaluation loop.
 */
#include "tio.h"

#define M 96
static double a[M][M], b[M][M], c[M][M];

int main(void)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++) {
			a[i][j] = (i + 1) * 0.5 + j;
			b[i][j] = (j + 1) * 0.25 - i;
		}
	for (int rep = 0; rep < 10; rep++)
		for (int i = 0; i < M; i++)
			for (int j = 0; j < M; j++) {
				double s = 0;
				for (int k = 0; k < M; k++)
					s += a[i][k] * b[k][j];
				c[i][j] = s + rep;
			}
	double y = 0;
	for (int i = 0; i < 2000000; i++) {
		double t = i * 1e-6;
		y += ((0.5 * t + 0.25) * t + 0.125) * t;
	}
	tio_printf("fp: %ld %ld\n", (long)c[M / 2][M / 3], (long)y);
	return 0;
}

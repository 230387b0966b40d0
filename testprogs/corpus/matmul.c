/* matmul.c - double-precision matrix multiply, 64x64: the naive i-j-k
 * loop, the i-k-j loop (the same sums in the same order, so the same
 * bits) and a blocked version (a different order: close, not equal);
 * then a check against A*(B*x) computed with vectors. */
#include <math.h>
#include "corpus.h"

#define N 64
#define BS 16
static double a[N][N], b[N][N], c1[N][N], c2[N][N], c3[N][N];

int main(void)
{
	uint64_t s = 31337;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			a[i][j] = (double)(rnd(&s) % 2001) / 1000.0 - 1.0;
			b[i][j] = (double)(rnd(&s) % 2001) / 500.0 - 2.0;
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double t = 0;
			for (int k = 0; k < N; k++)
				t += a[i][k] * b[k][j];
			c1[i][j] = t;
		}
	for (int i = 0; i < N; i++)
		for (int k = 0; k < N; k++)
			for (int j = 0; j < N; j++)
				c2[i][j] += a[i][k] * b[k][j];
	for (int ii = 0; ii < N; ii += BS)
		for (int kk = 0; kk < N; kk += BS)
			for (int jj = 0; jj < N; jj += BS)
				for (int i = ii; i < ii + BS; i++)
					for (int k = kk; k < kk + BS; k++)
						for (int j = jj; j < jj + BS; j++)
							c3[i][j] += a[i][k] * b[k][j];
	double sum = 0, trace = 0, maxdiff = 0;
	int same = 1;
	for (int i = 0; i < N; i++) {
		trace += c1[i][i];
		for (int j = 0; j < N; j++) {
			sum += c1[i][j];
			same &= c1[i][j] == c2[i][j];
			double d = fabs(c1[i][j] - c3[i][j]);
			if (d > maxdiff)
				maxdiff = d;
		}
	}
	printf("sum %.10g trace %.10g c[3][7] %.17g\n", sum, trace, c1[3][7]);
	printf("bits hash %016llx\n", (unsigned long long)fnv(FNV_INIT, c1, sizeof c1));
	printf("i-k-j identical %d, blocked max difference below 1e-12: %d\n", same, maxdiff < 1e-12);
	CHECK(same && maxdiff < 1e-12);
	/* (A*B)*x against A*(B*x) */
	double x[N], bx[N], abx[N], cx[N], err = 0;
	for (int i = 0; i < N; i++)
		x[i] = 1.0 / (i + 1);
	for (int i = 0; i < N; i++) {
		bx[i] = cx[i] = 0;
		for (int k = 0; k < N; k++) {
			bx[i] += b[i][k] * x[k];
			cx[i] += c1[i][k] * x[k];
		}
	}
	for (int i = 0; i < N; i++) {
		abx[i] = 0;
		for (int k = 0; k < N; k++)
			abx[i] += a[i][k] * bx[k];
		err = fmax(err, fabs(abx[i] - cx[i]));
	}
	printf("associativity error below 1e-10: %d\n", err < 1e-10);
	CHECK(err < 1e-10);
	return corpus_done("matmul");
}

/*
 * loops.c - a loop-heavy workload long enough for DCPI's steady state
 * (tests/bench_dcpi.sh, docs/performance.md "DCPI overhead"): the
 * paper's aggregation and overhead figures (its sections 4 and 5) are
 * for long runs of programs whose time goes to a few hot loops, where
 * dcpid's fixed start-up and write costs are amortised.  demo.lnx runs
 * ~30 M cycles; a round of this takes about 28 M.
 *
 * Usage: loops [ROUNDS]   (default 10).  Each round: a dot product, a
 * byte histogram and an integer matrix product, over data that stays in
 * the caches; prints one checksum so a wrong answer is visible.
 */
#include <stdio.h>
#include <stdlib.h>

#define N_VEC 4096
#define N_MAT 48

static double x[N_VEC], y[N_VEC];
static unsigned char text[N_VEC];
static long a[N_MAT][N_MAT], b[N_MAT][N_MAT], c[N_MAT][N_MAT];

static double dot(int reps)
{
	double s = 0;
	for (int r = 0; r < reps; r++)
		for (int i = 0; i < N_VEC; i++)
			s += x[i] * y[i];
	return s;
}

static unsigned long histogram(int reps)
{
	unsigned long count[256] = { 0 }, h = 0;
	for (int r = 0; r < reps; r++)
		for (int i = 0; i < N_VEC; i++)
			count[text[i]]++;
	for (int i = 0; i < 256; i++)
		h = h * 31 + count[i];
	return h;
}

static long matmul(void)
{
	long t = 0;
	for (int i = 0; i < N_MAT; i++)
		for (int j = 0; j < N_MAT; j++) {
			long s = 0;
			for (int k = 0; k < N_MAT; k++)
				s += a[i][k] * b[k][j];
			c[i][j] = s;
			t += s;
		}
	return t;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 10;
	if (argc > 2 || rounds < 1) {
		fprintf(stderr, "usage: loops [ROUNDS]\n");
		return 2;
	}
	unsigned long seed = 12345;
	for (int i = 0; i < N_VEC; i++) {
		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		x[i] = (double)(seed >> 44) / 1048576.0;
		y[i] = (double)((seed >> 20) & 0xfffff) / 1048576.0;
		text[i] = (unsigned char)(seed >> 56);
	}
	for (int i = 0; i < N_MAT; i++)
		for (int j = 0; j < N_MAT; j++) {
			a[i][j] = (i * 7 + j) % 13;
			b[i][j] = (i + j * 5) % 11;
		}
	double d = 0;
	unsigned long h = 0;
	long m = 0;
	for (long r = 0; r < rounds; r++) {
		d += dot(200);
		h += histogram(100);
		for (int k = 0; k < 4; k++)
			m += matmul();
	}
	printf("loops: %ld rounds, dot %.3f, histogram %lx, matmul %ld\n", rounds, d, h, m);
	return 0;
}

/*
 * spread.c - a workload that puts the DCPI driver under buffer pressure
 * (tests/dcpi_pressure.sh; docs/dcpi.md, "Conservation"): its time is
 * spread over some 30,000 distinct instructions, 6,144 straight-line
 * statements of about five instructions each, so that nearly every
 * sample is a new (PC, event) for a hash table of 4,096 entries per CPU.
 * The table evicts at almost every sample, the overflow buffers fill
 * every couple of thousand samples, and with short periods they fill
 * faster than dcpid empties them, so samples are dropped.  A loop, by
 * contrast, hits its few entries and never evicts.
 *
 * Usage: spread [ROUNDS [THREADS]]   (default 10 rounds, 1 thread).
 * Each of THREADS threads (1 to 8) runs the statements ROUNDS times on
 * its own array; the program prints one checksum, the same for any
 * number of threads, so that a wrong answer is visible.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4099                        /* prime: the indices below differ */
#define MAX_THREADS 8

static long x[MAX_THREADS][N], y[N];
static long rounds;

/* One statement per i, each its own instructions (constant indices:
 * two loads, a multiply, an add and a store). */
#define S(i) x_[(i) * 7 % N] += y[(i) * 13 % N] * k;
#define S4(i) S(i) S((i) + 1) S((i) + 2) S((i) + 3)
#define S16(i) S4(i) S4((i) + 4) S4((i) + 8) S4((i) + 12)
#define S64(i) S16(i) S16((i) + 16) S16((i) + 32) S16((i) + 48)
#define S256(i) S64(i) S64((i) + 64) S64((i) + 128) S64((i) + 192)
#define S1024(i) S256(i) S256((i) + 256) S256((i) + 512) S256((i) + 768)

static void __attribute__((noinline)) statements(long *x_, long k)
{
	S1024(0) S1024(1024) S1024(2048) S1024(3072) S1024(4096) S1024(5120)
}

static void *worker(void *arg)
{
	long *x_ = arg;
	for (long k = 1; k <= rounds; k++)
		statements(x_, k);
	return NULL;
}

int main(int argc, char **argv)
{
	rounds = argc > 1 ? atol(argv[1]) : 10;
	long threads = argc > 2 ? atol(argv[2]) : 1;
	if (argc > 3 || rounds < 1 || threads < 1 || threads > MAX_THREADS) {
		fprintf(stderr, "usage: spread [ROUNDS [THREADS (1-%d)]]\n", MAX_THREADS);
		return 2;
	}
	for (int i = 0; i < N; i++)
		y[i] = i % 97;
	pthread_t t[MAX_THREADS];
	for (long i = 1; i < threads; i++)
		if (pthread_create(&t[i], NULL, worker, x[i])) {
			fprintf(stderr, "spread: cannot start thread %ld\n", i);
			return 1;
		}
	worker(x[0]);
	for (long i = 1; i < threads; i++)
		pthread_join(t[i], NULL);
	/* every thread's array ends the same: check, then one checksum */
	for (long i = 1; i < threads; i++)
		for (int j = 0; j < N; j++)
			if (x[i][j] != x[0][j]) {
				fprintf(stderr, "spread: thread %ld's array differs at %d\n", i, j);
				return 1;
			}
	unsigned long sum = 0;
	for (int j = 0; j < N; j++)
		sum = sum * 31 + (unsigned long)x[0][j];
	printf("%lu\n", sum);
	return 0;
}

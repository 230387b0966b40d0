/*
 * demo.c - the default workload: a little of everything a profile should
 * show (a sieve, a sort, string hashing and floating point), with a
 * checksum so a wrong answer is visible.  Built bare-metal for alphasim and
 * as a Linux program for qemu-alpha; both must print the same.
 */
#include "tio.h"

#define N_SIEVE 200000
#define N_SORT  30000

static unsigned char composite[N_SIEVE];
static unsigned long keys[N_SORT];

static unsigned long sieve(void)
{
	unsigned long count = 0;
	for (unsigned long i = 2; i < N_SIEVE; i++) {
		if (composite[i])
			continue;
		count++;
		for (unsigned long j = i * i; j < N_SIEVE; j += i)
			composite[j] = 1;
	}
	return count;
}

static void quicksort(unsigned long *a, long lo, long hi)
{
	while (lo < hi) {
		unsigned long p = a[(lo + hi) / 2];
		long i = lo, j = hi;
		while (i <= j) {
			while (a[i] < p) i++;
			while (a[j] > p) j--;
			if (i <= j) {
				unsigned long t = a[i];
				a[i++] = a[j];
				a[j--] = t;
			}
		}
		if (j - lo < hi - i) {
			quicksort(a, lo, j);
			lo = i;
		} else {
			quicksort(a, i, hi);
			hi = j;
		}
	}
}

static unsigned long hash_text(void)
{
	static const char text[] =
		"The Alpha 21164 issues up to four instructions per cycle; "
		"DCPI samples its program counter every 64K cycles.";
	unsigned long h = 1469598103934665603ul;
	for (int round = 0; round < 2000; round++)
		for (const char *p = text; *p; p++)
			h = (h ^ (unsigned char)*p) * 1099511628211ul;
	return h;
}

static double integrate(void)
{
	/* midpoint rule for 4/(1+x^2) on [0,1]: pi */
	const int n = 200000;
	double sum = 0, h = 1.0 / n;
	for (int i = 0; i < n; i++) {
		double x = (i + 0.5) * h;
		sum += 4.0 / (1.0 + x * x);
	}
	return sum * h;
}

int main(void)
{
	unsigned long primes = sieve();
	unsigned long x = 88172645463325252ul;
	for (int i = 0; i < N_SORT; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		keys[i] = x % 1000000;
	}
	quicksort(keys, 0, N_SORT - 1);
	int sorted = 1;
	unsigned long sum = 0;
	for (int i = 0; i < N_SORT; i++) {
		sum += keys[i] * (unsigned long)(i + 1);
		if (i && keys[i - 1] > keys[i])
			sorted = 0;
	}
	double pi = integrate();
	long pi_micro = (long)(pi * 1e6 + 0.5);

	tio_printf("primes below %d: %lu\n", N_SIEVE, primes);
	tio_printf("sorted %d keys: %s, weighted sum %lu\n", N_SORT,
	           sorted ? "ok" : "WRONG", sum);
	tio_printf("text hash: %016lx\n", hash_text());
	tio_printf("pi ~ %ld.%06ld\n", pi_micro / 1000000, pi_micro % 1000000);
	return primes == 17984 && sorted ? 0 : 1;
}

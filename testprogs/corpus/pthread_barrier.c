/* pthread_barrier.c - four threads step through phases of a
 * computation separated by a barrier (each reads its neighbours'
 * results of the last phase), then return results through pthread_join. */
#include <pthread.h>
#include <stdlib.h>
#include "corpus.h"

#define T 4
#define PHASES 40
#define N 256

static double grid[2][T * N];
static pthread_barrier_t bar;
static int serial_count[PHASES];
static pthread_mutex_t serial_lock = PTHREAD_MUTEX_INITIALIZER;

/* one thread's slice: a 1-D smoothing stencil, ping-ponging between grids */
static void *worker(void *arg)
{
	long id = (long)arg;
	for (int ph = 0; ph < PHASES; ph++) {
		const double *in = grid[ph & 1];
		double *out = grid[!(ph & 1)];
		for (int i = (int)id * N; i < (int)(id + 1) * N; i++) {
			double l = in[(i + T * N - 1) % (T * N)], r = in[(i + 1) % (T * N)];
			out[i] = 0.25 * l + 0.5 * in[i] + 0.25 * r;
		}
		if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD) {
			pthread_mutex_lock(&serial_lock);
			serial_count[ph]++;
			pthread_mutex_unlock(&serial_lock);
		}
	}
	double *sum = malloc(sizeof *sum);
	*sum = 0;
	for (int i = (int)id * N; i < (int)(id + 1) * N; i++)
		*sum += grid[PHASES & 1][i];
	return sum;
}

int main(void)
{
	for (int i = 0; i < T * N; i++)
		grid[0][i] = (i % 97 == 0) ? 1000.0 : (double)(i % 7);
	pthread_barrier_init(&bar, NULL, T);
	pthread_t th[T];
	for (long t = 0; t < T; t++)
		CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
	double total = 0;
	for (int t = 0; t < T; t++) {
		void *ret;
		pthread_join(th[t], &ret);
		printf("thread %d: slice sum %.10g\n", t, *(double *)ret);
		total += *(double *)ret;
		free(ret);
	}
	int serial_ok = 1;
	for (int ph = 0; ph < PHASES; ph++)
		serial_ok &= serial_count[ph] == 1;
	printf("one serial thread per phase: %d\n", serial_ok);
	CHECK(serial_ok);
	printf("total %.10g\n", total);
	pthread_barrier_destroy(&bar);
	/* the same computation on one thread must agree exactly */
	static double g[2][T * N];
	for (int i = 0; i < T * N; i++)
		g[0][i] = (i % 97 == 0) ? 1000.0 : (double)(i % 7);
	for (int ph = 0; ph < PHASES; ph++)
		for (int i = 0; i < T * N; i++)
			g[!(ph & 1)][i] = 0.25 * g[ph & 1][(i + T * N - 1) % (T * N)] +
					  0.5 * g[ph & 1][i] + 0.25 * g[ph & 1][(i + 1) % (T * N)];
	int same = 1;
	for (int i = 0; i < T * N; i++)
		same &= g[PHASES & 1][i] == grid[PHASES & 1][i];
	printf("matches the single-threaded result: %d\n", same);
	CHECK(same);
	return corpus_done("pthread_barrier");
}

/* pthread_mutex.c - four threads contend for a mutex-protected counter,
 * a recursive mutex, a reader-writer lock and an atomic counter;
 * pthread_mutex_trylock's EBUSY; results joined and checked. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include "corpus.h"

#define T 4
#define ITERS 20000

static long counter, atomic_counter, table[64];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t rec;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static void bump_twice(void)
{
	pthread_mutex_lock(&rec);
	pthread_mutex_lock(&rec);   /* recursive: the owner may lock again */
	counter += 0;
	pthread_mutex_unlock(&rec);
	pthread_mutex_unlock(&rec);
}

static void *worker(void *arg)
{
	long id = (long)arg, reads = 0;
	for (int i = 0; i < ITERS; i++) {
		pthread_mutex_lock(&m);
		counter++;
		pthread_mutex_unlock(&m);
		__atomic_fetch_add(&atomic_counter, 1, __ATOMIC_SEQ_CST);
		if (i % 64 == 0) {
			pthread_rwlock_wrlock(&rw);
			table[(i / 64) % 64] += id + 1;
			pthread_rwlock_unlock(&rw);
		} else if (i % 16 == 0) {
			pthread_rwlock_rdlock(&rw);
			reads += table[i % 64] >= 0;
			pthread_rwlock_unlock(&rw);
		}
		if (i % 1000 == 0)
			bump_twice();
	}
	return (void *)reads;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&rec, &a);
	pthread_t th[T];
	for (long t = 0; t < T; t++)
		CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
	long reads = 0;
	for (int t = 0; t < T; t++) {
		void *r;
		pthread_join(th[t], &r);
		reads += (long)r;
	}
	long tsum = 0;
	for (int i = 0; i < 64; i++)
		tsum += table[i];
	printf("counter %ld atomic %ld reads %ld table sum %ld\n", counter, atomic_counter, reads, tsum);
	CHECK(counter == T * ITERS && atomic_counter == T * ITERS);
	CHECK(tsum == (ITERS / 64 + 1) * (1 + 2 + 3 + 4));
	pthread_mutex_lock(&m);
	printf("trylock of a held mutex: %s\n", pthread_mutex_trylock(&m) == EBUSY ? "EBUSY" : "?");
	pthread_mutex_unlock(&m);
	printf("trylock of a free mutex: %d\n", pthread_mutex_trylock(&m));
	pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&rec);
	return corpus_done("pthread_mutex");
}

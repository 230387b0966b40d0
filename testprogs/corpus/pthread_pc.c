/* pthread_pc.c - producer/consumer: two producers and two consumers on
 * a bounded buffer guarded by a mutex and two condition variables.
 * Which consumer gets which item varies; the totals may not. */
#include <pthread.h>
#include "corpus.h"

#define SLOTS 8
#define PER_PRODUCER 5000
#define DONE -1L

static long buf[SLOTS];
static int head, count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;

static void put(long v)
{
	pthread_mutex_lock(&lock);
	while (count == SLOTS)
		pthread_cond_wait(&not_full, &lock);
	buf[(head + count++) % SLOTS] = v;
	pthread_cond_signal(&not_empty);
	pthread_mutex_unlock(&lock);
}
static long get(void)
{
	pthread_mutex_lock(&lock);
	while (count == 0)
		pthread_cond_wait(&not_empty, &lock);
	long v = buf[head];
	head = (head + 1) % SLOTS;
	count--;
	pthread_cond_signal(&not_full);
	pthread_mutex_unlock(&lock);
	return v;
}

struct result { long items, sum, xor; };

static void *producer(void *arg)
{
	long base = (long)arg * 1000000;
	for (long i = 0; i < PER_PRODUCER; i++)
		put(base + i);
	return NULL;
}
static void *consumer(void *arg)
{
	struct result *r = arg;
	for (long v; (v = get()) != DONE; ) {
		r->items++;
		r->sum += v;
		r->xor ^= v * 2654435761L;
	}
	return NULL;
}

int main(void)
{
	pthread_t p[2], c[2];
	struct result r[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	for (long i = 0; i < 2; i++) {
		CHECK(pthread_create(&c[i], NULL, consumer, &r[i]) == 0);
		CHECK(pthread_create(&p[i], NULL, producer, (void *)(i + 1)) == 0);
	}
	for (int i = 0; i < 2; i++)
		pthread_join(p[i], NULL);
	put(DONE);
	put(DONE);
	for (int i = 0; i < 2; i++)
		pthread_join(c[i], NULL);
	long items = r[0].items + r[1].items, sum = r[0].sum + r[1].sum;
	printf("consumed %ld items, sum %ld, xor %lx\n", items, sum, (unsigned long)(r[0].xor ^ r[1].xor));
	CHECK(items == 2 * PER_PRODUCER);
	CHECK(sum == 3000000L * PER_PRODUCER + 2 * (PER_PRODUCER * (PER_PRODUCER - 1L) / 2));
	printf("buffer empty at the end: %d\n", count == 0);
	return corpus_done("pthread_pc");
}

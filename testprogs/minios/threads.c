/* threads: four threads share a bounded queue guarded by a mutex and
 * two condition variables (two producers, two consumers), then a
 * mutex-protected counter; pthread_join collects their results. */
#include <pthread.h>
#include <stdio.h>

#define N 4000
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notfull = PTHREAD_COND_INITIALIZER;
static pthread_cond_t notempty = PTHREAD_COND_INITIALIZER;
static int q[8], head, tail, len;
static long counter;

static void *producer(void *arg)
{
	long base = (long)arg;
	for (int i = 1; i <= N; i++) {
		pthread_mutex_lock(&m);
		while (len == 8)
			pthread_cond_wait(&notfull, &m);
		q[tail] = (int)(base + i);
		tail = (tail + 1) % 8;
		len++;
		pthread_cond_signal(&notempty);
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	(void)arg;
	long sum = 0;
	for (int i = 0; i < N; i++) {
		pthread_mutex_lock(&m);
		while (len == 0)
			pthread_cond_wait(&notempty, &m);
		sum += q[head];
		head = (head + 1) % 8;
		len--;
		pthread_cond_signal(&notfull);
		pthread_mutex_unlock(&m);
	}
	return (void *)sum;
}

static void *adder(void *arg)
{
	for (int i = 0; i < 20000; i++) {
		pthread_mutex_lock(&m);
		counter += (long)arg;
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	pthread_create(&t[0], NULL, producer, (void *)0L);
	pthread_create(&t[1], NULL, producer, (void *)100000L);
	pthread_create(&t[2], NULL, consumer, NULL);
	pthread_create(&t[3], NULL, consumer, NULL);
	long total = 0;
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		total += (long)r;
	}
	printf("queue: total consumed %ld (expected %ld)\n", total,
	       2L * N * (N + 1) / 2 + 100000L * N);
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, adder, (void *)(i + 1));
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("counter: %ld (expected %d)\n", counter, 20000 * 10);
	return 0;
}

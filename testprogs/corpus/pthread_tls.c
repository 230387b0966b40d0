/* pthread_tls.c - per-thread state: __thread variables, thread-specific
 * data keys with destructors, pthread_once, pthread_self and
 * pthread_equal, and thread arguments and results. */
#include <pthread.h>
#include <stdlib.h>
#include "corpus.h"

#define T 4

static __thread long tls_counter = 100;
static __thread char tls_name[16];
static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_runs, destructor_runs;
static long destructor_sum;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void init_once(void) { once_runs++; }
static void destroy(void *p)
{
	pthread_mutex_lock(&m);
	destructor_runs++;
	destructor_sum += *(long *)p;
	pthread_mutex_unlock(&m);
	free(p);
}

struct job { int id; long result; char name[16]; pthread_t self; };

static void *worker(void *arg)
{
	struct job *j = arg;
	pthread_once(&once, init_once);
	snprintf(tls_name, sizeof tls_name, "worker-%d", j->id);
	long *spec = malloc(sizeof *spec);
	*spec = j->id * 10;
	pthread_setspecific(key, spec);
	for (int i = 0; i <= j->id * 1000; i++)
		tls_counter += i % 7;
	j->result = tls_counter + *(long *)pthread_getspecific(key);
	snprintf(j->name, sizeof j->name, "%s", tls_name);
	j->self = pthread_self();
	return (void *)(long)j->id;
}

int main(void)
{
	pthread_key_create(&key, destroy);
	struct job jobs[T];
	pthread_t th[T];
	for (int t = 0; t < T; t++) {
		jobs[t].id = t;
		CHECK(pthread_create(&th[t], NULL, worker, &jobs[t]) == 0);
	}
	for (int t = 0; t < T; t++) {
		void *r;
		pthread_join(th[t], &r);
		printf("thread %d: returned %ld result %ld name %s self matches %d\n", t, (long)r,
		       jobs[t].result, jobs[t].name, pthread_equal(jobs[t].self, th[t]) != 0);
	}
	printf("main's copies untouched: counter %ld name '%s'\n", tls_counter, tls_name);
	printf("once ran %d time(s); destructors ran %d, sum %ld\n", once_runs, destructor_runs,
	       destructor_sum);
	CHECK(once_runs == 1 && destructor_runs == T && destructor_sum == 60);
	CHECK(tls_counter == 100 && pthread_getspecific(key) == NULL);
	return corpus_done("pthread_tls");
}

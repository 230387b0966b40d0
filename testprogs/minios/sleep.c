/* sleep: nanosleep and clock_nanosleep take about as long as asked on
 * CLOCK_MONOTONIC; while one thread sleeps another runs; sched_yield
 * returns. */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static volatile int spun;
static void *spinner(void *arg)
{
	(void)arg;
	for (int i = 0; i < 3; i++) {
		struct timespec d = { 0, 1000000 };
		nanosleep(&d, NULL);
		spun++;
	}
	return NULL;
}

/* At least as long as asked, and not much longer.  The bound is loose
 * because the expected output comes from qemu-alpha, which sleeps in
 * host time on a machine that may be busy; on alphasim the simulated
 * clock makes it exact to a tick. */
static const char *about(double got, double want)
{
	return got >= want && got < want + 0.25 ? "about right" : "wrong";
}

int main(void)
{
	double t0 = now();
	struct timespec d = { 0, 20000000 };
	nanosleep(&d, NULL);
	double t1 = now();
	printf("nanosleep 20 ms: %s\n", about(t1 - t0, 0.020));
	struct timespec abs;
	clock_gettime(CLOCK_MONOTONIC, &abs);
	abs.tv_nsec += 5000000;
	if (abs.tv_nsec >= 1000000000) {
		abs.tv_sec++;
		abs.tv_nsec -= 1000000000;
	}
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &abs, NULL);
	printf("clock_nanosleep to 5 ms later: %s\n", about(now() - t1, 0.005));
	pthread_t t;
	pthread_create(&t, NULL, spinner, NULL);
	pthread_join(t, NULL);
	printf("the other thread ran: %d\n", spun);
	printf("sched_yield: %d\n", sched_yield());
	return 0;
}

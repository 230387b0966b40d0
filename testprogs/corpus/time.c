/* time.c - clocks, printed only as sanity checks (the values differ
 * between runs and machines): CLOCK_MONOTONIC never goes back,
 * nanosleep advances it by at least what was asked, CLOCK_REALTIME is
 * in 2000 or later and agrees with time() and gettimeofday(); and the
 * calendar functions on fixed times, which are exact. */
#include <stdlib.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include "corpus.h"

static long long ns(const struct timespec *t) { return t->tv_sec * 1000000000LL + t->tv_nsec; }

int main(void)
{
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	int back = 0;
	for (int i = 0; i < 1000; i++) {
		clock_gettime(CLOCK_MONOTONIC, &b);
		back += ns(&b) < ns(&a);
		a = b;
	}
	printf("monotonic never went back: %d\n", back == 0);
	struct timespec req = { 0, 2000000 };
	clock_gettime(CLOCK_MONOTONIC, &a);
	int r = nanosleep(&req, NULL);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("nanosleep(2 ms) returned %d, slept at least 2 ms: %d\n", r, ns(&b) - ns(&a) >= 2000000);
	struct timespec rt;
	clock_gettime(CLOCK_REALTIME, &rt);
	struct timeval tv;
	gettimeofday(&tv, NULL);
	time_t now = time(NULL);
	/* alphasim starts the clock at 2000-01-01, so that runs repeat */
	printf("realtime in 2000 or later: %d\n", rt.tv_sec >= 946684800);
	/* either way: glibc's time() may read a coarse clock a tick behind
	 * CLOCK_REALTIME (qemu-alpha under load crossed a second so) */
	printf("time(), gettimeofday and CLOCK_REALTIME within 2 s: %d\n",
	       llabs((long long)(now - rt.tv_sec)) <= 2 && llabs((long long)(tv.tv_sec - rt.tv_sec)) <= 2);
	printf("tv_usec in range: %d, tv_nsec in range: %d\n", tv.tv_usec >= 0 && tv.tv_usec < 1000000,
	       rt.tv_nsec >= 0 && rt.tv_nsec < 1000000000);
	struct tms t;
	clock_t c0 = times(&t);
	printf("times() works: %d\n", c0 != (clock_t)-1);
	clock_t p0 = clock();
	volatile double x = 0;
	for (int i = 0; i < 100000; i++)
		x += i;
	printf("clock() did not go back: %d\n", clock() >= p0);
	struct timespec res;
	printf("clock_getres(MONOTONIC) ok: %d\n", clock_getres(CLOCK_MONOTONIC, &res) == 0 && ns(&res) > 0);

	/* calendar arithmetic, UTC */
	static const time_t fixed[] = { 0, 951782400, 1700000000, 2147483647, 4102444800 };
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
		struct tm tm;
		gmtime_r(&fixed[i], &tm);
		char buf[64];
		strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %j", &tm);
		printf("%ld = %s, back %ld\n", (long)fixed[i], buf, (long)timegm(&tm));
		CHECK(timegm(&tm) == fixed[i]);
	}
	printf("difftime %.1f\n", difftime(1700000000, 1600000000));
	return corpus_done("time");
}

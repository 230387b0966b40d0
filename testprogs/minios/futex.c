/* futex: the raw system call: FUTEX_WAIT on a changed word (EAGAIN), a
 * time-out (ETIMEDOUT), a wake from another thread (private and
 * shared), FUTEX_WAKE counts. */
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int word;

static long futex(int *uaddr, int op, int val, const struct timespec *ts)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, 0);
}

static void *waker(void *arg)
{
	(void)arg;
	struct timespec d = { 0, 2000000 };
	nanosleep(&d, NULL);
	__atomic_store_n(&word, 1, __ATOMIC_SEQ_CST);
	while (futex(&word, FUTEX_WAKE_PRIVATE, 1, NULL) == 0)
		nanosleep(&d, NULL);
	return NULL;
}

int main(void)
{
	errno = 0;
	long r = futex(&word, FUTEX_WAIT_PRIVATE, 1, NULL);
	printf("wait on a changed word: %ld %s\n", r, errno == EAGAIN ? "EAGAIN" : "?");
	struct timespec ts = { 0, 3000000 };
	errno = 0;
	r = futex(&word, FUTEX_WAIT_PRIVATE, 0, &ts);
	printf("wait with a time-out: %ld %s\n", r, errno == ETIMEDOUT ? "ETIMEDOUT" : "?");
	printf("wake with no waiter: %ld\n", futex(&word, FUTEX_WAKE, 5, NULL));
	pthread_t t;
	pthread_create(&t, NULL, waker, NULL);
	while (__atomic_load_n(&word, __ATOMIC_SEQ_CST) == 0)
		futex(&word, FUTEX_WAIT_PRIVATE, 0, NULL);
	pthread_join(t, NULL);
	printf("woken, word %d\n", word);
	return 0;
}

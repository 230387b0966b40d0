/*
 * pcount_access.c - who may open /dev/pcount (tests/pcount_access.sh;
 * docs/dcpi.md "Who may sample"): the guest's first process (pid 1, the
 * program alphasim starts: dcpid under --profile) and its threads;
 * every other process gets EACCES, whether or not the device is in use.
 *
 * As pid 1 it opens the device, closes it, opens it from a second
 * thread, and forks a child whose open must fail with EACCES.  As any
 * other process (under alphasim --profile) its own open must fail with
 * EACCES.  One line per check; exit 0 when all held.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int fails;

/* open /dev/pcount as who, expecting errno want (0: success) */
static int try_open(const char *who, int want)
{
	int fd = open("/dev/pcount", O_RDWR);
	int got = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	printf("%s: %s: open /dev/pcount: %s\n", got == want ? "ok" : "FAIL", who,
	       got ? strerror(got) : "opened");
	fflush(stdout);
	return got == want;
}

static void *thread(void *arg)
{
	(void)arg;
	fails += !try_open("a thread of process 1", 0);
	return NULL;
}

int main(void)
{
	if (getpid() != 1) {
		fails += !try_open("another process", EACCES);
		return fails != 0;
	}
	fails += !try_open("process 1", 0);
	pthread_t t;
	if (pthread_create(&t, NULL, thread, NULL) || pthread_join(t, NULL))
		fails++;
	pid_t c = fork();
	if (c == 0)
		_exit(!try_open("a child of process 1", EACCES));
	int ws;
	fails += c < 0 || waitpid(c, &ws, 0) != c || !WIFEXITED(ws) || WEXITSTATUS(ws);
	return fails != 0;
}

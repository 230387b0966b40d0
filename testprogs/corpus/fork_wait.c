/* fork_wait.c - fork and wait: exit statuses from exit(), return and
 * deaths by signal, copy-on-write separation of parent and child, many
 * children waited for in any order, and ECHILD when none are left. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "corpus.h"

static int shared_looking[1024];
/* volatile, so the compiler cannot see the store through it is bad */
static int *volatile nowhere;

static void describe(const char *what, int st)
{
	if (WIFEXITED(st))
		printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		printf("%s: killed by signal %d\n", what, WTERMSIG(st));
	else
		printf("%s: status %#x\n", what, st);
}

/* What child I does: exit with a status, or die by a signal. */
static void child(int i)
{
	switch (i) {
	case 0: exit(0);
	case 1: _exit(1);
	case 2: exit(255);
	case 3: abort();
	case 4: raise(SIGKILL); break;
	case 5: *nowhere = 1; break;
	case 6: raise(SIGTERM); break;
	}
	exit(100 + i);
}

int main(void)
{
	for (int i = 0; i < 1024; i++)
		shared_looking[i] = i;
	/* one at a time: the child changes its copy, the parent's is unchanged */
	for (int i = 0; i < 3; i++) {
		fflush(stdout);
		pid_t p = fork();
		if (p == 0) {
			long sum = 0;
			for (int j = 0; j < 1024; j++) {
				shared_looking[j] *= -(i + 1);
				sum += shared_looking[j];
			}
			printf("child %d: its sum %ld\n", i, sum);
			exit(10 + i);
		}
		int st;
		pid_t w = waitpid(p, &st, 0);
		CHECK(w == p);
		describe("sequential child", st);
	}
	long sum = 0;
	for (int j = 0; j < 1024; j++)
		sum += shared_looking[j];
	printf("parent sum still %ld\n", sum);
	CHECK(sum == 1023 * 1024 / 2);

	/* all at once, reaped with wait() in whatever order they end */
	enum { N = 8 };
	pid_t pids[N];
	int status[N];
	fflush(stdout);
	for (int i = 0; i < N; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			child(i);
		CHECK(pids[i] > 0);
	}
	for (int n = 0; n < N; n++) {
		int st;
		pid_t w = wait(&st);
		for (int i = 0; i < N; i++)
			if (pids[i] == w)
				status[i] = st;
	}
	for (int i = 0; i < N; i++) {
		char what[32];
		snprintf(what, sizeof what, "child %d", i);
		describe(what, status[i]);
	}
	pid_t none = wait(NULL);
	printf("wait with no children: %d %s\n", (int)none, strerror(errno));
	CHECK(errno == ECHILD);
	printf("getppid of a child is the parent: ");
	fflush(stdout);
	pid_t me = getpid(), p = fork();
	if (p == 0)
		_exit(getppid() == me ? 0 : 1);
	int st;
	waitpid(p, &st, 0);
	printf("%s\n", WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "yes" : "no");
	return corpus_done("fork_wait");
}

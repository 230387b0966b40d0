/* forkwait: fork children that exit with different statuses or die by
 * a signal; the parent reaps each with waitpid and prints what it got.
 * Also checks getppid, WNOHANG and ECHILD. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	pid_t pids[5];
	pid_t me = getpid();
	for (int i = 0; i < 5; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			perror("fork");
			return 1;
		}
		if (pids[i] == 0) {
			if (getppid() != me)
				_exit(99);
			if (i == 3)
				raise(SIGTERM);
			if (i == 4)
				*(volatile int *)0 = 1;
			/* some work, so the children overlap */
			volatile unsigned long x = 0;
			for (int k = 0; k < 20000 * (i + 1); k++)
				x += k;
			_exit(10 + i);
		}
	}
	for (int i = 0; i < 5; i++) {
		int st;
		pid_t r = waitpid(pids[i], &st, 0);
		if (r != pids[i]) {
			printf("waitpid %d: got %d\n", i, r);
			return 1;
		}
		if (WIFEXITED(st))
			printf("child %d exited with %d\n", i, WEXITSTATUS(st));
		else if (WIFSIGNALED(st))
			printf("child %d killed by signal %d\n", i, WTERMSIG(st));
	}
	errno = 0;
	printf("wait with no children: %d (%s)\n", (int)wait(NULL),
	       errno == ECHILD ? "ECHILD" : "?");
	pid_t c = fork();
	if (c == 0) {
		volatile unsigned long x = 0;
		for (int k = 0; k < 100000; k++)
			x += k;
		_exit(7);
	}
	int st;
	printf("WNOHANG before it ends: %d\n", (int)waitpid(c, &st, WNOHANG));
	printf("then: %s, status %d\n", waitpid(c, &st, 0) == c ? "reaped" : "lost",
	       WEXITSTATUS(st));
	return 3;
}

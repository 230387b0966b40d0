/* sigchld.c - signals between processes: SIGCHLD when children end,
 * kill of a child with SIGTERM and SIGKILL, a child that catches
 * SIGUSR1 from its parent, and wait statuses for each. */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "corpus.h"

static volatile sig_atomic_t chld, usr1;
static void on_chld(int sig) { (void)sig; chld++; }
static void on_usr1(int sig) { (void)sig; usr1 = 1; }

static void describe(const char *what, int st)
{
	if (WIFEXITED(st))
		printf("%s: exited %d\n", what, WEXITSTATUS(st));
	else
		printf("%s: killed by signal %d\n", what, WTERMSIG(st));
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_chld;
	sigaction(SIGCHLD, &sa, NULL);
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);

	/* block SIGCHLD and SIGUSR1 around fork so no signal comes before we wait */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);

	fflush(stdout);
	pid_t quick = fork();
	if (quick == 0)
		_exit(7);
	sigsuspend(&old);   /* returns once SIGCHLD is handled */
	printf("SIGCHLD caught: %d\n", chld > 0);
	int st;
	waitpid(quick, &st, 0);
	describe("quick child", st);

	/* a child that waits for SIGUSR1 from us, then answers with its own */
	pid_t me = getpid();
	fflush(stdout);
	pid_t ans = fork();
	if (ans == 0) {
		while (!usr1)
			sigsuspend(&old);
		kill(me, SIGUSR1);
		_exit(usr1 ? 3 : 4);
	}
	kill(ans, SIGUSR1);
	while (!usr1)
		sigsuspend(&old);
	printf("parent got SIGUSR1 back from the child\n");
	waitpid(ans, &st, 0);
	describe("answering child", st);

	/* children that sleep until killed */
	pid_t term = fork();
	if (term == 0)
		for (;;)
			pause();
	pid_t killed = fork();
	if (killed == 0)
		for (;;)
			pause();
	kill(term, SIGTERM);
	kill(killed, SIGKILL);
	waitpid(term, &st, 0);
	describe("SIGTERM child", st);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
	waitpid(killed, &st, 0);
	describe("SIGKILL child", st);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("SIGCHLD handled at least once per wait: %d\n", chld >= 1);
	return corpus_done("sigchld");
}

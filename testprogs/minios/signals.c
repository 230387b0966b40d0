/* signals: handlers run and return (rt_sigreturn) with the registers
 * and the mask as they were; a blocked signal waits for sigprocmask;
 * SIGCHLD from a child's exit; a SIGSEGV handler that leaves by
 * siglongjmp; SA_RESETHAND; a signal to another process. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got[64];
static sigjmp_buf env;
static volatile int *volatile nowhere = (int *)16;

static void handler(int sig) { got[sig]++; }

static void info_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got[sig]++;
	if (si->si_signo != sig || si->si_pid != getpid())
		got[0]++;
}

static void segv(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	printf("SIGSEGV handler: signal %d, address %p\n", sig, si->si_addr);
	siglongjmp(env, 1);
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_sigaction = info_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR2, &sa, NULL);

	double x = 1.5;
	long before = 12345;
	kill(getpid(), SIGUSR1);
	raise(SIGUSR2);
	printf("after the handlers: USR1 %d, USR2 %d, bad info %d, locals %ld %g\n",
	       got[SIGUSR1], got[SIGUSR2], got[0], before, x * 2);

	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	raise(SIGUSR1);
	printf("blocked: USR1 %d\n", got[SIGUSR1]);
	sigset_t pend;
	sigpending(&pend);
	printf("pending: %d\n", sigismember(&pend, SIGUSR1));
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("unblocked: USR1 %d\n", got[SIGUSR1]);

	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGCHLD, &sa, NULL);
	pid_t c = fork();
	if (c == 0)
		_exit(5);
	int st;
	while (waitpid(c, &st, 0) != c)
		;
	printf("SIGCHLD: %d, child status %d\n", got[SIGCHLD], WEXITSTATUS(st));

	/* a child waits for a signal from its parent */
	sa.sa_handler = handler;
	sa.sa_flags = 0;
	sigaction(SIGTERM, &sa, NULL);
	sigprocmask(SIG_BLOCK, &(sigset_t){ 0 }, NULL);
	c = fork();
	if (c == 0) {
		while (!got[SIGTERM])
			pause();
		_exit(got[SIGTERM]);
	}
	kill(c, SIGTERM);
	waitpid(c, &st, 0);
	printf("child got SIGTERM: %d\n", WEXITSTATUS(st));

	sa.sa_sigaction = segv;
	sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
	sigaction(SIGSEGV, &sa, NULL);
	if (sigsetjmp(env, 1) == 0)
		*nowhere = 1;
	printf("back from SIGSEGV; its action now: %s\n",
	       (sigaction(SIGSEGV, NULL, &sa), sa.sa_handler == SIG_DFL) ? "default" : "handler");
	return 0;
}

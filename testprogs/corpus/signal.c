/* signal.c - signals delivered to this process: sigaction handlers with
 * and without SA_SIGINFO, raise and kill, blocking with sigprocmask and
 * delivery on unblock, sigpending, SA_RESETHAND, SIG_IGN, a handler's
 * sa_mask, sigsuspend, and leaving a handler with siglongjmp. */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "corpus.h"

static volatile sig_atomic_t hits, last_sig, last_code, nested_blocked;
static sigjmp_buf jb;

static void handler(int sig) { hits++; last_sig = sig; }
static void info_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	hits++;
	last_sig = sig;
	last_code = si->si_code;
}
static void masked_handler(int sig)
{
	(void)sig;
	sigset_t cur;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	nested_blocked = sigismember(&cur, SIGUSR2) && sigismember(&cur, SIGUSR1);
}
static void jump_handler(int sig) { siglongjmp(jb, sig); }

static void on(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	sigaction(sig, &sa, NULL);
}

int main(void)
{
	on(SIGUSR1, handler, 0);
	raise(SIGUSR1);
	printf("raise: hits %d sig %d\n", (int)hits, (int)last_sig);
	kill(getpid(), SIGUSR1);
	printf("kill self: hits %d\n", (int)hits);
	CHECK(hits == 2);

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = info_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR2, &sa, NULL);
	raise(SIGUSR2);
	printf("SA_SIGINFO: sig %d code %s\n", (int)last_sig,
	       last_code == SI_TKILL ? "SI_TKILL" : last_code == SI_USER ? "SI_USER" : "other");

	/* blocked signals wait until unblocked */
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	hits = 0;
	raise(SIGUSR1);
	sigset_t pend;
	sigpending(&pend);
	printf("blocked: hits %d pending %d\n", (int)hits, sigismember(&pend, SIGUSR1));
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("unblocked: hits %d\n", (int)hits);
	CHECK(hits == 1);

	/* the handler runs with its own signal and sa_mask blocked */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = masked_handler;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	printf("mask inside handler: %d\n", (int)nested_blocked);
	CHECK(nested_blocked);

	/* SA_RESETHAND: the second raise finds SIG_DFL; make that SIG_IGN-safe
	 * by checking the disposition instead of raising again */
	on(SIGUSR1, handler, SA_RESETHAND);
	hits = 0;
	raise(SIGUSR1);
	struct sigaction now;
	sigaction(SIGUSR1, NULL, &now);
	printf("SA_RESETHAND: hits %d, now default %d\n", (int)hits, now.sa_handler == SIG_DFL);

	signal(SIGUSR2, SIG_IGN);
	raise(SIGUSR2);
	printf("SIG_IGN: still running\n");

	/* sigsuspend: wait with the signal unblocked */
	on(SIGUSR1, handler, 0);
	sigprocmask(SIG_BLOCK, &set, &old);
	raise(SIGUSR1);
	hits = 0;
	sigset_t waitmask;
	sigemptyset(&waitmask);
	int r = sigsuspend(&waitmask);
	printf("sigsuspend returned %d after %d hit(s)\n", r, (int)hits);
	sigprocmask(SIG_SETMASK, &old, NULL);

	/* out of a handler with siglongjmp; the mask is restored */
	on(SIGALRM, jump_handler, 0);
	int got = sigsetjmp(jb, 1);
	if (got == 0) {
		raise(SIGALRM);
		printf("not reached\n");
	}
	sigset_t after;
	sigprocmask(SIG_BLOCK, NULL, &after);
	printf("siglongjmp with %d, SIGALRM blocked afterwards: %d\n", got, sigismember(&after, SIGALRM));
	return corpus_done("signal");
}

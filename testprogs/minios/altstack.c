/*
 * altstack.c - sigaltstack (tests/minios.sh, against qemu-alpha): a
 * handler with SA_ONSTACK runs on the alternate stack and sees
 * SS_ONSTACK; one without it does not; a stack overflow's SIGSEGV is
 * caught there; the refusals (a small stack, a change while on it, bad
 * flags).
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *alt;
static size_t altsize = 4 * SIGSTKSZ;
static volatile int on_alt, flags_onstack, change_refused;
static sigjmp_buf back;

static int in_alt(const void *p)
{
	return (const char *)p >= alt && (const char *)p < alt + altsize;
}

static void handler(int sig)
{
	char here;
	stack_t now, ss = { .ss_size = SIGSTKSZ, .ss_sp = alt };
	(void)sig;
	on_alt = in_alt(&here);
	sigaltstack(NULL, &now);
	flags_onstack = (now.ss_flags & SS_ONSTACK) != 0;
	change_refused = sigaltstack(&ss, NULL) < 0 && errno == EPERM;
}

static void segv(int sig)
{
	char here;
	(void)sig;
	on_alt = in_alt(&here);
	siglongjmp(back, 1);
}

static int deep(int n)
{
	volatile char pad[4096];
	pad[0] = (char)n;
	return deep(n + 1) + pad[0];
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	stack_t ss = { 0 }, old;
	sigaltstack(NULL, &old);
	printf("at first: disabled %d\n", (old.ss_flags & SS_DISABLE) != 0);
	alt = malloc(altsize);
	ss.ss_sp = alt;
	ss.ss_size = 100;
	printf("a 100-byte stack: %s\n", sigaltstack(&ss, NULL) ? strerror(errno) : "ok");
	ss.ss_size = altsize;
	ss.ss_flags = 99;
	printf("flags 99: %s\n", sigaltstack(&ss, NULL) ? strerror(errno) : "ok");
	ss.ss_flags = 0;
	printf("set: %s\n", sigaltstack(&ss, NULL) ? strerror(errno) : "ok");
	sigaltstack(NULL, &old);
	printf("read back: same %d, flags %d\n", old.ss_sp == alt && old.ss_size == altsize,
	       old.ss_flags);

	struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_ONSTACK };
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	printf("SA_ONSTACK handler: on the alternate stack %d, SS_ONSTACK %d, "
	       "change refused %d\n", on_alt, flags_onstack, change_refused);
	sa.sa_flags = 0;
	sigaction(SIGUSR2, &sa, NULL);
	sa.sa_handler = handler;
	raise(SIGUSR2);
	printf("plain handler: on the alternate stack %d, SS_ONSTACK %d\n", on_alt,
	       flags_onstack);

	sa.sa_handler = segv;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	on_alt = 0;
	if (!sigsetjmp(back, 1))
		deep(0);
	printf("stack overflow caught on the alternate stack: %d\n", on_alt);

	ss.ss_flags = SS_DISABLE;
	printf("disable: %s\n", sigaltstack(&ss, NULL) ? strerror(errno) : "ok");
	sigaltstack(NULL, &old);
	printf("disabled %d\n", (old.ss_flags & SS_DISABLE) != 0);
	return 0;
}

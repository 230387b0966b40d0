/*
 * trap_linux.c - trap.h for Linux programs (run under qemu-alpha): the
 * signals Linux/Alpha raises for exceptions, caught with SA_SIGINFO
 * handlers that siglongjmp back into trap_run.  Linux passes the PAL
 * entArith arguments on in sigcontext (sc_traparg_a0 summary, a1 write
 * mask); qemu-alpha linux-user leaves them zero (docs/testing.md).
 */
#include "trap.h"
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <ucontext.h>

static const struct { int sig; enum trap_class cls; } signals[] = {
	{ SIGFPE, TRAP_ARITH }, { SIGILL, TRAP_ILLEGAL },
	{ SIGBUS, TRAP_UNALIGNED }, { SIGSEGV, TRAP_MEMORY },
	{ SIGTRAP, TRAP_BREAK },
};
#define NSIGNALS (sizeof signals / sizeof signals[0])

static sigjmp_buf jb;
static struct trap_info caught;

static void handler(int sig, siginfo_t *si, void *ucp)
{
	const struct sigcontext *sc =
		(const struct sigcontext *)&((ucontext_t *)ucp)->uc_mcontext;
	(void)si;
	caught.cls = TRAP_OTHER;
	for (size_t i = 0; i < NSIGNALS; i++)
		if (signals[i].sig == sig)
			caught.cls = signals[i].cls;
	/* The OSF PALcode reports OPCDEC with the PC of the next instruction
	 * (Linux do_entIF); trap.h's pc is the faulting one. */
	caught.pc = sc->sc_pc - (caught.cls == TRAP_ILLEGAL ? 4 : 0);
	caught.sum = (unsigned)sc->sc_traparg_a0 & 0x7f;
	caught.mask = sc->sc_traparg_a1;
	caught.sum_known = caught.cls == TRAP_ARITH && caught.sum != 0;
	if (!caught.sum_known) {
		caught.sum = 0;
		caught.mask = 0;
	}
	siglongjmp(jb, 1);
}

int trap_run(void (*fn)(void *), void *arg, struct trap_info *out)
{
	static int installed;
	if (!installed) {
		struct sigaction sa = { .sa_sigaction = handler,
		                        .sa_flags = SA_SIGINFO | SA_NODEFER };
		sigemptyset(&sa.sa_mask);
		for (size_t i = 0; i < NSIGNALS; i++)
			sigaction(signals[i].sig, &sa, NULL);
		installed = 1;
	}
	caught = (struct trap_info){ .cls = TRAP_NONE };
	/* SA_NODEFER: the handler leaves the mask alone, so it need not be
	 * saved (which would cost a system call per snippet). */
	if (!sigsetjmp(jb, 0))
		fn(arg);
	if (out)
		*out = caught;
	return caught.cls != TRAP_NONE;
}

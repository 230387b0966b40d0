/* setjmp.c - non-local exits: longjmp out of deep recursion, the value
 * passed (0 becomes 1), volatile locals kept, nested jmp_bufs as an
 * exception stack, and sigsetjmp/siglongjmp restoring the signal mask. */
#include <setjmp.h>
#include <signal.h>
#include "corpus.h"

static jmp_buf env;
static int depth_reached, bottom = 500;

static void dive(int d)
{
	depth_reached = d;
	if (d == bottom)
		longjmp(env, d);
	if (d < bottom)
		dive(d + 1);
}

/* a try/throw stack of jmp_bufs */
static jmp_buf *handlers[8];
static int nh;
static void throw(int code) { longjmp(*handlers[--nh], code); }
static int risky(int x)
{
	if (x % 3 == 0)
		throw(100 + x);
	return x * 2;
}
static int guarded(int x)
{
	jmp_buf jb;
	int code;
	handlers[nh++] = &jb;
	if ((code = setjmp(jb)) != 0)
		return -code;
	int r = risky(x);
	nh--;
	return r;
}

int main(void)
{
	volatile int counter = 0;
	int v = setjmp(env);
	counter++;
	if (v == 0)
		dive(1);
	printf("longjmp from depth %d returned %d, counter %d\n", depth_reached, v, counter);
	CHECK(v == 500 && counter == 2);
	if ((v = setjmp(env)) == 0)
		longjmp(env, 0);
	printf("longjmp(env, 0) makes setjmp return %d\n", v);
	for (int x = 1; x <= 7; x++)
		printf("guarded(%d) = %d\n", x, guarded(x));
	CHECK(nh == 0);

	sigjmp_buf sj;
	sigset_t set, now;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigsetjmp(sj, 1) == 0) {
		sigprocmask(SIG_BLOCK, &set, NULL);
		siglongjmp(sj, 1);
	}
	sigprocmask(SIG_BLOCK, NULL, &now);
	printf("sigsetjmp(.., 1): mask restored, SIGUSR1 blocked %d\n", sigismember(&now, SIGUSR1));
	if (sigsetjmp(sj, 0) == 0) {
		sigprocmask(SIG_BLOCK, &set, NULL);
		siglongjmp(sj, 1);
	}
	sigprocmask(SIG_BLOCK, NULL, &now);
	printf("sigsetjmp(.., 0): mask kept, SIGUSR1 blocked %d\n", sigismember(&now, SIGUSR1));
	return corpus_done("setjmp");
}

/*
 * spie.c - hot.c's main, fork and exec parts as a static PIE (an ET_DYN
 * program with no interpreter, which minios loads at ELF_ET_DYN_BASE:
 * minios/exec.c), for tests/profile_kinds.sh.  Debian's cross gcc 12
 * cannot make a glibc one (its Alpha specs ignore -static-pie and the
 * sysroot has no rcrt1.o), so this one has no libc: system calls by
 * CALL_PAL callsys, code that needs no relocations (-fPIE -msmall-text:
 * data by GP-relative addressing, calls by BSR), and its own _start,
 * which computes the GP from its own address.
 *
 * Usage: spie N PART...   PART: main, fork, exec=PROG (as hot.c);
 * prints "spie: PART ok" for each, then "spie: done".
 */
enum { SYS_exit = 1, SYS_write = 4, SYS_execve = 59, SYS_clone = 312, SYS_wait4 = 365 };
#define SIGCHLD 20

/* A Linux/Alpha system call: v0 the number, a0-a5 the arguments; the
 * result in v0, a3 = 1 if it is an errno. */
static long sys(long nr, long a, long b, long c, long d)
{
	register long v0 __asm__("$0") = nr;
	register long a0 __asm__("$16") = a, a1 __asm__("$17") = b, a2 __asm__("$18") = c;
	register long a3 __asm__("$19") = d;
	__asm__ volatile("callsys"
	                 : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3)
	                 :
	                 : "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$20", "$21",
	                   "$22", "$23", "$24", "$25", "$27", "$28", "memory");
	return a3 ? -v0 : v0;
}

#include "hot.h"

HOT(hot_main)
HOT(hot_fork)
HOT(hot_preexec)
HOT(hot_exec)

static unsigned long len(const char *s)
{
	unsigned long n = 0;
	while (s[n])
		n++;
	return n;
}

static void say(const char *a, const char *b)
{
	sys(SYS_write, 1, (long)a, (long)len(a), 0);
	sys(SYS_write, 1, (long)b, (long)len(b), 0);
}

/* a begins with b: what follows it, else NULL */
static const char *after(const char *a, const char *b)
{
	while (*b && *a == *b)
		a++, b++;
	return *b ? 0 : a;
}

static int eq(const char *a, const char *b)
{
	const char *rest = after(a, b);
	return rest && !*rest;
}

/* fork as glibc does it: clone with SIGCHLD alone; 0 in the child. */
static long fork_(void)
{
	return sys(SYS_clone, SIGCHLD, 0, 0, 0);
}

static int reap(long child)
{
	int ws = -1;
	return child > 0 && sys(SYS_wait4, child, (long)&ws, 0, 0) == child && ws == 0;
}

static int run(char **argv, char **envp, const char *part, long n)
{
	if (eq(part, "main")) {
		sink = hot_main(n);
		return 1;
	}
	if (eq(part, "fork")) {
		long c = fork_();
		if (c == 0) {
			sink = hot_fork(n);
			sys(SYS_exit, 0, 0, 0, 0);
		}
		return reap(c);
	}
	const char *prog = after(part, "exec=");
	if (prog) {
		long c = fork_();
		if (c == 0) {
			char *args[] = { (char *)prog, argv[1], "exec-child", 0 };
			sink = hot_preexec(n);
			sys(SYS_execve, (long)prog, (long)args, (long)envp, 0);
			sys(SYS_exit, 127, 0, 0, 0);
		}
		return reap(c);
	}
	if (eq(part, "exec-child")) {
		sink = hot_exec(n);
		return 1;
	}
	return 0;
}

/* sp: argc, argv[], NULL, envp[], NULL (the initial stack). */
void spie_main(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1), **envp = argv + argc + 1;
	long n = 0;
	for (const char *d = argc > 1 ? argv[1] : ""; *d >= '0' && *d <= '9'; d++)
		n = 10 * n + (*d - '0');
	int child = argc > 2 && eq(argv[argc - 1], "exec-child");
	for (long i = 2; i < argc; i++) {
		if (!run(argv, envp, argv[i], n)) {
			say(argv[i], ": failed\n");
			sys(SYS_exit, 1, 0, 0, 0);
		}
		if (!child) {
			say("spie: ", argv[i]);
			say(" ok", "\n");
		}
	}
	if (!child)
		say("spie: done", "\n");
	sys(SYS_exit, argc > 2 ? 0 : 2, 0, 0, 0);
}

/* The entry: the GP from our own address (br), then spie_main(sp),
 * entered past its GP set-up (!samegp). */
__asm__(".globl _start\n\t.ent _start\n_start:\n\tbr $27, 1f\n1:\tldgp $29, 0($27)\n"
        "\tmov $30, $16\n\tbsr $26, spie_main !samegp\n\t.end _start\n");

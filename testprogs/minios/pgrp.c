/*
 * pgrp.c - process groups and sessions (tests/minios.sh, against
 * qemu-alpha).  Everything happens in a child that makes its own
 * session first, so the numbers printed are relative to it and do not
 * depend on who started the program: setsid, getsid, getpgid, getpgrp;
 * setpgid moving children between groups, and its refusals; kill of a
 * group (negative pid) and of one's own (pid 0); wait4 for a group.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void show(const char *what, long r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : "ok");
}

/* A child that waits for a signal (SIGTERM ends it) or 5 s. */
static pid_t sleeper(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		sleep(5);
		_exit(9);
	}
	return pid;
}

static int leader(void)
{
	pid_t me = getpid();
	printf("setsid gives my pid: %d\n", setsid() == me);
	printf("getsid(0), getpgrp(), getpgid(0) are my pid: %d %d %d\n",
	       getsid(0) == me, getpgrp() == me, getpgid(0) == me);
	show("setsid again (a group leader)", setsid());
	show("setpgid of a session leader", setpgid(0, 0));
	show("getpgid of no process", getpgid(999999));
	show("setpgid of no child", setpgid(1, 0));
	show("setpgid to a negative group", setpgid(0, -5));
	/* a and b in a's new group, c stays in mine */
	pid_t a = sleeper(), b = sleeper(), c = sleeper();
	show("setpgid(a, a)", setpgid(a, a));
	show("setpgid(b, a)", setpgid(b, a));
	show("setpgid(c, to a group that does not exist)", setpgid(c, c + 1000));
	printf("groups: a %d, b %d, c %d\n", getpgid(a) == a, getpgid(b) == a,
	       getpgid(c) == me);
	printf("sessions: all mine %d\n",
	       getsid(a) == me && getsid(b) == me && getsid(c) == me);
	show("kill(-a, SIGTERM)", kill(-a, SIGTERM));
	int st, n = 0;
	pid_t w;
	while ((w = waitpid(-a, &st, 0)) > 0)
		n += (w == a || w == b) && WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM;
	printf("waitpid(-a) reaped a and b, killed by SIGTERM: %d\n", n == 2);
	show("waitpid(-a) with none left", waitpid(-a, &st, 0));
	show("kill of an empty group", kill(-a, SIGTERM));
	/* kill(0): my whole group, me too: ignore it here */
	signal(SIGTERM, SIG_IGN);
	show("kill(0, SIGTERM)", kill(0, SIGTERM));
	w = waitpid(0, &st, 0);
	printf("waitpid(0) reaped c, killed by SIGTERM: %d\n",
	       w == c && WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
	/* a grandchild makes its own session */
	pid_t d = fork();
	if (d == 0)
		_exit(setsid() == getpid() && getsid(0) == getpid() ? 0 : 1);
	waitpid(d, &st, 0);
	printf("a child's setsid: %d\n", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	return 0;
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	pid_t pid = fork();
	if (pid == 0)
		_exit(leader());
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

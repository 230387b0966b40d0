/*
 * sigcheck.c - signal numbers are checked where they enter the kernel
 * (tests/minios.sh, against qemu-alpha): clone's exit signal, kill,
 * tgkill and rt_sigaction refuse numbers outside 1..64 (0 where it means
 * "no signal") with EINVAL, as Linux's valid_signal does.  (A clone
 * with exit signal 64 is valid on Linux, but qemu-alpha refuses every
 * exit signal but SIGCHLD, so it is not compared here.)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void show(const char *what, long r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : r == 0 ? "0" : "ok");
}

int main(void)
{
	static const int bad[] = { 100, 65, 255 };
	for (int i = 0; i < 3; i++) {
		long pid = syscall(SYS_clone, bad[i], 0, 0, 0, 0);
		if (pid == 0)
			_exit(0);          /* a child that should not exist */
		char what[40];
		snprintf(what, sizeof what, "clone exit signal %d", bad[i]);
		show(what, pid);
		if (pid > 0)
			waitpid((pid_t)pid, NULL, __WALL);
	}
	show("kill 65", kill(getpid(), 65));
	show("kill 1000", kill(getpid(), 1000));
	show("kill 0", kill(getpid(), 0));
	show("tgkill 65", syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), 65));
	show("tgkill -1", syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), -1));
	show("rt_sigaction 0", syscall(SYS_rt_sigaction, 0, NULL, NULL, 8, 0));
	show("rt_sigaction 65", syscall(SYS_rt_sigaction, 65, NULL, NULL, 8, 0));
	show("rt_sigaction 64", syscall(SYS_rt_sigaction, 64, NULL, NULL, 8, 0));
	return 0;
}

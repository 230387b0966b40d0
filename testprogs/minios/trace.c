/*
 * trace.c - a write, a system call minios does not have (acct), and
 * the exit (tests/minios.sh: quiet without --trace-syscalls, each call
 * on standard error with it).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	write(1, "hi\n", 3);
	long r = syscall(SYS_acct, 0);
	printf("acct: %s\n", r < 0 ? strerror(errno) : "ok");
	return 3;
}

/*
 * nosock.c - what minios answers for sockets, which it does not have
 * (EAFNOSUPPORT, as Linux built without the family), and sync
 * (tests/minios_fs.sh, expected output: Linux would give a socket).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void result(const char *what, int r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : "ok");
}

int main(void)
{
	int sv[2];
	result("socket AF_UNIX", socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
	result("socket AF_INET", socket(AF_INET, SOCK_DGRAM, 0));
	result("socketpair AF_UNIX", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	sync();
	result("syncfs 1", syncfs(1));
	result("syncfs 99", syncfs(99));
	return 0;
}

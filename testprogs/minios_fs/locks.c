/*
 * locks.c - advisory locks between processes (tests/minios_fs.sh,
 * against qemu-alpha, whose processes lock the host's file): POSIX
 * record locks seen and refused from a child, split by an unlock,
 * shared read locks, released by closing any descriptor of the file
 * and by exit; F_SETLKW waiting for the holder, and EDEADLK for a
 * cycle; OFD locks (owned by the open file); flock.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

static int fd;

static int lk(int f, int cmd, short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET, .l_start = start,
	                    .l_len = len };
	return fcntl(f, cmd, &fl);
}

static void result(const char *what, int r)
{
	printf("%s: %s\n", what, r < 0 ? strerror(errno) : "ok");
}

/* What F_GETLK (or F_OFD_GETLK) says of a write lock on [start, +len). */
static void probe(const char *who, int f, int cmd, off_t start, off_t len)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = start,
	                    .l_len = len };
	if (fcntl(f, cmd, &fl)) {
		printf("%s: getlk: %s\n", who, strerror(errno));
		return;
	}
	if (fl.l_type == F_UNLCK)
		printf("%s: [%ld,+%ld) is free\n", who, (long)start, (long)len);
	else
		printf("%s: [%ld,+%ld) meets a %s lock [%ld,+%ld) of %s\n", who, (long)start,
		       (long)len, fl.l_type == F_WRLCK ? "write" : "read", (long)fl.l_start,
		       (long)fl.l_len, fl.l_pid == getppid() ? "the parent" :
		       fl.l_pid == getpid() ? "me" : fl.l_pid == -1 ? "an open file" : "another");
}

/* Run fn in a child (with fd inherited) and wait for it. */
static void in_child(void (*fn)(void))
{
	pid_t pid = fork();
	if (pid == 0) {
		fn();
		_exit(0);
	}
	waitpid(pid, NULL, 0);
}

static void child_sees(void)
{
	probe("child", fd, F_GETLK, 0, 100);
	result("child F_SETLK write [0,+1)", lk(fd, F_SETLK, F_WRLCK, 0, 1));
	result("child F_SETLK read [25,+10)", lk(fd, F_SETLK, F_RDLCK, 25, 10));
	result("child F_SETLK write [25,+1)", lk(fd, F_SETLK, F_WRLCK, 25, 1));
	probe("child", fd, F_GETLK, 20, 1);
	probe("child", fd, F_GETLK, 50, 0);
}

static void child_locks_and_exits(void)
{
	result("child F_SETLK write [200,+10)", lk(fd, F_SETLK, F_WRLCK, 200, 10));
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	fd = open("f", O_CREAT | O_RDWR, 0644);
	write(fd, "0123456789", 10);
	result("F_SETLK write [0,+10)", lk(fd, F_SETLK, F_WRLCK, 0, 10));
	result("F_SETLK read [20,+10)", lk(fd, F_SETLK, F_RDLCK, 20, 10));
	result("F_SETLK unlock [5,+5)", lk(fd, F_SETLK, F_UNLCK, 5, 5));
	probe("parent", fd, F_GETLK, 0, 100);
	in_child(child_sees);
	int wo = open("f", O_WRONLY);
	result("read lock on a write-only descriptor", lk(wo, F_SETLK, F_RDLCK, 0, 1));
	result("close another descriptor of the file", close(wo));
	in_child(child_sees);
	in_child(child_locks_and_exits);
	probe("after the child's exit", fd, F_GETLK, 200, 10);

	/* F_SETLKW waits for the holder; a cycle is EDEADLK */
	int go[2];
	pipe(go);
	lk(fd, F_SETLK, F_WRLCK, 0, 1);
	pid_t pid = fork();
	if (pid == 0) {
		char c;
		lk(fd, F_SETLK, F_WRLCK, 1, 1);
		write(go[1], "x", 1);
		int r = lk(fd, F_SETLKW, F_WRLCK, 0, 1);
		printf("child: F_SETLKW [0,+1) %s\n", r ? strerror(errno) : "got it");
		read(go[0], &c, 1);
		_exit(0);
	}
	char c;
	read(go[0], &c, 1);
	usleep(200000);              /* the child is waiting by now */
	result("parent F_SETLKW [1,+1), held by the waiting child",
	       lk(fd, F_SETLKW, F_WRLCK, 1, 1));
	printf("parent: unlocking [0,+1)\n");
	lk(fd, F_SETLK, F_UNLCK, 0, 1);
	usleep(200000);
	write(go[1], "x", 1);
	waitpid(pid, NULL, 0);

	/* OFD locks belong to the open file */
	int a = open("f", O_RDWR), b = open("f", O_RDWR);
	result("OFD write [300,+10) on a", lk(a, F_OFD_SETLK, F_WRLCK, 300, 10));
	result("OFD write [305,+1) on b", lk(b, F_OFD_SETLK, F_WRLCK, 305, 1));
	probe("b", b, F_OFD_GETLK, 300, 1);
	result("OFD write [305,+1) on a again", lk(a, F_OFD_SETLK, F_WRLCK, 305, 1));
	close(a);
	result("OFD write [305,+1) on b after a's close", lk(b, F_OFD_SETLK, F_WRLCK, 305, 1));
	close(b);

	/* flock, apart from record locks */
	a = open("f", O_RDONLY);
	b = open("f", O_RDONLY);
	result("flock a LOCK_EX", flock(a, LOCK_EX));
	result("flock b LOCK_EX|LOCK_NB", flock(b, LOCK_EX | LOCK_NB));
	result("flock b LOCK_SH|LOCK_NB", flock(b, LOCK_SH | LOCK_NB));
	result("flock a LOCK_SH (converted)", flock(a, LOCK_SH));
	result("flock b LOCK_SH|LOCK_NB", flock(b, LOCK_SH | LOCK_NB));
	result("flock a LOCK_UN", flock(a, LOCK_UN));
	result("flock with a bad operation", flock(a, 0));
	return 0;
}

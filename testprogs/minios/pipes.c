/* pipes: a pipeline of three processes (parent -> upcase child ->
 * counting child -> parent) through pipes, more data than a pipe holds,
 * end of file when the writers close; then EPIPE with SIGPIPE ignored,
 * and death by SIGPIPE with the default action. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void upcase(int in, int out)
{
	char buf[777];
	ssize_t n;
	while ((n = read(in, buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < n; i++)
			buf[i] = (char)toupper((unsigned char)buf[i]);
		for (ssize_t done = 0; done < n; ) {
			ssize_t w = write(out, buf + done, (size_t)(n - done));
			if (w <= 0)
				_exit(2);
			done += w;
		}
	}
	_exit(n < 0 ? 3 : 0);
}

static void count(int in, int out)
{
	char buf[1000];
	unsigned long bytes = 0, sum = 0, upper = 0;
	ssize_t n;
	while ((n = read(in, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++, bytes++) {
			sum = sum * 31 + (unsigned char)buf[i];
			upper += isupper((unsigned char)buf[i]) != 0;
		}
	dprintf(out, "%lu bytes, %lu upper, hash %lx\n", bytes, upper, sum);
	_exit(0);
}

int main(void)
{
	int a[2], b[2], c[2];
	if (pipe(a) || pipe(b) || pipe(c))
		return 1;
	if (fork() == 0) {
		close(a[1]); close(b[0]); close(c[0]); close(c[1]);
		upcase(a[0], b[1]);
	}
	if (fork() == 0) {
		close(a[0]); close(a[1]); close(b[1]); close(c[0]);
		count(b[0], c[1]);
	}
	close(a[0]); close(b[0]); close(b[1]); close(c[1]);
	char line[64];
	for (int i = 0; i < 2000; i++) {
		int n = snprintf(line, sizeof line, "line %d of the quick brown fox\n", i);
		if (write(a[1], line, (size_t)n) != n)
			return 1;
	}
	close(a[1]);
	char res[200];
	ssize_t n = read(c[0], res, sizeof res - 1);
	res[n > 0 ? n : 0] = 0;
	printf("pipeline: %s", res);
	printf("then end of file: %d\n", (int)read(c[0], res, 1));
	int st, reaped = 0;
	while (wait(&st) > 0)
		reaped += WIFEXITED(st) && WEXITSTATUS(st) == 0;
	printf("children ok: %d\n", reaped);

	int d[2];
	pipe2(d, O_CLOEXEC);
	close(d[0]);
	signal(SIGPIPE, SIG_IGN);
	errno = 0;
	printf("write, no reader, SIGPIPE ignored: %d %s\n", (int)write(d[1], "x", 1),
	       errno == EPIPE ? "EPIPE" : "?");
	signal(SIGPIPE, SIG_DFL);
	if (fork() == 0) {
		write(d[1], "x", 1);
		_exit(0);
	}
	wait(&st);
	printf("child writing to no reader: %s %d\n",
	       WIFSIGNALED(st) ? "killed by signal" : "exited", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	return 0;
}

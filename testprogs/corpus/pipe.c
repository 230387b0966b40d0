/* pipe.c - pipes between a parent and a forked child: a 256 KB stream
 * (more than any pipe buffer, so both sides block) checked by hash,
 * ping-pong of short messages, end of file when the writer closes, and
 * EPIPE when the reader has gone. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "corpus.h"

#define TOTAL (256 * 1024)

static void gen(unsigned char *b, size_t n, size_t off)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)((off + i) * 2654435761u >> 13);
}

int main(void)
{
	int down[2], up[2];
	CHECK(pipe(down) == 0 && pipe(up) == 0);
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		close(down[1]);
		close(up[0]);
		unsigned char buf[3000];
		uint64_t h = FNV_INIT;
		size_t got = 0;
		ssize_t n;
		while ((n = read(down[0], buf, sizeof buf)) > 0) {
			h = fnv(h, buf, (size_t)n);
			got += (size_t)n;
		}
		char msg[80];
		int len = snprintf(msg, sizeof msg, "%zu %016llx", got, (unsigned long long)h);
		write(up[1], msg, (size_t)len);
		_exit(0);
	}
	close(down[0]);
	close(up[1]);
	unsigned char buf[4096];
	uint64_t h = FNV_INIT;
	for (size_t off = 0; off < TOTAL; off += 1000) {
		size_t n = TOTAL - off < 1000 ? TOTAL - off : 1000;
		gen(buf, n, off);
		h = fnv(h, buf, n);
		CHECK(write(down[1], buf, n) == (ssize_t)n);
	}
	close(down[1]);
	char msg[81];
	ssize_t n = read(up[0], msg, 80);
	msg[n > 0 ? n : 0] = 0;
	char want[80];
	snprintf(want, sizeof want, "%d %016llx", TOTAL, (unsigned long long)h);
	printf("child received: %s (%s)\n", msg, strcmp(msg, want) ? "WRONG" : "matches");
	CHECK(!strcmp(msg, want));
	printf("eof after child exits: %zd\n", read(up[0], msg, 80));
	int st;
	waitpid(p, &st, 0);
	printf("child exit %d\n", WEXITSTATUS(st));
	close(up[0]);

	/* ping-pong over two new pipes */
	int a[2], b[2];
	pipe(a);
	pipe(b);
	fflush(stdout);
	if ((p = fork()) == 0) {
		long v;
		while (read(a[0], &v, sizeof v) == sizeof v) {
			v = v * 2 + 1;
			write(b[1], &v, sizeof v);
		}
		_exit(0);
	}
	close(a[0]);
	close(b[1]);
	long v = 1, total = 0;
	for (int i = 0; i < 200; i++) {
		long x = i;
		write(a[1], &x, sizeof x);
		read(b[0], &v, sizeof v);
		total += v;
	}
	close(a[1]);
	waitpid(p, &st, 0);
	printf("ping-pong: 200 round trips, total %ld\n", total);
	CHECK(total == 200 * 199 + 200);

	/* no reader: EPIPE (SIGPIPE ignored) */
	signal(SIGPIPE, SIG_IGN);
	int c[2];
	pipe(c);
	close(c[0]);
	n = write(c[1], "x", 1);
	printf("write with no reader: %zd %s\n", n, strerror(errno));
	close(c[1]);
	return corpus_done("pipe");
}

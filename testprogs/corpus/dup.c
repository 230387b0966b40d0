/* dup.c - descriptor calls: dup, dup2, dup3, fcntl F_DUPFD, FD_CLOEXEC,
 * F_GETFL/F_SETFL with O_APPEND and O_NONBLOCK, shared file offsets,
 * stdout redirected into a file and restored, /dev/null and /dev/zero. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "corpus.h"

int main(void)
{
	int fd = open("dup.out", O_RDWR | O_CREAT | O_TRUNC, 0644);
	CHECK(fd >= 3);
	int d = dup(fd);
	printf("dup gives a new descriptor: %d\n", d > fd);
	write(fd, "abc", 3);
	printf("offset shared: %ld\n", (long)lseek(d, 0, SEEK_CUR));
	int d2 = dup2(fd, 20);
	printf("dup2 to 20: %d\n", d2);
	printf("dup2 to itself: %d\n", dup2(fd, fd) == fd);
	int d3 = dup3(fd, 21, O_CLOEXEC);
	printf("dup3 O_CLOEXEC: %d flags %d\n", d3, fcntl(d3, F_GETFD));
	int d4 = fcntl(fd, F_DUPFD, 30);
	printf("F_DUPFD 30: %d\n", d4);
	printf("FD_CLOEXEC: %d", fcntl(d4, F_GETFD));
	fcntl(d4, F_SETFD, FD_CLOEXEC);
	printf(" -> %d\n", fcntl(d4, F_GETFD));
	int fl = fcntl(fd, F_GETFL);
	printf("F_GETFL access mode O_RDWR: %d append %d\n", (fl & O_ACCMODE) == O_RDWR, !!(fl & O_APPEND));
	fcntl(fd, F_SETFL, fl | O_APPEND);
	lseek(fd, 0, SEEK_SET);
	write(fd, "XYZ", 3);
	printf("after O_APPEND write, offset %ld\n", (long)lseek(fd, 0, SEEK_CUR));
	int bad = dup(99);
	printf("bad descriptor: dup %d %s", bad, strerror(errno));
	printf(", close %d\n", close(99));

	/* stdout into the file, then back */
	fflush(stdout);
	int saved = dup(1);
	dup2(fd, 1);
	printf("this line goes to the file\n");
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	char buf[128];
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	buf[n > 0 ? n : 0] = 0;
	printf("file holds %zd bytes: %s", n, buf);
	CHECK(n == 6 + 27);
	close(fd);
	close(d);
	close(d2);
	close(d3);
	close(d4);
	unlink("dup.out");

	int z = open("/dev/zero", O_RDONLY);
	memset(buf, 0x55, sizeof buf);
	n = read(z, buf, 100);
	int zeros = 0;
	for (int i = 0; i < 100; i++)
		zeros += buf[i] == 0;
	printf("/dev/zero: read %zd, zeros %d\n", n, zeros);
	close(z);
	int nul = open("/dev/null", O_RDWR);
	printf("/dev/null: write %zd read %zd\n", write(nul, buf, 50), read(nul, buf, 50));
	close(nul);
	int pfd[2];
	pipe(pfd);
	fcntl(pfd[0], F_SETFL, O_NONBLOCK);
	n = read(pfd[0], buf, 1);
	printf("empty non-blocking pipe: %zd %s\n", n, errno == EAGAIN ? "EAGAIN" : strerror(errno));
	return corpus_done("dup");
}

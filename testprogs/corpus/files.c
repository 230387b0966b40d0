/* files.c - file I/O in the working directory with the system calls
 * themselves: create and O_EXCL, write/read, writev/readv, pread/pwrite,
 * lseek from each origin and past the end (a hole reads as zeros),
 * O_APPEND, stat/fstat, access, rename over an existing file, unlink. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#include "corpus.h"

int main(void)
{
	int fd = open("a.dat", O_RDWR | O_CREAT | O_EXCL, 0640);
	printf("create: %d\n", fd >= 0);
	int r = open("a.dat", O_RDWR | O_CREAT | O_EXCL, 0640);
	printf("O_EXCL again: %d %s\n", r, strerror(errno));
	/* 100 KB of generated data, in uneven pieces */
	static unsigned char data[100000], back[100000];
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)(i * i + i / 256);
	size_t off = 0;
	for (size_t piece = 1; off < sizeof data; piece = piece * 3 % 8191 + 1) {
		size_t n = sizeof data - off < piece ? sizeof data - off : piece;
		CHECK(write(fd, data + off, n) == (ssize_t)n);
		off += n;
	}
	printf("offset after writes: %ld\n", (long)lseek(fd, 0, SEEK_CUR));
	printf("seek set %ld cur %ld end %ld\n", (long)lseek(fd, 1000, SEEK_SET),
	       (long)lseek(fd, -10, SEEK_CUR), (long)lseek(fd, -1, SEEK_END));
	lseek(fd, 0, SEEK_SET);
	ssize_t got = 0, n;
	while ((n = read(fd, back + got, 4096)) > 0)
		got += n;
	printf("read back %zd bytes, equal %d\n", got, memcmp(data, back, sizeof data) == 0);
	CHECK(got == (ssize_t)sizeof data && !memcmp(data, back, sizeof data));

	/* pwrite/pread leave the offset alone */
	lseek(fd, 5, SEEK_SET);
	pwrite(fd, "PWRITE", 6, 50000);
	char small[16] = { 0 };
	pread(fd, small, 6, 50000);
	printf("pread '%s' offset still %ld\n", small, (long)lseek(fd, 0, SEEK_CUR));

	/* a hole past the end */
	lseek(fd, 200000, SEEK_SET);
	write(fd, "end", 3);
	struct stat st;
	fstat(fd, &st);
	printf("size with hole %ld regular %d\n", (long)st.st_size, S_ISREG(st.st_mode));
	memset(back, 1, 1000);
	pread(fd, back, 1000, 150000);
	int zeros = 0;
	for (int i = 0; i < 1000; i++)
		zeros += back[i] == 0;
	printf("hole reads zeros: %d\n", zeros);

	/* gather and scatter */
	struct iovec wv[3] = { { "one ", 4 }, { "two ", 4 }, { "three", 5 } };
	lseek(fd, 0, SEEK_SET);
	printf("writev %zd\n", writev(fd, wv, 3));
	char x[5], y[8];
	struct iovec rv[2] = { { x, 5 }, { y, 8 } };
	lseek(fd, 0, SEEK_SET);
	printf("readv %zd: '%.5s' '%.8s'\n", readv(fd, rv, 2), x, y);
	close(fd);

	fd = open("a.dat", O_WRONLY | O_APPEND);
	lseek(fd, 0, SEEK_SET);
	write(fd, "+tail", 5);
	fstat(fd, &st);
	printf("O_APPEND: size %ld\n", (long)st.st_size);
	close(fd);

	fd = open("b.dat", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	write(fd, "bbb", 3);
	close(fd);
	printf("rename over b.dat: %d\n", rename("a.dat", "b.dat"));
	stat("b.dat", &st);
	printf("b.dat size %ld, a.dat exists %d\n", (long)st.st_size, access("a.dat", F_OK) == 0);
	printf("access R_OK %d W_OK %d\n", access("b.dat", R_OK), access("b.dat", W_OK));
	printf("truncate on open: ");
	fd = open("b.dat", O_RDWR | O_TRUNC);
	fstat(fd, &st);
	printf("%ld\n", (long)st.st_size);
	close(fd);
	r = unlink("b.dat");
	int again = unlink("b.dat");
	printf("unlink %d, again %d (%s)\n", r, again, strerror(errno));
	n = read(fd, small, 1);
	printf("read on a closed descriptor: %zd %s\n", n, strerror(errno));
	return corpus_done("files");
}

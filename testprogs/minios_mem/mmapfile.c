/*
 * mmapfile.c - file-backed mmap (docs/minios.md "Memory map"): a file
 * written here, then mapped private read-only whole and from a page
 * offset, private writable (changes stay out of the file), and past its
 * end (zeros to the end of the page); mremap growing a file mapping;
 * mprotect down to PROT_NONE and back keeps the contents; MADV_DONTNEED
 * throws the private copy away.  Prints what
 * it finds, for comparison with qemu-alpha.
 */
#define _GNU_SOURCE                        /* mremap */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned sum(const unsigned char *p, size_t n)
{
	unsigned s = 0;
	for (size_t i = 0; i < n; i++)
		s = s * 31 + p[i];
	return s;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t len = 3 * (size_t)pg + 100;
	static unsigned char data[1 << 16];
	for (size_t i = 0; i < len; i++)
		data[i] = (unsigned char)(i * 7 + (i >> 8));
	int fd = open("data.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, data, len) != (ssize_t)len) {
		perror("data.bin");
		return 1;
	}
	printf("page size %ld, file %zu bytes, sum %08x\n", pg, len, sum(data, len));

	unsigned char *r = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (r == MAP_FAILED) {
		perror("mmap read");
		return 1;
	}
	printf("read-only map: sum %08x, same %d\n", sum(r, len), !memcmp(r, data, len));
	size_t tail = (size_t)pg - len % (size_t)pg, zeros = 0;
	for (size_t i = 0; i < tail; i++)
		zeros += r[len + i] == 0;
	printf("past the end: %zu of %zu bytes zero\n", zeros, tail);

	unsigned char *o = mmap(NULL, (size_t)pg, PROT_READ, MAP_PRIVATE, fd, 2 * pg);
	printf("offset map: same %d\n", o != MAP_FAILED && !memcmp(o, data + 2 * pg, (size_t)pg));

	unsigned char *w = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (w == MAP_FAILED) {
		perror("mmap write");
		return 1;
	}
	memset(w + 10, 'x', 5000);
	unsigned char back[8];
	pread(fd, back, sizeof back, 10);
	printf("private write: map %c%c, file unchanged %d, first map unchanged %d\n",
	       w[10], w[5009], !memcmp(back, data + 10, sizeof back), r[10] == data[10]);

	unsigned char *g = mremap(o, (size_t)pg, 2 * (size_t)pg, MREMAP_MAYMOVE);
	printf("mremap grown: same %d\n",
	       g != MAP_FAILED && !memcmp(g, data + 2 * pg, len - 2 * (size_t)pg));

	printf("mprotect none: %d\n", mprotect(w, (size_t)pg, PROT_NONE));
	printf("mprotect back: %d, kept %c\n", mprotect(w, (size_t)pg, PROT_READ | PROT_WRITE),
	       w[10]);
	printf("MADV_DONTNEED: %d, the file again %d\n",
	       madvise(w, (size_t)pg, MADV_DONTNEED), w[10] == data[10]);
	printf("munmap: %d %d %d %d\n", munmap(r, len), munmap(g, 2 * (size_t)pg),
	       munmap(w, len), close(fd));
	printf("bad fd: %d\n", mmap(NULL, 10, PROT_READ, MAP_PRIVATE, 99, 0) == MAP_FAILED);
	return 0;
}

/*
 * mprotect_segv.c - a store to a page made read-only by mprotect ends
 * the process with SIGSEGV (exit status 139 under the test's shell); the
 * reads before it work.
 */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	p[0] = 'a';
	p[pg] = 'b';
	printf("mprotect: %d\n", mprotect(p, (size_t)pg, PROT_READ));
	printf("read %c, write the next page: ", p[0]);
	p[pg] = 'c';
	printf("%c\n", p[pg]);
	fflush(stdout);
	p[1] = 'd';                        /* SIGSEGV */
	printf("not reached\n");
	return 0;
}

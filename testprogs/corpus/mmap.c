/* mmap.c - anonymous memory: mmap of a large region touched page by
 * page, munmap of a hole in its middle, mprotect to read-only with the
 * write fault caught as SIGSEGV (si_addr checked), MAP_FIXED over part
 * of a mapping, madvise(MADV_DONTNEED) zero-filling, and brk growth. */
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "corpus.h"

#define PAGE 8192
#define NPAGES 256

static sigjmp_buf jb;
static void *fault_addr;
static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = si->si_addr;
	siglongjmp(jb, 1);
}

/* Writes to P; 1 if it faulted. */
static int try_write(volatile char *p)
{
	if (sigsetjmp(jb, 1))
		return 1;
	*p = 1;
	return 0;
}

int main(void)
{
	printf("page size %ld\n", sysconf(_SC_PAGESIZE));
	char *m = mmap(NULL, NPAGES * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(m != MAP_FAILED);
	int zero = 1;
	for (int i = 0; i < NPAGES; i++) {
		zero &= m[i * PAGE + 17] == 0;
		m[i * PAGE] = (char)i;
	}
	long s = 0;
	for (int i = 0; i < NPAGES; i++)
		s += (unsigned char)m[i * PAGE];
	printf("fresh pages zero %d, sum %ld\n", zero, s);

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);

	printf("munmap of pages 100-109: %d\n", munmap(m + 100 * PAGE, 10 * PAGE));
	int f = try_write(m + 105 * PAGE + 3);
	printf("write into the hole faults %d at the right address %d\n", f, fault_addr == m + 105 * PAGE + 3);
	printf("pages beside the hole intact: %d %d\n", m[99 * PAGE] == 99, m[110 * PAGE] == 110);

	printf("mprotect read-only: %d\n", mprotect(m, 10 * PAGE, PROT_READ));
	f = try_write(m + 5 * PAGE);
	printf("write faults %d, still readable %d\n", f, m[5 * PAGE] == 5);
	mprotect(m, 10 * PAGE, PROT_READ | PROT_WRITE);
	printf("writable again: %d\n", try_write(m + 5 * PAGE) == 0);

	char *fixed = mmap(m + 200 * PAGE, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	printf("MAP_FIXED at the asked address %d, replaced page zero %d\n", fixed == m + 200 * PAGE, m[201 * PAGE] == 0);

	memset(m + 50 * PAGE, 0x77, 2 * PAGE);
	madvise(m + 50 * PAGE, 2 * PAGE, MADV_DONTNEED);
	printf("MADV_DONTNEED zero-fills: %d\n", m[50 * PAGE] == 0 && m[52 * PAGE - 1] == 0);
	munmap(m, NPAGES * PAGE);

	char *b0 = sbrk(0);
	char *b1 = sbrk(1 << 20);
	memset(b1, 3, 1 << 20);
	printf("sbrk grew by 1 MB: %d, old break returned %d\n", (char *)sbrk(0) - b0 >= (1 << 20), b1 == b0);
	return corpus_done("mmap");
}

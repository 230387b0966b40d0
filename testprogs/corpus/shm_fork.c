/* shm_fork.c - memory across fork: a MAP_SHARED|MAP_ANONYMOUS region
 * that parent and children all see, against MAP_PRIVATE and ordinary
 * data, which become private copies (copy-on-write). */
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "corpus.h"

static long data_var = 5;

int main(void)
{
	long *shared = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long *priv = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(shared != MAP_FAILED && priv != MAP_FAILED);
	long *heap = malloc(4096 * sizeof *heap);
	for (int i = 0; i < 4096; i++)
		heap[i] = priv[i] = i;
	/* four children, each fills its own quarter of the shared region */
	fflush(stdout);
	for (int c = 0; c < 4; c++)
		if (fork() == 0) {
			for (int i = c * 2048; i < (c + 1) * 2048; i++)
				shared[i] = (long)i * i;
			for (int i = 0; i < 4096; i++)
				priv[i] = heap[i] = -1;
			data_var = 99;
			_exit(c);
		}
	int sum_st = 0;
	for (int c = 0; c < 4; c++) {
		int st;
		wait(&st);
		sum_st += WEXITSTATUS(st);
	}
	long s = 0;
	int ok = 1;
	for (int i = 0; i < 8192; i++) {
		s += shared[i];
		ok &= shared[i] == (long)i * i;
	}
	long p = 0, h = 0;
	for (int i = 0; i < 4096; i++) {
		p += priv[i];
		h += heap[i];
	}
	printf("children exit statuses sum %d\n", sum_st);
	printf("shared: all written %d, sum %ld\n", ok, s);
	printf("private mapping unchanged: sum %ld\n", p);
	printf("heap unchanged: sum %ld, data %ld\n", h, data_var);
	CHECK(ok && p == 4095 * 4096 / 2 && h == p && data_var == 5);
	munmap(shared, 65536);
	munmap(priv, 65536);
	free(heap);
	return corpus_done("shm_fork");
}

/*
 * cow.c - fork's copy-on-write and MAP_SHARED anonymous memory: the
 * child changes a global, the heap, a private mapping (some pages
 * touched before the fork, some not) and a shared one; the parent sees
 * only the shared change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static int global = 1;

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *heap = malloc(100);
	strcpy(heap, "parent");
	char *priv = mmap(NULL, 4 * (size_t)pg, PROT_READ | PROT_WRITE,
	                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int *shared = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE,
	                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	priv[0] = 'p';
	shared[0] = 10;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		global = 2;
		strcpy(heap, "child");
		priv[0] = 'c';
		priv[2 * pg] = 'c';
		shared[0] = 20;
		shared[pg / sizeof(int)] = 30;   /* a page untouched before fork */
		printf("child: global %d heap %s priv %c%c shared %d %d\n", global, heap,
		       priv[0], priv[2 * pg], shared[0], shared[pg / sizeof(int)]);
		return 7;
	}
	int status;
	waitpid(pid, &status, 0);
	printf("parent: child exit %d, global %d heap %s priv %c%d shared %d %d\n",
	       WEXITSTATUS(status), global, heap, priv[0], priv[2 * pg],
	       shared[0], shared[pg / sizeof(int)]);
	return 0;
}

/*
 * limits.c WHAT - what ordinary programs need of the kernel's tables
 * (tests/minios.sh):
 *   files    open 1000 files at once (and close them)
 *   procs    fork 300 children that all live at the same time, then
 *            let them go and reap them
 *   rlimits  getrlimit of the descriptor and process limits, and
 *            setrlimit lowering the descriptor limit, which open obeys
 *   malloc   malloc until NULL, free everything, malloc again: memory
 *            runs out as ENOMEM, never as a fault (alphasim with a
 *            small --mem)
 * files and procs are compared with qemu-alpha; rlimits and malloc have
 * alphasim's own expected output (the host's limits and memory differ).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int files(void)
{
	static int fd[1000];
	int n = 0;
	for (; n < 1000; n++)
		if ((fd[n] = open("/", O_RDONLY | O_DIRECTORY)) < 0)
			break;
	int bad = 0;
	printf("opened %d\n", n);
	for (int i = 0; i < n; i++)
		bad += close(fd[i]) != 0;
	printf("closed them, %d failures\n", bad);
	return n == 1000 && !bad ? 0 : 1;
}

static int procs(void)
{
	enum { N = 300 };
	int go[2];
	static pid_t kid[N];
	if (pipe(go))
		return 1;
	int n = 0;
	for (; n < N; n++) {
		kid[n] = fork();
		if (kid[n] < 0)
			break;
		if (kid[n] == 0) {      /* wait until the parent closes the pipe */
			char c;
			close(go[1]);
			_exit(read(go[0], &c, 1) == 0 ? 0 : 1);
		}
	}
	printf("forked %d children, all alive%s\n", n, n < N ? " (fork failed)" : "");
	close(go[1]);
	int ok = 0;
	for (int i = 0; i < n; i++) {
		int st;
		if (waitpid(kid[i], &st, 0) == kid[i] && WIFEXITED(st) && !WEXITSTATUS(st))
			ok++;
	}
	printf("reaped %d, exit 0\n", ok);
	return n == N && ok == N ? 0 : 1;
}

static void show_limit(const char *name, int r)
{
	struct rlimit rl;
	getrlimit(r, &rl);
	printf("%s: soft %lld hard %lld\n", name, (long long)rl.rlim_cur,
	       (long long)rl.rlim_max);
}

static int rlimits(void)
{
	show_limit("RLIMIT_NOFILE", RLIMIT_NOFILE);
	show_limit("RLIMIT_NPROC", RLIMIT_NPROC);
	show_limit("RLIMIT_STACK", RLIMIT_STACK);
	struct rlimit rl = { 10, 1024 };
	printf("setrlimit NOFILE 10: %d\n", setrlimit(RLIMIT_NOFILE, &rl));
	int n = 0;
	while (open("/", O_RDONLY) >= 0)
		n++;
	printf("then opened %d more (%s)\n", n, strerror(errno));
	rl.rlim_max = 2048;
	printf("hard limit 2048: %s\n", setrlimit(RLIMIT_NOFILE, &rl) ? strerror(errno) : "ok");
	return 0;
}

/* Blocks chained through their first word, so the program itself
 * needs no table. */
static int mallocs(void)
{
	enum { BIG = 1 << 20, SMALL = 4000 };
	void *head = NULL, *b;
	int nbig = 0, nsmall = 0;
	/* big blocks (mmap) until NULL, each touched, then small ones (brk,
	 * then mmap) until NULL */
	while ((b = malloc(BIG))) {
		memset(b, 1, BIG);
		*(void **)b = head;
		head = b;
		nbig++;
	}
	while ((b = malloc(SMALL))) {
		memset(b, 2, SMALL);
		*(void **)b = head;
		head = b;
		nsmall++;
	}
	printf("big blocks until NULL, then small ones until NULL\n");
	printf("at least 8 MB: %s\n", nbig >= 8 ? "yes" : "no");
	while (head) {
		b = *(void **)head;
		free(head);
		head = b;
	}
	void *again = malloc(BIG);
	printf("after free, malloc again: %s\n", again ? "ok" : "NULL");
	if (again)
		memset(again, 3, BIG);
	free(again);
	return again ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *w = argc > 1 ? argv[1] : "";
	setvbuf(stdout, NULL, _IONBF, 0);
	return !strcmp(w, "files") ? files() : !strcmp(w, "procs") ? procs() :
	       !strcmp(w, "rlimits") ? rlimits() : !strcmp(w, "malloc") ? mallocs() : 2;
}

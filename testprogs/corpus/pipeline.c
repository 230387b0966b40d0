/* pipeline.c - a three-stage pipeline built with fork, pipe, dup2 and
 * execve of this same program: "gen" writes numbers, "sq" squares the
 * odd ones modulo a prime, "sum" adds them up and prints.  The parent
 * waits for all three.  qemu-alpha cannot execve an Alpha program (no
 * binfmt), so tests compare with pipeline.expected. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "corpus.h"

static int stage(const char *name)
{
	char line[64];
	if (!strcmp(name, "gen")) {
		for (int i = 1; i <= 3000; i++)
			printf("%d\n", i);
		return 0;
	}
	if (!strcmp(name, "sq")) {
		while (fgets(line, sizeof line, stdin)) {
			long n = atol(line);
			if (n & 1)
				printf("%ld\n", n * n % 1009);
		}
		return 1;
	}
	long sum = 0, count = 0;
	while (fgets(line, sizeof line, stdin)) {
		sum += atol(line);
		count++;
	}
	printf("sum: %ld numbers, total %ld\n", count, sum);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--stage"))
		return stage(argv[2]);
	static const char *names[] = { "gen", "sq", "sum" };
	pid_t pids[3];
	int in = -1;
	printf("pipeline: gen | sq | sum\n");
	fflush(stdout);
	for (int i = 0; i < 3; i++) {
		int fd[2] = { -1, -1 };
		if (i < 2)
			CHECK(pipe(fd) == 0);
		pids[i] = fork();
		if (pids[i] == 0) {
			if (in >= 0) {
				dup2(in, 0);
				close(in);
			}
			if (fd[1] >= 0) {
				dup2(fd[1], 1);
				close(fd[1]);
				close(fd[0]);
			}
			char *args[] = { argv[0], "--stage", (char *)names[i], NULL };
			execve(argv[0], args, (char *[]){ NULL });
			fprintf(stderr, "exec failed\n");
			_exit(127);
		}
		if (in >= 0)
			close(in);
		if (fd[1] >= 0)
			close(fd[1]);
		in = fd[0];
	}
	for (int i = 0; i < 3; i++) {
		int st;
		CHECK(waitpid(pids[i], &st, 0) == pids[i]);
		printf("stage %s: exited %d\n", names[i], WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	}
	return corpus_done("pipeline");
}

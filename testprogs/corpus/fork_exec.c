/* fork_exec.c - fork, execve of this same program with arguments and a
 * new environment, its output read back through a pipe, its exit status
 * through waitpid; and an execve that fails.  Run with "--child N" it is
 * the child.  qemu-alpha cannot execve an Alpha program (no binfmt), so
 * tests compare with fork_exec.expected. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "corpus.h"

static int child_main(int argc, char **argv)
{
	int n = atoi(argv[2]);
	printf("child: argc %d arg '%s' square %d\n", argc, argv[2], n * n);
	printf("child: CORPUS_CHILD=%s CORPUS_A=%s\n", getenv("CORPUS_CHILD"),
	       getenv("CORPUS_A") ? getenv("CORPUS_A") : "(unset)");
	return n + 4;
}

/* Runs this program with "--child N"; prints what it wrote and how it ended. */
static void spawn(const char *self, const char *n)
{
	int fd[2];
	CHECK(pipe(fd) == 0);
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		char *args[] = { (char *)self, "--child", (char *)n, NULL };
		char *env[] = { "CORPUS_CHILD=yes", NULL };
		execve(self, args, env);
		printf("exec failed: %s\n", strerror(errno));
		exit(127);
	}
	close(fd[1]);
	FILE *f = fdopen(fd[0], "r");
	char line[256];
	while (fgets(line, sizeof line, f))
		printf("parent read: %s", line);
	fclose(f);
	int st;
	CHECK(waitpid(p, &st, 0) == p);
	printf("child %s: exited %d\n", n, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--child"))
		return child_main(argc, argv);
	printf("parent: starting\n");
	spawn(argv[0], "3");
	spawn(argv[0], "11");
	/* an execve that must fail, in a child */
	fflush(stdout);
	pid_t p = fork();
	if (p == 0) {
		char *args[] = { "nothing", NULL };
		execve("./no-such-program", args, args + 1);
		printf("missing program: %s\n", strerror(errno));
		exit(errno == ENOENT ? 0 : 1);
	}
	int st;
	waitpid(p, &st, 0);
	printf("failed exec child: exited %d\n", WEXITSTATUS(st));
	return corpus_done("fork_exec");
}

/* forkexec: fork; the child execs execee.lnx (beside this program) with
 * arguments and an environment, keeping fd 6 but not fd 5 (O_CLOEXEC);
 * the parent waits and prints the status.  Then posix_spawn (vfork and
 * exec inside glibc) of the same.  qemu-alpha cannot exec a guest
 * binary, so tests/minios_proc.sh states the expected output. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	(void)argc;
	char path[4096];
	strcpy(path, argv[0]);
	char *slash = strrchr(path, '/');
	strcpy(slash ? slash + 1 : path, "execee.lnx");
	fflush(stdout);
	if (dup3(1, 5, O_CLOEXEC) != 5 || dup2(1, 6) != 6) {
		perror("dup");
		return 1;
	}
	pid_t c = fork();
	if (c == 0) {
		char *args[] = { "execee", "one", "two words", NULL };
		char *env[] = { "EXECEE=from-fork", NULL };
		execve(path, args, env);
		perror("execve");
		_exit(127);
	}
	int st;
	if (waitpid(c, &st, 0) != c)
		return 1;
	printf("forkexec: child exited with %d\n", WEXITSTATUS(st));
	fflush(stdout);
	setenv("EXECEE", "from-spawn", 1);
	char *args[] = { "execee", "spawned", NULL };
	pid_t s;
	int err = posix_spawn(&s, path, NULL, NULL, args, environ);
	if (err) {
		printf("posix_spawn: %s\n", strerror(err));
		return 1;
	}
	if (waitpid(s, &st, 0) != s)
		return 1;
	printf("forkexec: spawned child exited with %d\n", WEXITSTATUS(st));
	int r = execl("/nonexistent/prog", "x", (char *)NULL);
	printf("forkexec: execl of a missing file: %d\n", r);
	return 0;
}

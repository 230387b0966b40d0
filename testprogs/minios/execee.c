/* execee: what forkexec runs with execve; prints its arguments, one
 * environment variable and whether a close-on-exec descriptor stayed
 * closed, then exits with the number of arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		printf("execee arg %d: %s\n", i, argv[i]);
	const char *v = getenv("EXECEE");
	printf("execee EXECEE=%s\n", v ? v : "(unset)");
	printf("execee fd 5 %s, fd 6 %s\n", write(5, "", 0) < 0 ? "closed" : "open",
	       write(6, "", 0) < 0 ? "closed" : "open");
	return argc;
}

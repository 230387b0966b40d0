/* args.c - argv, the environment and the auxiliary vector as the
 * kernel laid them out on the initial stack.  The MINIOS_ variables are
 * printed sorted: qemu-alpha hands the environment over reversed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv, char **envp)
{
	char *mine[64];
	int n = 0;
	printf("argc %d\n", argc);
	for (int i = 0; i < argc; i++)
		printf("argv[%d] '%s'\n", i, argv[i]);
	for (char **e = envp; *e && n < 64; e++)
		if (!strncmp(*e, "MINIOS_", 7))
			mine[n++] = *e;
	qsort(mine, (size_t)n, sizeof mine[0], cmp);
	for (int i = 0; i < n; i++)
		printf("env '%s'\n", mine[i]);
	printf("MINIOS_B=%s\n", getenv("MINIOS_B") ? getenv("MINIOS_B") : "(unset)");
	printf("pagesz %lu\n", getauxval(AT_PAGESZ));
	printf("random %s\n", getauxval(AT_RANDOM) ? "present" : "missing");
	printf("entry %s\n", getauxval(AT_ENTRY) ? "present" : "missing");
	return argc;
}

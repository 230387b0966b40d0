/* env.c - the program's arguments and environment: argv echoed,
 * getenv of set and unset variables, the environment listed in sorted
 * order, then setenv, putenv, unsetenv and clearenv. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

extern char **environ;

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void show_env(const char *when)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **copy = malloc((n + 1) * sizeof *copy);
	memcpy(copy, environ, n * sizeof *copy);
	qsort(copy, n, sizeof *copy, by_str);
	printf("environment %s: %zu\n", when, n);
	for (size_t i = 0; i < n; i++)
		printf("  %s\n", copy[i]);
	free(copy);
}

int main(int argc, char **argv)
{
	printf("argc %d\n", argc);
	for (int i = 1; i < argc; i++)
		printf("argv[%d] '%s' (%zu bytes)\n", i, argv[i], strlen(argv[i]));
	printf("argv[argc] is NULL: %d\n", argv[argc] == NULL);
	printf("argv[0] ends in 'env.lnx' or 'env.dyn': %d\n",
	       strlen(argv[0]) >= 7 && (!strcmp(argv[0] + strlen(argv[0]) - 7, "env.lnx") ||
				       !strcmp(argv[0] + strlen(argv[0]) - 7, "env.dyn")));
	const char *a = getenv("CORPUS_A"), *b = getenv("CORPUS_B");
	printf("CORPUS_A=%s CORPUS_B=%s MISSING=%s\n", a ? a : "(unset)", b ? b : "(unset)",
	       getenv("CORPUS_MISSING") ? "set?" : "(unset)");
	show_env("at start");
	setenv("CORPUS_NEW", "fresh", 0);
	setenv("CORPUS_A", "not replaced", 0);
	setenv("CORPUS_B", "replaced", 1);
	static char put[] = "CORPUS_PUT=by putenv";
	putenv(put);
	unsetenv("CORPUS_A");
	show_env("after changes");
	clearenv();
	printf("after clearenv: CORPUS_B %s, environ empty %d\n", getenv("CORPUS_B") ? "set" : "unset",
	       environ == NULL || environ[0] == NULL);
	return corpus_done("env");
}

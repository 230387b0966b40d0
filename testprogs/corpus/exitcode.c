/* exitcode.c - a non-zero exit status returned from main, after atexit
 * handlers (run in reverse order of registration) and with buffered
 * stdio output flushed by exit. */
#include <stdlib.h>
#include "corpus.h"

static void first(void) { printf("atexit: registered first, runs last\n"); }
static void second(void) { printf("atexit: registered second, runs first\n"); }

int main(void)
{
	atexit(first);
	atexit(second);
	for (int i = 0; i < 100; i++)
		printf("buffered line %d\n", i);
	fprintf(stderr, "to stderr: returning 3\n");
	corpus_done("exitcode");
	return 3;
}

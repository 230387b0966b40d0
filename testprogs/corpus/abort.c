/* abort.c - death by a signal: abort() raises SIGABRT, whose default
 * action ends the process, so the shell-style exit status is 128 + 6.
 * Output flushed before abort appears; what is still buffered is lost
 * (glibc's abort does not flush streams). */
#include <stdlib.h>
#include "corpus.h"

int main(void)
{
	printf("before abort (flushed)\n");
	corpus_done("abort");
	fflush(stdout);
	printf("still buffered, never printed\n");
	abort();
}

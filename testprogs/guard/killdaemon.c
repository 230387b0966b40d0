/*
 * killdaemon.c - a profiled program that kills the profiling daemon:
 * under alphasim --profile dcpid is process 1 (docs/usage.md,
 * "Profiling"), and alphasim must say that the program did it and
 * exit 69, not 70, the status of a bug of the collection
 * (tests/guard_daemon.sh).  Argument: the signal (default 9).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int sig = argc > 1 ? atoi(argv[1]) : SIGKILL;
	if (kill(1, sig)) {
		perror("kill(1)");
		return 1;
	}
	/* dcpid's death ends the run; this never ends by itself */
	for (;;)
		pause();
}

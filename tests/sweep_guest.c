/*
 * sweep_guest.c - a guest program that acts against alphasim-sweep
 * (docs/sweeps.md, "The results"), built as a user builds a program
 * (plain alpha-linux-gnu-gcc -O2: dynamic) by tests/tools_sweep.sh.
 *
 *   sweep_guest plant TARGET   makes each name the sweep writes or reads
 *                              in a run's directory (cmd, exit, status,
 *                              out.txt, ...) a symbolic link to TARGET, in
 *                              its working directory, at / and one level
 *                              up, where a run's own files would be if the
 *                              guest's tree held them
 *   sweep_guest wait FILE      returns once FILE exists (the test makes it
 *                              in the guest's tree): a run that lasts as
 *                              long as the test wants
 *
 * Then it loops a while (work/1: a few million cycles), so that its image
 * has samples for dcpiaccuracy; prints what it did; exits 0.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const names[] = {
	"cmd", "exit", "status", "out.txt", "out.txt.err", "stats.json", "db.truth",
	"truth.txt", "truth.txt.err", "accuracy.csv", "accuracy.csv.err",
};
__attribute__((noinline)) static long work(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (i * 7) ^ (s >> 3);
	return s;
}

static const char *const dirs[] = { "", "/", "../", "/../" };

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "plant")) {
		int made = 0;
		char path[256];
		for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++)
			for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
				snprintf(path, sizeof path, "%s%s", dirs[d], names[i]);
				made += symlink(argv[2], path) == 0;
			}
		printf("planted %d links to %s (%ld)\n", made, argv[2], work(1000000));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "wait")) {
		struct timespec ms = { 0, 1000000 };
		while (access(argv[2], F_OK))
			nanosleep(&ms, NULL);
		printf("%s is there (%ld)\n", argv[2], work(1000000));
		return 0;
	}
	fprintf(stderr, "usage: sweep_guest plant TARGET | wait FILE\n");
	return 2;
}

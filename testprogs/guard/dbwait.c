/*
 * dbwait.c - a profiled run that lasts until it is told to end: it
 * creates the file named by its first argument, then waits until the
 * one named by its second exists, so that tests/guard_lock.sh can start
 * a second alphasim on the same --profile directory while this one
 * holds it.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: dbwait STARTED GO\n");
		return 2;
	}
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	close(fd);
	struct stat st;
	const struct timespec tick = { 0, 1000000 };   /* 1 ms of guest time */
	while (stat(argv[2], &st))
		nanosleep(&tick, NULL);
	puts("dbwait: done");
	return 0;
}

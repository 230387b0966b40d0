/*
 * stattimes.c - stat and fstat of a file's times (tests/minios_fs.sh).
 *
 *   stattimes FILE      print the file's access, modification and change
 *                       times (seconds and nanoseconds) as stat and fstat
 *                       see them: compared with qemu-alpha's
 *   stattimes -q FILE   the same calls, printing nothing: the test runs it
 *                       on files of different times and wants the same
 *                       instruction count, whatever the time
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int quiet = argc > 2 && !strcmp(argv[1], "-q");
	const char *file = argv[argc - 1];
	struct stat s, f;
	int fd = open(file, O_RDONLY);
	if (argc < 2 || fd < 0 || stat(file, &s) || fstat(fd, &f))
		return 1;
	if (quiet)
		return 0;
	printf("stat  atime %lld.%09ld mtime %lld.%09ld\n",
	       (long long)s.st_atim.tv_sec, s.st_atim.tv_nsec,
	       (long long)s.st_mtim.tv_sec, s.st_mtim.tv_nsec);
	printf("fstat atime %lld.%09ld mtime %lld.%09ld\n",
	       (long long)f.st_atim.tv_sec, f.st_atim.tv_nsec,
	       (long long)f.st_mtim.tv_sec, f.st_mtim.tv_nsec);
	printf("ctime the same: %d\n", s.st_ctim.tv_sec == f.st_ctim.tv_sec &&
	       s.st_ctim.tv_nsec == f.st_ctim.tv_nsec);
	return 0;
}

/*
 * special.c NAME... - open each name for reading, then for writing, and
 * print what happened (tests/minios_fs.sh puts a FIFO, a socket and a
 * device behind a link in the guest's tree): alphasim refuses special
 * files at once, where an open of a FIFO would wait for a writer or a
 * reader forever, and with it the whole simulator.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static const struct { const char *how; int flags; } modes[] = {
		{ "read", O_RDONLY }, { "write", O_WRONLY }, { "read-write", O_RDWR },
	};
	for (int i = 1; i < argc; i++)
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			int fd = open(argv[i], modes[m].flags);
			printf("%s for %s: %s\n", argv[i], modes[m].how,
			       fd < 0 ? strerror(errno) : "opened");
			if (fd >= 0)
				close(fd);
		}
	return 0;
}

/*
 * dblock.c - the --profile database's lock (sim/dblock.h).
 *
 * The lock file is opened without following a link and without
 * blocking (a FIFO planted at its name would otherwise hold alphasim in
 * open), and must be a regular file.  flock's lock goes with the open
 * file, so it is released however alphasim ends, a crash included.
 */
#define _GNU_SOURCE
#include "sim/dblock.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

enum dblock_result dblock_take(const char *dir, int *fd, char *err, size_t errlen)
{
	char path[4096 + sizeof DBLOCK_NAME + 1];
	snprintf(path, sizeof path, "%s/%s", dir, DBLOCK_NAME);
	int f = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC,
	             0666);
	struct stat st;
	const char *why = f < 0 || fstat(f, &st) ? strerror(errno)
	                : !S_ISREG(st.st_mode) ? "not a regular file" : NULL;
	if (why) {
		snprintf(err, errlen, "--profile=%s: cannot lock it: %s: %s", dir, path, why);
		if (f >= 0)
			close(f);
		return DBLOCK_ERROR;
	}
	if (flock(f, LOCK_EX | LOCK_NB)) {
		int e = errno;
		close(f);
		if (e == EWOULDBLOCK) {
			snprintf(err, errlen, "--profile=%s: another alphasim run is writing this "
			         "database (it holds %s)", dir, path);
			return DBLOCK_BUSY;
		}
		snprintf(err, errlen, "--profile=%s: cannot lock %s: %s", dir, path, strerror(e));
		return DBLOCK_ERROR;
	}
	*fd = f;
	return DBLOCK_TAKEN;
}

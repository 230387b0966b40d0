/*
 * infile.c - opening and reading a file a guest could have made, never
 * waiting on it, never reading without end (util/infile.h).
 */
#include "util/infile.h"
#include "util/fail.h"
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What is wrong with opening path, errno e: a link refused by
 * O_NOFOLLOW says ELOOP ("Too many levels of symbolic links"), which
 * would send the reader looking for a loop. */
static bool open_failed(const char *path, bool nofollow, bool dir, int e, char *err,
                        size_t errlen)
{
	struct stat st;
	if (nofollow && (e == ELOOP || e == ENOTDIR) && lstat(path, &st) == 0 &&
	    S_ISLNK(st.st_mode))
		FAIL("%s: a symbolic link, not followed (only a %s itself is read here)", path,
		     dir ? "directory" : "regular file");
	FAIL("%s: %s", path, strerror(e));
}

/* Is what fd is open on of the type wanted (a regular file, or a
 * directory)? */
static bool check_type(int fd, const char *path, bool dir, struct stat *st,
                       char *err, size_t errlen)
{
	if (fstat(fd, st) != 0)
		FAIL("%s: %s", path, strerror(errno));
	if (dir && !S_ISDIR(st->st_mode))
		FAIL("%s: %s", path, strerror(ENOTDIR));
	if (!dir && S_ISDIR(st->st_mode))
		FAIL("%s: %s", path, strerror(EISDIR));
	if (!dir && !S_ISREG(st->st_mode))
		FAIL("%s: not a regular file", path);
	return true;
}

int infile_open(const char *path, bool nofollow, uint64_t *size, char *err, size_t errlen)
{
	if (!*path) {
		snprintf(err, errlen, "'': empty file name");
		return -1;
	}
	/* O_NONBLOCK: open does not wait for a FIFO's writer (nor for a
	 * device); on a regular file it changes nothing (POSIX, read()) */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
	                    (nofollow ? O_NOFOLLOW : 0));
	struct stat st;
	if (fd < 0) {
		open_failed(path, nofollow, false, errno, err, errlen);
		return -1;
	}
	if (!check_type(fd, path, false, &st, err, errlen)) {
		close(fd);
		return -1;
	}
	*size = (uint64_t)st.st_size;
	return fd;
}

bool infile_read(const char *path, bool nofollow, size_t max, const char *what,
                 unsigned char **buf, size_t *len, char *err, size_t errlen)
{
	uint64_t size;
	int fd = infile_open(path, nofollow, &size, err, errlen);
	if (fd < 0)
		return false;
	if (size > max) {
		close(fd);
		FAIL("%s: %" PRIu64 " bytes, more than a %s may hold (%zu)", path, size, what, max);
	}
	/* the size fstat gave bounds the read: a file growing meanwhile
	 * is read as it was, and its format's checks judge it */
	unsigned char *b = malloc((size_t)size + 1);
	if (!b) {
		close(fd);
		FAIL("%s: out of memory for %" PRIu64 " bytes", path, size);
	}
	size_t n = 0;
	while (n < size) {
		ssize_t r = read(fd, b + n, (size_t)size - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			free(b);
			close(fd);
			FAIL("%s: %s", path, strerror(e));
		}
		if (!r)
			break;
		n += (size_t)r;
	}
	close(fd);
	b[n] = 0;
	*buf = b;
	*len = n;
	return true;
}

DIR *infile_opendir(const char *path, bool nofollow, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC |
	                    (nofollow ? O_NOFOLLOW : 0));
	struct stat st;
	DIR *d = NULL;
	if (fd < 0)
		open_failed(path, nofollow, true, errno, err, errlen);
	else if (check_type(fd, path, true, &st, err, errlen) && !(d = fdopendir(fd)))
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	if (fd >= 0 && !d)
		close(fd);
	return d;
}

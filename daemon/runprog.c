/*
 * runprog.c - the epoch's file naming the program alphasim --profile
 * ran (docs/dcpi-db.md, "The epoch's program"): "dcpi-program 1\n",
 * then its path and "\n".
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "daemon/profdb.h"
#include "daemon/runprog.h"
#include "util/infile.h"

#define MAGIC "dcpi-program 1\n"
#define FILE_MAX (sizeof MAGIC + PATH_MAX + 1)

bool runprog_write(const char *dir, const char *path, char *err, size_t errlen)
{
	char text[FILE_MAX];
	size_t n = (size_t)snprintf(text, sizeof text, "%s%s\n", MAGIC, path);
	if (n >= sizeof text || !*path || strchr(path, '\n'))
		return prof_fail(err, errlen, "%s/%s: '%s' is not a program's path", dir,
		                 RUNPROG_FILE, path);
	return profdb_replace(dir, RUNPROG_FILE, (const unsigned char *)text, n, err, errlen);
}

bool runprog_read(const char *dir, char *buf, size_t len, bool *found, char *err,
                  size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, RUNPROG_FILE);
	*found = false;
	buf[0] = 0;
	if (access(path, F_OK) && errno == ENOENT)
		return true;
	unsigned char *b;
	size_t n;
	if (!infile_read(path, true, FILE_MAX, "program file", &b, &n, err, errlen))
		return false;
	const char *s = (const char *)b + strlen(MAGIC);
	size_t k = n - strlen(MAGIC) - 1;    /* the path's length, if well formed */
	bool ok = n > strlen(MAGIC) + 1 && !memcmp(b, MAGIC, strlen(MAGIC)) &&
	          strlen((const char *)b) == n && b[n - 1] == '\n' &&
	          !memchr(s, '\n', k) && k < len;
	if (ok)
		snprintf(buf, len, "%.*s", (int)k, s);
	free(b);
	if (!ok)
		return prof_fail(err, errlen, "%s: not a '%.*s' line and a path", path,
		                 (int)strlen(MAGIC) - 1, MAGIC);
	*found = true;
	return true;
}

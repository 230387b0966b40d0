/*
 * profdb.c - the database's directories and files: epochs, file names,
 * listing, reading, and the atomic merge-and-replace write.  Only POSIX
 * calls that minios implements (mkdir, getdents64 through readdir,
 * rename); fsync is used where the file system has it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "daemon/profdb.h"
#include "util/infile.h"

#define EPOCH_PREFIX "epoch-"
#define SUFFIX ".prof"

void profdb_epoch_dir(char *buf, size_t len, const char *db, unsigned epoch)
{
	snprintf(buf, len, "%s/" EPOCH_PREFIX "%04u", db, epoch);
}

/* The number of an epoch directory's name, or 0 for any other name. */
static unsigned epoch_number(const char *name)
{
	size_t k = strlen(EPOCH_PREFIX);
	if (strncmp(name, EPOCH_PREFIX, k) || !name[k] || strspn(name + k, "0123456789") !=
	    strlen(name + k) || strlen(name + k) > 4)
		return 0;
	return (unsigned)atoi(name + k);
}

static int unsigned_cmp(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return x < y ? -1 : x > y;
}

bool profdb_epochs(const char *db, unsigned **epochs, size_t *n, char *err, size_t errlen)
{
	DIR *d = opendir(db);
	if (!d)
		return prof_fail(err, errlen, "%s: %s", db, strerror(errno));
	unsigned *list = NULL;
	size_t cnt = 0, cap = 0;
	for (struct dirent *de; (de = readdir(d));) {
		unsigned e = epoch_number(de->d_name);
		if (!e)
			continue;
		if (cnt == cap) {
			cap = cap ? 2 * cap : 16;
			unsigned *l = realloc(list, cap * sizeof *l);
			if (!l) {
				free(list);
				closedir(d);
				return prof_fail(err, errlen, "%s: out of memory", db);
			}
			list = l;
		}
		list[cnt++] = e;
	}
	closedir(d);
	if (cnt)                     /* list is NULL when there are none */
		qsort(list, cnt, sizeof *list, unsigned_cmp);
	*epochs = list;
	*n = cnt;
	return true;
}

bool profdb_epoch(const char *db, bool fresh, unsigned *epoch, char *err, size_t errlen)
{
	/* an existing directory is the database: mkdir may say EEXIST, or,
	 * for the root of a mount (alphasim --profile=DIR outside --root),
	 * something else */
	struct stat st;
	if (mkdir(db, 0777)) {
		int e = errno;
		if (stat(db, &st) || !S_ISDIR(st.st_mode))
			return prof_fail(err, errlen, "%s: cannot create the database: %s", db,
			                 strerror(e));
	}
	unsigned *list;
	size_t n;
	if (!profdb_epochs(db, &list, &n, err, errlen))
		return false;
	unsigned e = n ? list[n - 1] : 0;
	free(list);
	if (e && !fresh) {
		*epoch = e;
		return true;
	}
	if (e == PROFDB_EPOCH_MAX)
		return prof_fail(err, errlen, "%s: no epoch after %u", db, e);
	char dir[PATH_MAX];
	profdb_epoch_dir(dir, sizeof dir, db, e + 1);
	if (mkdir(dir, 0777) && errno != EEXIST)
		return prof_fail(err, errlen, "%s: %s", dir, strerror(errno));
	*epoch = e + 1;
	return true;
}

void profdb_file_name(char *buf, size_t len, const struct prof *p)
{
	/* The basename, with anything but a portable file-name character
	 * replaced, and cut short so that the name fits. */
	const char *base = strrchr(p->path, '/');
	base = base ? base + 1 : p->path;
	char safe[64];
	size_t n = 0;
	for (; base[n] && n < sizeof safe - 1; n++)
		safe[n] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		                 "0123456789._+-", base[n]) ? base[n] : '_';
	safe[n] = 0;
	snprintf(buf, len, "%016" PRIx64 "-%s.%s" SUFFIX, p->id, n ? safe : "_", p->event);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void profdb_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

bool profdb_list(const char *dir, char ***names, size_t *n, char *err, size_t errlen)
{
	/* an epoch is a directory dcpid made, never a link: one is a
	 * guest's, and could lead anywhere on the host (util/infile.h) */
	DIR *d = infile_opendir(dir, true, err, errlen);
	if (!d)
		return false;
	char **list = NULL;
	size_t cnt = 0, cap = 0, k = strlen(SUFFIX);
	for (struct dirent *de; (de = readdir(d));) {
		size_t len = strlen(de->d_name);
		/* temporary files start with a dot and are never profiles */
		if (de->d_name[0] == '.' || len <= k || strcmp(de->d_name + len - k, SUFFIX))
			continue;
		if (cnt == cap) {
			cap = cap ? 2 * cap : 16;
			char **l = realloc(list, cap * sizeof *l);
			if (!l)
				goto oom;
			list = l;
		}
		if (!(list[cnt] = strdup(de->d_name)))
			goto oom;
		cnt++;
	}
	closedir(d);
	if (cnt)
		qsort(list, cnt, sizeof *list, name_cmp);
	*names = list;
	*n = cnt;
	return true;
oom:
	closedir(d);
	profdb_names_free(list, cnt);
	return prof_fail(err, errlen, "%s: out of memory", dir);
}

bool profdb_read(const char *path, struct prof *p, char *err, size_t errlen)
{
	/* a regular file, not a link, of at most PROF_FILE_MAX bytes: a
	 * link to /dev/zero or a FIFO planted by a guest is refused, not
	 * read without end or waited on (util/infile.h) */
	unsigned char *buf;
	size_t len;
	if (!infile_read(path, true, PROF_FILE_MAX, "profile", &buf, &len, err, errlen))
		return false;
	bool ok = prof_decode(p, buf, len, path, err, errlen);
	free(buf);
	return ok;
}

bool profdb_write_all(int fd, const void *buf, size_t n)
{
	const unsigned char *b = buf;
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		b += w;
		n -= (size_t)w;
	}
	return true;
}

/* The bytes to a temporary file beside path, synced, renamed to path.
 * The temporary file is created exclusively and never through a link,
 * so a name planted in the directory is not written through; a stale
 * one (a writer killed before its rename: in the guest dcpid is often
 * pid 1 run after run) only moves us on to the next name. */
bool profdb_replace(const char *dir, const char *name, const unsigned char *b, size_t n,
                    char *err, size_t errlen)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	int fd = -1;
	for (unsigned i = 0; fd < 0 && i < 100; i++) {
		snprintf(tmp, sizeof tmp, "%s/.%s.%ld.%u.tmp", dir, name, (long)getpid(), i);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0)
		return prof_fail(err, errlen, "%s: %s", tmp, strerror(errno));
	/* fsync puts the data on disk before the rename makes it the
	 * profile (minios's hostfs has already written it through). */
	bool ok = profdb_write_all(fd, b, n) && (fsync(fd) == 0 || errno == EINVAL);
	int e = errno;
	if (close(fd) && ok) {
		ok = false;
		e = errno;
	}
	if (ok && rename(tmp, path)) {
		ok = false;
		e = errno;
	}
	if (!ok) {
		unlink(tmp);
		return prof_fail(err, errlen, "%s: %s", path, strerror(e));
	}
	return true;
}

bool profdb_write(const char *dir, const struct prof *p, size_t *bytes,
                  char *err, size_t errlen)
{
	char name[PROFDB_NAME_MAX], path[PATH_MAX];
	profdb_file_name(name, sizeof name, p);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	struct prof old;
	bool merged = access(path, F_OK) == 0;
	if (merged) {
		if (!profdb_read(path, &old, err, errlen))
			return false;
		if (!prof_merge(&old, p, err, errlen)) {
			prof_free(&old);
			return false;
		}
	}
	unsigned char *buf;
	size_t len;
	bool ok = prof_encode(merged ? &old : p, &buf, &len, err, errlen);
	if (merged)
		prof_free(&old);
	if (!ok)
		return false;
	ok = profdb_replace(dir, name, buf, len, err, errlen);
	free(buf);
	if (ok)
		*bytes = len;
	return ok;
}

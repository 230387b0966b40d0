/*
 * outfile.c - output files written whole or not at all, never through a
 * planted link, never replacing a device (util/outfile.h).
 *
 * The old way, "write FILE.tmp, rename it over FILE", followed a symbolic
 * link planted at FILE.tmp and replaced /dev/null with a regular file
 * when run as root.  Here the temporary file is created with O_EXCL (so
 * no existing name, link or not, is ever opened), and only a regular
 * file is ever renamed over.
 */
#include "util/outfile.h"
#include "util/fail.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- temporary files removed on a fatal signal ------------------------- */

enum { MAX_PENDING = 8 };
static const char *volatile pending[MAX_PENDING];

static void on_signal(int sig)
{
	for (size_t i = 0; i < MAX_PENDING; i++)
		if (pending[i])
			unlink(pending[i]);
	/* SA_RESETHAND restored the default action: raised again, the
	 * signal ends the process as it would have without us */
	raise(sig);
}

static void watch_signals(void)
{
	static bool done;
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	if (done)
		return;
	done = true;
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction old, sa = { .sa_handler = on_signal, .sa_flags = SA_RESETHAND };
		sigemptyset(&sa.sa_mask);
		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
	}
}

static bool track(const char *tmp, bool on)
{
	for (size_t i = 0; i < MAX_PENDING; i++)
		if (on ? !pending[i] : pending[i] == tmp) {
			pending[i] = on ? tmp : NULL;
			return true;
		}
	return false;
}

/* ---- opening ------------------------------------------------------------ */

/* Is st the file open as our standard output or error?  Then that
 * descriptor, else -1. */
static int std_stream(const struct stat *st)
{
	for (int fd = 1; fd <= 2; fd++) {
		struct stat s;
		if (fstat(fd, &s) == 0 && s.st_dev == st->st_dev && s.st_ino == st->st_ino)
			return fd;
	}
	return -1;
}

/* Create "DIR/.BASE.XXXXXX" exclusively for target "DIR/BASE"; the
 * descriptor, or -1 with errno set. */
static int create_tmp(const char *target, char *tmp, size_t len)
{
	static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	static uint64_t seq;
	const char *slash = strrchr(target, '/');
	int dirlen = slash ? (int)(slash - target) + 1 : 0;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	for (int tries = 0; tries < 100; tries++) {
		uint64_t x = ((uint64_t)getpid() << 32 ^ (uint64_t)ts.tv_nsec ^
		              (uint64_t)ts.tv_sec) + ++seq * 0x9e3779b97f4a7c15ull;
		char rnd[7];
		for (int i = 0; i < 6; i++, x /= 36)
			rnd[i] = digits[x % 36];
		rnd[6] = 0;
		/* the base shortened so the name stays within NAME_MAX */
		if ((size_t)snprintf(tmp, len, "%.*s.%.200s.%s", dirlen, target,
		                     target + dirlen, rnd) >= len) {
			errno = ENAMETOOLONG;
			return -1;
		}
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* The directory part of path, for messages. */
static const char *dir_of(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return ".";
	snprintf(buf, len, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return buf;
}

/* A temporary file beside o->target; old: the file it replaces, or NULL. */
static bool open_replacement(struct outfile *o, const struct stat *old,
                             char *err, size_t errlen)
{
	char dir[PATH_MAX];
	int fd = create_tmp(o->target, o->tmp, sizeof o->tmp);
	if (fd < 0)
		FAIL("%s: cannot create a file in %s: %s", o->path,
		     dir_of(o->target, dir, sizeof dir), strerror(errno));
	if (old) {
		/* keep the owner and group where we may (root; a group of
		 * ours), else the file stays ours, as writing it anew would
		 * make it; and the permission bits */
		if (old->st_uid != geteuid() || old->st_gid != getegid()) {
			int r = fchown(fd, old->st_uid, old->st_gid);
			if (r != 0)
				r = fchown(fd, (uid_t)-1, old->st_gid);
			(void)r;
		}
		(void)fchmod(fd, old->st_mode & 0777);
	}
	if (!(o->f = fdopen(fd, "w"))) {
		int e = errno;
		close(fd);
		unlink(o->tmp);
		FAIL("%s: %s", o->path, strerror(e));
	}
	watch_signals();
	track(o->tmp, true);
	return true;
}

/* Write in place through fd (ours to close). */
static bool open_in_place(struct outfile *o, int fd, char *err, size_t errlen)
{
	if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		FAIL("%s: %s", o->path, strerror(e));
	}
	return true;
}

bool outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	struct stat st;
	if (!*path)
		FAIL("empty file name");
	if (stat(path, &st) != 0) {
		if (errno != ENOENT)
			FAIL("%s: %s", path, strerror(errno));
		if (lstat(path, &st) == 0)
			FAIL("%s: a symbolic link to a missing file (name the file itself)", path);
		const char *base = strrchr(path, '/');
		if (!(base ? base[1] : path[0]))
			FAIL("%s: %s", path, strerror(EISDIR));
		if ((size_t)snprintf(o->target, sizeof o->target, "%s", path) >= sizeof o->target)
			FAIL("%s: %s", path, strerror(ENAMETOOLONG));
		return open_replacement(o, NULL, err, errlen);
	}
	if (S_ISDIR(st.st_mode))
		FAIL("%s: %s", path, strerror(EISDIR));
	int fd = std_stream(&st);
	if (fd >= 0)
		return open_in_place(o, dup(fd), err, errlen);
	if (!S_ISREG(st.st_mode)) {
		/* no O_CREAT, no O_TRUNC: a device or FIFO is only written;
		 * should the name have become a regular file meanwhile, it is
		 * replaced as one below */
		fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		struct stat now;
		if (fd < 0 || fstat(fd, &now) != 0 || !S_ISREG(now.st_mode))
			return open_in_place(o, fd, err, errlen);
		close(fd);
		st = now;
	}
	/* a regular file, perhaps through links: replace the file itself,
	 * in its own directory, if the user could have written it */
	if (!realpath(path, o->target) ||
	    faccessat(AT_FDCWD, o->target, W_OK, AT_EACCESS) != 0)
		FAIL("%s: %s", path, strerror(errno));
	return open_replacement(o, &st, err, errlen);
}

/* ---- closing ------------------------------------------------------------ */

bool outfile_commit(struct outfile *o, char *err, size_t errlen)
{
	/* a write error seen earlier leaves ferror set, its errno maybe
	 * gone: -1 stands for it */
	int e = 0;
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		e = errno ? errno : -1;
	if (fclose(o->f) != 0 && !e)
		e = errno;
	o->f = NULL;
	if (o->tmp[0]) {
		if (!e && rename(o->tmp, o->target) != 0)
			e = errno;
		if (e)
			unlink(o->tmp);
		track(o->tmp, false);
		o->tmp[0] = 0;
	}
	if (e)
		FAIL("%s: %s", o->path, e > 0 ? strerror(e) : "write error");
	return true;
}

void outfile_abort(struct outfile *o)
{
	if (!o->f)
		return;
	fclose(o->f);
	o->f = NULL;
	if (o->tmp[0]) {
		unlink(o->tmp);
		track(o->tmp, false);
		o->tmp[0] = 0;
	}
}

bool outfile_flush_stdout(char *err, size_t errlen)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return true;
	FAIL("standard output: %s", errno ? strerror(errno) : "write error");
}

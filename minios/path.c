/*
 * path.c - the guest's file name space: hostfs mounts appear at the
 * guest directories the boot block names (docs/minios.md, "Files").  A
 * path is made absolute against the working directory, "." and ".." are
 * taken lexically, and the longest mount prefix picks the mount; the rest,
 * after the mount's own directory beneath its root (the sysroot's lib/
 * for /lib), is the path the device resolves beneath that mount's root.
 * path_guest goes back the other way, for the image-load hooks.
 */
#include "minios/defs.h"

static struct {
	unsigned mnt;
	const char *dir, *sub;          /* guest directory; beneath the mount */
	size_t len, sublen;
} mounts[BOOT_MAX_MOUNTS];
static unsigned nmounts;

void path_init(const struct bootblock *bb)
{
	for (uint64_t i = 0; i < bb->nmounts && i < BOOT_MAX_MOUNTS; i++) {
		const char *dir = (const char *)bb + bb->mounts[i].path;
		const char *sub = (const char *)bb + bb->mounts[i].sub;
		size_t len = strlen(dir), sublen = strlen(sub);
		while (len > 1 && dir[len - 1] == '/')
			len--;
		while (sublen > 0 && sub[sublen - 1] == '/')
			sublen--;
		mounts[nmounts++] = (typeof(mounts[0])){ (unsigned)bb->mounts[i].mnt, dir,
		                                         sub, len, sublen };
	}
}

/* Append component c (n bytes) to the absolute path in out. */
static int push(char *out, size_t *len, const char *c, size_t n)
{
	if (n == 1 && c[0] == '.')
		return 0;
	if (n == 2 && c[0] == '.' && c[1] == '.') {
		while (*len > 0 && out[--*len] != '/')
			;
		out[*len] = 0;
		return 0;
	}
	if (*len + 1 + n >= PATH_MAX)
		return -ENAMETOOLONG;
	out[(*len)++] = '/';
	memcpy(out + *len, c, n);
	*len += n;
	out[*len] = 0;
	return 0;
}

static int normalize(char *out, const char *s)
{
	size_t len = 0;
	out[0] = 0;
	while (*s) {
		while (*s == '/')
			s++;
		const char *c = s;
		while (*s && *s != '/')
			s++;
		if (s > c) {
			int err = push(out, &len, c, (size_t)(s - c));
			if (err)
				return err;
		}
	}
	if (!len)
		strlcpy(out, "/", PATH_MAX);
	return 0;
}

/* path made absolute against cwd and normalized into out[PATH_MAX]
 * (out may be cwd). */
int path_absolute(const char *cwd, const char *path, char *out)
{
	static char full[2 * PATH_MAX];
	if (!*path)
		return -ENOENT;
	if (path[0] == '/')
		strlcpy(full, path, sizeof full);
	else
		ksnprintf(full, sizeof full, "%s/%s", cwd, path);
	return normalize(out, full);
}

/* Does path start with the n-byte directory d (as whole components)? */
static bool under(const char *path, const char *d, size_t n)
{
	return !strncmp(path, d, n) && (path[n] == 0 || path[n] == '/');
}

/* out = the n bytes at a, then the string b; -ENAMETOOLONG if it does
 * not fit in size. */
static int join(char *out, size_t size, const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	if (n + m >= size)
		return -ENAMETOOLONG;
	memcpy(out, a, n);
	memcpy(out + n, b, m + 1);
	return 0;
}

int path_resolve(const char *cwd, const char *path, unsigned *mnt,
                 char *rel, size_t relsize)
{
	static char abs[PATH_MAX];
	int err = path_absolute(cwd, path, abs);
	if (err)
		return err;
	int best = -1;
	for (unsigned i = 0; i < nmounts; i++) {
		size_t n = mounts[i].len;
		bool root = n == 1 && mounts[i].dir[0] == '/';
		if ((root || under(abs, mounts[i].dir, n)) &&
		    (best < 0 || n > mounts[best].len))
			best = (int)i;
	}
	if (best < 0)
		return -ENOENT;
	size_t n = mounts[best].len == 1 ? 0 : mounts[best].len;
	*mnt = mounts[best].mnt;
	return join(rel, relsize, mounts[best].sub, mounts[best].sublen,
	            abs[n] ? abs + n : "/");
}

int path_guest(unsigned mnt, const char *rel, char *out, size_t outsize)
{
	for (unsigned i = 0; i < nmounts; i++) {
		if (mounts[i].mnt != mnt || !under(rel, mounts[i].sub, mounts[i].sublen))
			continue;
		const char *rest = rel + mounts[i].sublen;
		bool root = mounts[i].len == 1;
		return join(out, outsize, mounts[i].dir, root ? 0 : mounts[i].len,
		            *rest ? rest : root ? "/" : "");
	}
	return -ENOENT;
}

/* ---- system call arguments ----------------------------------------- */

/* A user's path argument, relative to dirfd (AT_FDCWD: the working
 * directory, else an open directory, whose guest path its file keeps),
 * as a mount and the path beneath its root (rel[PATH_MAX]); abs, if not
 * NULL, gets the absolute guest path (abs[PATH_MAX]).  An empty path is
 * ENOENT (AT_EMPTY_PATH is the caller's business). */
int path_user(struct proc *p, int64_t dirfd, uint64_t upath, unsigned *mnt,
              char *rel, char *abs)
{
	static char path[PATH_MAX], full[PATH_MAX];
	int64_t n = copyinstr(p, path, upath, sizeof path);
	if (n < 0)
		return (int)n;
	const char *base = p->fs->cwd;
	if (path[0] != '/' && dirfd != AT_FDCWD) {
		struct file *f = fd_get(p, dirfd);
		if (!f)
			return -EBADF;
		if (!f->path)
			return -ENOTDIR;
		base = f->path;
	}
	if (!abs)
		abs = full;
	int err = path_absolute(base, path, abs);
	return err ? err : path_resolve("/", abs, mnt, rel, PATH_MAX);
}

/*
 * hostfs.c - the host side of the hostfs device (see hostfs.h).
 *
 * Every path is resolved with openat2(2) and RESOLVE_BENEATH from the
 * mount's root directory, so the kernel refuses any resolution that
 * would leave the tree: "..", absolute symbolic links and relative ones
 * that climb out all fail with EXDEV, which the guest sees as EACCES
 * (without openat2, walk_beneath does the same walk).
 * Operations on a name (mkdir, unlink, rename, readlink) resolve the
 * parent directory that way and then act on the last component, which
 * may not be "." or "..".
 *
 * Only regular files and directories are opened: a FIFO's open would
 * block this thread, and with it the whole machine, until some host
 * process opened the other end, and a device's open may block or act.
 * A name is first resolved without opening it (O_PATH) and refused if it
 * is anything else; the open itself is non-blocking and checked again,
 * so a file swapped for a FIFO in between is refused too.  Modes lose
 * their set-id bits (HOSTFS_MODE_MASK) and creation ignores the host's
 * umask, which the guest kernel replaces with its own.
 *
 * Operations on a name that follow a final symbolic link act on an
 * O_PATH descriptor of the target, through /proc/self/fd (chmod,
 * utimensat, access) or AT_EMPTY_PATH (fchownat, statfs through the
 * descriptor); those on the link itself act on the last component
 * beneath its parent, which resolves nothing further.
 */
#define _GNU_SOURCE
#include "platform/hostfs.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Host errno -> Linux/Alpha errno (the sysroot's asm/errno.h: numbers
 * up to 34 are the generic ones except EAGAIN and EDEADLK). */
static const struct { int host, alpha; } errnos[] = {
	{ EPERM, 1 }, { ENOENT, 2 }, { EIO, 5 }, { ENXIO, 6 }, { E2BIG, 7 },
	{ EBADF, 9 }, { EDEADLK, 11 }, { ENOMEM, 12 }, { EACCES, 13 },
	{ EFAULT, 14 }, { EBUSY, 16 }, { EEXIST, 17 }, { EXDEV, 13 },
	{ ENODEV, 19 }, { ENOTDIR, 20 }, { EISDIR, 21 }, { EINVAL, 22 },
	{ ENFILE, 23 }, { EMFILE, 24 }, { ETXTBSY, 26 }, { EFBIG, 27 },
	{ ENOSPC, 28 }, { ESPIPE, 29 }, { EROFS, 30 }, { EMLINK, 31 },
	{ ERANGE, 34 }, { EAGAIN, 35 }, { EOPNOTSUPP, 45 }, { ELOOP, 62 },
	{ ENAMETOOLONG, 63 }, { ENOTEMPTY, 66 }, { EDQUOT, 69 }, { ENOSYS, 78 },
	{ EOVERFLOW, 112 },
};

static int64_t guest_errno(int e)
{
	for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
		if (errnos[i].host == e)
			return -errnos[i].alpha;
	return -5;                              /* EIO */
}

int64_t hostfs_errno(int host_errno) { return guest_errno(host_errno); }

#define AE_PERM   (-1)
#define AE_NXIO   (-6)
#define AE_BADF   (-9)
#define AE_ACCES  (-13)
#define AE_FAULT  (-14)
#define AE_INVAL  (-22)
#define AE_MFILE  (-24)
#define AE_ROFS   (-30)
#define AE_LOOP   (-62)
#define AE_NAMETOOLONG (-63)
#define AE_NOSPC  (-28)

void hostfs_init(struct hostfs *fs)
{
	static bool raised;
	struct rlimit rl;
	if (!raised && !getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	raised = true;
	memset(fs, 0, sizeof *fs);
	for (int i = 0; i < HOSTFS_MAX_MOUNTS; i++)
		fs->root[i] = -1;
	for (int i = 0; i < HOSTFS_MAX_HANDLES; i++)
		fs->fd[i] = -1;
	fs->write_limit = UINT64_MAX;
}

void hostfs_close_all(struct hostfs *fs)
{
	for (int i = 0; i < HOSTFS_MAX_HANDLES; i++)
		if (fs->fd[i] >= 0)
			close(fs->fd[i]);
	for (int i = 0; i < HOSTFS_MAX_MOUNTS; i++)
		if (fs->root[i] >= 0)
			close(fs->root[i]);
	hostfs_init(fs);
}

bool hostfs_mount(struct hostfs *fs, unsigned mnt, const char *dir,
                  bool readonly, char *err, size_t errlen)
{
	int fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return false;
	}
	if (mnt >= HOSTFS_MAX_MOUNTS) {
		close(fd);
		snprintf(err, errlen, "%s: too many hostfs mounts", dir);
		return false;
	}
	if (fs->root[mnt] >= 0)
		close(fs->root[mnt]);
	fs->root[mnt] = fd;
	fs->readonly[mnt] = readonly;
	return true;
}

/* The host path of an open descriptor, through /proc (NUL-terminated). */
static bool fd_path(int fd, char *buf, size_t len)
{
	char link[64];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, buf, len - 1);
	if (n < 0)
		return false;
	buf[n] = 0;
	return true;
}

/* ---- the guarded directory ------------------------------------------ */

bool hostfs_guard(struct hostfs *fs, const char *dir, char *err, size_t errlen)
{
	if (strlen(dir) >= sizeof fs->guard || dir[0] != '/') {
		snprintf(err, errlen, "%s: not a canonical path to guard", dir);
		return false;
	}
	strcpy(fs->guard, dir);
	return true;
}

/* Is host path p the guarded directory or beneath it (below), or it or
 * one of the directories above it (above)? */
static bool path_below(const char *p, const char *g)
{
	size_t k = strlen(g);
	return !strncmp(p, g, k) && (p[k] == 0 || p[k] == '/');
}

static bool path_above(const char *p, const char *g)
{
	size_t k = strlen(p);
	return !strcmp(p, "/") || (!strncmp(g, p, k) && (g[k] == 0 || g[k] == '/'));
}

static bool guarding(const struct hostfs *fs)
{
	return fs->guard[0] && !fs->daemon;
}

/* Does the request reach the guard through what descriptor fd resolved
 * to?  The kernel's own name for it (/proc/self/fd) is where the
 * resolution ended, whatever mount, "..", link or hard-linked
 * directory led there; a descriptor with no name is refused. */
static bool guarded_fd(const struct hostfs *fs, int fd)
{
	char path[HOSTFS_MAX_PATH];
	return guarding(fs) && (!fd_path(fd, path, sizeof path) || path_below(path, fs->guard));
}

/* Would an operation on name last in directory d (rename, link, unlink,
 * a change of its metadata) touch the guard or move a directory above
 * it? */
static bool guarded_name(const struct hostfs *fs, int d, const char *last)
{
	char path[HOSTFS_MAX_PATH + 1];
	if (!guarding(fs))
		return false;
	size_t n;
	if (!fd_path(d, path, HOSTFS_MAX_PATH) || (n = strlen(path)) + 1 + strlen(last) >= sizeof path)
		return true;
	snprintf(path + n, sizeof path - n, "%s%s", strcmp(path, "/") ? "/" : "", last);
	return path_below(path, fs->guard) || path_above(path, fs->guard);
}

/* Would changing the metadata of what descriptor fd names (its mode,
 * owner, times) touch the guard or a directory above it?  A program
 * that made a directory above the database unsearchable would lock the
 * daemon out of it. */
static bool guarded_meta(const struct hostfs *fs, int fd)
{
	char path[HOSTFS_MAX_PATH];
	return guarding(fs) && (!fd_path(fd, path, sizeof path) ||
	                        path_below(path, fs->guard) || path_above(path, fs->guard));
}

/* ---- the write limit ------------------------------------------------ */

/* Files grow by the bytes between their old and new size: a write past
 * the end, a truncate that lengthens (a sparse hole counts as its
 * apparent size).  Only shrinking a file (truncate, O_TRUNC) gives
 * bytes back: a removed file may still be open, and its blocks with it.
 * The highest size a file of size `size` may reach now: */
static uint64_t max_size(const struct hostfs *fs, uint64_t size)
{
	if (fs->write_limit == UINT64_MAX)
		return UINT64_MAX;
	int64_t room = (int64_t)fs->write_limit - fs->added;
	if (room <= 0)
		return size;
	return size + (uint64_t)room < size ? UINT64_MAX : size + (uint64_t)room;
}

/* A file's size went from old to now. */
static void grew(struct hostfs *fs, uint64_t old, uint64_t now)
{
	fs->added += now >= old ? (int64_t)(now - old) : -(int64_t)(old - now);
}

/* ---- guest memory and arguments -------------------------------------- */

struct ctx {
	struct hostfs *fs;
	uint8_t *ram;
	uint64_t ram_size;
	const uint64_t *a;
};

static uint8_t *guest(const struct ctx *x, uint64_t pa, uint64_t len)
{
	if (pa > x->ram_size || len > x->ram_size - pa)
		return NULL;
	return x->ram + pa;
}

/* Copy a guest path (not NUL-terminated, len bytes) into buf relative
 * to the root; returns 0 or a negated errno. */
static int64_t get_path(const struct ctx *x, uint64_t pa, uint64_t len,
                        char *buf)
{
	if (len >= HOSTFS_MAX_PATH)
		return AE_NAMETOOLONG;
	const uint8_t *p = guest(x, pa, len);
	if (!p)
		return AE_FAULT;
	if (memchr(p, 0, len))
		return AE_INVAL;
	while (len && *p == '/') {              /* absolute = from the root */
		p++;
		len--;
	}
	if (!len) {
		strcpy(buf, ".");
		return 0;
	}
	memcpy(buf, p, len);
	buf[len] = 0;
	return 0;
}

/* Without openat2 (Linux before 5.6; valgrind, which does not know it)
 * the walk RESOLVE_BENEATH makes is done here, with its rules and its
 * errors: one component at a time, each opened without following it;
 * ".." goes back up a stack of the directories walked, which cannot go
 * above dirfd (EXDEV); a symbolic link's text replaces it in the rest
 * of the path, and an absolute one (magic links read as absolute paths
 * too) is an escape (EXDEV); past 40 links, ELOOP.  The final component
 * is followed unless flags say O_NOFOLLOW or O_CREAT | O_EXCL, as the
 * kernel does. */
#define WALK_DEPTH 256
#define WALK_LINKS 40

static int walk_beneath(int dirfd, const char *path, int flags, mode_t mode)
{
	char rest[2 * HOSTFS_MAX_PATH], link[HOSTFS_MAX_PATH], name[HOSTFS_MAX_PATH];
	int dirs[WALK_DEPTH], depth = 0, links = 0, fd = -1, err = 0;
	if (strlen(path) >= sizeof rest)
		return errno = ENAMETOOLONG, -1;
	strcpy(rest, path);
	char *p = rest;
	for (;;) {
		while (*p == '/')
			p++;
		const int cur = depth ? dirs[depth - 1] : dirfd;
		if (!*p) {                      /* it ends at a directory */
			fd = openat(cur, ".", flags, mode);
			err = fd < 0 ? errno : 0;
			break;
		}
		char *e = p + strcspn(p, "/");  /* the component [p, e) */
		memcpy(name, p, (size_t)(e - p));
		name[e - p] = 0;
		if (!strcmp(name, ".") || !strcmp(name, "..")) {
			if (name[1]) {
				if (!depth) {
					err = EXDEV;
					break;
				}
				close(dirs[--depth]);
			}
			p = e;
			continue;
		}
		/* the last one, unless slashes follow: then a directory */
		const bool final = !*e;
		const bool follow = !final || (!(flags & O_NOFOLLOW) &&
		                    (flags & (O_CREAT | O_EXCL)) != (O_CREAT | O_EXCL));
		if (final)
			fd = openat(cur, name, flags | O_NOFOLLOW, mode);
		else
			fd = openat(cur, name, O_PATH | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC);
		const int open_err = fd < 0 ? errno : 0;
		struct stat st;
		bool is_link = follow &&
			((fd < 0 && (open_err == ELOOP || open_err == ENOTDIR)) ||
			 (fd >= 0 && (flags & O_PATH) && final)) &&
			!fstatat(cur, name, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode);
		if (!is_link) {
			if (fd < 0) {
				err = open_err;
				break;
			}
			if (final)
				break;
			if (depth == WALK_DEPTH) {
				err = ENAMETOOLONG;
				break;
			}
			dirs[depth++] = fd;
			fd = -1;
			p = e;
			continue;
		}
		/* a link: its text, then the rest of the path */
		if (fd >= 0)
			close(fd);
		fd = -1;
		ssize_t n = readlinkat(cur, name, link, sizeof link - 1);
		if (n < 0 || ++links > WALK_LINKS || link[0] == '/') {
			err = n < 0 ? errno : links > WALK_LINKS ? ELOOP : EXDEV;
			break;
		}
		const size_t tail = strlen(e);
		if ((size_t)n + tail >= sizeof rest) {
			err = ENAMETOOLONG;
			break;
		}
		memmove(rest + n, e, tail + 1);
		memcpy(rest, link, (size_t)n);
		p = rest;
	}
	while (depth)
		close(dirs[--depth]);
	if (err) {
		if (fd >= 0)
			close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

static int beneath(struct hostfs *fs, int dirfd, const char *path, uint64_t flags,
                   uint64_t mode)
{
	const int fl = (int)flags | O_CLOEXEC;
	const mode_t md = (flags & O_CREAT) ? (mode_t)(mode & HOSTFS_MODE_MASK) : 0;
	if (!fs->walk) {
		struct open_how how = {
			.flags = (uint64_t)fl, .mode = md,
			.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
		};
		int fd = (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
		if (fd >= 0 || errno != ENOSYS)
			return fd;
		fs->walk = true;
	}
	return walk_beneath(dirfd, path, fl, md);
}

/* Where a resolution that failed stopped: the deepest directory of
 * path that resolves.  In the guard, the failure is EACCES too, as a
 * directory the requester may not search gives, so that what the guard
 * holds (or lacks) cannot be told from outside it. */
static bool failed_in_guard(struct hostfs *fs, int dirfd, const char *path)
{
	char pre[HOSTFS_MAX_PATH];
	snprintf(pre, sizeof pre, "%s", path);
	for (;;) {
		char *slash = strrchr(pre, '/');
		if (slash)
			*slash = 0;
		const char *dir = slash && *pre ? pre : ".";
		int fd = beneath(fs, dirfd, dir, O_PATH | O_DIRECTORY, 0);
		if (fd >= 0) {
			bool in = guarded_fd(fs, fd);
			close(fd);
			return in;
		}
		if (!slash || !*pre)
			return false;
	}
}

/* beneath, and refused (EACCES) where it reaches the guard for a
 * request that is not the daemon's. */
static int resolve(struct hostfs *fs, int dirfd, const char *path, uint64_t flags,
                   uint64_t mode)
{
	int fd = beneath(fs, dirfd, path, flags, mode);
	if (fd >= 0 && guarded_fd(fs, fd)) {
		close(fd);
		errno = EACCES;
		return -1;
	}
	if (fd < 0 && errno != EACCES && guarding(fs)) {
		int e = errno;
		errno = failed_in_guard(fs, dirfd, path) ? EACCES : e;
	}
	return fd;
}

/* The mount of argument i, or -1. */
static int mount_fd(const struct ctx *x, unsigned i)
{
	uint64_t m = x->a[i];
	return m < HOSTFS_MAX_MOUNTS ? x->fs->root[m] : -1;
}

/* Resolve the parent of path beneath root; *last points at the final
 * component.  Returns the parent's fd or a negated errno. */
static int64_t parent_of(struct hostfs *fs, int root, char *path, const char **last)
{
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		path[--n] = 0;
	char *slash = strrchr(path, '/');
	const char *dir = ".";
	*last = path;
	if (slash) {
		*slash = 0;
		dir = path;
		*last = slash + 1;
	}
	if (!strcmp(*last, ".") || !strcmp(*last, "..") || !**last)
		return AE_INVAL;
	int fd = resolve(fs, root, dir, O_PATH | O_DIRECTORY, 0);
	return fd < 0 ? guest_errno(errno) : fd;
}

/* The mount and path of a name operation (mount at argument 0, path at
 * 1 and 2) into *root and path; a write to a read-only mount is EROFS. */
static int64_t name_arg(const struct ctx *x, bool write, int *root, char *path)
{
	*root = mount_fd(x, 0);
	int64_t r = get_path(x, x->a[1], x->a[2], path);
	if (*root < 0)
		return AE_INVAL;
	if (r)
		return r;
	return write && x->fs->readonly[x->a[0]] ? AE_ROFS : 0;
}

static int64_t new_handle(struct hostfs *fs, int fd, bool ro, bool rofs)
{
	for (int h = 0; h < HOSTFS_MAX_HANDLES; h++)
		if (fs->fd[h] < 0) {
			fs->fd[h] = fd;
			fs->fd_readonly[h] = ro;
			fs->fd_rofs[h] = rofs;
			return h;
		}
	close(fd);
	return AE_MFILE;
}

static int handle_fd(const struct ctx *x, unsigned i)
{
	uint64_t h = x->a[i];
	return h < HOSTFS_MAX_HANDLES ? x->fs->fd[h] : -1;
}

/* Why a file of this type may not be opened (0: it may): a link seen
 * with O_NOFOLLOW is ELOOP, as the open itself would say. */
static int64_t refuse_type(mode_t mode)
{
	if (S_ISREG(mode) || S_ISDIR(mode))
		return 0;
	return S_ISLNK(mode) ? AE_LOOP : S_ISCHR(mode) || S_ISBLK(mode) ? AE_ACCES : AE_NXIO;
}

static void fill_stat(struct hostfs_stat *o, const struct stat *st)
{
	*o = (struct hostfs_stat){
		.dev = st->st_dev, .ino = st->st_ino, .mode = st->st_mode,
		.nlink = st->st_nlink, .uid = st->st_uid, .gid = st->st_gid,
		.rdev = st->st_rdev, .size = (uint64_t)st->st_size,
		.blksize = (uint64_t)st->st_blksize, .blocks = (uint64_t)st->st_blocks,
		.atime_s = (uint64_t)st->st_atim.tv_sec, .atime_ns = (uint64_t)st->st_atim.tv_nsec,
		.mtime_s = (uint64_t)st->st_mtim.tv_sec, .mtime_ns = (uint64_t)st->st_mtim.tv_nsec,
		.ctime_s = (uint64_t)st->st_ctim.tv_sec, .ctime_ns = (uint64_t)st->st_ctim.tv_nsec,
	};
}

/* Copy n bytes to guest memory at pa: 0 or -EFAULT. */
static int64_t put(const struct ctx *x, uint64_t pa, const void *src, size_t n)
{
	uint8_t *p = guest(x, pa, n);
	if (!p)
		return AE_FAULT;
	memcpy(p, src, n);
	return 0;
}

static int64_t put_stat(const struct ctx *x, uint64_t pa, const struct stat *st)
{
	struct hostfs_stat o;
	fill_stat(&o, st);
	return put(x, pa, &o, sizeof o);
}

/* The host's statfs in the protocol's layout, to guest memory at pa. */
static int64_t put_statfs(const struct ctx *x, uint64_t pa, const struct statfs *sf)
{
	struct hostfs_statfs o = {
		(uint64_t)sf->f_type, (uint64_t)sf->f_bsize, sf->f_blocks, sf->f_bfree,
		sf->f_bavail, sf->f_files, sf->f_ffree,
		(uint64_t)(uint32_t)sf->f_fsid.__val[0] |
			(uint64_t)(uint32_t)sf->f_fsid.__val[1] << 32,
		(uint64_t)sf->f_namelen, (uint64_t)sf->f_frsize, (uint64_t)sf->f_flags,
	};
	return put(x, pa, &o, sizeof o);
}

/* ---- the operations ------------------------------------------------- */

static int64_t op_open(const struct ctx *x)
{
	uint64_t f = x->a[3];
	bool wr = f & (HOSTFS_O_WRITE | HOSTFS_O_CREAT | HOSTFS_O_TRUNC |
	               HOSTFS_O_APPEND);
	int root;
	char path[HOSTFS_MAX_PATH];
	int64_t r = name_arg(x, wr, &root, path);
	if (r)
		return r;
	uint64_t flags = (f & HOSTFS_O_WRITE) ? ((f & HOSTFS_O_READ) ? O_RDWR : O_WRONLY)
	                                     : O_RDONLY;
	if (f & HOSTFS_O_CREAT)     flags |= O_CREAT;
	if (f & HOSTFS_O_TRUNC)     flags |= O_TRUNC;
	if (f & HOSTFS_O_APPEND)    flags |= O_APPEND;
	if (f & HOSTFS_O_EXCL)      flags |= O_EXCL;
	if (f & HOSTFS_O_DIRECTORY) flags |= O_DIRECTORY;
	if (f & HOSTFS_O_NOFOLLOW)  flags |= O_NOFOLLOW;
	/* what the name is now, without opening it */
	struct stat st;
	int pfd = resolve(x->fs, root, path, O_PATH | (flags & (O_NOFOLLOW | O_DIRECTORY)), 0);
	if (pfd < 0 && errno == EACCES)
		return AE_ACCES;
	bool absent = pfd < 0 && errno == ENOENT;
	uint64_t was = 0;                   /* its size, which O_TRUNC frees */
	if (pfd >= 0) {
		r = fstat(pfd, &st) ? guest_errno(errno) : refuse_type(st.st_mode);
		if (!r && S_ISREG(st.st_mode))
			was = (uint64_t)st.st_size;
		close(pfd);
		if (r)
			return r;
	}
	mode_t old = umask(0);
	int fd = beneath(x->fs, root, path, flags | O_NONBLOCK | O_NOCTTY, x->a[4]);
	int e = errno;
	umask(old);
	if (fd < 0)
		return guest_errno(e);
	if (guarded_fd(x->fs, fd)) {
		/* created in the guard through a link: made by this open
		 * (the name was absent), so it goes again, empty */
		char made[HOSTFS_MAX_PATH];
		if ((flags & O_CREAT) && absent && fd_path(fd, made, sizeof made))
			unlink(made);
		close(fd);
		return AE_ACCES;
	}
	r = fstat(fd, &st) ? guest_errno(errno) : refuse_type(st.st_mode);
	if (!r && fcntl(fd, F_SETFL, flags & O_APPEND))   /* blocking again */
		r = guest_errno(errno);
	if (r) {
		close(fd);
		return r;
	}
	if ((flags & O_TRUNC) && S_ISREG(st.st_mode) && (uint64_t)st.st_size < was)
		grew(x->fs, was, (uint64_t)st.st_size);
	return new_handle(x->fs, fd, !(f & HOSTFS_O_WRITE), x->fs->readonly[x->a[0]]);
}

static int64_t op_close(const struct ctx *x)
{
	int fd = handle_fd(x, 0);
	if (fd < 0)
		return AE_BADF;
	close(fd);
	x->fs->fd[x->a[0]] = -1;
	return 0;
}

/* The handle in a[0] and the guest buffer of a[2] bytes at a[1] (pread,
 * pwrite, readdir): 0, or the error (a bad handle before a bad buffer). */
static int64_t fd_buf(const struct ctx *x, int *fd, uint8_t **buf)
{
	*fd = handle_fd(x, 0);
	*buf = guest(x, x->a[1], x->a[2]);
	if (*fd < 0)
		return AE_BADF;
	return *buf ? 0 : AE_FAULT;
}

static int64_t op_rw(const struct ctx *x, bool write)
{
	int fd;
	uint8_t *buf;
	int64_t r = fd_buf(x, &fd, &buf);
	if (r)
		return r;
	if (write && x->fs->fd_readonly[x->a[0]])
		return AE_BADF;
	if (!write) {
		ssize_t n = pread(fd, buf, x->a[2], (off_t)x->a[3]);
		return n < 0 ? guest_errno(errno) : n;
	}
	/* no further than the write limit lets the file grow: a short
	 * write, or ENOSPC when not a byte fits (O_APPEND writes at the
	 * end whatever the offset) */
	struct stat st;
	if (fstat(fd, &st))
		return guest_errno(errno);
	uint64_t size = (uint64_t)st.st_size, len = x->a[2];
	uint64_t at = fcntl(fd, F_GETFL) & O_APPEND ? size : x->a[3];
	uint64_t most = max_size(x->fs, size);
	if (len && at + len > size && at + len > most) {
		if (at >= most) {
			x->fs->refused++;
			return AE_NOSPC;
		}
		len = most - at;
	}
	ssize_t n = pwrite(fd, buf, len, (off_t)x->a[3]);
	if (n < 0)
		return guest_errno(errno);
	if (!fstat(fd, &st) && (uint64_t)st.st_size > size)
		grew(x->fs, size, (uint64_t)st.st_size);
	return n;
}

/* An O_PATH descriptor of the named file (its link's target if follow),
 * or a negated errno. */
static int64_t path_fd(const struct ctx *x, bool write, bool follow)
{
	int root;
	char path[HOSTFS_MAX_PATH];
	int64_t r = name_arg(x, write, &root, path);
	if (r)
		return r;
	int fd = resolve(x->fs, root, path, O_PATH | (follow ? 0 : O_NOFOLLOW), 0);
	return fd < 0 ? guest_errno(errno) : fd;
}

/* /proc/self/fd/N for an O_PATH descriptor: the file itself to calls
 * that take no descriptor (chmod, utimensat, access). */
static const char *proc_fd(int fd, char buf[32])
{
	snprintf(buf, 32, "/proc/self/fd/%d", fd);
	return buf;
}

static int64_t op_stat(const struct ctx *x)
{
	int64_t fd = path_fd(x, false, x->a[4]);
	if (fd < 0)
		return fd;
	struct stat st;
	int64_t r = fstat((int)fd, &st) ? guest_errno(errno) : put_stat(x, x->a[3], &st);
	close((int)fd);
	return r;
}

static int64_t op_fstat(const struct ctx *x)
{
	int fd = handle_fd(x, 0);
	struct stat st;
	if (fd < 0)
		return AE_BADF;
	return fstat(fd, &st) ? guest_errno(errno) : put_stat(x, x->a[1], &st);
}

/* Directory entries from cookie on (the cookie is the entry's index). */
static int64_t op_readdir(const struct ctx *x)
{
	int fd;
	uint8_t *buf;
	int64_t r = fd_buf(x, &fd, &buf);
	if (r)
		return r;
	int dfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return guest_errno(errno);
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return guest_errno(errno);
	}
	uint64_t index = 0, used = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (index++ < x->a[3])
			continue;
		size_t nlen = strlen(e->d_name);
		size_t rec = (sizeof(struct hostfs_dirent) + nlen + 7) & ~(size_t)7;
		if (used + rec > x->a[2])
			break;
		struct hostfs_dirent h = { e->d_ino, index, (uint16_t)rec,
		                           (uint16_t)nlen, e->d_type, { 0 } };
		memset(buf + used, 0, rec);
		memcpy(buf + used, &h, sizeof h);
		memcpy(buf + used + sizeof h, e->d_name, nlen);
		used += rec;
	}
	closedir(d);
	return (int64_t)used;
}

static int64_t times_arg(const struct ctx *x, uint64_t pa, struct timespec ts[2])
{
	if (!pa) {
		ts[0].tv_nsec = ts[1].tv_nsec = UTIME_NOW;
		return 0;
	}
	const uint8_t *p = guest(x, pa, sizeof(struct hostfs_times));
	if (!p)
		return AE_FAULT;
	struct hostfs_times t;
	memcpy(&t, p, sizeof t);
	ts[0] = (struct timespec){ (time_t)t.atime_s, (long)t.atime_ns };
	ts[1] = (struct timespec){ (time_t)t.mtime_s, (long)t.mtime_ns };
	return 0;
}

/* Operations on the last component of a name beneath its parent (so a
 * final symbolic link is the link itself): mkdir, unlink and rmdir,
 * readlink, symlink, and chmod, chown and utimens of a link. */
static int64_t op_name(const struct ctx *x, enum hostfs_op op)
{
	int root;
	char path[HOSTFS_MAX_PATH], target[HOSTFS_MAX_PATH];
	const char *last;
	int64_t r = name_arg(x, op != HOSTFS_READLINK, &root, path);
	struct timespec ts[2];
	if (!r && op == HOSTFS_SYMLINK)
		r = get_path(x, x->a[3], x->a[4], target);
	if (!r && op == HOSTFS_UTIMENS)
		r = times_arg(x, x->a[3], ts);
	if (r)
		return r;
	if (op == HOSTFS_SYMLINK) {        /* the text as given, absolute too */
		const uint8_t *t = guest(x, x->a[3], x->a[4]);
		memcpy(target, t, x->a[4]);
		target[x->a[4]] = 0;
	}
	int64_t dir = parent_of(x->fs, root, path, &last);
	if (dir < 0)
		return dir;
	if (guarded_name(x->fs, (int)dir, last)) {
		close((int)dir);
		return AE_ACCES;
	}
	int d = (int)dir, ok;
	mode_t old = umask(0);
	switch (op) {
	case HOSTFS_MKDIR:
		ok = mkdirat(d, last, (mode_t)(x->a[3] & HOSTFS_MODE_MASK));
		break;
	case HOSTFS_UNLINK:
		ok = unlinkat(d, last, x->a[3] ? AT_REMOVEDIR : 0);
		break;
	case HOSTFS_SYMLINK:
		ok = symlinkat(target, d, last);
		break;
	case HOSTFS_CHMOD:                  /* a link's mode cannot change */
		ok = fchmodat(d, last, (mode_t)(x->a[3] & HOSTFS_MODE_MASK),
		              AT_SYMLINK_NOFOLLOW);
		break;
	case HOSTFS_CHOWN:
		ok = fchownat(d, last, (uid_t)x->a[3], (gid_t)x->a[4], AT_SYMLINK_NOFOLLOW);
		break;
	case HOSTFS_UTIMENS:
		ok = utimensat(d, last, ts, AT_SYMLINK_NOFOLLOW);
		break;
	default: {   /* HOSTFS_READLINK */
		uint8_t *buf = guest(x, x->a[3], x->a[4]);
		ssize_t n = buf ? readlinkat(d, last, (char *)buf, x->a[4]) : -1;
		umask(old);
		close(d);
		return !buf ? AE_FAULT : n < 0 ? guest_errno(errno) : n;
	}
	}
	r = ok ? guest_errno(errno) : 0;
	umask(old);
	close(d);
	return r;
}

/* chmod, chown, utimens, truncate, statfs and access of a name whose
 * final symbolic link is followed (the link's own for chmod, chown and
 * utimens without follow: op_name), and fchmod, fchown, futimens,
 * ftruncate and fstatfs of an open handle: one operation on a
 * descriptor, an O_PATH one of the name's target or the handle's own.
 * The two forms differ where Linux's calls do: an O_PATH descriptor
 * reaches its file through /proc/self/fd for the calls that take no
 * descriptor, and truncate asks for write permission on the file where
 * ftruncate asks for a handle open for writing. */
static int64_t op_attr(const struct ctx *x, enum hostfs_op op)
{
	bool handle = op == HOSTFS_FCHMOD || op == HOSTFS_FCHOWN ||
	              op == HOSTFS_FUTIMENS || op == HOSTFS_FTRUNCATE ||
	              op == HOSTFS_FSTATFS;
	const uint64_t *a = x->a + (handle ? 1 : 3);   /* after the file */
	bool follow = op == HOSTFS_CHOWN ? a[2] :
	              op == HOSTFS_CHMOD || op == HOSTFS_UTIMENS ? a[1] : true;
	int64_t fd = handle ? handle_fd(x, 0) : 0;
	if (handle) {
		uint64_t h = x->a[0];
		if (fd < 0 || (op == HOSTFS_FTRUNCATE && x->fs->fd_readonly[h]))
			return AE_BADF;
		if (op != HOSTFS_FSTATFS && x->fs->fd_rofs[h])
			return AE_ROFS;
	} else if (!follow) {
		return op_name(x, op);
	}
	struct timespec ts[2];
	int64_t r = op == HOSTFS_UTIMENS || op == HOSTFS_FUTIMENS ?
	            times_arg(x, a[0], ts) : 0;
	if (r)
		return r;
	if (!handle) {
		fd = path_fd(x, op != HOSTFS_STATFS && op != HOSTFS_ACCESS, true);
		if (fd < 0)
			return fd;
	}
	bool meta = op == HOSTFS_CHMOD || op == HOSTFS_FCHMOD || op == HOSTFS_CHOWN ||
	            op == HOSTFS_FCHOWN || op == HOSTFS_UTIMENS || op == HOSTFS_FUTIMENS;
	if (meta && guarded_meta(x->fs, (int)fd)) {
		if (!handle)
			close((int)fd);
		return AE_ACCES;
	}
	/* a truncate that lengthens a file: within the write limit */
	struct stat old;
	bool sized = (op == HOSTFS_TRUNCATE || op == HOSTFS_FTRUNCATE) &&
	             !fstat((int)fd, &old) && S_ISREG(old.st_mode);
	if (sized && a[0] > (uint64_t)old.st_size && a[0] > max_size(x->fs, (uint64_t)old.st_size)) {
		x->fs->refused++;
		if (!handle)
			close((int)fd);
		return AE_NOSPC;
	}
	char pbuf[32];
	const char *self = proc_fd((int)fd, pbuf);
	mode_t mode = (mode_t)(a[0] & HOSTFS_MODE_MASK);
	struct statfs sf;
	int ok;
	switch (op) {
	case HOSTFS_CHMOD:     ok = chmod(self, mode); break;
	case HOSTFS_FCHMOD:    ok = fchmod((int)fd, mode); break;
	case HOSTFS_CHOWN:
		ok = fchownat((int)fd, "", (uid_t)a[0], (gid_t)a[1], AT_EMPTY_PATH);
		break;
	case HOSTFS_FCHOWN:    ok = fchown((int)fd, (uid_t)a[0], (gid_t)a[1]); break;
	case HOSTFS_UTIMENS:   ok = utimensat(AT_FDCWD, self, ts, 0); break;
	case HOSTFS_FUTIMENS:  ok = futimens((int)fd, ts); break;
	case HOSTFS_TRUNCATE:  /* opens nothing: a FIFO is EINVAL */
		ok = truncate(self, (off_t)a[0]);
		break;
	case HOSTFS_FTRUNCATE: ok = ftruncate((int)fd, (off_t)a[0]); break;
	case HOSTFS_ACCESS:
		ok = faccessat(AT_FDCWD, self, (int)a[0], AT_EACCESS);
		break;
	default:               /* HOSTFS_STATFS, HOSTFS_FSTATFS */
		ok = fstatfs((int)fd, &sf);
		if (!ok)
			r = put_statfs(x, a[0], &sf);
		break;
	}
	if (!r && ok)
		r = guest_errno(errno);
	if (!ok && sized)
		grew(x->fs, (uint64_t)old.st_size, a[0]);
	if (!handle)
		close((int)fd);
	return r;
}

/* rename (renameat2's flags) and link: two names on one mount. */
static int64_t op_two(const struct ctx *x, enum hostfs_op op)
{
	int root;
	char p1[HOSTFS_MAX_PATH], p2[HOSTFS_MAX_PATH];
	const char *l1, *l2;
	int64_t r = name_arg(x, true, &root, p1);
	if (!r)
		r = get_path(x, x->a[3], x->a[4], p2);
	if (r)
		return r;
	if (op == HOSTFS_RENAME &&
	    (x->a[5] & ~(uint64_t)(HOSTFS_RENAME_NOREPLACE | HOSTFS_RENAME_EXCHANGE)))
		return AE_INVAL;
	int64_t d1 = parent_of(x->fs, root, p1, &l1);
	if (d1 < 0)
		return d1;
	int64_t d2 = parent_of(x->fs, root, p2, &l2);
	if (d2 < 0) {
		close((int)d1);
		return d2;
	}
	if (guarded_name(x->fs, (int)d1, l1) || guarded_name(x->fs, (int)d2, l2)) {
		close((int)d1);
		close((int)d2);
		return AE_ACCES;
	}
	int ok;
	if (op == HOSTFS_RENAME) {
		unsigned fl = (x->a[5] & HOSTFS_RENAME_NOREPLACE ? RENAME_NOREPLACE : 0) |
		              (x->a[5] & HOSTFS_RENAME_EXCHANGE ? RENAME_EXCHANGE : 0);
		ok = renameat2((int)d1, l1, (int)d2, l2, fl);
	} else if (x->a[5]) {          /* link to a final link's target */
		int64_t t = resolve(x->fs, (int)d1, l1, O_PATH, 0);
		ok = t < 0 ? -1 : linkat((int)t, "", (int)d2, l2, AT_EMPTY_PATH);
		if (t >= 0)
			close((int)t);
	} else {
		ok = linkat((int)d1, l1, (int)d2, l2, 0);
	}
	r = ok ? guest_errno(errno) : 0;
	close((int)d1);
	close((int)d2);
	return r;
}

static int64_t op_cred(const struct ctx *x)
{
	struct hostfs_cred c = { geteuid(), getegid() };
	return put(x, x->a[0], &c, sizeof c);
}

uint64_t hostfs_content_hash(int fd)
{
	uint64_t h = 0xcbf29ce484222325ull;          /* FNV-1a, 64 bits */
	uint8_t buf[65536];
	ssize_t n;
	for (off_t off = 0; (n = pread(fd, buf, sizeof buf, off)) > 0; off += n)
		for (ssize_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ull;
	return h;
}

/* The handle's identity, and its path beneath the mount whose root is
 * the longest prefix of its host path. */
static int64_t op_ident(const struct ctx *x)
{
	int fd = handle_fd(x, 0);
	uint8_t *buf = guest(x, x->a[1], x->a[2]);
	char path[HOSTFS_MAX_PATH], root[HOSTFS_MAX_PATH];
	if (fd < 0)
		return AE_BADF;
	if (!buf || x->a[2] < sizeof(struct hostfs_ident))
		return AE_FAULT;
	if (!fd_path(fd, path, sizeof path))
		return guest_errno(errno);
	struct hostfs_ident id = { hostfs_content_hash(fd), HOSTFS_MAX_MOUNTS };
	size_t best = 0;
	for (unsigned m = 0; m < HOSTFS_MAX_MOUNTS; m++) {
		if (x->fs->root[m] < 0 || !fd_path(x->fs->root[m], root, sizeof root))
			continue;
		size_t k = strcmp(root, "/") ? strlen(root) : 0;
		if (!strncmp(path, root, k) && path[k] == '/' &&
		    (id.mnt == HOSTFS_MAX_MOUNTS || k > best)) {
			id.mnt = m;
			best = k;
		}
	}
	if (id.mnt == HOSTFS_MAX_MOUNTS)
		return AE_INVAL;                 /* not beneath any mount */
	size_t n = strlen(path + best);
	if (n > x->a[2] - sizeof id)
		n = x->a[2] - sizeof id;
	memcpy(buf, &id, sizeof id);
	memcpy(buf + sizeof id, path + best, n);
	return (int64_t)(sizeof id + n);
}

void hostfs_serve(struct hostfs *fs, struct hostfs_req *req, uint8_t *ram,
                  uint64_t ram_size)
{
	struct ctx x = { fs, ram, ram_size, req->arg };
	uint64_t code = HOSTFS_OP(req->op);
	enum hostfs_op op = (enum hostfs_op)code;
	fs->daemon = req->op & HOSTFS_AS_DAEMON;
	fs->ops++;
	switch (code) {
	case HOSTFS_OPEN:      req->result = op_open(&x); break;
	case HOSTFS_CLOSE:     req->result = op_close(&x); break;
	case HOSTFS_PREAD:     req->result = op_rw(&x, false); break;
	case HOSTFS_PWRITE:    req->result = op_rw(&x, true); break;
	case HOSTFS_STAT:      req->result = op_stat(&x); break;
	case HOSTFS_FSTAT:     req->result = op_fstat(&x); break;
	case HOSTFS_READDIR:   req->result = op_readdir(&x); break;
	case HOSTFS_MKDIR:
	case HOSTFS_UNLINK:
	case HOSTFS_READLINK:
	case HOSTFS_SYMLINK:   req->result = op_name(&x, op); break;
	case HOSTFS_CHMOD:
	case HOSTFS_CHOWN:
	case HOSTFS_UTIMENS:
	case HOSTFS_TRUNCATE:
	case HOSTFS_STATFS:
	case HOSTFS_ACCESS:
	case HOSTFS_FCHMOD:
	case HOSTFS_FCHOWN:
	case HOSTFS_FUTIMENS:
	case HOSTFS_FTRUNCATE:
	case HOSTFS_FSTATFS:   req->result = op_attr(&x, op); break;
	case HOSTFS_RENAME:
	case HOSTFS_LINK:      req->result = op_two(&x, op); break;
	case HOSTFS_IDENT:     req->result = op_ident(&x); break;
	case HOSTFS_CRED:      req->result = op_cred(&x); break;
	default:               req->result = -78; break;   /* ENOSYS */
	}
}

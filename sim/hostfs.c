/*
 * hostfs.c - the host side of the hostfs device (see hostfs.h).
 *
 * Every path is resolved with openat2(2) and RESOLVE_BENEATH from the
 * mount's root directory, so the kernel refuses any resolution that
 * would leave the tree: "..", absolute symbolic links and relative ones
 * that climb out all fail with EXDEV, which the guest sees as EACCES.
 * Operations on a name (mkdir, unlink, rename, readlink) resolve the
 * parent directory that way and then act on the last component, which
 * may not be "." or "..".
 */
#define _GNU_SOURCE
#include "sim/hostfs.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
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
	{ ERANGE, 34 }, { EAGAIN, 35 }, { ELOOP, 62 }, { ENAMETOOLONG, 63 },
	{ ENOTEMPTY, 66 }, { EDQUOT, 69 }, { ENOSYS, 78 }, { EOVERFLOW, 112 },
};

static int64_t guest_errno(int e)
{
	for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
		if (errnos[i].host == e)
			return -errnos[i].alpha;
	return -5;                              /* EIO */
}

#define AE_BADF   (-9)
#define AE_FAULT  (-14)
#define AE_INVAL  (-22)
#define AE_MFILE  (-24)
#define AE_ROFS   (-30)
#define AE_NAMETOOLONG (-63)

void hostfs_init(struct hostfs *fs)
{
	memset(fs, 0, sizeof *fs);
	for (int i = 0; i < HOSTFS_MAX_MOUNTS; i++)
		fs->root[i] = -1;
	for (int i = 0; i < HOSTFS_MAX_HANDLES; i++)
		fs->fd[i] = -1;
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

static int beneath(int dirfd, const char *path, uint64_t flags, uint64_t mode)
{
	struct open_how how = {
		.flags = flags | O_CLOEXEC,
		.mode = (flags & O_CREAT) ? mode & 07777 : 0,
		.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
	};
	return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

/* The mount of argument i, or NULL. */
static int mount_fd(const struct ctx *x, unsigned i)
{
	uint64_t m = x->a[i];
	return m < HOSTFS_MAX_MOUNTS ? x->fs->root[m] : -1;
}

/* Resolve the parent of path beneath root; *last points at the final
 * component.  Returns the parent's fd or a negated errno. */
static int64_t parent_of(int root, char *path, const char **last)
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
	int fd = beneath(root, dir, O_PATH | O_DIRECTORY, 0);
	return fd < 0 ? guest_errno(errno) : fd;
}

static int64_t new_handle(struct hostfs *fs, int fd, bool ro)
{
	for (int h = 0; h < HOSTFS_MAX_HANDLES; h++)
		if (fs->fd[h] < 0) {
			fs->fd[h] = fd;
			fs->fd_readonly[h] = ro;
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

static int64_t put_stat(const struct ctx *x, uint64_t pa, const struct stat *st)
{
	uint8_t *p = guest(x, pa, sizeof(struct hostfs_stat));
	if (!p)
		return AE_FAULT;
	struct hostfs_stat o;
	fill_stat(&o, st);
	memcpy(p, &o, sizeof o);
	return 0;
}

/* ---- the operations ------------------------------------------------- */

static int64_t op_open(const struct ctx *x)
{
	int root = mount_fd(x, 0);
	uint64_t f = x->a[3];
	char path[HOSTFS_MAX_PATH];
	int64_t r = get_path(x, x->a[1], x->a[2], path);
	if (root < 0)
		return AE_INVAL;
	if (r)
		return r;
	bool wr = f & (HOSTFS_O_WRITE | HOSTFS_O_CREAT | HOSTFS_O_TRUNC |
	               HOSTFS_O_APPEND);
	if (wr && x->fs->readonly[x->a[0]])
		return AE_ROFS;
	uint64_t flags = (f & HOSTFS_O_WRITE) ? ((f & HOSTFS_O_READ) ? O_RDWR : O_WRONLY)
	                                     : O_RDONLY;
	if (f & HOSTFS_O_CREAT)     flags |= O_CREAT;
	if (f & HOSTFS_O_TRUNC)     flags |= O_TRUNC;
	if (f & HOSTFS_O_APPEND)    flags |= O_APPEND;
	if (f & HOSTFS_O_EXCL)      flags |= O_EXCL;
	if (f & HOSTFS_O_DIRECTORY) flags |= O_DIRECTORY;
	int fd = beneath(root, path, flags, x->a[4]);
	if (fd < 0)
		return guest_errno(errno);
	return new_handle(x->fs, fd, !(f & HOSTFS_O_WRITE));
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

static int64_t op_rw(const struct ctx *x, bool write)
{
	int fd = handle_fd(x, 0);
	uint8_t *buf = guest(x, x->a[1], x->a[2]);
	if (fd < 0)
		return AE_BADF;
	if (!buf)
		return AE_FAULT;
	if (write && x->fs->fd_readonly[x->a[0]])
		return AE_BADF;
	ssize_t n = write ? pwrite(fd, buf, x->a[2], (off_t)x->a[3])
	                  : pread(fd, buf, x->a[2], (off_t)x->a[3]);
	return n < 0 ? guest_errno(errno) : n;
}

static int64_t op_stat(const struct ctx *x)
{
	int root = mount_fd(x, 0);
	char path[HOSTFS_MAX_PATH];
	int64_t r = get_path(x, x->a[1], x->a[2], path);
	if (root < 0)
		return AE_INVAL;
	if (r)
		return r;
	int fd = beneath(root, path, O_PATH | (x->a[4] ? 0 : O_NOFOLLOW), 0);
	if (fd < 0)
		return guest_errno(errno);
	struct stat st;
	r = fstat(fd, &st) ? guest_errno(errno) : put_stat(x, x->a[3], &st);
	close(fd);
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
	int fd = handle_fd(x, 0);
	uint8_t *buf = guest(x, x->a[1], x->a[2]);
	if (fd < 0)
		return AE_BADF;
	if (!buf)
		return AE_FAULT;
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

/* mkdir, unlink/rmdir, readlink: act on the last component. */
static int64_t op_name(const struct ctx *x, enum hostfs_op op)
{
	int root = mount_fd(x, 0);
	char path[HOSTFS_MAX_PATH];
	const char *last;
	int64_t r = get_path(x, x->a[1], x->a[2], path);
	if (root < 0)
		return AE_INVAL;
	if (r)
		return r;
	if (op != HOSTFS_READLINK && x->fs->readonly[x->a[0]])
		return AE_ROFS;
	int64_t dir = parent_of(root, path, &last);
	if (dir < 0)
		return dir;
	int d = (int)dir;
	switch (op) {
	case HOSTFS_MKDIR:
		r = mkdirat(d, last, (mode_t)(x->a[3] & 07777)) ? guest_errno(errno) : 0;
		break;
	case HOSTFS_UNLINK:
		r = unlinkat(d, last, x->a[3] ? AT_REMOVEDIR : 0) ? guest_errno(errno) : 0;
		break;
	default: {   /* HOSTFS_READLINK */
		uint8_t *buf = guest(x, x->a[3], x->a[4]);
		ssize_t n = buf ? readlinkat(d, last, (char *)buf, x->a[4]) : -1;
		r = !buf ? AE_FAULT : n < 0 ? guest_errno(errno) : n;
		break;
	}
	}
	close(d);
	return r;
}

static int64_t op_rename(const struct ctx *x)
{
	int root = mount_fd(x, 0);
	char p1[HOSTFS_MAX_PATH], p2[HOSTFS_MAX_PATH];
	const char *l1, *l2;
	int64_t r = get_path(x, x->a[1], x->a[2], p1);
	if (!r)
		r = get_path(x, x->a[3], x->a[4], p2);
	if (root < 0)
		return AE_INVAL;
	if (r)
		return r;
	if (x->fs->readonly[x->a[0]])
		return AE_ROFS;
	int64_t d1 = parent_of(root, p1, &l1);
	if (d1 < 0)
		return d1;
	int64_t d2 = parent_of(root, p2, &l2);
	if (d2 < 0) {
		close((int)d1);
		return d2;
	}
	r = renameat((int)d1, l1, (int)d2, l2) ? guest_errno(errno) : 0;
	close((int)d1);
	close((int)d2);
	return r;
}

static int64_t op_ftruncate(const struct ctx *x)
{
	int fd = handle_fd(x, 0);
	if (fd < 0 || x->fs->fd_readonly[x->a[0]])
		return AE_BADF;
	return ftruncate(fd, (off_t)x->a[1]) ? guest_errno(errno) : 0;
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
	fs->ops++;
	switch (req->op) {
	case HOSTFS_OPEN:      req->result = op_open(&x); break;
	case HOSTFS_CLOSE:     req->result = op_close(&x); break;
	case HOSTFS_PREAD:     req->result = op_rw(&x, false); break;
	case HOSTFS_PWRITE:    req->result = op_rw(&x, true); break;
	case HOSTFS_STAT:      req->result = op_stat(&x); break;
	case HOSTFS_FSTAT:     req->result = op_fstat(&x); break;
	case HOSTFS_READDIR:   req->result = op_readdir(&x); break;
	case HOSTFS_MKDIR:
	case HOSTFS_UNLINK:
	case HOSTFS_READLINK:  req->result = op_name(&x, (enum hostfs_op)req->op); break;
	case HOSTFS_RENAME:    req->result = op_rename(&x); break;
	case HOSTFS_FTRUNCATE: req->result = op_ftruncate(&x); break;
	case HOSTFS_IDENT:     req->result = op_ident(&x); break;
	default:               req->result = -78; break;   /* ENOSYS */
	}
}

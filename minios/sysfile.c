/*
 * sysfile.c - the file system calls (Linux/Alpha numbers and layouts
 * from the cross toolchain's asm/ headers): open, read, write, stat,
 * directories, descriptors.  Names go through path.c to a hostfs mount
 * (sysat_call); the older calls without a directory argument are their
 * *at forms (sysat.c).
 */
#include "minios/sysat.h"
#include <asm/fcntl.h>
#include <asm/ioctls.h>
#include <asm/poll.h>
#include <asm/signal.h>
#include <asm/stat.h>
#include <asm/termios.h>
#include <linux/stat.h>

#define FD_CLOEXEC      1
#define F_DUPFD_CLOEXEC 1030
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

static char pathbuf[PATH_MAX], relbuf[PATH_MAX], rel2buf[PATH_MAX];

int64_t sys_openat(struct trapframe *tf)
{
	struct proc *p = proc_current();
	int64_t dev;
	if (dev_openat(p, ARG(tf, 1), (unsigned)ARG(tf, 2), &dev))
		return dev;
	unsigned mnt;
	int err = path_user(p, (int64_t)ARG(tf, 0), ARG(tf, 1), &mnt, relbuf, pathbuf);
	if (err)
		return err;
	unsigned flags = (unsigned)ARG(tf, 2), acc = flags & O_ACCMODE;
	uint64_t hf = (acc != O_WRONLY ? HOSTFS_O_READ : 0) |
	              (acc != O_RDONLY ? HOSTFS_O_WRITE : 0) |
	              (flags & O_CREAT ? HOSTFS_O_CREAT : 0) |
	              (flags & O_TRUNC ? HOSTFS_O_TRUNC : 0) |
	              (flags & O_APPEND ? HOSTFS_O_APPEND : 0) |
	              (flags & O_EXCL ? HOSTFS_O_EXCL : 0) |
	              (flags & O_DIRECTORY ? HOSTFS_O_DIRECTORY : 0) |
	              (flags & O_NOFOLLOW ? HOSTFS_O_NOFOLLOW : 0);
	struct file *f = file_alloc();
	if (!f)
		return -ENFILE;
	int64_t h = hostfs_call(HOSTFS_OPEN, mnt, V2P(relbuf), strlen(relbuf), hf,
	                        ARG(tf, 3) & ~p->fs->umask, 0);
	if (h < 0) {
		file_free(f);
		return h;
	}
	struct hostfs_stat st;
	hostfs_call(HOSTFS_FSTAT, (uint64_t)h, V2P(&st), 0, 0, 0, 0);
	f->type = F_HOSTFS;
	f->handle = (uint64_t)h;
	f->flags = flags;
	f->dir = (st.mode & 0170000) == 0040000;
	if (f->dir && !(f->path = kmalloc(strlen(pathbuf) + 1))) {
		file_close(f);
		return -ENOMEM;
	}
	if (f->dir)
		strlcpy(f->path, pathbuf, strlen(pathbuf) + 1);
	int fd = fd_install(p, f, 0, flags & O_CLOEXEC);
	if (fd < 0)
		file_close(f);
	return fd;
}

int64_t sys_close(struct trapframe *tf)
{
	return fd_close(proc_current(), (int64_t)ARG(tf, 0));
}

int64_t sys_read(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
	return f ? file_read(p, f, ARG(tf, 1), ARG(tf, 2)) : -EBADF;
}

int64_t sys_write(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
	return f ? file_write(p, f, ARG(tf, 1), ARG(tf, 2)) : -EBADF;
}

/* What a call needs of the file at its descriptor argument 0 (beyond
 * its being open). */
enum need { SEEKABLE, DIRECTORY };

/* That file: EBADF when the descriptor is not open; ESPIPE when a call
 * on the file's offset finds none (a pipe, the console, a device);
 * ENOTDIR when a call on a directory finds another kind of file (a
 * directory's file has its guest path too: sys_openat). */
static int file_arg(struct trapframe *tf, enum need need, struct file **f)
{
	*f = fd_get(proc_current(), (int64_t)ARG(tf, 0));
	if (!*f)
		return -EBADF;
	if (need == SEEKABLE)
		return (*f)->type == F_HOSTFS ? 0 : -ESPIPE;
	return (*f)->dir ? 0 : -ENOTDIR;
}

/* pread64/pwrite64: at an offset, leaving the file's own alone. */
static int64_t rw_at(struct trapframe *tf, bool write)
{
	struct proc *p = proc_current();
	struct file *f;
	int err = file_arg(tf, SEEKABLE, &f);
	if (err)
		return err;
	uint64_t save = f->off;
	f->off = ARG(tf, 3);
	int64_t r = write ? file_write(p, f, ARG(tf, 1), ARG(tf, 2))
	                  : file_read(p, f, ARG(tf, 1), ARG(tf, 2));
	f->off = save;
	return r;
}
int64_t sys_pread64(struct trapframe *tf) { return rw_at(tf, false); }
int64_t sys_pwrite64(struct trapframe *tf) { return rw_at(tf, true); }

/* readv/writev: struct iovec { base, len } in turn. */
static int64_t rw_vec(struct trapframe *tf, bool write)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
	if (!f)
		return -EBADF;
	uint64_t iov = ARG(tf, 1), cnt = ARG(tf, 2), total = 0;
	if (cnt > 1024)
		return -EINVAL;
	for (uint64_t i = 0; i < cnt; i++) {
		uint64_t v[2];
		if (copyin(p, v, iov + 16 * i, sizeof v))
			return total ? (int64_t)total : -EFAULT;
		int64_t r = write ? file_write(p, f, v[0], v[1]) : file_read(p, f, v[0], v[1]);
		if (r < 0)
			return total ? (int64_t)total : r;
		total += (uint64_t)r;
		if ((uint64_t)r < v[1])
			break;
	}
	return (int64_t)total;
}
int64_t sys_readv(struct trapframe *tf) { return rw_vec(tf, false); }
int64_t sys_writev(struct trapframe *tf) { return rw_vec(tf, true); }

int64_t sys_lseek(struct trapframe *tf)
{
	struct file *f;
	int err = file_arg(tf, SEEKABLE, &f);
	if (err)
		return err;
	int64_t off = (int64_t)ARG(tf, 1), base;
	switch (ARG(tf, 2)) {
	case SEEK_SET: base = 0; break;
	case SEEK_CUR: base = (int64_t)f->off; break;
	case SEEK_END: {
		struct hostfs_stat st;
		int64_t r = hostfs_call(HOSTFS_FSTAT, f->handle, V2P(&st), 0, 0, 0, 0);
		if (r < 0)
			return r;
		base = (int64_t)st.size;
		break;
	}
	default: return -EINVAL;
	}
	if (base + off < 0)
		return -EINVAL;
	if (f->dir)
		return off ? -EINVAL : (int64_t)(f->off = 0);
	f->off = (uint64_t)(base + off);
	return (int64_t)f->off;
}

/* ---- status --------------------------------------------------------- */

static bool is_tty(const struct file *f)
{
	return f->type == F_CONSOLE && (bootblock->flags & (BOOT_TTY0 << f->stream));
}

static int put_stat(struct proc *p, uint64_t ubuf, const struct hostfs_stat *h)
{
	struct stat64 st = {
		.st_dev = h->dev, .st_ino = h->ino, .st_rdev = h->rdev,
		.st_size = (long)h->size, .st_blocks = h->blocks,
		.st_mode = (unsigned)h->mode, .st_uid = (unsigned)h->uid,
		.st_gid = (unsigned)h->gid, .st_blksize = (unsigned)h->blksize,
		.st_nlink = (unsigned)h->nlink,
		.st_atime = h->atime_s, .st_atime_nsec = h->atime_ns,
		.st_mtime = h->mtime_s, .st_mtime_nsec = h->mtime_ns,
		.st_ctime = h->ctime_s, .st_ctime_nsec = h->ctime_ns,
	};
	return copyout(p, ubuf, &st, sizeof st);
}

static int64_t fstat_file(struct proc *p, struct file *f, uint64_t ubuf)
{
	struct hostfs_stat st = { .nlink = 1 };
	if (f->type == F_CONSOLE) {
		/* the host's file behind the stream (boot block), or a FIFO
		 * if it was closed */
		const struct bootblock_stdio *h = &bootblock->stdio[f->stream];
		st.mode = h->mode ? h->mode : 0010600;
		st.rdev = h->rdev;
		st.blksize = h->blksize ? h->blksize : PGSIZE;
		return put_stat(p, ubuf, &st);
	}
	if (f->type == F_DEVICE) {
		st.mode = 0020666;                          /* char device */
		return put_stat(p, ubuf, &st);
	}
	int64_t r = hostfs_call(HOSTFS_FSTAT, f->handle, V2P(&st), 0, 0, 0, 0);
	return r < 0 ? r : put_stat(p, ubuf, &st);
}

/* fstatat64(dirfd, path, buf, flags) with struct stat64 */
int64_t sys_fstatat64(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t flags = ARG(tf, 3);
	if (flags & AT_EMPTY_PATH) {
		char c;
		if (copyin(p, &c, ARG(tf, 1), 1))
			return -EFAULT;
		if (!c) {
			struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
			return f ? fstat_file(p, f, ARG(tf, 2)) : -EBADF;
		}
	}
	struct hostfs_stat st;
	int64_t r = sysat_call(p, (int64_t)ARG(tf, 0), ARG(tf, 1), HOSTFS_STAT, V2P(&st),
	                       !(flags & AT_SYMLINK_NOFOLLOW), 0);
	return r < 0 ? r : put_stat(p, ARG(tf, 2), &st);
}

int64_t sys_ioctl(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
	if (!f)
		return -EBADF;
	if (f->type == F_DEVICE)
		return dev_ioctl(p, f, ARG(tf, 1), ARG(tf, 2));
	if (!is_tty(f))
		return -ENOTTY;
	switch (ARG(tf, 1)) {
	case TCGETS: {
		struct termios t = { .c_iflag = 0x500, .c_oflag = 0x5, .c_cflag = 0xbf,
		                     .c_lflag = 0x8a3b };
		return copyout(p, ARG(tf, 2), &t, sizeof t);
	}
	case TIOCGWINSZ: {
		uint16_t ws[4] = { 24, 80, 0, 0 };
		return copyout(p, ARG(tf, 2), ws, sizeof ws);
	}
	default:
		return -EINVAL;
	}
}

/* readlinkat(dirfd, path, buf, size): /proc/self/exe is the program;
 * anything else asks hostfs. */
int64_t sys_readlinkat(struct trapframe *tf)
{
	struct proc *p = proc_current();
	int64_t size = (int64_t)ARG(tf, 3);
	if (size <= 0)
		return -EINVAL;
	unsigned mnt;
	int err = path_user(p, (int64_t)ARG(tf, 0), ARG(tf, 1), &mnt, relbuf, pathbuf);
	if (err && strcmp(pathbuf, "/proc/self/exe"))
		return err;
	if (!strcmp(pathbuf, "/proc/self/exe")) {
		int64_t len = (int64_t)strlen(p->exe);
		if (len > size)
			len = size;
		return copyout(p, ARG(tf, 2), p->exe, (size_t)len) ? -EFAULT : len;
	}
	int64_t r = hostfs_call(HOSTFS_READLINK, mnt, V2P(relbuf), strlen(relbuf),
	                        V2P(pathbuf), sizeof pathbuf, 0);
	if (r < 0)
		return r;
	if (r > size)
		r = size;
	return copyout(p, ARG(tf, 2), pathbuf, (size_t)r) ? -EFAULT : r;
}

/* ---- directories and names ------------------------------------------ */

int64_t sys_getcwd(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t len = strlen(p->fs->cwd) + 1;
	if (ARG(tf, 1) < len)
		return -ERANGE;
	return copyout(p, ARG(tf, 0), p->fs->cwd, len) ? -EFAULT : (int64_t)len;
}

int64_t sys_chdir(struct trapframe *tf)
{
	struct proc *p = proc_current();
	unsigned mnt;
	int err = path_user(p, AT_FDCWD, ARG(tf, 0), &mnt, relbuf, pathbuf);
	if (err)
		return err;
	struct hostfs_stat st;
	int64_t r = hostfs_call(HOSTFS_STAT, mnt, V2P(relbuf), strlen(relbuf),
	                        V2P(&st), 1, 0);
	if (r < 0)
		return r;
	if ((st.mode & 0170000) != 0040000)
		return -ENOTDIR;
	strlcpy(p->fs->cwd, pathbuf, sizeof p->fs->cwd);
	return 0;
}

/* fchdir(fd): to an open directory, by the guest path it was opened by
 * (a directory renamed since is not followed). */
int64_t sys_fchdir(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f;
	int err = file_arg(tf, DIRECTORY, &f);
	if (!err)
		strlcpy(p->fs->cwd, f->path, sizeof p->fs->cwd);
	return err;
}

/* getdents64: hostfs records to struct linux_dirent64 { u64 ino; s64
 * off; u16 reclen; u8 type; char name[] }. */
int64_t sys_getdents64(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f;
	int err = file_arg(tf, DIRECTORY, &f);
	if (err)
		return err;
	static char in[4096], out[4096];
	uint64_t ubuf = ARG(tf, 1), size = ARG(tf, 2), done = 0;
	uint64_t want = size < sizeof out ? size : sizeof out;
	int64_t r = hostfs_call(HOSTFS_READDIR, f->handle, V2P(in), want / 2, f->off, 0, 0);
	if (r < 0)
		return r;
	for (int64_t at = 0; at < r; ) {
		const struct hostfs_dirent *h = (const void *)(in + at);
		uint64_t reclen = (19 + h->namelen + 1 + 7) & ~7ul;
		if (done + reclen > want)
			break;
		char *o = out + done;
		memcpy(o, &h->ino, 8);
		memcpy(o + 8, &h->next, 8);
		uint16_t rl = (uint16_t)reclen;
		memcpy(o + 16, &rl, 2);
		o[18] = (char)h->type;
		memcpy(o + 19, h + 1, h->namelen);
		memset(o + 19 + h->namelen, 0, reclen - 19 - h->namelen);
		done += reclen;
		f->off = h->next;
		at += h->reclen;
	}
	if (!done && r > 0)
		return -EINVAL;
	return copyout(p, ubuf, out, done) ? -EFAULT : (int64_t)done;
}

int64_t sys_mkdirat(struct trapframe *tf)
{
	struct proc *p = proc_current();
	return sysat_call(p, (int64_t)ARG(tf, 0), ARG(tf, 1), HOSTFS_MKDIR,
	                  ARG(tf, 2) & 07777 & ~p->fs->umask, 0, 0);
}

/* mknodat(dirfd, path, mode, dev): a regular file, as Linux makes one;
 * FIFOs, sockets and devices cannot live in hostfs (a guest could not
 * open them without blocking the simulator, nor should it make device
 * nodes in the host's tree): EPERM, as for a process without
 * CAP_MKNOD. */
int64_t sys_mknodat(struct trapframe *tf)
{
	struct proc *p = proc_current();
	unsigned type = ARG(tf, 2) & S_IFMT;
	if (type != 0 && type != S_IFREG)
		return type == S_IFIFO || type == S_IFSOCK || type == S_IFCHR ||
		       type == S_IFBLK ? -EPERM : -EINVAL;
	int64_t h = sysat_call(p, (int64_t)ARG(tf, 0), ARG(tf, 1), HOSTFS_OPEN,
	                       HOSTFS_O_WRITE | HOSTFS_O_CREAT | HOSTFS_O_EXCL,
	                       ARG(tf, 2) & 07777 & ~p->fs->umask, 0);
	if (h < 0)
		return h;
	hostfs_call(HOSTFS_CLOSE, (uint64_t)h, 0, 0, 0, 0, 0);
	return 0;
}

/* umask(mask): the old mask; the new one applies to every creation
 * (open, mkdir, mknod). */
int64_t sys_umask(struct trapframe *tf)
{
	struct fsinfo *fs = proc_current()->fs;
	unsigned old = fs->umask;
	fs->umask = ARG(tf, 0) & 0777;
	return old;
}

int64_t sys_unlinkat(struct trapframe *tf)
{
	return sysat_call(proc_current(), (int64_t)ARG(tf, 0), ARG(tf, 1), HOSTFS_UNLINK,
	                  !!(ARG(tf, 2) & AT_REMOVEDIR), 0, 0);
}

/* Two names on one mount (rename and link): EXDEV across mounts. */
static int two_paths(struct trapframe *tf, unsigned *mnt)
{
	struct proc *p = proc_current();
	unsigned mnt2;
	int err = path_user(p, (int64_t)ARG(tf, 0), ARG(tf, 1), mnt, relbuf, NULL);
	if (!err)
		err = path_user(p, (int64_t)ARG(tf, 2), ARG(tf, 3), &mnt2, rel2buf, NULL);
	return err ? err : *mnt != mnt2 ? -EXDEV : 0;
}

/* renameat2(olddirfd, old, newdirfd, new, flags): RENAME_NOREPLACE (1)
 * and RENAME_EXCHANGE (2); RENAME_WHITEOUT (4) is for overlay file
 * systems (EINVAL). */
int64_t sys_renameat2(struct trapframe *tf)
{
	uint64_t flags = ARG(tf, 4);
	unsigned mnt;
	if ((flags & ~3ul) || flags == 3)
		return -EINVAL;
	int err = two_paths(tf, &mnt);
	return err ? err : hostfs_call(HOSTFS_RENAME, mnt, V2P(relbuf), strlen(relbuf),
	                               V2P(rel2buf), strlen(rel2buf), flags);
}

/* linkat(olddirfd, old, newdirfd, new, flags): a hard link to old, or
 * with AT_SYMLINK_FOLLOW to a final link's target. */
int64_t sys_linkat(struct trapframe *tf)
{
	uint64_t flags = ARG(tf, 4);
	unsigned mnt;
	if (flags & ~(uint64_t)AT_SYMLINK_FOLLOW)
		return -EINVAL;
	int err = two_paths(tf, &mnt);
	return err ? err : hostfs_call(HOSTFS_LINK, mnt, V2P(relbuf), strlen(relbuf),
	                               V2P(rel2buf), strlen(rel2buf),
	                               !!(flags & AT_SYMLINK_FOLLOW));
}

/* symlinkat(target, newdirfd, linkpath): the target's text as given.
 * (The host resolves links beneath the mount's root, so an absolute
 * target, which would be the guest's path, does not lead anywhere.) */
int64_t sys_symlinkat(struct trapframe *tf)
{
	struct proc *p = proc_current();
	static char target[PATH_MAX];
	int64_t n = copyinstr(p, target, ARG(tf, 0), sizeof target);
	if (n < 0)
		return n;
	if (!n)
		return -ENOENT;
	return sysat_call(p, (int64_t)ARG(tf, 1), ARG(tf, 2), HOSTFS_SYMLINK, V2P(target),
	                  (uint64_t)n, 0);
}

int64_t sys_ftruncate(struct trapframe *tf)
{
	struct file *f = fd_get(proc_current(), (int64_t)ARG(tf, 0));
	if (!f || f->type != F_HOSTFS)
		return f ? -EINVAL : -EBADF;
	/* lengthening it past RLIMIT_FSIZE (fsize_check) */
	struct hostfs_stat st;
	uint64_t len = ARG(tf, 1);
	if (len > proc_current()->rlim[RLIMIT_FSIZE][0] &&
	    !hostfs_call(HOSTFS_FSTAT, f->handle, V2P(&st), 0, 0, 0, 0) && st.size < len &&
	    fsize_check(proc_current(), len - 1, 1) < 0)
		return -EFBIG;
	return hostfs_call(HOSTFS_FTRUNCATE, f->handle, ARG(tf, 1), 0, 0, 0, 0);
}

/* ---- descriptors ---------------------------------------------------- */

static int64_t dup_to(struct proc *p, int64_t old, int64_t new, bool cloexec)
{
	struct file *f = fd_get(p, old);
	if (!f || new < 0 || (uint64_t)new >= p->rlim[RLIMIT_NOFILE][0])
		return -EBADF;
	if (old == new)
		return new;
	int r = fd_place(p, (int)new, file_dup(f), cloexec);
	if (r < 0)
		file_close(f);
	return r;
}

int64_t sys_dup(struct trapframe *tf)
{
	struct proc *p = proc_current();
	struct file *f = fd_get(p, (int64_t)ARG(tf, 0));
	if (!f)
		return -EBADF;
	int fd = fd_install(p, file_dup(f), 0, false);
	if (fd < 0)
		file_close(f);
	return fd;
}

int64_t sys_dup2(struct trapframe *tf)
{
	return dup_to(proc_current(), (int64_t)ARG(tf, 0), (int64_t)ARG(tf, 1), false);
}

int64_t sys_dup3(struct trapframe *tf)
{
	if (ARG(tf, 0) == ARG(tf, 1))
		return -EINVAL;
	return dup_to(proc_current(), (int64_t)ARG(tf, 0), (int64_t)ARG(tf, 1),
	              ARG(tf, 2) & O_CLOEXEC);
}

int64_t sys_fcntl(struct trapframe *tf)
{
	struct proc *p = proc_current();
	int64_t fd = (int64_t)ARG(tf, 0);
	struct file *f = fd_get(p, fd);
	if (!f)
		return -EBADF;
	uint64_t arg = ARG(tf, 2);
	switch (ARG(tf, 1)) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC: {
		if (arg >= p->rlim[RLIMIT_NOFILE][0])
			return -EINVAL;
		int nfd = fd_install(p, file_dup(f), (int)arg,
		                     ARG(tf, 1) == F_DUPFD_CLOEXEC);
		if (nfd < 0)
			file_close(f);
		return nfd;
	}
	case F_GETFD: return fd_cloexec(p, (int)fd) ? FD_CLOEXEC : 0;
	case F_SETFD: fd_set_cloexec(p, (int)fd, arg & FD_CLOEXEC); return 0;
	case F_GETFL: return f->flags;
	case F_SETFL:
		f->flags = (f->flags & ~(unsigned)(O_APPEND | O_NONBLOCK)) |
		           (unsigned)(arg & (O_APPEND | O_NONBLOCK));
		return 0;
	case F_GETLK: case F_SETLK: case F_SETLKW:
	case F_OFD_GETLK: case F_OFD_SETLK: case F_OFD_SETLKW:
		return lock_fcntl(p, f, (int)ARG(tf, 1), arg);
	default: return -EINVAL;
	}
}

/* fsync(fd), fdatasync(fd): a hostfs file's writes are already the
 * host's (pwrite at once), as are those to a console on a host file;
 * pipes, terminals and devices have nothing to sync: EINVAL, as Linux
 * answers for a file without an fsync operation. */
int64_t sys_fsync(struct trapframe *tf)
{
	struct file *f = fd_get(proc_current(), (int64_t)ARG(tf, 0));
	if (!f)
		return -EBADF;
	bool reg = f->type == F_CONSOLE &&
	           (bootblock->stdio[f->stream].mode & S_IFMT) == S_IFREG;
	return f->type == F_HOSTFS || reg ? 0 : -EINVAL;
}

/* sync(): every write is the host's already.  syncfs(fd): so for the
 * file system of any open file. */
int64_t sys_sync(struct trapframe *tf)
{
	(void)tf;
	return 0;
}

int64_t sys_syncfs(struct trapframe *tf)
{
	return fd_get(proc_current(), (int64_t)ARG(tf, 0)) ? 0 : -EBADF;
}

/* socket(family, type, protocol), socketpair(...): minios has no
 * sockets, not even AF_UNIX, and answers as Linux does for an address
 * family it was built without (EAFNOSUPPORT), which programs take as
 * "no such service" (glibc's nscd client, for one, goes on without). */
int64_t sys_socket(struct trapframe *tf)
{
	(void)tf;
	return -EAFNOSUPPORT;
}

/* The poll events ready on one struct pollfd, as Linux's do_pollfd:
 * pipes as pipe_poll says; the console, hostfs files and devices never
 * block, so whatever was asked is ready.  POLLERR and POLLHUP come
 * whether asked or not. */
static int64_t poll_one(struct proc *p, uint64_t upfd)
{
	struct { int32_t fd; int16_t events, revents; } pfd;
	if (copyin(p, &pfd, upfd, sizeof pfd))
		return -EFAULT;
	struct file *f = pfd.fd < 0 ? NULL : fd_get(p, pfd.fd);
	unsigned ready = !f ? POLLNVAL : f->type == F_PIPE ? pipe_poll(f) :
	                 POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM;
	pfd.revents = pfd.fd < 0 ? 0 : !f ? POLLNVAL :
	              (int16_t)(ready & ((unsigned)pfd.events | POLLERR | POLLHUP));
	if (copyout(p, upfd, &pfd, sizeof pfd))
		return -EFAULT;
	return pfd.revents != 0;
}

static int64_t poll_all(struct proc *p, uint64_t ufds, uint64_t nfds)
{
	int64_t ready = 0;
	for (uint64_t i = 0; i < nfds; i++) {
		int64_t r = poll_one(p, ufds + 8 * i);
		if (r < 0)
			return r;
		ready += r;
	}
	return ready;
}

int poll_sleepers;

/* ppoll(fds, nfds, timeout, sigmask, sigsetsize): the ready descriptors,
 * waiting for one until the timeout (none: forever) or a signal, under
 * sigmask if given, with rt_sigsuspend's rules for the old mask
 * (signal.c).  The time left goes back into the timeout, as Linux's
 * poll_select_finish does (and a fault doing so is not an error).
 * glibc's pause is ppoll(NULL, 0, NULL, NULL). */
int64_t sys_ppoll(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t nfds = ARG(tf, 1), uts = ARG(tf, 2), ts[2], mask, deadline = 0;
	if (nfds > p->rlim[RLIMIT_NOFILE][0])
		return -EINVAL;
	if (uts) {
		if (copyin(p, ts, uts, sizeof ts))
			return -EFAULT;
		if (ts[1] >= 1000000000ul)
			return -EINVAL;
		deadline = machine_cycles() + ts_cycles(ts);
	}
	if (ARG(tf, 3)) {
		if (ARG(tf, 4) != 8)
			return -EINVAL;
		if (copyin(p, &mask, ARG(tf, 3), 8))
			return -EFAULT;
		signal_mask_until_return(p, mask);
	}
	int64_t r;
	for (;;) {
		r = poll_all(p, ARG(tf, 0), nfds);
		if (r || (uts && machine_cycles() >= deadline))
			break;
		if (signal_pending(p)) {
			r = -EINTR;
			break;
		}
		poll_sleepers++;
		sleep_deadline(&poll_sleepers, deadline);
		poll_sleepers--;
	}
	if (ARG(tf, 3) && r != -EINTR) {
		p->sigmask = p->saved_mask;
		p->use_saved = false;
	}
	if (uts) {
		uint64_t now = machine_cycles(), left = now < deadline ? deadline - now : 0;
		cycles_ts(left, ts);
		copyout(p, uts, ts, sizeof ts);
	}
	return r;
}

/*
 * sysmeta.c - the file metadata system calls: modes (fchmodat,
 * fchmod), owners (fchownat, fchown), times (utimensat, futimesat),
 * access (faccessat2), truncate and statfs; each on a name (relative to
 * a directory descriptor, following a final symbolic link or not) or
 * on an open file (chmod, chown, utimes, access and the like are these
 * with arguments filled in: sysat.c), as hostfs operations
 * (abi/hostfs.h) that the host performs with its own ids and rules:
 * what the guest sees of a file's owner, mode and times is what the
 * host's file has (docs/minios.md, "Files").
 */
#include "minios/sysat.h"
#include <asm/fcntl.h>
#include <asm/statfs.h>
#include <linux/stat.h>

/* The target of a metadata call: a name relative to dirfd, or with
 * AT_EMPTY_PATH and an empty name (or a NULL name where utimensat
 * allows one) the open file dirfd itself.  *f is that file, or NULL
 * for a name (which sysat_call takes to the host). */
static int target(struct proc *p, int64_t dirfd, uint64_t upath, uint64_t flags,
                  bool null_is_fd, struct file **f)
{
	*f = NULL;
	bool empty = !upath && null_is_fd;
	if (!empty && (flags & AT_EMPTY_PATH)) {
		char c;
		if (copyin(p, &c, upath, 1))
			return -EFAULT;
		empty = !c;
	}
	if (!empty)
		return 0;
	*f = fd_get(p, dirfd);
	return *f ? 0 : -EBADF;
}

/* A metadata operation on f: hostfs files go to the host; a pipe, the
 * console or a device has nothing the host keeps, and the change is
 * accepted as Linux accepts it on their in-memory inodes. */
static int64_t on_file(struct file *f, enum hostfs_op op, uint64_t a1, uint64_t a2)
{
	if (f->type != F_HOSTFS)
		return 0;
	return hostfs_call(op, f->handle, a1, a2, 0, 0, 0);
}

/* ---- modes ---------------------------------------------------------- */

/* fchmodat(dirfd, path, mode): the set-id bits never reach the host
 * (hostfs strips them); a final link is followed, as Linux's fchmodat
 * (fchmodat2 has the flag). */
int64_t sys_fchmodat(struct trapframe *tf)
{
	return sysat_call(proc_current(), (int64_t)ARG(tf, 0), ARG(tf, 1), HOSTFS_CHMOD,
	                  ARG(tf, 2) & 07777, 1, 0);
}

int64_t sys_fchmod(struct trapframe *tf)
{
	struct file *f = fd_get(proc_current(), (int64_t)ARG(tf, 0));
	return f ? on_file(f, HOSTFS_FCHMOD, ARG(tf, 1) & 07777, 0) : -EBADF;
}

/* ---- owners --------------------------------------------------------- */

/* An id argument: 32 bits, -1 keeping the one there. */
static uint64_t id_arg(uint64_t v)
{
	return v & 0xffffffffu;
}

/* fchownat(dirfd, path, uid, gid, flags) */
int64_t sys_fchownat(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t flags = ARG(tf, 4), uid = id_arg(ARG(tf, 2)), gid = id_arg(ARG(tf, 3));
	if (flags & ~(uint64_t)(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	struct file *f;
	int err = target(p, (int64_t)ARG(tf, 0), ARG(tf, 1), flags, false, &f);
	if (err)
		return err;
	if (f)
		return on_file(f, HOSTFS_FCHOWN, uid, gid);
	return sysat_call(p, (int64_t)ARG(tf, 0), ARG(tf, 1), HOSTFS_CHOWN, uid, gid,
	                  !(flags & AT_SYMLINK_NOFOLLOW));
}

int64_t sys_fchown(struct trapframe *tf)
{
	struct file *f = fd_get(proc_current(), (int64_t)ARG(tf, 0));
	return f ? on_file(f, HOSTFS_FCHOWN, id_arg(ARG(tf, 1)), id_arg(ARG(tf, 2))) : -EBADF;
}

/* ---- times ---------------------------------------------------------- */

/* Set the times of dirfd/path (flags as fchownat's; a NULL path is
 * dirfd itself, as utimensat allows).  t NULL: both now, on the
 * host's clock, as every write stamps them (the guest's clock is
 * simulated). */
static int64_t set_times(int64_t dirfd, uint64_t upath, const struct hostfs_times *t,
                         uint64_t flags)
{
	struct proc *p = proc_current();
	static struct hostfs_times times;
	if (flags & ~(uint64_t)(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
		return -EINVAL;
	uint64_t tpa = 0;
	if (t) {
		for (int i = 0; i < 2; i++) {
			uint64_t ns = i ? t->mtime_ns : t->atime_ns;
			if (ns >= 1000000000ul && ns != HOSTFS_UTIME_NOW && ns != HOSTFS_UTIME_OMIT)
				return -EINVAL;
		}
		times = *t;
		tpa = V2P(&times);
	}
	struct file *f;
	int err = target(p, dirfd, upath, flags, true, &f);
	if (err)
		return err;
	if (f)
		return on_file(f, HOSTFS_FUTIMENS, tpa, 0);
	return sysat_call(p, dirfd, upath, HOSTFS_UTIMENS, tpa,
	                  !(flags & AT_SYMLINK_NOFOLLOW), 0);
}

/* utimensat(dirfd, path, times[2] as timespecs, flags) */
int64_t sys_utimensat(struct trapframe *tf)
{
	struct hostfs_times t;
	if (ARG(tf, 2) && copyin(proc_current(), &t, ARG(tf, 2), sizeof t))
		return -EFAULT;
	return set_times((int64_t)ARG(tf, 0), ARG(tf, 1), ARG(tf, 2) ? &t : NULL, ARG(tf, 3));
}

/* futimesat(dirfd, path, times[2] as timevals) and utimes(path, tv) */
int64_t sys_futimesat(struct trapframe *tf)
{
	uint64_t tv[4] = { 0 };
	if (ARG(tf, 2)) {
		if (copyin(proc_current(), tv, ARG(tf, 2), sizeof tv))
			return -EFAULT;
		if (tv[1] >= 1000000 || tv[3] >= 1000000)
			return -EINVAL;
	}
	struct hostfs_times t = { tv[0], tv[1] * 1000, tv[2], tv[3] * 1000 };
	return set_times((int64_t)ARG(tf, 0), ARG(tf, 1), ARG(tf, 2) ? &t : NULL, 0);
}

/* ---- access, truncate ----------------------------------------------- */

/* faccessat2(dirfd, path, mode, flags): the host's answer for its
 * effective ids, which are the guest's (AT_EACCESS changes nothing);
 * with AT_SYMLINK_NOFOLLOW, whether the link itself exists. */
int64_t sys_faccessat2(struct trapframe *tf)
{
	struct proc *p = proc_current();
	uint64_t mode = ARG(tf, 2), flags = ARG(tf, 3);
	int64_t dirfd = (int64_t)ARG(tf, 0);
	uint64_t upath = ARG(tf, 1);
	if ((mode & ~7ul) || (flags & ~(uint64_t)(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)))
		return -EINVAL;
	struct file *f;
	int err = target(p, dirfd, upath, flags, false, &f);
	if (err)
		return err;
	if (f)
		return 0;
	if (flags & AT_SYMLINK_NOFOLLOW) {
		struct hostfs_stat st;
		int64_t r = sysat_call(p, dirfd, upath, HOSTFS_STAT, V2P(&st), 0, 0);
		return r < 0 ? r : 0;
	}
	return sysat_call(p, dirfd, upath, HOSTFS_ACCESS, mode, 0, 0);
}

/* truncate(path, length) */
int64_t sys_truncate(struct trapframe *tf)
{
	if ((int64_t)ARG(tf, 1) < 0)
		return -EINVAL;
	/* lengthening a file past RLIMIT_FSIZE (fsize_check) */
	struct proc *p = proc_current();
	uint64_t len = ARG(tf, 1);
	struct hostfs_stat st;
	if (len > p->rlim[RLIMIT_FSIZE][0] &&
	    !sysat_call(p, AT_FDCWD, ARG(tf, 0), HOSTFS_STAT, V2P(&st), 1, 0) &&
	    st.size < len && fsize_check(p, len - 1, 1) < 0)
		return -EFBIG;
	return sysat_call(p, AT_FDCWD, ARG(tf, 0), HOSTFS_TRUNCATE, len, 0, 0);
}

/* ---- statfs --------------------------------------------------------- */

#define PIPEFS_MAGIC 0x50495045
#define TMPFS_MAGIC  0x01021994

/* What statfs knows of an open file: the host's file system for
 * hostfs (as for a name); for a pipe pipefs, for the console and
 * devices /dev's tmpfs, with nothing counted. */
static int64_t statfs_of(struct file *f, struct hostfs_statfs *sf)
{
	if (f->type == F_HOSTFS)
		return hostfs_call(HOSTFS_FSTATFS, f->handle, V2P(sf), 0, 0, 0, 0);
	*sf = (struct hostfs_statfs){ .type = f->type == F_PIPE ? PIPEFS_MAGIC : TMPFS_MAGIC,
	                              .bsize = PGSIZE, .frsize = PGSIZE, .namelen = 255 };
	return 0;
}

/* Into Alpha's struct statfs, whose counts are 32 bits: EOVERFLOW when
 * one does not fit, as Linux's do_statfs_native; or struct statfs64. */
static int64_t put_statfs(struct proc *p, uint64_t ubuf, const struct hostfs_statfs *h,
                          bool wide)
{
	uint64_t big = h->blocks | h->bfree | h->bavail | h->bsize | h->frsize;
	if (!wide && ((big >> 32) ||
	    (h->files != ~0ul && (h->files >> 32)) || (h->ffree != ~0ul && (h->ffree >> 32))))
		return -EOVERFLOW;
	if (wide) {
		struct statfs64 o = {
			.f_type = (uint32_t)h->type, .f_bsize = (uint32_t)h->bsize,
			.f_blocks = h->blocks, .f_bfree = h->bfree, .f_bavail = h->bavail,
			.f_files = h->files, .f_ffree = h->ffree,
			.f_fsid = { { (int)h->fsid, (int)(h->fsid >> 32) } },
			.f_namelen = (uint32_t)h->namelen, .f_frsize = (uint32_t)h->frsize,
			.f_flags = (uint32_t)h->flags,
		};
		return copyout(p, ubuf, &o, sizeof o);
	}
	struct statfs o = {
		.f_type = (uint32_t)h->type, .f_bsize = (uint32_t)h->bsize,
		.f_blocks = (uint32_t)h->blocks, .f_bfree = (uint32_t)h->bfree,
		.f_bavail = (uint32_t)h->bavail, .f_files = (uint32_t)h->files,
		.f_ffree = (uint32_t)h->ffree,
		.f_fsid = { { (int)h->fsid, (int)(h->fsid >> 32) } },
		.f_namelen = (uint32_t)h->namelen, .f_frsize = (uint32_t)h->frsize,
		.f_flags = (uint32_t)h->flags,
	};
	return copyout(p, ubuf, &o, sizeof o);
}

/* statfs(path, buf), statfs64(path, size, buf), fstatfs(fd, buf),
 * fstatfs64(fd, size, buf) */
static int64_t do_statfs(struct trapframe *tf, bool by_fd, bool wide)
{
	struct proc *p = proc_current();
	struct hostfs_statfs sf;
	struct file *f = NULL;
	if (wide && ARG(tf, 1) != sizeof(struct statfs64))
		return -EINVAL;
	if (by_fd && !(f = fd_get(p, (int64_t)ARG(tf, 0))))
		return -EBADF;
	int64_t r = by_fd ? statfs_of(f, &sf)
	                  : sysat_call(p, AT_FDCWD, ARG(tf, 0), HOSTFS_STATFS, V2P(&sf), 0, 0);
	return r < 0 ? r : put_statfs(p, ARG(tf, wide ? 2 : 1), &sf, wide);
}
int64_t sys_statfs(struct trapframe *tf) { return do_statfs(tf, false, false); }
int64_t sys_fstatfs(struct trapframe *tf) { return do_statfs(tf, true, false); }
int64_t sys_statfs64(struct trapframe *tf) { return do_statfs(tf, false, true); }
int64_t sys_fstatfs64(struct trapframe *tf) { return do_statfs(tf, true, true); }

/*
 * sysat.c - what the system calls on a name share: the name taken to
 * hostfs (sysat_call), and the calls that are others with arguments
 * filled in: those from before the *at calls are their *at forms at
 * the working directory, and an *at call without flags is its form
 * with them (Linux's fs/namei.c, fs/open.c and fs/stat.c define them
 * so).  Their Linux/Alpha numbers are in syscalls.def.
 */
#include "minios/sysat.h"

int64_t sysat_call(struct proc *p, int64_t dirfd, uint64_t upath, enum hostfs_op op,
                   uint64_t a3, uint64_t a4, uint64_t a5)
{
	static char rel[PATH_MAX];
	unsigned mnt;
	int err = path_user(p, dirfd, upath, &mnt, rel, NULL);
	return err ? err : hostfs_call(op, mnt, V2P(rel), strlen(rel), a3, a4, a5);
}

#define NO_FLAGS (-1)

/* Call `form` with the arguments of a call that takes n: AT_FDCWD put
 * in as each argument of the form's whose bit is set in dirs, the call's
 * own in order in the others, and flags (unless NO_FLAGS) as the one
 * after them.  In place, from the last argument down, so that none is
 * overwritten before it has moved. */
static int64_t filled(struct trapframe *tf, int64_t (*form)(struct trapframe *),
                      unsigned n, unsigned dirs, int64_t flags)
{
	unsigned all = n;
	for (unsigned d = dirs; d; d &= d - 1)
		all++;
	for (unsigned i = all; i-- > 0; )
		ARG(tf, i) = dirs >> i & 1 ? (uint64_t)AT_FDCWD : ARG(tf, --n);
	if (flags != NO_FLAGS)
		ARG(tf, all) = (uint64_t)flags;
	return form(tf);
}

/* The calls: each is `form` with the n arguments it takes, AT_FDCWD
 * where the form has a directory, and the flags given.
 *     the call        its form         n  AT_FDCWD at        flags */
#define FILLED(call, form, n, dirs, flags) \
	int64_t call(struct trapframe *tf) { return filled(tf, form, n, dirs, flags); }
FILLED(sys_readlink,  sys_readlinkat,  3, 1 << 0,          NO_FLAGS)
FILLED(sys_mknod,     sys_mknodat,     3, 1 << 0,          NO_FLAGS)
FILLED(sys_mkdir,     sys_mkdirat,     2, 1 << 0,          NO_FLAGS)
FILLED(sys_unlink,    sys_unlinkat,    1, 1 << 0,          0)
FILLED(sys_rmdir,     sys_unlinkat,    1, 1 << 0,          AT_REMOVEDIR)
FILLED(sys_rename,    sys_renameat2,   2, 1 << 0 | 1 << 2, 0)
FILLED(sys_renameat,  sys_renameat2,   4, 0,               0)
FILLED(sys_link,      sys_linkat,      2, 1 << 0 | 1 << 2, 0)
FILLED(sys_symlink,   sys_symlinkat,   2, 1 << 1,          NO_FLAGS)
FILLED(sys_chmod,     sys_fchmodat,    2, 1 << 0,          NO_FLAGS)
FILLED(sys_chown,     sys_fchownat,    3, 1 << 0,          0)
FILLED(sys_lchown,    sys_fchownat,    3, 1 << 0,          AT_SYMLINK_NOFOLLOW)
FILLED(sys_utimes,    sys_futimesat,   2, 1 << 0,          NO_FLAGS)
FILLED(sys_access,    sys_faccessat2,  2, 1 << 0,          0)
FILLED(sys_faccessat, sys_faccessat2,  3, 0,               0)

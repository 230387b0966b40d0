/*
 * sysat.h - what the system calls on a name share (sysat.c): the *at
 * calls' flags and a name argument taken to hostfs.  For sysfile.c,
 * sysmeta.c and sysat.c; the rest of the kernel has defs.h.
 */
#ifndef MINIOS_SYSAT_H
#define MINIOS_SYSAT_H

#include "minios/defs.h"

/* The *at calls' flags (Linux's include/uapi/linux/fcntl.h, whose
 * AT_FDCWD defs.h spells its own way). */
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR        0x200
#define AT_EACCESS          0x200
#define AT_SYMLINK_FOLLOW   0x400
#define AT_EMPTY_PATH       0x1000

/* hostfs operation op on the name upath, relative to dirfd (path_user):
 * its mount and the path beneath the mount's root are the operation's
 * first three arguments, a3..a5 the rest.  The name's errno, or what
 * hostfs answers. */
int64_t sysat_call(struct proc *p, int64_t dirfd, uint64_t upath, enum hostfs_op op,
                   uint64_t a3, uint64_t a4, uint64_t a5);

#endif

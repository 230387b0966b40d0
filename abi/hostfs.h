/*
 * hostfs.h - the hostfs device's wire protocol (docs/platform.md,
 * "hostfs"): what the guest kernel puts in a request block and what the
 * device writes back.
 *
 * The guest kernel fills a request block in its memory and writes the
 * block's physical address to the device's REQ register (abi/iomap.h);
 * the operation runs at once and its result (a value >= 0, or a negated
 * Linux/Alpha errno) is written back into the block.  The protocol uses
 * its own open flags and stat/dirent layouts so that the guest kernel,
 * not the device, knows the Linux/Alpha ABI.  Every structure is made of
 * little-endian fields with the same layout on the host and on Alpha.
 *
 * The one copy: the device (platform/hostfs.c), minios and the
 * bare-metal hostfs test include it.
 */
#ifndef ABI_HOSTFS_H
#define ABI_HOSTFS_H

#include <stdint.h>

/* Operations: HOSTFS_OP(id, number, arguments) as data for both sides.
 * "follow": act on a final symbolic link's target (1) or on the link (0). */
#define HOSTFS_OPS(X)                                                        \
	X(OPEN,      1, "mnt path_pa path_len flags mode -> handle")          \
	X(CLOSE,     2, "handle")                                             \
	X(PREAD,     3, "handle buf_pa len offset -> bytes")                  \
	X(PWRITE,    4, "handle buf_pa len offset -> bytes")                  \
	X(STAT,      5, "mnt path_pa path_len stat_pa follow")                \
	X(FSTAT,     6, "handle stat_pa")                                     \
	X(READDIR,   7, "handle buf_pa len cookie -> bytes")                  \
	X(MKDIR,     8, "mnt path_pa path_len mode")                          \
	X(RENAME,    9, "mnt path_pa path_len path2_pa path2_len flags")      \
	X(UNLINK,   10, "mnt path_pa path_len is_dir")                        \
	X(FTRUNCATE,11, "handle length")                                      \
	X(READLINK, 12, "mnt path_pa path_len buf_pa len -> bytes")          \
	X(IDENT,    13, "handle buf_pa len -> bytes")                         \
	X(CHMOD,    14, "mnt path_pa path_len mode follow")                   \
	X(FCHMOD,   15, "handle mode")                                        \
	X(CHOWN,    16, "mnt path_pa path_len uid gid follow")                \
	X(FCHOWN,   17, "handle uid gid")                                     \
	X(UTIMENS,  18, "mnt path_pa path_len times_pa follow")               \
	X(FUTIMENS, 19, "handle times_pa")                                    \
	X(SYMLINK,  20, "mnt path_pa path_len target_pa target_len")          \
	X(LINK,     21, "mnt path_pa path_len path2_pa path2_len follow")     \
	X(TRUNCATE, 22, "mnt path_pa path_len length")                        \
	X(STATFS,   23, "mnt path_pa path_len statfs_pa")                     \
	X(FSTATFS,  24, "handle statfs_pa")                                   \
	X(ACCESS,   25, "mnt path_pa path_len mode")                          \
	X(CRED,     26, "cred_pa")

enum hostfs_op {
#define X(id, n, args) HOSTFS_##id = n,
	HOSTFS_OPS(X)
#undef X
};

/* Or'ed into a request's op by the guest kernel: the request is made
 * for the guest's first process (the profiling daemon under alphasim
 * --profile) or one of its threads, which alone reaches the guarded
 * directory, the profile database (platform/hostfs.h, hostfs_guard). */
#define HOSTFS_AS_DAEMON (1ull << 32)
/* The operation of a request, without that mark. */
#define HOSTFS_OP(op) ((op) & ~HOSTFS_AS_DAEMON)

/* The request block in guest memory: 8 little-endian quadwords. */
struct hostfs_req {
	uint64_t op;
	uint64_t arg[6];
	int64_t  result;
};

/* Open flags of the protocol.  Only regular files and directories
 * open: a FIFO or socket is refused with ENXIO, a device with EACCES
 * (as on a nodev mount), and none is ever opened in a way that could
 * block the simulator. */
enum {
	HOSTFS_O_READ = 1, HOSTFS_O_WRITE = 2, HOSTFS_O_CREAT = 4,
	HOSTFS_O_TRUNC = 8, HOSTFS_O_APPEND = 16, HOSTFS_O_EXCL = 32,
	HOSTFS_O_DIRECTORY = 64, HOSTFS_O_NOFOLLOW = 128,
};

/* RENAME flags: renameat2's RENAME_NOREPLACE and RENAME_EXCHANGE. */
enum { HOSTFS_RENAME_NOREPLACE = 1, HOSTFS_RENAME_EXCHANGE = 2 };

/* Modes given to OPEN (with CREAT), MKDIR, CHMOD and FCHMOD lose the
 * set-user-ID and set-group-ID bits, whoever runs the simulator: a guest
 * never leaves a set-id program in the host's tree.  The sticky bit
 * stays (it only restricts who may delete in a directory).  The host's
 * umask does not apply: the guest kernel applies the guest's. */
#define HOSTFS_MODE_MASK 01777u

/* CHOWN and FCHOWN: this id leaves the owner or group as it is. */
#define HOSTFS_ID_KEEP 0xffffffffu

/* UTIMENS and FUTIMENS: access and modification times; a nanosecond
 * field may be HOSTFS_UTIME_NOW or _OMIT (Linux's UTIME_NOW and
 * UTIME_OMIT).  times_pa 0 sets both to now. */
struct hostfs_times { uint64_t atime_s, atime_ns, mtime_s, mtime_ns; };
#define HOSTFS_UTIME_NOW  ((1ull << 30) - 1)
#define HOSTFS_UTIME_OMIT ((1ull << 30) - 2)

/* What STATFS and FSTATFS write: the host file system's statfs. */
struct hostfs_statfs {
	uint64_t type, bsize, blocks, bfree, bavail, files, ffree, fsid;
	uint64_t namelen, frsize, flags;
};

/* What CRED writes: the effective ids the simulator acts with on the
 * host, which are the guest's (docs/minios.md, "Files"). */
struct hostfs_cred { uint64_t uid, gid; };

/* What STAT and FSTAT write (all little-endian 64-bit).  Times come as
 * seconds and nanoseconds, as the guest's struct stat holds them, so the
 * guest copies them without a division whose cost would depend on the
 * time (a profile of the same run would differ from one day to the next). */
struct hostfs_stat {
	uint64_t dev, ino, mode, nlink, uid, gid, rdev, size, blksize, blocks;
	uint64_t atime_s, atime_ns, mtime_s, mtime_ns, ctime_s, ctime_ns;
};

/* One READDIR record: header, then the name (not NUL-terminated), the
 * record padded to 8 bytes.  `next` is the cookie of the next entry. */
struct hostfs_dirent {
	uint64_t ino, next;
	uint16_t reclen, namelen;
	uint8_t  type;          /* DT_* values */
	uint8_t  pad[3];
};

/* What IDENT writes: the image identity of an open file (the hash of
 * its content, hostfs_content_hash) and where it lies: its mount and its
 * path beneath the mount's root, which follows, not NUL-terminated (the
 * image-load hooks, docs/minios.md). */
struct hostfs_ident {
	uint64_t hash;
	uint64_t mnt;
};

#endif

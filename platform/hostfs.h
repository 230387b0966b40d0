/*
 * hostfs.h - guest file operations on host directory trees, confined to
 * them (docs/platform.md, "hostfs"): the host side of the protocol of
 * abi/hostfs.h.
 *
 * Paths are resolved beneath the mount's root: an absolute guest path is
 * taken relative to it, and no path may leave it, whether through "..",
 * an absolute symbolic link or a relative one (the host's openat2
 * RESOLVE_BENEATH does the resolution).
 */
#ifndef ALPHASIM_HOSTFS_H
#define ALPHASIM_HOSTFS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "abi/hostfs.h"

#define HOSTFS_MAX_MOUNTS  8
/* Open files at once: minios's NFILE, its whole system's. */
#define HOSTFS_MAX_HANDLES 8192
#define HOSTFS_MAX_PATH    4096

struct hostfs {
	int  root[HOSTFS_MAX_MOUNTS];      /* directory fds, -1 = none   */
	bool readonly[HOSTFS_MAX_MOUNTS];
	int  fd[HOSTFS_MAX_HANDLES];       /* open files, -1 = free      */
	bool fd_readonly[HOSTFS_MAX_HANDLES];   /* opened without write  */
	bool fd_rofs[HOSTFS_MAX_HANDLES];  /* on a read-only mount       */
	uint64_t ops;                      /* requests served            */
	char guard[HOSTFS_MAX_PATH];       /* hostfs_guard's directory,  */
	                                   /* canonical, or ""           */
	bool daemon;                       /* the request being served   */
	                                   /* is the daemon's            */
	uint64_t write_limit;              /* bytes files may grow by    */
	                                   /* (UINT64_MAX: no limit)     */
	int64_t added;                     /* their growth so far, net   */
	uint64_t refused;                  /* writes and truncates the   */
	                                   /* limit refused (ENOSPC)     */
	bool walk;                         /* resolve paths without      */
	                                   /* openat2 (set when the host */
	                                   /* has none: hostfs.c)        */
};

/* Empty: no mounts, no handles, no write limit (set write_limit after).  The first call also raises the host
 * process's soft RLIMIT_NOFILE to its hard limit, so the guest's open
 * files (a thousand in one process is ordinary) find host descriptors. */
void hostfs_init(struct hostfs *fs);
void hostfs_close_all(struct hostfs *fs);

/* Mount host directory dir as mount number mnt; false with a message
 * naming dir in err. */
bool hostfs_mount(struct hostfs *fs, unsigned mnt, const char *dir,
                  bool readonly, char *err, size_t errlen);

/* Guard host directory dir (canonical, existing; beneath a mount or a
 * mount's root): only requests marked HOSTFS_AS_DAEMON reach it or
 * anything beneath it, by any mount, name or link; for the others every
 * path that resolves there, and every rename, link or removal of it or
 * of a directory above it, fails with EACCES (a creating open through a
 * link into it creates nothing there).  Handles already open stay
 * usable.  The profile database under alphasim --profile
 * (docs/usage.md, "What a guest can reach").  False with a message
 * naming dir in err. */
bool hostfs_guard(struct hostfs *fs, const char *dir, char *err, size_t errlen);

/* The 64-bit FNV-1a hash of the bytes of open file fd: an image's
 * identity, the same for the same content wherever it lies. */
uint64_t hostfs_content_hash(int fd);

/* A host errno as the guest knows it: the Linux/Alpha number, negated
 * (EIO for one it has not). */
int64_t hostfs_errno(int host_errno);

/* Serve one request; guest memory is ram[0..ram_size). */
void hostfs_serve(struct hostfs *fs, struct hostfs_req *req, uint8_t *ram,
                  uint64_t ram_size);

#endif

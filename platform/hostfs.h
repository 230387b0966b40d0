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
	bool walk;                         /* resolve paths without      */
	                                   /* openat2 (set when the host */
	                                   /* has none: hostfs.c)        */
};

/* Empty: no mounts, no handles.  The first call also raises the host
 * process's soft RLIMIT_NOFILE to its hard limit, so the guest's open
 * files (a thousand in one process is ordinary) find host descriptors. */
void hostfs_init(struct hostfs *fs);
void hostfs_close_all(struct hostfs *fs);

/* Mount host directory dir as mount number mnt; false with a message
 * naming dir in err. */
bool hostfs_mount(struct hostfs *fs, unsigned mnt, const char *dir,
                  bool readonly, char *err, size_t errlen);

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

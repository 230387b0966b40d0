/*
 * infile.h - how a program opens a file a guest program could have made
 * (a profile and the epoch directory holding it, dcpid's statistics, a
 * truth file, an image) so that no planted name can make it wait for
 * ever or read without end (docs/usage.md, "Reading files a guest could have made"):
 *
 *   - open never waits: O_NONBLOCK, so a FIFO with no writer is opened
 *     at once (and then refused), not waited on;
 *   - only a regular file is read: a FIFO, a device (/dev/zero), a
 *     socket or a directory is refused after fstat of what was opened;
 *   - with nofollow, a symbolic link as the name's last component is
 *     refused (O_NOFOLLOW): a file inside a database, statistics and
 *     truth files are never links that alphasim or dcpid made, so one
 *     is a guest's;
 *   - a whole-file read is bounded by the file's own size and by the
 *     largest size its format allows, checked before anything is read.
 *
 * The links above the last component are followed: the directory the
 * user names (a database given as a link of their own) is theirs.
 * Compiled for the host and for the guest's dcpid (daemon/local.mk).
 * Every failure is one line "PATH: reason" in err.
 */
#ifndef UTIL_INFILE_H
#define UTIL_INFILE_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Open path for reading as a regular file (close the descriptor);
 * its size in *size.  -1 on failure. */
int infile_open(const char *path, bool nofollow, uint64_t *size, char *err, size_t errlen);

/* The whole regular file path, of at most max bytes ("a WHAT" names
 * the format in the message for a larger one): malloc'd in *buf, its
 * length in *len, a NUL after it. */
bool infile_read(const char *path, bool nofollow, size_t max, const char *what,
                 unsigned char **buf, size_t *len, char *err, size_t errlen);

/* Open the directory path for readdir; with nofollow a symbolic link is
 * refused rather than listed where it leads.  NULL on failure. */
DIR *infile_opendir(const char *path, bool nofollow, char *err, size_t errlen);

#endif

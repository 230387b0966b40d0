/*
 * outfile.h - how alphasim writes an output file the user named (--stats,
 * --truth, --skid-trace): whole or not at all, without harming whatever
 * else the name points at (docs/usage.md, "Output files").
 *
 * What the name is decides how it is written:
 *
 *   - a regular file, or nothing yet: a new file is created exclusively
 *     (O_EXCL, so a planted symbolic link is never followed) in the same
 *     directory, written, and renamed over the name by outfile_commit;
 *     an existing file's permission bits (and, where the system lets us,
 *     owner and group) carry over, as sed -i and editors do.  A symbolic
 *     link to a regular file is followed: the file it names is replaced
 *     and the link stays.  A link to nothing is refused (following it
 *     would create a file wherever the link points);
 *   - the file this process has open as standard output or error
 *     (/dev/stdout, /dev/fd/2, or the redirected file itself): written
 *     through that descriptor, after what the program printed there;
 *   - anything else that is not a directory (a device such as /dev/null,
 *     a FIFO, a pipe): opened and written in place, never replaced.
 *
 * Until the commit a temporary file exists; it is removed by
 * outfile_abort, by a failed commit, and on SIGINT, SIGTERM or SIGHUP.
 */
#ifndef ALPHASIM_OUTFILE_H
#define ALPHASIM_OUTFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct outfile {
	FILE *f;                        /* write here, between open and commit */
	const char *path;               /* as the user named it (messages)      */
	char target[PATH_MAX];          /* what the commit renames over         */
	char tmp[PATH_MAX];             /* the temporary file; "" in place      */
};

/* Open path for writing; false with "PATH: reason" in err and nothing
 * created. */
bool outfile_open(struct outfile *o, const char *path, char *err, size_t errlen);

/* Flush, close and put the file in place; false with "PATH: reason" in
 * err (a write error, a full disk) and the temporary file removed, the
 * old file (if any) untouched. */
bool outfile_commit(struct outfile *o, char *err, size_t errlen);

/* Close and remove what was written; the old file stays as it was.  A
 * no-op on a closed outfile. */
void outfile_abort(struct outfile *o);

/* Flush standard output, where a tool printed its result; false with
 * "standard output: reason" in err if any of it was lost (a full disk). */
bool outfile_flush_stdout(char *err, size_t errlen);

#endif

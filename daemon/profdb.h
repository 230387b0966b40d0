/*
 * profdb.h - the profile database: a directory of epochs, in each a file
 * per image and event (DCPI paper, section 4.3; the layout
 * and the bytes: docs/dcpi-db.md).  dcpid writes it, dcpiprof reads it.
 *
 * Every function returns false on error with one message in err naming
 * the file or directory and what is wrong.
 */
#ifndef DAEMON_PROFDB_H
#define DAEMON_PROFDB_H

#include <stdbool.h>
#include <stddef.h>
#include "daemon/profile.h"

#define PROFDB_DEFAULT_DIR "dcpidb"
#define PROFDB_NAME_MAX    128       /* a profile's file name */
#define PROFDB_EPOCH_MAX   9999

/* The epoch to write into: the newest epoch of db, or a new one after it
 * if fresh or if there is none (creating db if missing). */
bool profdb_epoch(const char *db, bool fresh, unsigned *epoch, char *err, size_t errlen);

/* The epochs of db in increasing order (malloc'd; none is not an error). */
bool profdb_epochs(const char *db, unsigned **epochs, size_t *n, char *err, size_t errlen);

/* DB/epoch-NNNN */
void profdb_epoch_dir(char *buf, size_t len, const char *db, unsigned epoch);

/* The file name of p's profile, "ID-BASENAME.EVENT.prof": the identity
 * keeps apart two images with one name, the basename says which it is. */
void profdb_file_name(char *buf, size_t len, const struct prof *p);

/* The profile files of an epoch directory, sorted (malloc'd strings in a
 * malloc'd array; free with profdb_names_free). */
bool profdb_list(const char *dir, char ***names, size_t *n, char *err, size_t errlen);
void profdb_names_free(char **names, size_t n);

/* Read and check one profile file (prof_decode's checks). */
bool profdb_read(const char *path, struct prof *p, char *err, size_t errlen);

/* Add the sorted profile p to epoch directory dir: merged into the
 * profile already there for its image and event, if any; written to a
 * temporary file in dir, synced, then renamed over the old one, so that
 * a reader or a crash sees the old profile or the new, never a mix.  The
 * file's size goes to *bytes. */
bool profdb_write(const char *dir, const struct prof *p, size_t *bytes,
                  char *err, size_t errlen);

/* The n bytes b as file name of dir, the same way: a temporary file
 * beside it, synced, renamed over it. */
bool profdb_replace(const char *dir, const char *name, const unsigned char *b, size_t n,
                    char *err, size_t errlen);

/* All n bytes to fd, a short write resumed and EINTR retried; false with
 * errno set on an error (or a write of none). */
bool profdb_write_all(int fd, const void *buf, size_t n);

#endif

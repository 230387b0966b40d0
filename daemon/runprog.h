/*
 * runprog.h - the program an epoch of the profile database is a run of:
 * the file alphasim --profile ran (docs/dcpi-db.md, "The epoch's
 * program"), in the epoch's file RUNPROG_FILE, text
 * "dcpi-program 1\nPATH\n".  The analysis tells the runs of different
 * programs apart by it (docs/usage.md, "Profiling"): the image with the
 * most samples is not the program on a short run of a dynamic one, where
 * the loader and the kernel take them all.
 *
 * Both functions return false on error with one message in err naming
 * the file and what is wrong.
 */
#ifndef DAEMON_RUNPROG_H
#define DAEMON_RUNPROG_H

#include <stdbool.h>
#include <stddef.h>

#define RUNPROG_FILE "program"

/* Write path as epoch directory dir's program, as profdb_write writes a
 * profile: a reader sees the old file or the new. */
bool runprog_write(const char *dir, const char *path, char *err, size_t errlen);

/* Epoch directory dir's program into buf (len bytes); *found false and
 * buf "" when the epoch has no such file (an epoch dcpid wrote without
 * alphasim, or a database written before alphasim kept one). */
bool runprog_read(const char *dir, char *buf, size_t len, bool *found, char *err,
                  size_t errlen);

#endif

/*
 * dblock.h - one alphasim run at a time writes a --profile database
 * (docs/usage.md, "Profiling"): the run holds an exclusive flock(2) on
 * DIR/alphasim.lock from before the guest starts until it exits, and a
 * second run that finds it held refuses at once.
 */
#ifndef ALPHASIM_DBLOCK_H
#define ALPHASIM_DBLOCK_H

#include <stdbool.h>
#include <stddef.h>

#define DBLOCK_NAME "alphasim.lock"

enum dblock_result { DBLOCK_TAKEN, DBLOCK_BUSY, DBLOCK_ERROR };

/* Lock database directory dir (it exists): *fd gets the lock file's
 * descriptor, held until it is closed (close-on-exec).  DBLOCK_BUSY when
 * another process holds it, DBLOCK_ERROR when the lock file cannot be
 * made (a name that is not a regular file: a link, a FIFO...); either
 * way one line naming dir in err. */
enum dblock_result dblock_take(const char *dir, int *fd, char *err, size_t errlen);

#endif

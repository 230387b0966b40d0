/*
 * counttab.h - the daemon's in-memory counts for one image and event:
 * an open-addressing hash table from (pid, offset) to a 64-bit count
 * (DCPI paper, section 4.3: "the result is merged into a hash table
 * associated with the relevant image and EVENT").
 */
#ifndef DAEMON_COUNTTAB_H
#define DAEMON_COUNTTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "daemon/profile.h"

struct ct_slot {
	uint64_t offset;
	uint64_t count;              /* 0: the slot is free */
	uint32_t pid;
};

struct counttab {
	struct ct_slot *slot;
	size_t cap;                  /* a power of two, or 0 */
	size_t n;                    /* slots in use */
	uint64_t samples;            /* the sum of the counts */
};

void ct_init(struct counttab *t);
void ct_free(struct counttab *t);
/* Empty it, keeping its memory for the next interval. */
void ct_clear(struct counttab *t);
/* Add count (>= 1) to the key's count; false when out of memory or when
 * the table's sum would overflow 64 bits (the table is unchanged). */
bool ct_add(struct counttab *t, uint32_t pid, uint64_t offset, uint64_t count);
/* Append the counts to p and sort it; false when out of memory. */
bool ct_to_prof(const struct counttab *t, struct prof *p);

#endif

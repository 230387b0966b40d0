/*
 * cache.h - one set-associative cache array with LRU replacement, the
 * building block of the 21164 memory system model (docs/ev5.md "Memory
 * system"; 21164 HRM 2.1.3-2.1.5 for the I-, D- and S-caches, 4.x for
 * the B-cache).  It holds tags and timing only, never data: the
 * functional core reads and writes guest memory directly.
 *
 * Lines are named by block number (address >> line shift).  A line
 * whose fill is still in flight has ready > now; a load that hits it
 * waits for it, which is how fills merge (the MAF does the same).
 */
#ifndef ALPHASIM_CACHE_H
#define ALPHASIM_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CACHE_NONE (~0ull)           /* tag of an empty line */

struct cache_line {
	uint64_t tag;                    /* block number, or CACHE_NONE */
	uint64_t ready;                  /* cycle the fill completes     */
	uint64_t used;                   /* LRU stamp                    */
	uint8_t  level;                  /* who served the fill (memsys) */
	bool     dirty;
};

struct cache_stats {
	uint64_t accesses, misses, fills, writebacks, invalidations;
};

struct cache {
	struct cache_line *line;         /* sets x ways                  */
	unsigned ways, line_shift;
	uint64_t set_mask;
	uint64_t stamp;
	struct cache_stats st;
};

/* size and line in bytes; false if out of host memory. */
bool cache_init(struct cache *c, uint64_t size, unsigned ways, unsigned line);
void cache_free(struct cache *c);

/* The line holding block, or NULL; a hit refreshes its LRU stamp.  Does
 * not count: the owner counts accesses and misses by its own rules. */
static inline struct cache_line *cache_find(struct cache *c, uint64_t block)
{
	struct cache_line *l = &c->line[(block & c->set_mask) * c->ways];
	for (unsigned w = 0; w < c->ways; w++)
		if (l[w].tag == block) {
			l[w].used = ++c->stamp;
			return &l[w];
		}
	return NULL;
}

/* Make room for block in its set (the empty or least recently used way)
 * and return that line, tagged, clean, most recently used; *victim gets
 * what was there (tag CACHE_NONE if nothing). */
struct cache_line *cache_insert(struct cache *c, uint64_t block,
                                struct cache_line *victim);

/* Drop block if present; true if it was there (and *was gets it). */
bool cache_remove(struct cache *c, uint64_t block, struct cache_line *was);

/* Forget everything. */
void cache_flush(struct cache *c);

#endif

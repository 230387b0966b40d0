/*
 * memsys.h - the 21164 data-side memory system and the levels behind both
 * streams, as timing (docs/ev5.md "Memory system"; 21164 HRM 2.1.3-2.1.6):
 *
 *   D-cache   8 KB direct-mapped, 32-byte lines, physically addressed,
 *             write-through, read-allocate, a subset of the S-cache
 *   MAF       outstanding D-cache load misses; loads to a block already
 *             being filled merge with it; a miss finding it full replays
 *   write buffer  entries of one D-cache line, merging, drained in order
 *             into the S-cache
 *   S-cache   96 KB 3-way, write-back, write-allocate (I- and D-stream)
 *   B-cache   optional, direct-mapped by default, write-back
 *   memory    (and uncached I/O space: io_latency cycles a register)
 *
 * With several CPUs each has its own memory system; a store invalidates
 * the other CPUs' copies of its S-cache block at every level (write-
 * invalidate, as the 21164's system bus protocol does), and so does a
 * device writing RAM.  Read sharing and the data's path between caches
 * are not modelled: a CPU that lost a block reads it again from memory.
 *
 * Every call takes the cycle it happens at; fills complete in the future
 * (a line's ready cycle) and later accesses wait for them.
 */
#ifndef ALPHASIM_MEMSYS_H
#define ALPHASIM_MEMSYS_H

#include "timing/cache.h"
#include "timing/params.h"
#include "timing/record.h"

/* Who served an access. */
enum mem_level { LV_D, LV_S, LV_B, LV_M };

#define MEMSYS_MAX_Q 64                  /* write buffer / MAF entries */

struct memsys {
	struct cache dc, sc, bc;
	bool     has_bc;
	unsigned dshift, sshift, bshift;
	uint64_t lat[4];                     /* by enum mem_level         */
	uint64_t lat_io;                     /* a device register         */
	uint64_t wb_retire;
	unsigned wb_size, maf_size;

	/* write buffer: a FIFO of entries still being written */
	uint64_t wb_block[MEMSYS_MAX_Q], wb_done[MEMSYS_MAX_Q];
	unsigned wb_head, wb_n;
	uint64_t wb_last_done;

	/* miss address file: when each outstanding load miss is back */
	uint64_t maf_done[MEMSYS_MAX_Q];
	unsigned maf_n;
	uint64_t maf_last_done;

	struct {
		uint64_t loads, load_misses, load_merges, io_loads;
		uint64_t stores, store_hits, io_stores;
		uint64_t wb_allocs, wb_merges, wb_full;
		uint64_t maf_allocs, maf_full;
		uint64_t ifills;
		uint64_t coh_invals;         /* blocks others' writes took */
	} st;
	struct truth_evbuf *ev;              /* the instruction being timed */
	struct memsys *const *peers;         /* every CPU's, this one too  */
	unsigned npeers;
};

bool memsys_init(struct memsys *m, const struct params *p, struct truth_evbuf *ev);
void memsys_free(struct memsys *m);

/* The memory systems of all n CPUs, this one among them, share memory:
 * stores invalidate the others' copies. */
void memsys_share(struct memsys *m, struct memsys *const *all, unsigned n);
/* Something else wrote [pa, pa+len): drop this CPU's copies. */
void memsys_invalidate_range(struct memsys *m, uint64_t pa, uint64_t len);

/* Would a load of pa miss the D-cache (and need a MAF entry)? */
static inline bool memsys_load_misses(struct memsys *m, uint64_t pa)
{
	return !cache_find(&m->dc, pa >> m->dshift);
}

/* A load of pa issued at t hits the D-cache with its data there (no
 * fill in flight): memsys_load will say LV_D, ready after the D-cache's
 * latency. */
static inline bool memsys_load_hits(struct memsys *m, uint64_t pa, uint64_t t)
{
	const struct cache_line *l = cache_find(&m->dc, pa >> m->dshift);
	return l && l->ready <= t + m->lat[LV_D];
}

/* Earliest cycle >= t at which a MAF entry is free. */
uint64_t memsys_maf_free(struct memsys *m, uint64_t t);
/* Earliest cycle >= t at which a store to pa finds room in the write
 * buffer (an entry to merge into, or a free one). */
uint64_t memsys_wb_free(struct memsys *m, uint64_t pa, uint64_t t);
/* ... whether that is t itself, nothing counted. */
bool memsys_wb_room(struct memsys *m, uint64_t pa, uint64_t t);
/* Cycle by which all stores (wb) or all stores and load misses (mb) are
 * done: what WMB and MB wait for. */
static inline uint64_t memsys_wb_drained(const struct memsys *m)
{
	return m->wb_last_done;
}
static inline uint64_t memsys_drained(const struct memsys *m)
{
	return m->wb_last_done > m->maf_last_done ? m->wb_last_done : m->maf_last_done;
}

/* A load issued at t: *ready gets the cycle its data is usable; returns
 * the level whose latency it waits for (LV_D on a plain hit). */
enum mem_level memsys_load(struct memsys *m, uint64_t pa, uint64_t t, uint64_t *ready);
/* A store issued at t (room in the write buffer was checked). */
void memsys_store(struct memsys *m, uint64_t pa, uint64_t t);
/* Uncached I/O space. */
static inline uint64_t memsys_io_load(struct memsys *m, uint64_t t)
{
	m->st.io_loads++;
	return t + m->lat_io;
}
/* A store to I/O space issued at t: it goes through the write buffer
 * like any store, merging with nothing, and takes io_latency to leave. */
void memsys_io_store(struct memsys *m, uint64_t t);

/* An I-stream line fill from the S-cache and beyond, requested at t:
 * *arrive gets the cycle it arrives; returns the level that served it. */
enum mem_level memsys_ifill(struct memsys *m, uint64_t pa, uint64_t t, uint64_t *arrive);

/* Statistics as JSON members (no braces). */
void memsys_json(const struct memsys *m, FILE *f, const char *indent);

#endif

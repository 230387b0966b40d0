/*
 * fetch.h - the 21164 instruction fetch side as timing: the I-cache and
 * the refill buffer with its prefetcher (docs/ev5.md "Memory system"; 21164
 * HRM 2.1.1.2, "Instruction Prefetch").
 *
 * The I-cache is virtually indexed and tagged; the tag also holds the
 * address space (ASN, or PAL), so the caller passes a line tag made of
 * both, plus the physical address for the fill from the S-cache.
 * A true miss (I-cache and refill buffer both miss) fetches the line and
 * starts a stream of prefetches of the next lines into the refill buffer,
 * one every ifill_cycles; a later I-cache hit stops the stream.
 */
#ifndef ALPHASIM_FETCH_H
#define ALPHASIM_FETCH_H

#include "timing/cache.h"
#include "timing/memsys.h"

#define FETCH_MAX_RB 64

struct fetch {
	struct cache ic;
	unsigned shift;                       /* log2 of the line size    */
	unsigned rb_size;
	uint64_t ifill;
	uint64_t rb_tag[FETCH_MAX_RB], rb_ready[FETCH_MAX_RB];
	unsigned rb_n;
	bool     stream;                      /* prefetching              */
	uint64_t next_tag, next_pa, last_ready;
	struct {
		uint64_t accesses, misses, rb_hits, true_misses, prefetches;
	} st;
	struct truth_evbuf *ev;
};

bool fetch_init(struct fetch *f, const struct params *p, struct truth_evbuf *ev);
void fetch_free(struct fetch *f);

/* Line tag for the I-cache: VA line number and address space. */
static inline uint64_t fetch_tag(const struct fetch *f, uint64_t va, uint32_t space)
{
	return ((va & ((1ull << 48) - 1)) >> f->shift) | (uint64_t)space << 48;
}

/* The line tag is in the I-cache: fetch_line's hit, done (true: the
 * line is there when asked); false: nothing done. */
static inline bool fetch_hit(struct fetch *f, uint64_t tag)
{
	if (!cache_find(&f->ic, tag))
		return false;
	f->st.accesses++;
	f->stream = false;                    /* back to access mode */
	return true;
}

/* The line tag (at physical address pa) is needed at cycle t: returns
 * the cycle it is available to the issue stage. */
uint64_t fetch_line(struct fetch *f, struct memsys *m, uint64_t tag, uint64_t pa,
                    uint64_t t);

void fetch_json(const struct fetch *f, FILE *out, const char *indent);

#endif
